//! The notice board (the spec's "services"): public reading, admin writing.

use super::calls::{page_of, record, PathId};
use crate::access::Query;
use crate::conditional::fresh_json;
use crate::db::{self, notices::Notice, Table};
use crate::domain::{ListQuery, Listing, NoticeSort};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};

record!(Notice, "Notice not found", Notice);

/// Public: the whole board, newest first, from the cache; or one page of it (`?page=&size=`).
pub(super) async fn list(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    match Listing::<NoticeSort>::parse(query.into_inner())? {
        None => {
            let list = state.notice_list.get(&state.pool).await?;
            Ok(list.respond(&req, StatusCode::OK, "no-cache"))
        }
        Some(listing) => {
            let page = page_of(&state, db::notices::page, listing, Some(Table::Notices)).await?;
            fresh_json(&req, &page)
        }
    }
}

/// Public: one notice.
pub(super) async fn find(
    state: web::Data<AppState>,
    id: PathId<Notice>,
) -> Result<HttpResponse, ApiError> {
    let notice = db::run(&state.pool, move |conn| db::notices::find(conn, id.get())).await?;
    Ok(HttpResponse::Ok().json(id.found(notice)?))
}

/// A new notice; unless `tellFollowers` is `false`, it is mailed to every confirmed follower in
/// their language (when email can carry links: on, with the site's address). The answer is the
/// notice, with `told`: how many followers it is mailed to, when any.
pub(super) async fn create(
    user: crate::access::StaffUser,
    state: web::Data<AppState>,
    body: crate::access::Json<crate::domain::NoticeRequest>,
) -> Result<HttpResponse, ApiError> {
    let user = user.allowed(crate::access::Access::Editors)?;
    let input = crate::domain::NewNotice::parse(body.into_inner())?;
    let tell = input.tell_followers;
    let mailer = state.mail.clone();
    let (notice, told, site) = db::run_noted(&state.pool, user.trail(), move |conn, note| {
        let notice = db::notices::insert(conn, &input)?;
        note.created(notice.id);
        let setup = mailer.setup(conn)?;
        let told = match (&setup.site_address, input.tell_followers && setup.enabled()) {
            (Some(site), true) => mailer.queue_notice(conn, &notice, site)?,
            _ => 0,
        };
        Ok((notice, told, setup.site_address))
    })
    .await?;
    if told > 0 {
        state.mail.wake();
    }
    if tell {
        push_notice(&state, &notice, site);
    }
    // The record as every other call shows it; `told` only when the notice was mailed.
    let mut answer = serde_json::to_value(&notice).map_err(ApiError::internal)?;
    if told > 0 {
        answer["told"] = serde_json::json!(told);
    }
    Ok(HttpResponse::Created().json(answer))
}

/// Pushes a new notice to every phone that asked, in its language, opening the notice's page.
fn push_notice(state: &AppState, notice: &Notice, site: Option<String>) {
    let base = site.clone().unwrap_or_default();
    let contact = match site {
        Some(site) if site.starts_with("https://") => site,
        _ => "mailto:jyoti@jyoti.invalid".to_owned(),
    };
    let english = crate::push::Message {
        title: notice.title.clone(),
        url: format!("{base}/notice/{}", notice.id),
    };
    let bengali = crate::push::Message {
        title: notice.bn.get("title").unwrap_or(&notice.title).to_owned(),
        url: format!("{base}/bn/notice/{}", notice.id),
    };
    crate::push::send_to_all(
        state.pool.clone(),
        state.config.push_services.clone(),
        english,
        bengali,
        contact,
    );
}

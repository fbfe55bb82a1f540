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

//! Admin editing of a roster's members.

use super::calls::{message, record, PathId};
use crate::access::{Json, Query, StaffUser};
use crate::conditional::fresh_json;
use crate::content;
use crate::db::{self, members::Member, rosters::Roster};
use crate::domain::{ListQuery, Listing, MemberSort};
use crate::domain::{MemberInput, MemberRequest, Order, OrderRequest};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

record!(Member, "Member not found", Member);

/// The members of the roster the path names, as the team page shows them: the whole roster
/// without paging parameters, else one page with the total (`?page&size&sort=order|name&q`).
pub(super) async fn list(
    staff: StaffUser,
    state: web::Data<AppState>,
    req: HttpRequest,
    roster: PathId<Roster>,
    query: Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let listing = Listing::<MemberSort>::parse(query.into_inner())?;
    let whole = listing.is_none();
    let listing = listing.unwrap_or(Listing {
        page: 1,
        size: u32::MAX,
        sort: MemberSort::Order,
        search: None,
    });
    let roster_id = roster.get();
    let shown = db::run_as(&state.pool, staff.trail(), move |conn| {
        if !db::rosters::exists(conn, roster_id)? {
            return Ok(None);
        }
        let page = db::members::page(conn, roster_id, &listing)?;
        let media = db::media::all(conn)?;
        let bengali = db::translations::bengali(conn)?;
        Ok(Some(page.map(|member| {
            content::Member::shown(member, &media, &bengali)
        })))
    })
    .await?;
    let page = roster.found(shown)?;
    match whole {
        true => fresh_json(&req, &page.items),
        false => fresh_json(&req, &page),
    }
}

/// A new member goes at the end of the roster the path names.
pub(super) async fn create(
    staff: StaffUser,
    state: web::Data<AppState>,
    roster: PathId<Roster>,
    body: Json<MemberRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = MemberInput::parse(body.into_inner(), true)?;
    let id = db::run_noted(&state.pool, staff.trail(), move |conn, note| {
        if !db::rosters::exists(conn, roster.get())? {
            return Ok(None);
        }
        let id = db::members::insert(conn, roster.get(), &input)?;
        note.created(id);
        Ok(Some(id))
    })
    .await?;
    let id = roster.found(id)?;
    Ok(HttpResponse::Created().json(json!({ "_id": id, "msg": "Member Added" })))
}

/// Each roster has its own order.
pub(super) async fn reorder(
    staff: StaffUser,
    state: web::Data<AppState>,
    roster: PathId<Roster>,
    body: Json<OrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let order = Order::parse(body.into_inner())?;
    db::run_as(&state.pool, staff.trail(), move |conn| {
        db::members::reorder(conn, roster.get(), &order)
    })
    .await?;
    Ok(message("Order saved"))
}

//! Admin editing of a roster's members.

use super::calls::{message, PathId, Record};
use crate::auth::AdminUser;
use crate::db::{self, members::Member, rosters::Roster};
use crate::domain::{MemberInput, MemberRequest, Order, OrderRequest};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

impl Record for Member {
    const NOT_FOUND: &'static str = "Member not found";
}

/// A new member goes at the end of the roster the path names.
pub(super) async fn create(
    _: AdminUser,
    state: web::Data<AppState>,
    roster: PathId<Roster>,
    body: web::Json<MemberRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = MemberInput::parse(body.into_inner(), true)?;
    let id = db::run(&state.pool, move |conn| {
        if !db::rosters::exists(conn, roster.get())? {
            return Ok(None);
        }
        db::members::insert(conn, roster.get(), &input).map(Some)
    })
    .await?;
    let id = roster.found(id)?;
    Ok(HttpResponse::Created().json(json!({ "_id": id, "msg": "Member Added" })))
}

/// Each roster has its own order.
pub(super) async fn reorder(
    _: AdminUser,
    state: web::Data<AppState>,
    roster: PathId<Roster>,
    body: web::Json<OrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let order = Order::parse(body.into_inner())?;
    db::run(&state.pool, move |conn| {
        db::members::reorder(conn, roster.get(), &order)
    })
    .await?;
    Ok(message("Order saved"))
}

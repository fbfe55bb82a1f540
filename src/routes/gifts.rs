//! "After paying, tell us": donors name a payment they made; admins find it on the statement,
//! mark it received, and the donor is thanked by mail when they gave an email and email works.

use super::calls::{record, PathId};
use crate::access::{AdminUser, ClientIp, Json};
use crate::db::{self, gifts::Gift};
use crate::domain::{GiftReceivedRequest, GiftRequest, NewGift};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

record!(Gift, "Gift not found", Gift);

pub(super) async fn create(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<GiftRequest>,
) -> Result<HttpResponse, ApiError> {
    let (_counted, gift) = state
        .limits
        .gifts
        .reserve_parsed(ip.0, || NewGift::parse(body.into_inner()))?;
    let gift = db::run(&state.pool, move |conn| db::gifts::insert(conn, &gift)).await?;
    Ok(HttpResponse::Created().json(gift))
}

/// Marks a gift received or not yet. The first time it is received, the donor's thank-you is
/// queued in the same transaction (never twice, whatever is clicked after).
pub(super) async fn mark_received(
    staff: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Gift>,
    body: Json<GiftReceivedRequest>,
) -> Result<HttpResponse, ApiError> {
    let received = body.received;
    let mailer = state.mail.clone();
    let (gift, thanked) = db::run_as(&state.pool, staff.trail(), move |conn| {
        db::in_transaction(conn, |conn| {
            let Some(gift) = db::gifts::set_received(conn, id.get(), received)? else {
                return Ok((None, false));
            };
            if !received || gift.thanked_at.is_some() || !mailer.queue_thanks(conn, &gift)? {
                return Ok((Some(gift), false));
            }
            Ok((db::gifts::set_thanked(conn, gift.id)?, true))
        })
    })
    .await?;
    let gift = id.found(gift)?;
    if thanked {
        state.mail.wake();
    }
    Ok(HttpResponse::Ok().json(gift))
}

/// `{"waiting": N}`: gifts told but not yet found on the statement, for the dashboard.
pub(super) async fn waiting(
    staff: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let waiting = db::run_as(&state.pool, staff.trail(), |conn| db::gifts::waiting(conn)).await?;
    Ok(HttpResponse::Ok().json(json!({ "waiting": waiting })))
}

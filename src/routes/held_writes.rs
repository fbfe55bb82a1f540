//! Admins' writes held because they name another UPI ID (see `crate::held_writes`): listed and
//! cancelled on the Settings screen, by admins alone.

use crate::access::{AdminUser, ClientIp};
use crate::db::audit::Kind;
use crate::domain::Id;
use crate::error::ApiError;
use crate::state::AppState;
use crate::{db, held_writes};
use actix_web::{web, HttpResponse};
use serde_json::json;

/// `GET /api/admin/held-writes`: `{"held": [...]}`, the soonest first.
pub(super) async fn list(
    admin: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let shown = state.clone();
    let held = db::run_as(&state.pool, admin.trail(), move |conn| {
        held_writes::listed(conn, &shown)
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "held": held })))
}

/// `DELETE /api/admin/held-writes/{id}`: the write is never made; logged and alerted.
pub(super) async fn cancel(
    admin: AdminUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = Id::parse(&path)
        .ok_or(ApiError::NotFound(NOT_WAITING))?
        .get();
    // Claimed until committed: the server cannot make it meanwhile.
    let _claim = state.releasing.claim(id, held_writes::Why::Cancelled)?;
    let (actor, address) = (admin.0.named(), ip.0.to_string());
    let state_for = state.clone();
    let cancelled = db::run_noted(&state.pool, admin.trail(), move |conn, note| {
        let Some(write) = held_writes::cancel(conn, &state_for, id, (&actor, &address))? else {
            return Ok(false);
        };
        note.action = Some(format!(
            "held write cancelled: {}, by {}, naming the UPI ID {}",
            write.action, write.actor, write.upi_id
        ));
        note.kind = Some(Kind::Payment);
        Ok(true)
    })
    .await?;
    match cancelled {
        true => {
            Ok(HttpResponse::Ok().json(json!({ "msg": "Cancelled: visitors will not see it" })))
        }
        false => Err(ApiError::NotFound(NOT_WAITING)),
    }
}

const NOT_WAITING: &str = "No such held write: it was cancelled or has taken effect";

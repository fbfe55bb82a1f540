//! Each record's history (`/admin/history/{kind}/{id}`): its versions, newest first, with what
//! each change did field by field; and a restore of one, itself a change kept in history.

use super::calls::message;
use crate::access::StaffUser;
use crate::audit;
use crate::db;
use crate::domain::{BinKind, Role};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

const NOT_FOUND: ApiError = ApiError::NotFound("No such record");

/// The kind and id of the path, when that kind keeps a history the reader may see.
fn record_of(kind: &str, id: &str, role: Role) -> Result<(BinKind, i64), ApiError> {
    let kind = BinKind::parse(kind).filter(|kind| kind.has_history() && kind.for_role(role));
    let id = id.parse::<i64>().ok().filter(|id| *id > 0);
    kind.zip(id).ok_or(NOT_FOUND)
}

/// `{items: [{version, at, by, changes: [{field, old, new}]}]}`, newest first.
pub(super) async fn versions(
    user: StaffUser,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (kind, id) = record_of(&path.0, &path.1, user.0.role)?;
    let versions = db::run(&state.pool, move |conn| {
        db::history::versions(conn, kind, id)
    })
    .await?
    .ok_or(NOT_FOUND)?;
    let items: Vec<_> = versions
        .into_iter()
        .filter(|version| !version.changes.is_empty())
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "items": items })))
}

/// Writes the version back: `{msg}`.
pub(super) async fn restore(
    user: StaffUser,
    state: web::Data<AppState>,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (kind, id) = record_of(&path.0, &path.1, user.0.role)?;
    let version = path.2.parse::<i64>().map_err(|_| NOT_FOUND)?;
    let by = user.0.named();
    let restored = db::run(&state.pool, move |conn| {
        let restored = db::history::restore(conn, kind, id, version, &by)?;
        if restored {
            audit::note(|note| {
                note.action = Some(format!("{} restored to an earlier version", kind.noun()));
                note.target = Some(format!("{} {id}", kind.as_str()));
            });
        }
        Ok(restored)
    })
    .await?;
    if !restored {
        return Err(NOT_FOUND);
    }
    Ok(message("Version restored"))
}

//! The Bengali versions of the public texts: every text with its English and its Bengali, and a
//! change of one. For admins and editors, as the texts themselves are.

use super::calls::message;
use crate::access::{Json, StaffUser};
use crate::audit;
use crate::db;
use crate::db::audit::Change;
use crate::domain::{BengaliText, TextRequest};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

/// `{items: [{kind, record, field, place, english, bengali, max, multiline}]}`.
pub(super) async fn list(
    _: StaffUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let items = db::run(&state.pool, |conn| db::translations::texts(conn)).await?;
    Ok(HttpResponse::Ok().json(json!({ "items": items })))
}

/// Stores one Bengali text (an empty one removes it, and the English shows again).
pub(super) async fn save(
    _: StaffUser,
    state: web::Data<AppState>,
    body: Json<TextRequest>,
) -> Result<HttpResponse, ApiError> {
    let text = BengaliText::parse(body.into_inner())?;
    let removed = text.text.is_empty();
    db::run(&state.pool, move |conn| {
        let before = db::translations::set(conn, &text)?
            .ok_or(ApiError::NotFound("That text no longer exists"))?;
        audit::note(|note| {
            note.action = Some("Bengali text changed".to_owned());
            note.target = Some(format!("{} {}", text.kind.as_str(), text.record));
            note.changes.push(Change {
                field: format!("{} (বাংলা)", text.field),
                old: before,
                new: text.text.clone(),
            });
        });
        Ok(())
    })
    .await?;
    Ok(message(if removed {
        "Bengali text removed"
    } else {
        "Bengali text saved"
    }))
}

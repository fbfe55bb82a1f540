//! Donors see one UPI ID. A staff write of a public text (a notice, a card, a caption, a team,
//! a certificate, a Bengali text, a site setting) that holds a UPI ID other than the site's own,
//! or places a photo whose UPI QR code pays another (read at upload, `media`), is refused for
//! editors; an admin's waits out the payment hold while every admin is alerted: a change of the
//! site settings' texts in Settings itself (see `payment_hold`), any other as the whole call
//! (see `held_writes`).

use crate::client::Actor;
use crate::domain::{photo_settings, upi, Role, DONATION_DETAILS, DONOR_FACING};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{http::Method, HttpRequest};

/// The calls whose texts visitors read (the path's start).
const PUBLIC_TEXTS: &[&str] = &[
    "/api/admin/service",
    "/api/admin/servicelist/",
    "/api/admin/post_certificate",
    "/api/admin/certificates",
    "/api/admin/rosters",
    "/api/admin/members",
    "/api/admin/cards",
    "/api/admin/gallery",
    "/api/admin/media",
    "/api/admin/settings",
    "/api/admin/translations",
];

/// The call where the settings handler holds an admin's text itself, with the payment details.
const SETTINGS: &str = "/api/admin/settings";

/// What a write may do about the UPI IDs it puts before visitors.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go on: it names no other UPI ID, or its handler judges it.
    Pass,
    /// An admin's write naming the UPI ID `id` (in `field`): it waits out the payment hold.
    Hold { field: String, id: String },
}

/// Judges the write `body` of `req`, made by the staff member `actor` whom the access check let
/// through, by the UPI IDs it puts before visitors (see the module's words). An editor's refusal
/// is `Forbidden`, for the access check to record as one.
pub async fn check(
    req: &HttpRequest,
    actor: &Actor,
    body: &serde_json::Value,
) -> Result<Verdict, ApiError> {
    if matches!(*req.method(), Method::GET | Method::HEAD)
        || !PUBLIC_TEXTS
            .iter()
            .any(|start| req.path().starts_with(start))
    {
        return Ok(Verdict::Pass);
    }
    let settings = req.path() == SETTINGS;
    let photos = photos_placed(body, settings);
    // Cheap first: most writes hold nothing like a UPI ID, and place no photo.
    if photos.is_empty() && upi::foreign_in_json(body, "").is_none() {
        return Ok(Verdict::Pass);
    }
    let state = AppState::of(req)?;
    let (own, paid) = crate::db::run(&state.pool, move |conn| {
        let own = crate::db::site_settings::all(conn)?
            .remove("upiId")
            .unwrap_or_default();
        let mut paid = Vec::new();
        for (field, photo) in photos {
            if let Some(id) = crate::db::media::pays(conn, photo)? {
                paid.push((field, id));
            }
        }
        Ok((own, paid))
    })
    .await?;
    let by_photo = paid
        .into_iter()
        .find(|(_, id)| own.is_empty() || !id.eq_ignore_ascii_case(&own));
    let by_text = upi::foreign_in_json(body, &own);
    let Some((field, id)) = by_photo.clone().or(by_text) else {
        return Ok(Verdict::Pass);
    };
    let field = if field.is_empty() {
        "text".to_owned()
    } else {
        field
    };
    // The payment details and what donors read beside them are the handler's to judge
    // (refused to editors and in Bengali, held in Settings), and so is an admin's text in
    // Settings.
    let record = body["record"].as_str().unwrap_or_default();
    if req.path().starts_with("/api/admin/translations") && DONATION_DETAILS.contains(&record) {
        return Ok(Verdict::Pass);
    }
    let for_donors = |key: &String| {
        DONATION_DETAILS.contains(&key.as_str()) || DONOR_FACING.contains(&key.as_str())
    };
    let asks_for_donors = body
        .as_object()
        .is_some_and(|map| map.keys().any(for_donors));
    match actor.role {
        Role::Admin if settings && by_photo.is_none() => Ok(Verdict::Pass),
        Role::Admin => Ok(Verdict::Hold { field, id }),
        _ if settings && asks_for_donors => Ok(Verdict::Pass),
        _ => {
            log::info!("an editor's text with the UPI ID {id} in {field} was refused");
            Err(ApiError::Forbidden(EDITORS_REFUSED))
        }
    }
}

/// The photos `body` places where visitors see them, by the field that places each: `photoId`
/// anywhere, and in the site settings (`settings`) each photo setting given an id.
fn photos_placed(body: &serde_json::Value, settings: bool) -> Vec<(String, i64)> {
    let mut found = Vec::new();
    let Some(map) = body.as_object() else {
        return found;
    };
    for (key, value) in map {
        let places = key == "photoId" || (settings && photo_settings().any(|(k, _)| k == key));
        match value.as_i64() {
            Some(id) if places => found.push((key.clone(), id)),
            _ => {}
        }
    }
    found
}

/// Why an editor's text with another UPI ID is refused.
pub const EDITORS_REFUSED: &str = "This text holds a UPI ID that is not the site's own. Donors \
see one UPI ID, and only admins change where donors pay, in Settings: ask one of them.";

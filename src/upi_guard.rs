//! Donors see one UPI ID. A staff write of a public text (a notice, a card, a caption, a team,
//! a certificate, a Bengali text, a site setting) that holds a UPI ID other than the site's own
//! is refused for editors; an admin's goes through the payment hold only where the payment
//! details live, the site settings (see `payment_hold`), and is refused elsewhere with a
//! sentence that says so. A picture of a UPI QR code is refused at upload (`media`).

use crate::access::{Actor, Admitted};
use crate::domain::{upi, Role, DONATION_DETAILS, DONOR_FACING};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{http::Method, web, HttpMessage, HttpRequest};

/// The calls whose texts visitors read (the path's start).
const PUBLIC_TEXTS: &[&str] = &[
    "/api/admin/service",
    "/api/admin/servicelist/",
    "/api/admin/post_certificate",
    "/api/admin/certificates",
    "/api/admin/rosters",
    "/api/admin/cards",
    "/api/admin/gallery",
    "/api/admin/media",
    "/api/admin/settings",
    "/api/admin/translations",
];

/// The one call where an admin's UPI ID waits out the payment hold.
const HELD_THERE: &str = "/api/admin/settings";

/// Refuses the staff write `body` of `req` when it writes a UPI ID other than the site's own
/// where it may not (see the module's words).
pub async fn check(req: &HttpRequest, body: &serde_json::Value) -> Result<(), ApiError> {
    if matches!(*req.method(), Method::GET | Method::HEAD)
        || !PUBLIC_TEXTS
            .iter()
            .any(|start| req.path().starts_with(start))
    {
        return Ok(());
    }
    // Turned away already: the access check's answer is the one given.
    if req.extensions().get::<Admitted>().is_none() {
        return Ok(());
    }
    let Some(actor) = req.extensions().get::<Actor>().cloned() else {
        return Ok(());
    };
    // Cheap first: most writes hold nothing like a UPI ID.
    if upi::foreign_in_json(body, "").is_none() {
        return Ok(());
    }
    let Some(state) = req.app_data::<web::Data<AppState>>().cloned() else {
        return Ok(());
    };
    let own = web::block(move || -> Result<String, ApiError> {
        let conn = state.pool.get()?;
        Ok(crate::db::site_settings::all(&conn)?
            .remove("upiId")
            .unwrap_or_default())
    })
    .await
    .map_err(ApiError::internal)??;
    let Some((field, id)) = upi::foreign_in_json(body, &own) else {
        return Ok(());
    };
    let field = if field.is_empty() { "text" } else { &field };
    let ours = match own.as_str() {
        "" => "the site has none yet".to_owned(),
        own => format!("the site's own is {own}"),
    };
    // The payment details and what donors read beside them are the handler's to judge
    // (refused to editors and in Bengali, held in Settings).
    let record = body["record"].as_str().unwrap_or_default();
    if req.path().starts_with("/api/admin/translations") && DONATION_DETAILS.contains(&record) {
        return Ok(());
    }
    let for_donors = |key: &String| {
        DONATION_DETAILS.contains(&key.as_str()) || DONOR_FACING.contains(&key.as_str())
    };
    if req.path() == HELD_THERE
        && actor.role != Role::Admin
        && body
            .as_object()
            .is_some_and(|map| map.keys().any(for_donors))
    {
        return Ok(());
    }
    match actor.role {
        Role::Admin if req.path() == HELD_THERE => Ok(()),
        Role::Admin => Err(ApiError::field(
            field,
            format!(
                "holds the UPI ID {id}, which is not the site's ({ours}). Donors see one UPI \
                 ID: change it in Settings, where a new one waits out the payment hold while \
                 every admin is alerted."
            ),
        )),
        _ => {
            log::info!("an editor's text with the UPI ID {id} in {field} was refused");
            Err(crate::access::refuse(EDITORS_REFUSED))
        }
    }
}

/// Why an editor's text with another UPI ID is refused.
pub const EDITORS_REFUSED: &str = "This text holds a UPI ID that is not the site's own. Donors \
see one UPI ID, and only admins change where donors pay, in Settings: ask one of them.";

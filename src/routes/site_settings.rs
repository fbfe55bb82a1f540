//! Admin editing of the site settings: the club's texts and details.

use super::calls::message;
use crate::access::ClientIp;
use crate::access::StaffUser;
use crate::audit::{alert, differences, Note};
use crate::db;
use crate::db::audit::Change;
use crate::domain::SiteSettingsPatch;
use crate::domain::{Role, DONATION_DETAILS};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use std::collections::BTreeMap;

/// Saves the changed settings; each is logged old → new. The donation details are for admins
/// alone: a change to them is dated on the Support page and mailed to every admin.
pub(super) async fn update(
    user: StaffUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: web::Json<BTreeMap<String, serde_json::Value>>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    // Refused for what it asks, before its values are checked: an editor learns nothing about
    // the donation fields' rules.
    let donations = body
        .keys()
        .any(|key| DONATION_DETAILS.contains(&key.as_str()));
    if donations && user.0.role != Role::Admin {
        return Err(ApiError::Forbidden(DONATIONS_ADMINS_ONLY));
    }
    let patch = SiteSettingsPatch::parse(body)?;
    let mailer = state.mail.clone();
    let (actor, address) = (user.0.named(), ip.0.to_string());
    let changes = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            let before = db::site_settings::all(tx)?;
            db::site_settings::update(tx, &patch)?;
            let changes = differences(&before, &patch.0, &[]);
            let money: Vec<Change> = changes
                .iter()
                .filter(|change| DONATION_DETAILS.contains(&change.field.as_str()))
                .cloned()
                .collect();
            if !money.is_empty() {
                db::site_settings::donations_changed(tx)?;
                alert(
                    &mailer,
                    tx,
                    &actor,
                    &address,
                    "the donation details",
                    &money,
                );
            }
            Ok(changes)
        })
    })
    .await?;
    Ok(Note::changes(changes).on(message("Updated Successfully")))
}

/// An editor's refusal to change where donors' money goes.
const DONATIONS_ADMINS_ONLY: &str = "Only admins can change the donation details";

/// What still shows the sample content, each with the admin screen that replaces it; an editor
/// only what an editor may replace.
pub(super) async fn still_sample(
    user: StaffUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let editor = user.0.role != Role::Admin;
    let mailer = state.mail.clone();
    let left = db::run(&state.pool, move |conn| {
        let mut left = db::seed::still_sample(conn)?;
        if editor {
            left.retain(|item| !item.what.starts_with(db::seed::DONATION_DETAILS_LEFT));
            return Ok(left);
        }
        // Previews, the sitemap, QR codes and reset links need the site's address: it comes first.
        let stored = db::mail_settings::get(conn)?.site_address;
        if mailer.site_address(&stored).is_none() {
            left.insert(
                0,
                db::seed::SampleLeft {
                    what: "The site's address".to_owned(),
                    screen: "/admin/settings".to_owned(),
                },
            );
        }
        Ok(left)
    })
    .await?;
    Ok(HttpResponse::Ok().json(left))
}

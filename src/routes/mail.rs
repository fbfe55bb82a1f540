//! The admin area's Email screen: the settings that apply (never the password), changing the
//! stored ones, a test email, and the outbox of mail waiting or given up on.

use super::calls::{message, record, PathId};
use crate::access::ClientIp;
use crate::access::{AdminUser, Json};
use crate::alerts::{self, Alert, Weight};
use crate::db::{self, outbox::OutboxItem};
use crate::domain::{MailSettingsPatch, MailSettingsRequest, TestMailRequest};
use crate::error::ApiError;
use crate::mail::MailSetup;
use crate::state::AppState;
use actix_web::rt::time::{sleep_until, timeout, Instant};
use actix_web::{web, HttpResponse};
use serde_json::json;
use std::time::Duration;

record!(OutboxItem, "No such mail in the outbox");

/// What the Email screen shows: for each field the value that applies, and whether the server's
/// command line sets it. The password only as whether one is set.
fn shown(setup: &MailSetup) -> serde_json::Value {
    let stored = &setup.stored;
    let server = setup.server.as_ref();
    json!({
        "enabled": setup.enabled(),
        "resetsEnabled": setup.resets_enabled(),
        "host": server.map_or("", |s| s.host.as_str()),
        "port": server.map_or(stored.port, |s| s.port),
        "security": server.map_or(stored.security, |s| s.security),
        "username": server.map_or("", |s| s.username.as_str()),
        "passwordSet": server.is_some_and(|s| !s.password.is_empty()),
        "sender": setup.sender.as_deref().unwrap_or(""),
        "contactTo": stored.contact_to,
        "siteAddress": setup.site_address.as_deref().unwrap_or(""),
        "fromCommandLine": {
            "server": setup.server_from_command_line,
            "sender": setup.sender_from_command_line,
            "siteAddress": setup.site_address_from_command_line,
        },
    })
}

pub(super) async fn settings(
    staff: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mailer = state.mail.clone();
    let setup = db::run_as(&state.pool, staff.trail(), move |conn| mailer.setup(conn)).await?;
    Ok(HttpResponse::Ok().json(shown(&setup)))
}

/// Changes the stored settings; the fields the command line sets are refused, as the stored
/// values would not apply anyway.
pub(super) async fn update(
    admin: AdminUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<MailSettingsRequest>,
) -> Result<HttpResponse, ApiError> {
    let patch = MailSettingsPatch::parse(body.into_inner())?;
    let mailer = state.mail.clone();
    let mut refused = crate::error::FieldErrors::new();
    if mailer.options().server.is_some() {
        for field in patch.server_fields() {
            refused.insert(
                field.into(),
                "is set by the server's command line (--smtp-url)".into(),
            );
        }
    }
    if mailer.options().from.is_some() && patch.sender.is_some() {
        refused.insert(
            "sender".into(),
            "is set by the server's command line (--mail-from)".into(),
        );
    }
    if patch.site_address.is_some() {
        let flag = match (&state.config.https, &state.config.site_url) {
            (Some(_), _) => Some("--domain"),
            (None, Some(_)) => Some("--site-url"),
            (None, None) => None,
        };
        if let Some(flag) = flag {
            refused.insert(
                "siteAddress".into(),
                format!("is set by the server's command line ({flag})"),
            );
        }
    }
    if !refused.is_empty() {
        return Err(ApiError::Validation(refused));
    }
    let (actor, address) = (admin.0.named(), ip.0.to_string());
    let setup = db::run_noted(&state.pool, admin.trail(), move |conn, note| {
        db::in_transaction(conn, |tx| {
            let old = mailer.setup(tx)?;
            db::mail_settings::update(tx, &patch)?;
            let new = mailer.setup(tx)?;
            let before: std::collections::HashMap<_, _> =
                stored_fields(&old.stored).into_iter().collect();
            let changes =
                crate::audit::differences(&before, &stored_fields(&new.stored), &["password"]);
            if !changes.is_empty() {
                let alert = Alert::change(&actor, &address, "the email settings", &changes)
                    .weighing(Weight::Pinned);
                // Links go to the site's address as it was before the change.
                alerts::raise(tx, &alert, old.site_address.as_deref())?;
                // The old mail server and sender hear of their own replacement at once, with
                // every alert not mailed yet: the new ones may be an impostor's. (A new sender
                // is a new mail server: it may be an impostor's address.)
                if old.server != new.server || old.sender != new.sender {
                    if let Some(route) = mailer.route(&old) {
                        alerts::delivery::queue_through_old(tx, &mailer, &old, &route)?;
                    }
                }
            }
            note.changed(changes);
            Ok(new)
        })
    })
    .await?;
    // Mail that waited for a server may go now.
    state.mail.wake();
    Ok(
        HttpResponse::Ok()
            .json(json!({ "msg": "Email settings saved", "settings": shown(&setup) })),
    )
}

/// The stored settings by the names the Email screen gives them.
fn stored_fields(stored: &db::mail_settings::StoredMail) -> Vec<(&'static str, String)> {
    vec![
        ("host", stored.host.clone()),
        ("port", stored.port.to_string()),
        ("security", stored.security.as_str().to_owned()),
        ("username", stored.username.clone()),
        ("password", stored.password.clone()),
        ("sender", stored.sender.clone()),
        ("contactTo", stored.contact_to.clone()),
        ("siteAddress", stored.site_address.clone()),
    ]
}

/// Sends a test email at once and says whether it went (the mail server's own error goes to the log).
pub(super) async fn send_test(
    staff: AdminUser,
    state: web::Data<AppState>,
    body: Json<TestMailRequest>,
) -> Result<HttpResponse, ApiError> {
    let to = body.into_inner().parse()?;
    let mailer = state.mail.clone();
    let setup = db::run_as(&state.pool, staff.trail(), move |conn| mailer.setup(conn)).await?;
    if !setup.enabled() {
        return Err(ApiError::Conflict(
            "Email is off: set a mail server and a sender address first".into(),
        ));
    }
    if let Some(server) = &setup.server {
        crate::mail::check_server(server)
            .map_err(|why| ApiError::MailServer(format!("The test email was not sent: {why}")))?;
    }
    let address = to.as_str().to_owned();
    let started = Instant::now();
    // What went wrong on the network stays in the log, also when the answer did not wait for it.
    let attempt = web::block(move || {
        crate::mail::send_test(&setup, &address)
            .inspect_err(|why| log::warn!("the test email was not sent: {why}"))
            .is_ok()
    });
    match timeout(TEST_FAILS_AFTER, attempt).await {
        Ok(Ok(true)) => {
            // Sending stores nothing: the entry says that it went.
            db::run_noted(&state.pool, staff.trail(), |_, note| {
                note.always = true;
                Ok(())
            })
            .await?;
            Ok(message(&format!("Test email sent to {}", to.as_str())))
        }
        // Neither the words nor the time of the answer tell what listens where (the Email screen
        // would be a port scanner): every failure answers at the same moment.
        _ => {
            sleep_until(started + TEST_FAILS_AFTER).await;
            Err(ApiError::MailServer(TEST_FAILED.into()))
        }
    }
}

/// When a test email that has not gone is answered as not sent, whatever happened: a closed
/// port fails at once, a service that is not a mail server only when it gives up on us (an
/// HTTP server after its ten seconds or so).
const TEST_FAILS_AFTER: Duration = Duration::from_secs(10);

const TEST_FAILED: &str = "The test email was not sent: the mail server could not be reached or did not accept it. \
Check the server, port, security, user and password; the server's log has the mail server's own answer.";

/// Deletes a mail of the outbox; an alert's mail to another admin, still waiting, is refused.
pub(super) async fn delete(
    admin: AdminUser,
    state: web::Data<AppState>,
    id: PathId<OutboxItem>,
) -> Result<HttpResponse, ApiError> {
    let own = admin.0.email.clone();
    let found = db::run_as(&state.pool, admin.trail(), move |conn| {
        db::outbox::delete(conn, id.get(), &own)
    })
    .await?;
    id.done(found, "Mail deleted")
}

/// "Retry now": the mail is due at once, even one given up on.
pub(super) async fn retry(
    staff: AdminUser,
    state: web::Data<AppState>,
    id: PathId<OutboxItem>,
) -> Result<HttpResponse, ApiError> {
    let found = db::run_as(&state.pool, staff.trail(), move |conn| {
        db::outbox::retry(conn, id.get())
    })
    .await?;
    state.mail.wake();
    id.done(found, "Sending again now")
}

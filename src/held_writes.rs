//! Donors see one UPI ID, and no admin alone changes it. An admin's write that puts another UPI
//! ID before visitors (a notice, a card, a caption, a team, a Bengali text, a photo of a UPI QR
//! code; `upi_guard` judges) is not refused but held, like a change of the payment details: the
//! call is kept as it was made, every admin is alerted (pinned, mailed first), and when the
//! payment hold is over and the alert's mail has reached someone, the server makes the call
//! again, in-process, as that admin: the same handler, checks and activity-log entry as the
//! first time. Any admin can cancel it before then on the Settings screen. Without a payment
//! hold (`--payment-hold 0`) it goes at once, alerted.

use crate::alerts::{self, Alert, Weight};
use crate::client::Actor;
use crate::db;
use crate::db::audit::{Change, Kind};
use crate::db::held_writes::HeldWrite;
pub use crate::db::held_writes::{Releasing, Why};
use crate::db::trail::Trail;
use crate::domain::Role;
use crate::error::ApiError;
use crate::payment_hold::{alert_unheard, iso, when};
use crate::state::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{header, Method};
use actix_web::{HttpMessage, HttpRequest, HttpResponse};
use serde_json::json;
use std::time::Duration;

/// Marks the call the server makes for a held write whose hold is over: put in the request's
/// own extensions, which no client can set, so `upi_guard` lets it through.
#[derive(Debug, Clone, Copy)]
pub struct Released(pub i64);

/// Holds the write `body` of `req` (made by the admin `actor`, whose request's `trail` it is):
/// kept, alerted and logged in one transaction; the answer to give, 202 with the sentence that
/// says until when and how to stop it. With no payment hold (`--payment-hold 0`, which applies
/// new payment details at once too) nothing is kept: every admin is alerted, and the write goes
/// on (`None`).
pub async fn hold(
    req: &HttpRequest,
    trail: &Trail,
    actor: &Actor,
    body: &serde_json::Value,
    (field, upi_id): (String, String),
) -> Result<Option<HttpResponse>, ApiError> {
    let state = AppState::of(req)?;
    let now = state.config.clock.now();
    if state.config.payment_hold.is_zero() {
        shown_at_once(&state, trail, actor, (field, upi_id)).await?;
        return Ok(None);
    }
    let path = match req.query_string() {
        "" => req.path().to_owned(),
        query => format!("{}?{query}", req.path()),
    };
    let write = HeldWrite {
        id: 0,
        method: req.method().to_string(),
        path,
        body: body.to_string(),
        action: trail.entry.action.clone(),
        field,
        upi_id,
        actor_id: actor.id,
        actor: actor.name.clone(),
        made_at: now,
        due_at: now + state.config.payment_hold.as_secs() as i64,
        alert_id: None,
    };
    let (mailer, address) = (state.mail.clone(), trail.entry.address.clone());
    let kept = write.clone();
    let id = db::run_noted(&state.pool, trail, move |conn, note| {
        db::in_transaction(conn, |tx| {
            let id = db::held_writes::insert(tx, &kept)?;
            let site = mailer.setup(tx)?.site_address;
            let alert = held_alert(&kept, &address);
            let alert_id = alerts::raise(tx, &alert, site.as_deref())?;
            db::held_writes::set_alert(tx, id, alert_id)?;
            note.action = Some(format!(
                "{} (held: it names the UPI ID {}; visitors see it from {} unless an admin \
                 cancels it)",
                kept.action,
                kept.upi_id,
                when(kept.due_at)
            ));
            note.kind = Some(Kind::Payment);
            Ok(id)
        })
    })
    .await?;
    Ok(Some(HttpResponse::Accepted().json(json!({
        "message": format!(
            "Held: this names the UPI ID {}, which is not the site's own. Visitors see it from \
             {} unless an admin cancels it on the Settings screen first; every admin has been \
             alerted.",
            write.upi_id,
            when(write.due_at)
        ),
        "held": { "_id": id, "takesEffectAt": iso(write.due_at) },
    }))))
}

/// Alerts every admin that the write of `trail` names the UPI ID `upi_id` (in `field`) and goes
/// at once, there being no payment hold.
async fn shown_at_once(
    state: &AppState,
    trail: &Trail,
    actor: &Actor,
    (field, upi_id): (String, String),
) -> Result<(), ApiError> {
    let write = HeldWrite {
        action: trail.entry.action.clone(),
        field,
        upi_id,
        actor: actor.name.clone(),
        ..HeldWrite::default()
    };
    let (mailer, address) = (state.mail.clone(), trail.entry.address.clone());
    db::run(&state.pool, move |conn| {
        let alert = pinned(
            (&write.actor, &address),
            &format!("a text visitors read ({}), shown at once", write.action),
            &write,
            format!(
                "Jyoti site: a text naming the UPI ID {} is shown (no payment hold is set)",
                write.upi_id
            ),
        );
        let site = mailer.setup(conn)?.site_address;
        alerts::raise(conn, &alert, site.as_deref())?;
        Ok(())
    })
    .await
}

/// The alert that `write` waits out the hold: pinned, to every admin and `--alert-to`.
fn held_alert(write: &HeldWrite, address: &str) -> Alert {
    let mut alert = pinned(
        (&write.actor, address),
        &format!("a text visitors read ({})", write.action),
        write,
        format!(
            "Jyoti site: a text naming the UPI ID {} waits to be shown",
            write.upi_id
        ),
    );
    alert.body.push_str(&format!(
        "\nVisitors see it from {}. Until then any admin can cancel it on the Settings screen.\n",
        when(write.due_at)
    ));
    alert
}

/// A pinned alert, headed `subject`, that `by` (a name, and the address it came from) did `what`
/// to `write`.
fn pinned(by: (&str, &str), what: &str, write: &HeldWrite, subject: String) -> Alert {
    let mut alert = Alert::change(by.0, by.1, what, &[named(write)]).weighing(Weight::Pinned);
    alert.subject = subject;
    alert
}

/// The change `write` makes, as alerts and the log show it.
fn named(write: &HeldWrite) -> Change {
    Change {
        field: write.field.clone(),
        old: String::new(),
        new: format!("names the UPI ID {}", write.upi_id),
    }
}

/// The writes waiting, as the Settings screen lists them at `now`.
pub fn listed(
    conn: &rusqlite::Connection,
    state: &AppState,
) -> Result<serde_json::Value, ApiError> {
    let now = state.config.clock.now();
    let mut shown = Vec::new();
    for write in db::held_writes::all(conn)? {
        let unheard = write.due_at <= now && alert_unheard(conn, &state.mail, write.alert_id)?;
        shown.push(json!({
            "_id": write.id,
            "by": write.actor,
            "what": write.action,
            "call": format!("{} {}", write.method, write.path),
            "field": write.field,
            "upiId": write.upi_id,
            "madeAt": iso(write.made_at),
            "takesEffectAt": iso(write.due_at),
            "waitingForAlertMail": unheard,
        }));
    }
    Ok(serde_json::Value::Array(shown))
}

/// Cancels the write `id` (by the admin `actor`, from `address`): dropped, alerted; `None` when
/// it was not waiting, else what was cancelled. The caller has claimed it (see [`Releasing`])
/// until the transaction is committed.
pub fn cancel(
    conn: &rusqlite::Connection,
    state: &AppState,
    id: i64,
    (actor, address): (&str, &str),
) -> Result<Option<HeldWrite>, ApiError> {
    let Some(write) = db::held_writes::get(conn, id)? else {
        return Ok(None);
    };
    db::held_writes::remove(conn, id)?;
    let alert = pinned(
        (actor, address),
        &format!(
            "a held text (cancelled {}'s \"{}\" before visitors saw it)",
            write.actor, write.action
        ),
        &write,
        format!(
            "Jyoti site: a held text naming the UPI ID {} was cancelled",
            write.upi_id
        ),
    );
    let site = state.mail.setup(conn)?.site_address;
    alerts::raise(conn, &alert, site.as_deref())?;
    Ok(Some(write))
}

/// How often the server looks for a held write whose hold is over.
const CHECKED_EVERY: Duration = Duration::from_secs(1);

/// Makes each held write whose hold is over, on the server's own runtime, through `app` (the
/// API as the server serves it). Runs for as long as the server.
pub async fn release<S, B>(state: actix_web::web::Data<AppState>, app: S)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let mut failing = 0u64;
    loop {
        actix_web::rt::time::sleep(CHECKED_EVERY).await;
        match release_due(&state, &app).await {
            Ok(()) => failing = 0,
            Err(err) => {
                failing += 1;
                if failing.is_power_of_two() {
                    log::error!("a held write could not be made: {err:?}");
                }
            }
        }
    }
}

/// One look: makes every held write that is due (see [`release`]). Also called by tests after
/// moving their clock on.
pub async fn release_due<S, B>(state: &AppState, app: &S) -> Result<(), ApiError>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let (now, mailer) = (state.config.clock.now(), state.mail.clone());
    let due = db::run(&state.pool, move |conn| {
        let mut ready = Vec::new();
        for write in db::held_writes::due(conn, now)? {
            if !alert_unheard(conn, &mailer, write.alert_id)? {
                let user = db::users::find(conn, write.actor_id)?;
                ready.push((write, user));
            }
        }
        Ok(ready)
    })
    .await?;
    for (write, user) in due {
        let Ok(_claim) = state.releasing.claim(write.id, Why::Made) else {
            continue;
        };
        // Cancelled since it was read, or made by another look: nothing to do.
        let id = write.id;
        if db::run(&state.pool, move |conn| db::held_writes::get(conn, id))
            .await?
            .is_none()
        {
            continue;
        }
        let answer = match user {
            Some(user) if user.role == Role::Admin => {
                let token = state.jwt.issue(user.id, user.token_version)?;
                Some(replay(app, &write, &token).await)
            }
            _ => None,
        };
        let outcome = match answer {
            Some(Ok((status, _))) if status.is_success() => Ok(()),
            // The database or the server could not take it now: tried again next time.
            Some(Ok((status, why))) if status.is_server_error() => {
                return Err(ApiError::internal(format!("{status}: {why}")))
            }
            Some(Ok((status, why))) => Err(format!("the server refused it ({status}): {why}")),
            Some(Err(err)) => return Err(err),
            None => Err(format!("{} is no longer an admin", write.actor)),
        };
        settle(state, write, outcome).await?;
    }
    Ok(())
}

/// Makes the call `write` as its admin (whose session `token` is): the answer's status and words.
async fn replay<S, B>(
    app: &S,
    write: &HeldWrite,
    token: &str,
) -> Result<(actix_web::http::StatusCode, String), ApiError>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let method = Method::from_bytes(write.method.as_bytes()).map_err(ApiError::internal)?;
    let request = actix_web::test::TestRequest::default()
        .method(method)
        .uri(&write.path)
        .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
        .insert_header((header::CONTENT_TYPE, "application/json"))
        .peer_addr(std::net::SocketAddr::from(([127, 0, 0, 1], 0)))
        .set_payload(write.body.clone())
        .to_request();
    request.extensions_mut().insert(Released(write.id));
    let response = app.call(request).await.map_err(ApiError::internal)?;
    let status = response.status();
    let body = actix_web::body::to_bytes(response.into_body())
        .await
        .map_err(|_| ApiError::internal("the answer could not be read"))?;
    let words: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
    let why = words["message"]
        .as_str()
        .or(words["msg"].as_str())
        .unwrap_or_default()
        .to_owned();
    Ok((status, why))
}

/// Drops the write once made (`Ok`) or refused (`Err`: why), and alerts every admin to which.
async fn settle(
    state: &AppState,
    write: HeldWrite,
    outcome: Result<(), String>,
) -> Result<(), ApiError> {
    let mailer = state.mail.clone();
    db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            db::held_writes::remove(tx, write.id)?;
            let (what, subject) = match &outcome {
                Ok(()) => (
                    format!("a text visitors read ({}), now shown", write.action),
                    format!(
                        "Jyoti site: a text naming the UPI ID {} is now shown",
                        write.upi_id
                    ),
                ),
                Err(why) => (
                    format!(
                        "nothing: the held \"{}\" was not made, as {why}",
                        write.action
                    ),
                    format!(
                        "Jyoti site: a held text naming the UPI ID {} was not made",
                        write.upi_id
                    ),
                ),
            };
            let alert = pinned((&write.actor, ""), &what, &write, subject);
            let site = mailer.setup(tx)?.site_address;
            alerts::raise(tx, &alert, site.as_deref())?;
            match &outcome {
                Ok(()) => log::info!("a held write took effect: {}", write.action),
                Err(why) => log::warn!("a held write was not made: {why}"),
            }
            Ok(())
        })
    })
    .await
}

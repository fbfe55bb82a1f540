//! Admin editing of the site settings: the club's texts and details.

use super::calls::message;
use crate::access::{AdminUser, ClientIp, Json, StaffUser};
use crate::alerts::{self, Alert, Weight};
use crate::audit::differences;
use crate::db;
use crate::db::audit::{Change, Kind};
use crate::db::payment_hold::Held;
use crate::domain::{Role, SiteSettingsPatch, DONATION_DETAILS, DONOR_FACING};
use crate::error::ApiError;
use crate::payment_hold::{self, Outcome};
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;
use std::collections::BTreeMap;

/// Saves the changed settings; each is logged old → new. What donors read is for admins alone:
/// a change of the payment details waits out the payment hold (see `payment_hold`), and every
/// change of it is alerted to every admin.
pub(super) async fn update(
    user: StaffUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<BTreeMap<String, serde_json::Value>>,
) -> Result<HttpResponse, ApiError> {
    let mut body = body.into_inner();
    let rule = second_factor_asked(&mut body)?;
    if rule.is_some() && user.0.role != Role::Admin {
        return Err(user.refuse(crate::access::ADMINS_ONLY));
    }
    // Refused for what it asks, before its values are checked: an editor learns nothing about
    // the donation fields' rules.
    let for_donors = body.keys().any(|key| for_donors(key));
    if for_donors && user.0.role != Role::Admin {
        return Err(user.refuse(DONATIONS_ADMINS_ONLY));
    }
    let patch = SiteSettingsPatch::parse(body)?;
    let mailer = state.mail.clone();
    let (hold, clock) = (state.config.payment_hold, state.config.clock.clone());
    let (actor, actor_id, address) = (user.0.named(), user.0.id, ip.0.to_string());
    let pending = db::run_noted(&state.pool, user.trail(), move |conn, note| {
        db::in_transaction(conn, |tx| {
            let before = db::site_settings::all(tx)?;
            let (payment, rest) = payment_hold::held_apart(patch, &before);
            db::site_settings::update(tx, &rest)?;
            let mut changes = differences(&before, &rest.0, &[]);
            let setup = mailer.setup(tx)?;
            let site = setup.site_address.as_deref();
            let donor_facing = donor_facing_alert(tx, &changes, &actor, &address, site)?;
            let now = clock.now();
            let outcome =
                payment_hold::change(tx, &payment, &before, hold, now, (&actor, actor_id))?;
            let money = differences(&before, &payment.0, &[]);
            // The settings as they were, kept in their history when anything changed now.
            if !changes.is_empty() || (matches!(outcome, Outcome::Applied) && !money.is_empty()) {
                db::history::keep_settings(tx, &before, &actor)?;
            }
            changes.extend(tell_payment_outcome(
                tx, note, &outcome, &money, &actor, &address, site,
            )?);
            let payment_kind = !matches!(outcome, Outcome::Same(_));
            if payment_kind || !money.is_empty() || donor_facing {
                note.kind = Some(Kind::Payment);
            }
            let pending = outcome.pending();
            let unheard = match &pending {
                Some(held) => payment_hold::unheard(tx, &mailer, held)?,
                None => false,
            };
            changes.extend(money);
            if let Some(on) = rule {
                changes.extend(second_factor_rule(tx, on, &actor, &address, site)?);
            }
            note.changed(changes);
            Ok((pending, unheard))
        })
    })
    .await?;
    let (pending, unheard) = pending;
    Ok(HttpResponse::Ok().json(json!({
        "msg": "Updated Successfully",
        "pending": payment_hold::shown(&pending, unheard, state.config.clock.now()),
    })))
}

/// The rule "Staff must use a second factor" when the body asks to set it (taken out of the
/// body, which holds settings only); 400 when it is not true or false.
fn second_factor_asked(
    body: &mut BTreeMap<String, serde_json::Value>,
) -> Result<Option<bool>, ApiError> {
    match body.remove("requireSecondFactor") {
        None => Ok(None),
        Some(serde_json::Value::Bool(on)) => Ok(Some(on)),
        Some(_) => Err(ApiError::field(
            "requireSecondFactor",
            "must be true or false",
        )),
    }
}

/// Alerts every admin to the `changes` of what donors read beside the payment details, if any
/// (a seriously weighed alert); whether there were any.
fn donor_facing_alert(
    tx: &rusqlite::Connection,
    changes: &[Change],
    actor: &str,
    address: &str,
    site: Option<&str>,
) -> Result<bool, ApiError> {
    let donor_facing: Vec<Change> = changes
        .iter()
        .filter(|change| DONOR_FACING.contains(&change.field.as_str()))
        .cloned()
        .collect();
    if !donor_facing.is_empty() {
        let alert = Alert::change(actor, address, "what donors read", &donor_facing)
            .weighing(Weight::Serious);
        alerts::raise(tx, &alert, site)?;
    }
    Ok(!donor_facing.is_empty())
}

/// Alerts every admin to what a change of the payment details came to (`money`: the details
/// that changed), and notes it in the log. The changes to log besides: a withdrawn change's,
/// undone.
fn tell_payment_outcome(
    tx: &rusqlite::Connection,
    note: &mut crate::audit::Note,
    outcome: &Outcome,
    money: &[Change],
    actor: &str,
    address: &str,
    site: Option<&str>,
) -> Result<Vec<Change>, ApiError> {
    match outcome {
        Outcome::Applied if !money.is_empty() => {
            let alert = Alert::change(actor, address, "the payment details", money)
                .weighing(Weight::Pinned);
            alerts::raise(tx, &alert, site)?;
        }
        Outcome::Held(held) => {
            let mut alert = Alert::change(actor, address, "the payment details", &held.changes)
                .weighing(Weight::Pinned);
            alert.body.push_str(&format!(
                "\nDonors see the new details from {}. Until then any admin can cancel \
                 the change on the Settings screen.\n",
                payment_hold::when(held.due_at)
            ));
            let id = alerts::raise(tx, &alert, site)?;
            // The change takes effect only once this alert's mail reached someone.
            db::payment_hold::set_alert(tx, id)?;
            let until = payment_hold::when(held.due_at);
            note.action = Some(format!("payment details changed (shown from {until})"));
        }
        Outcome::Withdrawn(held) => {
            alerts::raise(tx, &cancelled(actor, address, held), site)?;
            note.action = Some("payment details change cancelled".to_owned());
            return Ok(held
                .changes
                .iter()
                .map(|change| Change {
                    field: change.field.clone(),
                    old: change.new.clone(),
                    new: change.old.clone(),
                })
                .collect());
        }
        Outcome::Same(_) | Outcome::Applied => {}
    }
    Ok(Vec::new())
}

/// Sets the rule "Staff must use a second factor"; turning it off is alerted to every admin and
/// to `--alert-to`. The change, when there was one.
fn second_factor_rule(
    tx: &rusqlite::Connection,
    on: bool,
    actor: &str,
    address: &str,
    site: Option<&str>,
) -> Result<Option<Change>, ApiError> {
    if db::second_factors::rule_on(tx)? == on {
        return Ok(None);
    }
    db::second_factors::set_rule(tx, on)?;
    let said = |on: bool| if on { "on" } else { "off" }.to_owned();
    let change = Change {
        field: "requireSecondFactor".into(),
        old: said(!on),
        new: said(on),
    };
    if !on {
        let what = "the rule that staff must use a second factor";
        let alert = Alert::change(actor, address, what, std::slice::from_ref(&change))
            .weighing(Weight::Serious);
        alerts::raise(tx, &alert, site)?;
    }
    Ok(Some(change))
}

/// The alert that the change `held` is cancelled (by Cancel, or by changing the details back).
fn cancelled(actor: &str, address: &str, held: &Held) -> Alert {
    let what = format!(
        "the payment details (cancelled the change {} made)",
        held.actor
    );
    let mut alert = Alert::change(actor, address, &what, &held.changes).weighing(Weight::Pinned);
    alert.subject = "Jyoti site: a change of the payment details was cancelled".to_owned();
    // Nothing to change back: the change was stopped, and donors keep what they saw.
    let kept: Vec<String> = held
        .changes
        .iter()
        .map(|change| format!("  {}: {}", alerts::label(&change.field), change.old))
        .collect();
    alert.body = alert.body.replace(
        alerts::IF_NOBODY,
        &format!(
            "\nThe change was stopped before donors saw it. Donors keep seeing:\n{}\n",
            kept.join("\n")
        ),
    );
    alert
}

/// An editor's refusal to change where donors' money goes, or what donors read beside it.
pub(super) const DONATIONS_ADMINS_ONLY: &str = "Only admins can change the donation details";

/// Whether a setting says something donors rely on (admins alone change those).
pub(super) fn for_donors(key: &str) -> bool {
    DONATION_DETAILS.contains(&key) || DONOR_FACING.contains(&key)
}

/// The change of the payment details waiting out its hold, if any.
pub(super) async fn payment_hold(
    staff: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mailer = state.mail.clone();
    let now = state.config.clock.now();
    let (held, unheard) = db::run_as(&state.pool, staff.trail(), move |conn| {
        let held = db::payment_hold::get(conn)?;
        let unheard = match &held {
            Some(held) if held.due_at <= now => payment_hold::unheard(conn, &mailer, held)?,
            _ => false,
        };
        Ok((held, unheard))
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "pending": payment_hold::shown(&held, unheard, now) })))
}

/// Cancels the change waiting: donors keep the details they see; logged and alerted.
pub(super) async fn cancel_payment_hold(
    admin: AdminUser,
    state: web::Data<AppState>,
    ip: ClientIp,
) -> Result<HttpResponse, ApiError> {
    let mailer = state.mail.clone();
    let (actor, address) = (admin.0.named(), ip.0.to_string());
    let cancelled = db::run_noted(&state.pool, admin.trail(), move |conn, note| {
        let Some(held) = db::payment_hold::get(conn)? else {
            return Ok(false);
        };
        db::payment_hold::clear(conn)?;
        let site = mailer.setup(conn)?.site_address;
        alerts::raise(conn, &cancelled(&actor, &address, &held), site.as_deref())?;
        note.action = Some("payment details change cancelled".to_owned());
        note.kind = Some(Kind::Payment);
        note.changed(held.changes);
        Ok(true)
    })
    .await?;
    if !cancelled {
        return Err(ApiError::NotFound(
            "No change of the payment details is waiting",
        ));
    }
    Ok(message("The new payment details are cancelled"))
}

/// What still shows the sample content, each with the admin screen that replaces it; an editor
/// only what an editor may replace.
pub(super) async fn still_sample(
    user: StaffUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let editor = user.0.role != Role::Admin;
    let mailer = state.mail.clone();
    let left = db::run_as(&state.pool, user.trail(), move |conn| {
        let mut left = db::seed::still_sample(conn)?;
        if editor {
            left.retain(|item| !item.what.starts_with(db::seed::DONATION_DETAILS_LEFT));
            return Ok(left);
        }
        // Previews, the sitemap, QR codes and reset links need the site's address: it comes first.
        let stored = db::mail_settings::get(conn)?.site_address;
        if mailer.site_address(&stored).is_none() {
            // After what parents miss (Visit us), before the rest.
            let visit = left
                .iter()
                .take_while(|item| item.what.starts_with("Visit us:"))
                .count();
            left.insert(
                visit,
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

//! Admin editing of the site settings: the club's texts and details.

use super::calls::message;
use crate::access::{AdminUser, ClientIp, Json, StaffUser};
use crate::alerts::{self, Alert, Weight};
use crate::audit::{self, differences};
use crate::db;
use crate::db::audit::{Change, Kind};
use crate::db::payment_hold::Held;
use crate::domain::{upi, Role, SiteSettingsPatch, DONATION_DETAILS, DONOR_FACING};
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
    let rule = match body.remove("requireSecondFactor") {
        None => None,
        Some(serde_json::Value::Bool(on)) => Some(on),
        Some(_) => {
            return Err(ApiError::field(
                "requireSecondFactor",
                "must be true or false",
            ))
        }
    };
    if rule.is_some() && user.0.role != Role::Admin {
        return Err(crate::access::refuse(crate::access::ADMINS_ONLY));
    }
    // Refused for what it asks, before its values are checked: an editor learns nothing about
    // the donation fields' rules.
    let for_donors = body.keys().any(|key| for_donors(key));
    if for_donors && user.0.role != Role::Admin {
        return Err(crate::access::refuse(DONATIONS_ADMINS_ONLY));
    }
    let patch = SiteSettingsPatch::parse(body)?;
    let mailer = state.mail.clone();
    let hold = state.config.payment_hold;
    let (actor, actor_id, address) = (user.0.named(), user.0.id, ip.0.to_string());
    let pending = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            let before = db::site_settings::all(tx)?;
            // The payment details wait out the hold, and so does any text that names a UPI ID
            // other than the site's own: donors see one UPI ID.
            let own = before.get("upiId").cloned().unwrap_or_default();
            let (payment, rest): (Vec<_>, Vec<_>) =
                patch.0.into_iter().partition(|(key, value)| {
                    DONATION_DETAILS.contains(key) || upi::foreign_in(value, &own).is_some()
                });
            let rest = SiteSettingsPatch(rest);
            db::site_settings::update(tx, &rest)?;
            let mut changes = differences(&before, &rest.0, &[]);
            let site = mailer.setup(tx)?.site_address;
            let donor_facing: Vec<Change> = changes
                .iter()
                .filter(|change| DONOR_FACING.contains(&change.field.as_str()))
                .cloned()
                .collect();
            if !donor_facing.is_empty() {
                let alert = Alert::change(&actor, &address, "what donors read", &donor_facing)
                    .weighing(Weight::Serious);
                alerts::raise(tx, &alert, site.as_deref())?;
            }
            let payment = SiteSettingsPatch(payment);
            let outcome = payment_hold::change(tx, &payment, &before, hold, &actor, actor_id)?;
            let money = differences(&before, &payment.0, &[]);
            // The settings as they were, kept in their history when anything changed now.
            if !changes.is_empty() || (matches!(outcome, Outcome::Applied) && !money.is_empty()) {
                db::history::keep_settings(tx, &before, &actor)?;
            }
            match &outcome {
                Outcome::Applied if !money.is_empty() => {
                    let alert = Alert::change(&actor, &address, "the payment details", &money)
                        .weighing(Weight::Pinned);
                    alerts::raise(tx, &alert, site.as_deref())?;
                }
                Outcome::Held(held) => {
                    let mut alert =
                        Alert::change(&actor, &address, "the payment details", &held.changes)
                            .weighing(Weight::Pinned);
                    alert.body.push_str(&format!(
                        "\nDonors see the new details from {}. Until then any admin can cancel \
                         the change on the Settings screen.\n",
                        payment_hold::when(held.due_at)
                    ));
                    let id = alerts::raise(tx, &alert, site.as_deref())?;
                    // The change takes effect only once this alert's mail reached someone.
                    db::payment_hold::set_alert(tx, id)?;
                    let until = payment_hold::when(held.due_at);
                    audit::note(|note| {
                        note.action = Some(format!("payment details changed (shown from {until})"))
                    });
                }
                Outcome::Withdrawn(held) => {
                    alerts::raise(tx, &cancelled(&actor, &address, held), site.as_deref())?;
                    audit::note(|note| {
                        note.action = Some("payment details change cancelled".to_owned())
                    });
                    changes.extend(held.changes.iter().map(|change| Change {
                        field: change.field.clone(),
                        old: change.new.clone(),
                        new: change.old.clone(),
                    }));
                }
                Outcome::Same(_) | Outcome::Applied => {}
            }
            let payment_kind = !matches!(outcome, Outcome::Same(_));
            if payment_kind || !money.is_empty() || !donor_facing.is_empty() {
                audit::note(|note| note.kind = Some(Kind::Payment));
            }
            let pending = outcome.pending();
            let unheard = match &pending {
                Some(held) => payment_hold::unheard(tx, &mailer, held)?,
                None => false,
            };
            changes.extend(money);
            if let Some(on) = rule {
                changes.extend(second_factor_rule(
                    tx,
                    on,
                    &actor,
                    &address,
                    site.as_deref(),
                )?);
            }
            audit::changed(changes);
            Ok((pending, unheard))
        })
    })
    .await?;
    let (pending, unheard) = pending;
    Ok(HttpResponse::Ok().json(json!({
        "msg": "Updated Successfully",
        "pending": payment_hold::shown(&pending, unheard),
    })))
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
    _: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mailer = state.mail.clone();
    let (held, unheard) = db::run(&state.pool, move |conn| {
        let held = db::payment_hold::get(conn)?;
        let now = jiff::Timestamp::now().as_second();
        let unheard = match &held {
            Some(held) if held.due_at <= now => payment_hold::unheard(conn, &mailer, held)?,
            _ => false,
        };
        Ok((held, unheard))
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "pending": payment_hold::shown(&held, unheard) })))
}

/// Cancels the change waiting: donors keep the details they see; logged and alerted.
pub(super) async fn cancel_payment_hold(
    admin: AdminUser,
    state: web::Data<AppState>,
    ip: ClientIp,
) -> Result<HttpResponse, ApiError> {
    let mailer = state.mail.clone();
    let (actor, address) = (admin.0.named(), ip.0.to_string());
    let cancelled = db::run(&state.pool, move |conn| {
        let Some(held) = db::payment_hold::get(conn)? else {
            return Ok(false);
        };
        db::payment_hold::clear(conn)?;
        let site = mailer.setup(conn)?.site_address;
        alerts::raise(conn, &cancelled(&actor, &address, &held), site.as_deref())?;
        audit::note(|note| {
            note.action = Some("payment details change cancelled".to_owned());
            note.kind = Some(Kind::Payment);
        });
        audit::changed(held.changes);
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
    let left = db::run(&state.pool, move |conn| {
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

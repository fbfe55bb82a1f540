//! The cooling-off period for payment details, as banks have for a new payee: a change of the
//! UPI ID, payee or bank account is stored as pending, and the Support page (and its QR code)
//! keeps the old details for `--payment-hold` while every admin is alerted and any admin can
//! cancel. A site's first real details apply at once. A worker applies a change when its hold
//! is over.

use crate::alerts::{self, Alert, Weight};
use crate::clock::Clock;
use crate::db::audit::{Change, Entry, Kind};
use crate::db::payment_hold::Held;
use crate::db::{self, Pool};
use crate::domain::{site_setting_keys, upi, SiteSettingsPatch, DONATION_DETAILS};
use crate::error::ApiError;
use crate::mail::Mailer;
use rusqlite::Connection;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// Who the activity log names for a change that took effect at the end of its hold.
const HOLD_OVER: &str = "the payment hold";

/// What a change of the payment details came to.
pub enum Outcome {
    /// Nothing asked differs from what applies or waits: the change waiting, if any, as it was.
    Same(Option<Held>),
    /// Applied at once (no hold, or the site's first real details).
    Applied,
    /// Held, its hold (re)started.
    Held(Held),
    /// Changed back to what donors see: the change that waited is dropped, as if cancelled.
    Withdrawn(Held),
}

impl Outcome {
    /// The change waiting now, if any.
    pub fn pending(self) -> Option<Held> {
        match self {
            Outcome::Same(waiting) => waiting,
            Outcome::Held(held) => Some(held),
            Outcome::Applied | Outcome::Withdrawn(_) => None,
        }
    }
}

/// `patch` parted into what waits out the hold and what applies at once: the payment details
/// wait, and so does any text that names a UPI ID other than the site's own (its `upiId` in
/// `before`), since donors see one UPI ID. The rest applies at once.
pub fn held_apart(
    patch: SiteSettingsPatch,
    before: &HashMap<String, String>,
) -> (SiteSettingsPatch, SiteSettingsPatch) {
    let own = before.get("upiId").cloned().unwrap_or_default();
    let (held, at_once): (Vec<_>, Vec<_>) = patch.0.into_iter().partition(|(key, value)| {
        DONATION_DETAILS.contains(key) || upi::foreign_in(value, &own).is_some()
    });
    (SiteSettingsPatch(held), SiteSettingsPatch(at_once))
}

/// In the caller's transaction: the settings of `patch` (the payment details, and any text that
/// names a UPI ID other than the site's) that differ from what applies now are held (merged into a change already waiting, whose hold restarts), or applied at once when
/// `hold` is zero or the site has no real details yet.
pub fn change(
    tx: &Connection,
    patch: &SiteSettingsPatch,
    before: &HashMap<String, String>,
    hold: Duration,
    now: i64,
    actor: (&str, i64),
) -> Result<Outcome, ApiError> {
    let (actor, actor_id) = actor;
    let waiting = db::payment_hold::get(tx)?;
    let changed: Vec<(&'static str, String)> = patch
        .0
        .iter()
        .filter(|(key, value)| {
            let pending = waiting.as_ref().and_then(|held| held.fields.get(*key));
            let now = pending
                .or_else(|| before.get(*key))
                .map_or("", String::as_str);
            now != value
        })
        .cloned()
        .collect();
    if changed.is_empty() {
        return Ok(Outcome::Same(waiting));
    }
    if hold.is_zero() || (waiting.is_none() && db::seed::payment_is_sample(tx)?) {
        apply(tx, changed)?;
        return Ok(Outcome::Applied);
    }
    let mut fields = waiting
        .as_ref()
        .map(|held| held.fields.clone())
        .unwrap_or_default();
    fields.extend(
        changed
            .into_iter()
            .map(|(key, value)| (key.to_owned(), value)),
    );
    let changes = fields
        .iter()
        .map(|(key, new)| Change {
            field: key.clone(),
            old: before.get(key).cloned().unwrap_or_default(),
            new: new.clone(),
        })
        .filter(|change| change.old != change.new)
        .collect::<Vec<_>>();
    if changes.is_empty() {
        // Changed back to what donors see now: nothing waits.
        db::payment_hold::clear(tx)?;
        return Ok(waiting.map_or(Outcome::Same(None), Outcome::Withdrawn));
    }
    let held = Held {
        fields,
        due_at: now + hold.as_secs() as i64,
        actor: actor.to_owned(),
        actor_id: Some(actor_id),
        changes,
        alert_id: None,
    };
    db::payment_hold::set(tx, &held)?;
    Ok(Outcome::Held(held))
}

/// Stores payment details for donors to see, and dates the change on the Support page.
fn apply(tx: &Connection, fields: Vec<(&'static str, String)>) -> Result<(), ApiError> {
    db::site_settings::update(tx, &SiteSettingsPatch(fields))?;
    db::site_settings::donations_changed(tx)
}

/// "27 November 2026 at 11:35 pm (Asia/Kolkata)": in the site's time zone.
pub fn when(due_at: i64) -> String {
    jiff::Timestamp::from_second(due_at)
        .map_or_else(|_| due_at.to_string(), crate::words::site_time)
}

/// `at` (Unix seconds) as the API gives times: "2026-11-29T17:38:00Z".
pub fn iso(at: i64) -> String {
    jiff::Timestamp::from_second(at)
        .map(|at| at.strftime("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}

/// The change waiting, as the Settings screen shows it at `now`; `unheard`: no mail of its alert
/// has reached anyone yet, so it waits on once its hold is over.
pub fn shown(held: &Option<Held>, unheard: bool, now: i64) -> serde_json::Value {
    match held {
        None => serde_json::Value::Null,
        Some(held) => serde_json::json!({
            "takesEffectAt": iso(held.due_at),
            "by": held.actor,
            "changes": held.changes,
            "waitingForAlertMail": unheard && held.due_at <= now,
        }),
    }
}

/// Whether the change `held` waits past its hold because its alert has reached nobody: mailed
/// (or email is on to mail it) and not yet delivered to an `--alert-to` address or to every
/// admin. With email off from start to end, the admin area's Alerts screen is all there is.
pub fn unheard(conn: &Connection, mailer: &Mailer, held: &Held) -> Result<bool, ApiError> {
    alert_unheard(conn, mailer, held.alert_id)
}

/// Whether the mail of the alert `alert` has reached nobody yet, while there is mail to reach
/// them by (see [`unheard`]).
pub fn alert_unheard(
    conn: &Connection,
    mailer: &Mailer,
    alert: Option<i64>,
) -> Result<bool, ApiError> {
    let Some(alert) = alert else {
        return Ok(false);
    };
    let (queued, reached) = db::alerts::mail_state(conn, alert)?;
    if reached {
        return Ok(false);
    }
    let setup = mailer.setup(conn)?;
    Ok(queued || setup.enabled() || mailer.options().server.is_some())
}

/// How often the worker looks for a hold that is over.
const CHECKED_EVERY: Duration = Duration::from_secs(1);

/// Applies each change whose hold is over, on a thread of its own. A failure is logged once,
/// then again at growing intervals while it lasts.
pub fn start(pool: Pool, mailer: Arc<Mailer>, clock: Clock) {
    let spawned = std::thread::Builder::new()
        .name("payment-hold".into())
        .spawn(move || {
            let mut failing = Quiet::default();
            let mut said_unheard = false;
            loop {
                match check(&pool, &mailer, &clock) {
                    Ok(state) => {
                        failing.recovered();
                        let unheard = matches!(state, Due::Unheard);
                        if unheard && !said_unheard {
                            log::warn!(
                                "a held change of the payment details waits past its hold: no \
                                 mail of its alert has reached an admin or an --alert-to \
                                 address yet"
                            );
                        }
                        said_unheard = unheard;
                    }
                    Err(err) => failing.failed(|| {
                        log::error!(
                            "a held change of the payment details could not be applied: {err:?}"
                        )
                    }),
                }
                std::thread::sleep(CHECKED_EVERY);
            }
        });
    if let Err(err) = spawned {
        log::error!("cannot start the payment hold thread: {err}");
    }
}

/// A failure that repeats is logged the first time, then after 2, 4, 8 … more.
#[derive(Default)]
struct Quiet {
    count: u64,
}

impl Quiet {
    fn failed(&mut self, log: impl FnOnce()) {
        self.count += 1;
        if self.count.is_power_of_two() {
            log();
        }
    }

    fn recovered(&mut self) {
        if self.count > 0 {
            log::info!("the payment hold worker works again");
        }
        self.count = 0;
    }
}

/// One look of the worker's: applies the change waiting if its hold is over by `clock` and its
/// alert reached someone. (Tests call it after moving their clock on.)
pub fn check(pool: &Pool, mailer: &Mailer, clock: &Clock) -> Result<Due, ApiError> {
    db::run_here(pool, |conn| apply_due(conn, mailer, clock.now()))
}

/// What the worker found.
#[derive(Debug, PartialEq, Eq)]
pub enum Due {
    Nothing,
    Applied,
    /// The hold is over and the alert has reached nobody yet.
    Unheard,
}

/// Applies the change waiting if its hold is over and its alert reached someone, logged and
/// alerted in the same transaction. Only reads until then: nothing waits most of the time, and a
/// database that cannot be written is no failure while nothing is due.
fn apply_due(conn: &mut Connection, mailer: &Mailer, now: i64) -> Result<Due, ApiError> {
    match db::payment_hold::get(conn)? {
        None => return Ok(Due::Nothing),
        Some(held) if held.due_at > now => return Ok(Due::Nothing),
        Some(held) if unheard(conn, mailer, &held)? => return Ok(Due::Unheard),
        Some(_) => {}
    }
    db::in_transaction(conn, |tx| {
        let Some(held) = db::payment_hold::get(tx)? else {
            return Ok(Due::Nothing);
        };
        if held.due_at > now || unheard(tx, mailer, &held)? {
            return Ok(Due::Nothing);
        }
        let fields = site_setting_keys()
            .filter_map(|key| held.fields.get(key).map(|value| (key, value.clone())))
            .collect();
        let before = db::site_settings::all(tx)?;
        apply(tx, fields)?;
        db::history::keep_settings(tx, &before, &held.actor)?;
        db::payment_hold::clear(tx)?;
        db::audit::record(
            tx,
            &Entry {
                actor_id: None,
                actor: HOLD_OVER.to_owned(),
                address: String::new(),
                action: "payment details took effect".to_owned(),
                target: format!("site settings (changed by {})", held.actor),
                changes: held.changes.clone(),
                kind: Kind::Payment,
            },
        )?;
        let mut alert = Alert::change(
            &held.actor,
            "",
            "the payment details (now shown to donors)",
            &held.changes,
        )
        .weighing(Weight::Pinned);
        alert.subject = "Jyoti site: new payment details now shown to donors".to_owned();
        alerts::raise(tx, &alert, None)?;
        log::info!("the held change of the payment details took effect");
        Ok(Due::Applied)
    })
}

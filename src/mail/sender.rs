//! The outbox's sender: one thread that sends due mail, backs off after a failure (the base
//! wait, then four times longer each time) and gives up after [`MAX_ATTEMPTS`]. Once a mail
//! has left the outbox (or lost its link) it empties the write-ahead log, which still holds the
//! mail's old pages, link and all.

use super::{smtp, Mailer, SmtpServer, MAX_ATTEMPTS};
use crate::db::{self, Pool};
use crate::error::ApiError;
use rusqlite::Connection;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Longest sleep without a bell: a safety net, not a schedule.
const IDLE: Duration = Duration::from_secs(3600);

const DAY_MS: i64 = 24 * 3600 * 1000;

/// The wait before trying again to empty the write-ahead log while readers kept it in use.
const SCRUB_AGAIN: Duration = Duration::from_secs(1);

pub(super) fn start(pool: Pool, mailer: Arc<Mailer>) {
    let spawned = std::thread::Builder::new()
        .name("mail".into())
        .spawn(move || {
            // Whether the write-ahead log may still hold a mail that left the outbox.
            let mut unscrubbed = false;
            loop {
                let sleep = match send_due(&pool, &mailer, &mut unscrubbed) {
                    Ok(sleep) => sleep,
                    Err(err) => {
                        log::error!("the mail sender cannot read the outbox: {err:?}");
                        Duration::from_secs(30)
                    }
                };
                mailer.bell.wait(sleep);
            }
        });
    if let Err(err) = spawned {
        log::error!("cannot start the mail sender: {err}");
    }
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The wait before attempt `attempts + 1`, after `attempts` failed ones (1 or more).
pub(super) fn back_off(base: Duration, attempts: i64) -> Duration {
    let factor = 4u32.saturating_pow(attempts.clamp(1, 12) as u32 - 1);
    base.saturating_mul(factor)
}

/// Sends every mail that is due; answers how long to sleep until the next one is.
fn send_due(pool: &Pool, mailer: &Mailer, unscrubbed: &mut bool) -> Result<Duration, ApiError> {
    let conn = pool.get()?;
    loop {
        *unscrubbed |= db::outbox::forget_old_links(&conn)?;
        let setup = mailer.setup(&conn)?;
        // Email off (or switched off with mail waiting): only mail that names its own server
        // goes; the rest waits for new settings.
        let may = db::outbox::Sendable {
            only_via: !setup.enabled(),
            // Mail other than alerts keeps to its daily budget, so a free mail plan's quota is
            // never spent before an alert needs it.
            only_alerts: db::outbox::routine_sent_today(&conn)?
                >= i64::from(mailer.options.per_day),
        };
        let now = now_ms();
        let Some(mail) = db::outbox::next_due(&conn, now, may)? else {
            let sleep = sleep_until(&conn, now, next_to_send(&conn, now, may)?)?;
            return Ok(scrub(&conn, unscrubbed, sleep));
        };
        let through = match mail.via.as_deref() {
            Some(via) => super::through(via, &mailer.options)?,
            None => None,
        };
        let (Some(server), Some(sender)) = (
            through
                .as_ref()
                .map(|(server, _)| server)
                .or(setup.server.as_ref()),
            through
                .as_ref()
                .map(|(_, sender)| sender)
                .or(setup.sender.as_ref()),
        ) else {
            let sleep = sleep_until(&conn, now, None)?;
            return Ok(scrub(&conn, unscrubbed, sleep));
        };
        let result = deliver(&mail, server, sender, setup.site_address.as_deref());
        match result {
            Ok(()) => {
                db::outbox::sent(&conn, &mail)?;
                *unscrubbed = true;
                let recipients: Vec<&str> = mail.recipients.lines().collect();
                log::info!("mail {} sent to {}", mail.id, recipients.join(", "));
            }
            Err(error) => failed(&conn, mailer, &mail, &error)?,
        }
    }
}

/// When the next mail waiting may go (Unix milliseconds), when nothing is due now: mail held
/// back by the day's budget goes after midnight, UTC.
fn next_to_send(
    conn: &Connection,
    now: i64,
    may: db::outbox::Sendable,
) -> Result<Option<i64>, ApiError> {
    let mut next = db::outbox::next_attempt(conn, may)?;
    if may.only_alerts && db::outbox::routine_waiting(conn)? > 0 {
        // The budget is a UTC day's: the rest goes after midnight.
        let midnight = (now / DAY_MS + 1) * DAY_MS;
        next = Some(next.map_or(midnight, |at| at.min(midnight)));
    }
    Ok(next)
}

/// Sends `mail` through `server` as `sender`; what the outbox stores when it could not.
fn deliver(
    mail: &db::outbox::DueMail,
    server: &SmtpServer,
    sender: &str,
    site: Option<&str>,
) -> Result<(), String> {
    // lettre opens a connection per mail: a club's few mails a day need no more.
    let recipients: Vec<&str> = mail.recipients.lines().collect();
    smtp::message(
        sender,
        &recipients,
        mail.reply_to.as_deref(),
        &mail.subject,
        mail.body.clone(),
        mail.unsubscribe.as_deref(),
    )
    .and_then(|message| {
        let transport = smtp::transport(server, site)?;
        // The outbox screen shows what is stored: what the network said stays in the log,
        // or the screen would tell what listens on each port it is pointed at.
        smtp::send(&transport, &message).map_err(|why| {
            log::warn!("mail {}: the mail server's answer: {why}", mail.id);
            NOT_SENT.to_owned()
        })
    })
}

/// Stores that sending `mail` failed with `error`: it is tried again after a longer wait each
/// time, or given up after [`MAX_ATTEMPTS`].
fn failed(
    conn: &Connection,
    mailer: &Mailer,
    mail: &db::outbox::DueMail,
    error: &str,
) -> Result<(), ApiError> {
    let attempts = mail.attempts + 1;
    let retry_at = (attempts < MAX_ATTEMPTS)
        .then(|| now_ms() + back_off(mailer.options.retry_base, attempts).as_millis() as i64);
    log::warn!(
        "mail {} not sent (attempt {attempts} of {MAX_ATTEMPTS}{}): {error}",
        mail.id,
        if retry_at.is_some() {
            ""
        } else {
            ", giving up"
        }
    );
    db::outbox::attempt_failed(conn, mail.id, error, retry_at)
}

/// Empties the write-ahead log when it may hold a mail that left the outbox, once nothing more
/// is due (one emptying for a batch of mail); `sleep`, or a short wait to try again while
/// readers kept the log in use.
fn scrub(conn: &Connection, unscrubbed: &mut bool, sleep: Duration) -> Duration {
    if *unscrubbed {
        match db::scrub_log(conn) {
            Ok(done) => *unscrubbed = !done,
            Err(err) => log::warn!("cannot empty the write-ahead log after mail went out: {err:?}"),
        }
    }
    if *unscrubbed {
        sleep.min(SCRUB_AGAIN)
    } else {
        sleep
    }
}

/// What the outbox stores when sending failed on the network.
const NOT_SENT: &str = "The mail server could not be reached or did not accept the mail; \
the server's log has the mail server's own answer.";

/// The sleep until `next` (Unix milliseconds), cut short when a waiting reset mail's link
/// expires first: its body must lose the link then, not at the next attempt hours later.
fn sleep_until(conn: &Connection, now: i64, next: Option<i64>) -> Result<Duration, ApiError> {
    let wake = next
        .into_iter()
        .chain(db::outbox::next_link_expiry(conn)?)
        .min();
    Ok(wake.map_or(IDLE, |at| {
        Duration::from_millis((at - now).max(1) as u64).min(IDLE)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_wait_is_four_times_the_one_before() {
        let base = Duration::from_secs(30);
        let waits: Vec<u64> = (1..=5).map(|n| back_off(base, n).as_secs()).collect();
        assert_eq!(waits, [30, 120, 480, 1920, 7680]);
    }
}

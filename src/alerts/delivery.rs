//! Mailing the alerts: one thread that queues the alerts not yet mailed, once email works, to
//! every admin, to the `--alert-to` addresses, and to anyone an alert names besides. The first
//! alert goes at once; alerts that follow within a minute wait for the end of that minute and go
//! as one mail, so a burst of changes is one or two mails and no alert waits longer.

use crate::db::outbox::{Kind, NewMail};
use crate::db::{self, alerts::Undelivered, Pool};
use crate::error::ApiError;
use crate::mail::Mailer;
use std::sync::Arc;
use std::time::Duration;

/// How often the thread looks for alerts: a server command (another process) raises them too.
const POLL: Duration = Duration::from_secs(1);

/// Most alerts one mail carries.
const PER_MAIL: u32 = 100;

pub fn start(pool: Pool, mailer: Arc<Mailer>) {
    let spawned = std::thread::Builder::new()
        .name("alert-mail".into())
        .spawn(move || {
            let mut last_mail = None;
            loop {
                let wait = deliver(&pool, &mailer, &mut last_mail).unwrap_or_else(|err| {
                    log::error!("alerts could not be queued for mail: {err:?}");
                    Duration::from_secs(30)
                });
                std::thread::sleep(wait);
            }
        });
    if let Err(err) = spawned {
        log::error!("cannot start the alert mail thread: {err}");
    }
}

/// Queues the alerts that are due; answers how long to wait before looking again.
/// `last_mail`: when the last alert mail was queued (Unix milliseconds).
fn deliver(
    pool: &Pool,
    mailer: &Mailer,
    last_mail: &mut Option<i64>,
) -> Result<Duration, ApiError> {
    let mut conn = pool.get()?;
    let Some(oldest) = db::alerts::oldest_undelivered(&conn)? else {
        return Ok(POLL);
    };
    let setup = mailer.setup(&conn)?;
    // Email off: held (the admin area shows them meanwhile), unless the command line names a
    // mail server: then only clearing the stored sender turned it off, and the alarm goes on.
    let through_command_line = !setup.enabled() && mailer.options().server.is_some();
    if !setup.enabled() && !through_command_line {
        return Ok(POLL);
    }
    let window = mailer.options().alert_window.as_millis() as i64;
    let now = jiff::Timestamp::now().as_millisecond();
    let due = last_mail.map_or(oldest, |last| oldest.max(last + window));
    if now < due {
        return Ok(Duration::from_millis((due - now) as u64).min(POLL));
    }
    let site = setup.site_address.clone();
    let via = through_command_line.then(|| mailer.command_line_via(&setup));
    let queue = |tx: &rusqlite::Connection, mail: &NewMail| match &via {
        Some(via) => db::outbox::queue_via(tx, mail, via).map(drop),
        None => db::outbox::queue(tx, mail).map(drop),
    };
    // Everything due goes now, a hundred alerts to a mail: no alert waits past its minute.
    loop {
        let done = db::in_transaction(&mut conn, |tx| {
            let batch = db::alerts::undelivered(tx, PER_MAIL)?;
            if batch.is_empty() {
                return Ok(true);
            }
            // One mail each: nobody sees who else is told.
            let admins = db::users::admin_emails(tx)?;
            let told = |address: &str, told: &[String]| {
                told.iter().any(|other| other.eq_ignore_ascii_case(address))
            };
            for admin in &admins {
                queue(tx, &mail_of(&batch, vec![admin.clone()], site.as_deref()))?;
            }
            // The addresses set on the server: in mail the admin area can neither see nor delete.
            for address in &mailer.options().alert_to {
                if !told(address, &admins) {
                    let mut mail = mail_of(&batch, vec![address.clone()], site.as_deref());
                    mail.kind = Kind::ServerAlert;
                    mailer.queue_server_alert(tx, &mail, &setup)?;
                }
            }
            // Anyone an alert names besides (an admin who lost the role) hears of their own.
            let mut named: Vec<String> = Vec::new();
            for alert in &batch {
                for address in alert.also_to.lines() {
                    if !told(address, &admins)
                        && !told(address, &mailer.options().alert_to)
                        && !told(address, &named)
                    {
                        named.push(address.to_owned());
                    }
                }
            }
            for address in named {
                let theirs: Vec<Undelivered> = batch
                    .iter()
                    .filter(|alert| {
                        alert
                            .also_to
                            .lines()
                            .any(|to| to.eq_ignore_ascii_case(&address))
                    })
                    .cloned()
                    .collect();
                queue(tx, &mail_of(&theirs, vec![address], site.as_deref()))?;
            }
            for alert in &batch {
                db::alerts::delivered(tx, alert.id)?;
            }
            Ok(false)
        })?;
        if done {
            break;
        }
    }
    *last_mail = Some(now);
    mailer.wake();
    Ok(Duration::ZERO)
}

/// One mail for the alerts of `batch`, with links to the admin area at the site's address in
/// force when the first of them was raised.
pub fn mail_of(batch: &[Undelivered], recipients: Vec<String>, site_now: Option<&str>) -> NewMail {
    let subject = match batch {
        [one] => one.subject.clone(),
        many => format!("Jyoti site: {} alerts", many.len()),
    };
    let mut body = String::new();
    for alert in batch {
        if batch.len() > 1 {
            let at = alert.at.get(..16).unwrap_or(&alert.at).replace('T', " ");
            body.push_str(&format!("— {} (UTC {at})\n\n", alert.subject));
        }
        body.push_str(&alert.body);
        body.push('\n');
    }
    let site = batch
        .iter()
        .find_map(|alert| alert.site.as_deref())
        .or(site_now);
    if let Some(site) = site {
        body.push_str(&format!(
            "Alerts: {site}/admin/alerts\nActivity: {site}/admin/audit\n"
        ));
    }
    NewMail {
        kind: Kind::Alert,
        recipients,
        reply_to: None,
        subject,
        body,
    }
}

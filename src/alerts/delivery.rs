//! Mailing the alerts: one thread that queues the alerts not yet mailed, once email works, to
//! every admin, to the `--alert-to` addresses, and to anyone an alert names besides. The first
//! alert goes at once; alerts that follow within a minute wait for the end of that minute and go
//! as one mail, so a burst of changes is one or two mails and no alert waits longer.

use super::Weight;
use crate::db::outbox::{Kind, NewMail};
use crate::db::{self, alerts::Undelivered, Pool};
use crate::error::ApiError;
use crate::mail::{MailSetup, Mailer};
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
/// `last_mail`: when the last mail of routine alerts was queued (Unix milliseconds).
fn deliver(
    pool: &Pool,
    mailer: &Mailer,
    last_mail: &mut Option<i64>,
) -> Result<Duration, ApiError> {
    let mut conn = pool.get()?;
    if db::alerts::oldest_undelivered(&conn)?.is_none() {
        return Ok(POLL);
    }
    let setup = mailer.setup(&conn)?;
    // Email off: held (the admin area shows them meanwhile), unless the command line names a
    // mail server: then only clearing the stored sender turned it off, and the alarm goes on.
    let through_command_line = !setup.enabled() && mailer.options().server.is_some();
    if !setup.enabled() && !through_command_line {
        return Ok(POLL);
    }
    let site = setup.site_address.clone();
    // The weighty alerts go at once and first, never merged with the routine ones: a burst of
    // harmless edits cannot push them out of a mail or make them wait.
    let weighty = queue_weighty(&mut conn, mailer, &setup, site.as_deref())?;
    let Some(oldest) = db::alerts::oldest_undelivered_of(&conn, Weight::Routine as i64)? else {
        if weighty {
            mailer.wake();
        }
        return Ok(POLL);
    };
    let window = mailer.options().alert_window.as_millis() as i64;
    let now = jiff::Timestamp::now().as_millisecond();
    let due = last_mail.map_or(oldest, |last| oldest.max(last + window));
    if now < due {
        if weighty {
            mailer.wake();
        }
        return Ok(Duration::from_millis((due - now) as u64).min(POLL));
    }
    let via = through_command_line.then(|| mailer.command_line_via(&setup));
    // Everything due goes now, a hundred alerts to a mail: no alert waits past its minute.
    loop {
        let done = db::in_transaction(&mut conn, |tx| {
            let batch = db::alerts::undelivered_after(tx, Weight::Routine as i64, 0, PER_MAIL)?;
            if batch.is_empty() {
                return Ok(true);
            }
            queue_to_everyone(
                tx,
                mailer,
                &setup,
                &batch,
                site.as_deref(),
                via.as_deref(),
                None,
            )?;
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

/// Queues the pinned alerts not mailed yet, each in a mail of its own through the mail settings
/// in force now (a later change of them does not reroute it), then the serious ones together;
/// whether any was queued.
fn queue_weighty(
    conn: &mut rusqlite::Connection,
    mailer: &Mailer,
    setup: &MailSetup,
    site: Option<&str>,
) -> Result<bool, ApiError> {
    db::in_transaction(conn, |tx| {
        let route = mailer.route(setup);
        let pinned = db::alerts::undelivered_after(tx, Weight::Pinned as i64, 0, u32::MAX)?;
        for alert in &pinned {
            let one = std::slice::from_ref(alert);
            queue_to_everyone(
                tx,
                mailer,
                setup,
                one,
                site,
                route.as_deref(),
                Some(alert.id),
            )?;
            db::alerts::delivered(tx, alert.id)?;
        }
        let mut any = !pinned.is_empty();
        let through_command_line = !setup.enabled() && mailer.options().server.is_some();
        let via = through_command_line.then(|| mailer.command_line_via(setup));
        loop {
            let serious = db::alerts::undelivered_after(tx, Weight::Serious as i64, 0, PER_MAIL)?;
            if serious.is_empty() {
                return Ok(any);
            }
            queue_to_everyone(tx, mailer, setup, &serious, site, via.as_deref(), None)?;
            for alert in &serious {
                db::alerts::delivered(tx, alert.id)?;
            }
            any = true;
        }
    })
}

/// Queues every alert not mailed yet through `route`, the mail settings `old` being replaced:
/// each pinned alert in a mail of its own first, then the serious ones, then the routine ones,
/// the oldest hundred in one mail. They stay to be mailed through the new settings too.
pub fn queue_through_old(
    tx: &rusqlite::Connection,
    mailer: &Mailer,
    old: &MailSetup,
    route: &str,
) -> Result<(), ApiError> {
    let site = old.site_address.as_deref();
    for alert in db::alerts::undelivered_after(tx, Weight::Pinned as i64, 0, u32::MAX)? {
        let one = std::slice::from_ref(&alert);
        queue_to_everyone(tx, mailer, old, one, site, Some(route), Some(alert.id))?;
    }
    let mut after = 0;
    loop {
        let batch = db::alerts::undelivered_after(tx, Weight::Serious as i64, after, PER_MAIL)?;
        let Some(last) = batch.last() else {
            break;
        };
        after = last.id;
        queue_to_everyone(tx, mailer, old, &batch, site, Some(route), None)?;
    }
    // The routine ones: one mail of the oldest hundred, which can no longer hide anything.
    let routine = db::alerts::undelivered_after(tx, Weight::Routine as i64, 0, PER_MAIL)?;
    if !routine.is_empty() {
        queue_to_everyone(tx, mailer, old, &routine, site, Some(route), None)?;
    }
    mailer.wake();
    Ok(())
}

/// Queues one mail of `batch` to every admin, to each `--alert-to` address and to anyone an alert
/// names besides (each only theirs), one address a mail so nobody sees who else is told. `via`:
/// the route every copy takes (else the settings in force when it goes; the `--alert-to` copies
/// through `--smtp-url` when given). `alert`: the one alert `batch` is, whose mail is followed.
pub fn queue_to_everyone(
    tx: &rusqlite::Connection,
    mailer: &Mailer,
    setup: &MailSetup,
    batch: &[Undelivered],
    site: Option<&str>,
    via: Option<&str>,
    alert: Option<i64>,
) -> Result<(), ApiError> {
    let queue = |mail: &NewMail, via: Option<&str>| match (alert, via) {
        (Some(alert), via) => db::outbox::queue_alert(tx, mail, via, alert).map(drop),
        (None, Some(via)) => db::outbox::queue_via(tx, mail, via).map(drop),
        (None, None) => db::outbox::queue(tx, mail).map(drop),
    };
    let admins = db::users::admin_emails(tx)?;
    let told = |address: &str, told: &[String]| {
        told.iter().any(|other| other.eq_ignore_ascii_case(address))
    };
    for admin in &admins {
        queue(&mail_of(batch, vec![admin.clone()], site), via)?;
    }
    // The addresses set on the server: in mail the admin area can neither see nor delete.
    let server_via = via.map(str::to_owned).or_else(|| {
        mailer
            .options()
            .server
            .as_ref()
            .map(|_| mailer.command_line_via(setup))
    });
    let watchers: Vec<&String> = mailer
        .options()
        .alert_to
        .iter()
        .filter(|address| !told(address, &admins))
        .collect();
    if !watchers.is_empty() {
        let mut mail = for_watchers(tx, mail_of(batch, Vec::new(), site))?;
        mail.kind = Kind::ServerAlert;
        for address in watchers {
            mail.recipients = vec![address.clone()];
            queue(&mail, server_via.as_deref())?;
        }
    }
    // Anyone an alert names besides (an admin who lost the role) hears of their own.
    let mut named: Vec<String> = Vec::new();
    for alert in batch {
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
        queue(&mail_of(&theirs, vec![address], site), via)?;
    }
    Ok(())
}

/// The alerts' mail as an address set on the server (`--alert-to`) reads it: someone who cannot
/// sign in, so it says whom to call (the admins, by name) and when a held change of the payment
/// details reaches donors, instead of what an admin should do.
fn for_watchers(tx: &rusqlite::Connection, mut mail: NewMail) -> Result<NewMail, ApiError> {
    let admins = db::users::admins_named(tx)?.join("\n  ");
    let held = db::payment_hold::get(tx)?.map(|held| {
        format!(
            "New payment details wait: donors see them from {}, unless an admin cancels the \
             change first.\n",
            crate::payment_hold::when(held.due_at)
        )
    });
    let what_to_do = format!(
        "\nYou get this because your address is set on the Jyoti site's server to hear of such \
         changes; you cannot sign in to the site. If you do not know of this change, call or \
         write to the site's admins at once:\n  {admins}\nAny of them can undo it.\n"
    );
    mail.body = mail.body.replace(super::IF_NOBODY, &what_to_do);
    // The admin area's links are no use to someone who cannot sign in.
    if let Some(at) = mail.body.find("Alerts: ") {
        mail.body.truncate(at);
    }
    if let Some(held) = held {
        mail.body.push_str(&held);
    }
    Ok(mail)
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
            let at = alert
                .at
                .parse::<jiff::Timestamp>()
                .map_or_else(|_| alert.at.clone(), crate::words::site_time);
            body.push_str(&format!("— {} ({at})\n\n", alert.subject));
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
        if batch
            .iter()
            .any(|alert| alert.subject.contains("payment details"))
        {
            body.push_str(&format!(
                "The payment details, and any change waiting: {site}/admin/settings#payment-hold\n"
            ));
        }
    }
    NewMail {
        kind: Kind::Alert,
        recipients,
        reply_to: None,
        subject,
        body,
    }
}

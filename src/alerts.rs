//! Alerts that reach a person: a problem of `/healthz` that has lasted a day (backups failing, the
//! disk nearly full, the HTTPS certificate not renewed) is mailed to every admin, once a day
//! while it lasts, when email works.
//!
//! When each problem began and when it was last mailed are kept in the `settings` table, so a
//! server restarted daily still counts the day.
//!
//! Also here: a role given by a server command while the server runs (`create-admin`), read
//! from the activity log, is mailed as a role changed in the admin area is (see `audit::alert`).

use crate::db::{self, settings};
use crate::error::ApiError;
use crate::health::{Report, State};
use crate::state::AppState;
use actix_web::web;
use rusqlite::Connection;
use std::time::Duration;

/// The checks whose problems are mailed. A database that cannot be written cannot queue or
/// record anything, and mail that does not go out cannot tell about itself: those two show on
/// the banner and in `/healthz` only.
const MAILED: [&str; 4] = ["disk", "backups", "offsite", "https"];

/// A problem is mailed again after this long while it lasts.
const AGAIN_AFTER: Duration = Duration::from_secs(24 * 3600);

/// Checks every `after / 4` (at most hourly) and mails the problems that have lasted `after`.
pub fn start(state: web::Data<AppState>, after: Duration) {
    let every = (after / 4).clamp(Duration::from_millis(100), Duration::from_secs(3600));
    let spawned = std::thread::Builder::new()
        .name("alerts".into())
        .spawn(move || loop {
            std::thread::sleep(every);
            let report = state.health.report(&state.pool, &state.mail);
            if let Err(err) = mail_lasting_problems(&state, &report, after) {
                log::warn!("alerts: {err:?}");
            }
        });
    if let Err(err) = spawned {
        log::error!("cannot start the alerts thread: {err}");
    }
}

/// How often the server looks for role changes made by its commands.
const COMMANDS_CHECKED_EVERY: Duration = Duration::from_secs(10);

/// The newest activity log entry already looked at for role changes made by a command.
const COMMANDS_SEEN: &str = "alerted_commands_upto";

/// Mails the admins about roles given by a server command (`create-admin` while the server
/// runs), as a role changed in the admin area is: the command cannot know how this server sends
/// mail, so the server reads the activity log's new entries every few seconds.
pub fn start_command_alerts(state: web::Data<AppState>) {
    // Once before the server answers anything, so what a command does from now on is news.
    let mut seen = None;
    let mut check = move |state: &AppState| {
        if let Err(err) = alert_command_roles(state, &mut seen) {
            log::warn!("alerts about commands: {err:?}");
        }
    };
    check(&state);
    let spawned = std::thread::Builder::new()
        .name("command-alerts".into())
        .spawn(move || loop {
            std::thread::sleep(COMMANDS_CHECKED_EVERY);
            check(&state);
        });
    if let Err(err) = spawned {
        log::error!("cannot start the command alerts thread: {err}");
    }
}

/// Alerts about the role changes of the command entries after `seen` (the newest entry looked
/// at, kept here and written to the database only when a command's entry was found).
fn alert_command_roles(state: &AppState, seen: &mut Option<i64>) -> Result<(), ApiError> {
    let conn = state.pool.get()?;
    let newest = db::audit::newest_id(&conn)?;
    let from = match *seen {
        Some(from) => from,
        None => match settings::get(&conn, COMMANDS_SEEN)?.and_then(|id| id.parse().ok()) {
            Some(from) => from,
            // At the first start, what came before (the first admin, made before the site
            // ran) is old news.
            None => {
                settings::set(&conn, COMMANDS_SEEN, &newest.to_string())?;
                newest
            }
        },
    };
    *seen = Some(newest.max(from));
    if newest <= from {
        return Ok(());
    }
    let entries = db::audit::by_commands(&conn, from, newest)?;
    if entries.is_empty() {
        return Ok(());
    }
    for entry in entries {
        let roles: Vec<_> = entry
            .changes
            .into_iter()
            .filter(|c| c.field == "role")
            .collect();
        if roles.is_empty() {
            continue;
        }
        let target = entry.target;
        let user = target
            .strip_prefix("user ")
            .and_then(|id| id.parse().ok())
            .map(|id| db::users::find(&conn, id))
            .transpose()?
            .flatten();
        let who = user.map_or(target, |user| user.named());
        crate::audit::alert(
            &state.mail,
            &conn,
            "A server command (create-admin)",
            "the server itself",
            &format!("the role of {who}"),
            &roles,
        );
    }
    settings::set(&conn, COMMANDS_SEEN, &newest.to_string())?;
    Ok(())
}

fn mail_lasting_problems(
    state: &AppState,
    report: &Report,
    after: Duration,
) -> Result<(), ApiError> {
    let mut conn = state.pool.get()?;
    let now = jiff::Timestamp::now().as_second();
    let due = due(&mut conn, report, now, after)?;
    if due.is_empty() {
        return Ok(());
    }
    let setup = state.mail.setup(&conn)?;
    if !setup.enabled() {
        return Ok(());
    }
    let admins = db::users::admin_emails(&conn)?;
    for (name, message, since) in due {
        let subject = format!("The Jyoti site needs attention: {} for a day", topic(name));
        let body = alert_body(&message, since, setup.site_address.as_deref());
        // One message per admin: nobody's address is shown to the others.
        let sent: Vec<_> = admins
            .iter()
            .map(|admin| crate::mail::send_now(&setup, admin, &subject, body.clone()))
            .collect();
        match sent.iter().find_map(|result| result.as_ref().err()) {
            None => {
                settings::set(&conn, &mailed_key(name), &now.to_string())?;
                log::info!("alert about {name} mailed to {} admin(s)", admins.len());
            }
            // Not marked as mailed: tried again at the next check.
            Some(err) => log::warn!("the alert about {name} could not be mailed: {err}"),
        }
    }
    Ok(())
}

/// What a mailed check's problem is, in the words of an alert's subject.
fn topic(name: &str) -> &'static str {
    match name {
        "disk" => "the disk nearly full",
        "backups" => "backups failing",
        "offsite" => "off-site copies failing",
        "https" => "HTTPS certificate renewal failing",
        _ => "a problem",
    }
}

fn since_key(name: &str) -> String {
    format!("alert_since:{name}")
}

fn mailed_key(name: &str) -> String {
    format!("alert_mailed:{name}")
}

/// Notes when each mailed check's problem began (and forgets a problem that is over); answers
/// the problems that have lasted `after` and were not mailed in the last day: name, sentence,
/// and since when (Unix seconds).
fn due(
    conn: &mut Connection,
    report: &Report,
    now: i64,
    after: Duration,
) -> Result<Vec<(&'static str, String, i64)>, ApiError> {
    db::in_transaction(conn, |conn| {
        let mut due = Vec::new();
        for (name, check) in report.named() {
            if !MAILED.contains(&name) {
                continue;
            }
            if check.state == State::Ok {
                settings::remove(conn, &since_key(name))?;
                settings::remove(conn, &mailed_key(name))?;
                continue;
            }
            let since: i64 = settings::get_or_insert(conn, &since_key(name), &now.to_string())?
                .parse()
                .unwrap_or(now);
            let mailed: Option<i64> =
                settings::get(conn, &mailed_key(name))?.and_then(|at| at.parse().ok());
            let lasting = now - since >= after.as_secs() as i64;
            let mailed_lately = mailed.is_some_and(|at| now - at < AGAIN_AFTER.as_secs() as i64);
            if lasting && !mailed_lately {
                due.push((name, check.message.clone(), since));
            }
        }
        Ok(due)
    })
}

fn alert_body(message: &str, since: i64, site: Option<&str>) -> String {
    let began = jiff::Timestamp::from_second(since).map_or_else(
        |_| since.to_string(),
        |t| t.strftime("%Y-%m-%d %H:%M UTC").to_string(),
    );
    let mut body = format!(
        "A problem with the Jyoti site has lasted since {began}:\n\n{message}\n\n\
         The admin area shows it at the top of every screen until it is solved. Every admin gets \
         this email once a day while it lasts.\n"
    );
    if let Some(site) = site {
        body.push_str(&format!("\nAdmin area: {site}/admin\n"));
    }
    body
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::health::Check;

    fn report(backups: State) -> Report {
        let check = |state| Check {
            state,
            message: "Backups fail".into(),
        };
        Report {
            database: check(State::Ok),
            disk: check(State::Ok),
            backups: check(backups),
            offsite: check(State::Ok),
            mail: check(State::Fail),
            https: check(State::Ok),
        }
    }

    fn database() -> (tempfile::TempDir, Connection) {
        let dir = tempfile::tempdir().unwrap();
        let mut conn = Connection::open(dir.path().join("a.db")).unwrap();
        db::migrations::migrate(&mut conn).unwrap();
        (dir, conn)
    }

    #[test]
    fn a_problem_is_due_once_it_has_lasted_and_then_once_a_day() {
        let (_dir, mut conn) = database();
        let day = Duration::from_secs(86_400);
        let names = |due: Vec<(&'static str, String, i64)>| {
            due.into_iter().map(|d| d.0).collect::<Vec<_>>()
        };
        let failing = report(State::Fail);
        assert!(
            due(&mut conn, &failing, 1_000, day).unwrap().is_empty(),
            "just began"
        );
        let later = 1_000 + 86_400;
        assert_eq!(
            names(due(&mut conn, &failing, later, day).unwrap()),
            ["backups"]
        );
        settings::set(&conn, &mailed_key("backups"), &later.to_string()).unwrap();
        assert!(
            due(&mut conn, &failing, later + 3600, day)
                .unwrap()
                .is_empty(),
            "mailed today"
        );
        assert_eq!(
            names(due(&mut conn, &failing, later + 86_400, day).unwrap()),
            ["backups"]
        );
        assert!(due(&mut conn, &report(State::Ok), later + 86_401, day)
            .unwrap()
            .is_empty());
        let again = later + 90_000;
        assert!(
            due(&mut conn, &failing, again, day).unwrap().is_empty(),
            "a new problem starts its own day"
        );
    }
}

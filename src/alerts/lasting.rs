//! The problems of `/healthz` that last a day (backups failing, the disk nearly full, the HTTPS
//! certificate not renewed) become an alert, once a day while they last.
//!
//! When each problem began and when it was last alerted are kept in the `settings` table, so a
//! server restarted daily still counts the day.

use super::Alert;
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
            log::debug!("checked for lasting problems");
        });
    if let Err(err) = spawned {
        log::error!("cannot start the alerts thread: {err}");
    }
}

fn mail_lasting_problems(
    state: &AppState,
    report: &Report,
    after: Duration,
) -> Result<(), ApiError> {
    let mut conn = state.pool.get()?;
    let now = jiff::Timestamp::now().as_second();
    let site = state.mail.setup(&conn)?.site_address;
    let raised = db::in_transaction(&mut conn, |tx| {
        let due = due(tx, report, now, after)?;
        for (name, message, since) in &due {
            let alert = Alert {
                subject: format!("The Jyoti site needs attention: {} for a day", topic(name)),
                body: alert_body(message, *since),
                ..Alert::default()
            };
            super::raise(tx, &alert, site.as_deref())?;
            settings::set(tx, &mailed_key(name), &now.to_string())?;
        }
        Ok(due.len())
    })?;
    if raised > 0 {
        log::info!("{raised} lasting problem(s) raised as alerts");
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
    conn: &Connection,
    report: &Report,
    now: i64,
    after: Duration,
) -> Result<Vec<(&'static str, String, i64)>, ApiError> {
    {
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
    }
}

fn alert_body(message: &str, since: i64) -> String {
    let began = jiff::Timestamp::from_second(since).map_or_else(
        |_| since.to_string(),
        |t| t.strftime("%Y-%m-%d %H:%M UTC").to_string(),
    );
    format!(
        "A problem with the Jyoti site has lasted since {began}:\n\n{message}\n\n\
         The admin area shows it at the top of every screen until it is solved. Every admin is \
         alerted once a day while it lasts.\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::health::Check;

    fn report(backups: State) -> Report {
        let check = |state| Check::new(state, "Backups fail");
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
        let (_dir, conn) = database();
        let day = Duration::from_secs(86_400);
        let names = |due: Vec<(&'static str, String, i64)>| {
            due.into_iter().map(|d| d.0).collect::<Vec<_>>()
        };
        let failing = report(State::Fail);
        assert!(
            due(&conn, &failing, 1_000, day).unwrap().is_empty(),
            "just began"
        );
        let later = 1_000 + 86_400;
        assert_eq!(
            names(due(&conn, &failing, later, day).unwrap()),
            ["backups"]
        );
        settings::set(&conn, &mailed_key("backups"), &later.to_string()).unwrap();
        assert!(
            due(&conn, &failing, later + 3600, day).unwrap().is_empty(),
            "mailed today"
        );
        assert_eq!(
            names(due(&conn, &failing, later + 86_400, day).unwrap()),
            ["backups"]
        );
        assert!(due(&conn, &report(State::Ok), later + 86_401, day)
            .unwrap()
            .is_empty());
        let again = later + 90_000;
        assert!(
            due(&conn, &failing, again, day).unwrap().is_empty(),
            "a new problem starts its own day"
        );
    }
}

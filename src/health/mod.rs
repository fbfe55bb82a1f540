//! What `/healthz` and the admin area's banner report: each check of the running site (database,
//! disk, backups, off-site copies, mail, HTTPS) with its state and a sentence saying what to do.
//!
//! Nobody reads this server's log, so a problem must show where people look: an uptime monitor
//! gets 503 when the site cannot save, the admins see a banner, and a problem that lasts a day
//! is mailed to them (see `alerts`).

mod disk;

use crate::backups::Backups;
use crate::db::{self, Pool};
use crate::error::ApiError;
use crate::offsite::Uploads as Offsite;
use crate::words::{age_in_words, in_words};
use disk::{disk, free_space, Space, FULL_DISK_BYTES};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

/// A check's verdict: `warn` needs attention soon, `fail` now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Ok,
    Warn,
    Fail,
}

/// One check: its state and a sentence for a volunteer (what is wrong, what to do). A job that
/// is not set up at all (no backups, no bucket, plain HTTP) is `ok` with `off: true`, so an
/// uptime monitor stays quiet while the dashboard says "off" and what turning it on takes.
#[derive(Debug, Clone, Serialize)]
pub struct Check {
    pub state: State,
    pub message: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub off: bool,
    /// For a job that is off: the heading of the volunteer's guide ([`GUIDE_PATH`]) that says
    /// how to turn it on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guide: Option<&'static str>,
}

/// Where the site serves the volunteer's guide (`docs/running.md`), for the dashboard's links.
pub const GUIDE_PATH: &str = "/docs/running.md";
/// The volunteer's guide, served as plain text: Markdown reads as it is.
pub const GUIDE: &str = include_str!("../../docs/running.md");

/// The guide's headings that say how to turn on each job that may be off.
const BACKUPS_GUIDE: &str = "Where the data lives, and backups";
const OFFSITE_GUIDE: &str = "5. Off-site copies";
const HTTPS_GUIDE: &str = "3. HTTPS: by jyoti itself, or behind Caddy or nginx";
const MAIL_GUIDE: &str = "Email";

impl Check {
    fn ok(message: impl Into<String>) -> Check {
        Check::new(State::Ok, message)
    }
    /// Not set up: what turning it on takes, and the guide's heading that says more.
    fn off(message: impl Into<String>, guide: &'static str) -> Check {
        Check {
            off: true,
            guide: Some(guide),
            ..Check::ok(message)
        }
    }
    fn warn(message: impl Into<String>) -> Check {
        Check::new(State::Warn, message)
    }
    fn fail(message: impl Into<String>) -> Check {
        Check::new(State::Fail, message)
    }
    pub fn new(state: State, message: impl Into<String>) -> Check {
        Check {
            state,
            message: message.into(),
            off: false,
            guide: None,
        }
    }
}

/// The names of the checks, in the order they are reported.
pub const CHECKS: [&str; 6] = ["database", "disk", "backups", "offsite", "mail", "https"];

/// Every check, by name in the order of [`CHECKS`].
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub database: Check,
    pub disk: Check,
    pub backups: Check,
    pub offsite: Check,
    pub mail: Check,
    pub https: Check,
}

impl Report {
    /// The checks with their names, in the order of [`CHECKS`].
    pub fn named(&self) -> [(&'static str, &Check); 6] {
        [
            ("database", &self.database),
            ("disk", &self.disk),
            ("backups", &self.backups),
            ("offsite", &self.offsite),
            ("mail", &self.mail),
            ("https", &self.https),
        ]
    }

    /// The site can save: the one check an uptime monitor's 503 stands for.
    pub fn writable(&self) -> bool {
        self.database.state != State::Fail
    }
}

const DISK_FULL: &str =
    "The disk is full, so the site cannot save anything: free space on the server (old backups, logs).";

/// How long a write probe's answer stands: `/healthz` polled in a loop costs one small write
/// every few seconds, not one per request.
const PROBE_FOR: Duration = Duration::from_secs(2);

/// A pending mail this old, or tried this often, is stuck.
const STUCK_MAIL_AFTER_MS: i64 = 6 * 3600 * 1000;

/// What the checks read: the database file, the backup schedule and the HTTPS site.
pub struct Health {
    database: PathBuf,
    backups: Option<Arc<Backups>>,
    offsite: Option<Arc<Offsite>>,
    https: Option<Arc<crate::https::Site>>,
    /// The last write probe: when, what it found, and whether the disk was full.
    probed: Mutex<Option<(Instant, Probe)>>,
}

#[derive(Clone)]
struct Probe {
    check: Check,
    disk_full: bool,
}

impl Probe {
    fn disk_full() -> Probe {
        Probe {
            check: Check::fail(DISK_FULL),
            disk_full: true,
        }
    }
    fn failed(message: String) -> Probe {
        Probe {
            check: Check::fail(message),
            disk_full: false,
        }
    }
}

impl Health {
    pub fn new(
        database: PathBuf,
        backups: Option<&crate::config::BackupPlan>,
        offsite: Option<Arc<crate::offsite::Offsite>>,
        https: Option<Arc<crate::https::Site>>,
        pool: Option<Pool>,
    ) -> Health {
        Health {
            database,
            backups: backups.map(|plan| Arc::new(Backups::new(plan.dir.clone(), plan.every))),
            offsite: offsite.map(|target| Arc::new(Offsite::new(target, pool.clone()))),
            https,
            probed: Mutex::new(None),
        }
    }

    /// Every check, now. Runs file-system calls and a small write: call it on the blocking pool.
    pub fn report(&self, pool: &Pool, mail: &crate::mail::Mailer) -> Report {
        let space = free_space(self.folder());
        let (mail, site_address) = mail_check(pool, mail);
        Report {
            database: self.probed(pool, space).check,
            disk: disk(space),
            backups: self.backups_check(),
            offsite: self.offsite_check(),
            mail,
            https: self.https_check(site_address.as_deref()),
        }
    }

    /// Whether the database takes a write now: an error saying why not (a full disk is
    /// [`ApiError::DiskFull`]), for calls that must not answer before they could store.
    pub fn writable(&self, pool: &Pool) -> Result<(), ApiError> {
        let probe = self.probed(pool, free_space(self.folder()));
        match probe.check.state {
            State::Fail if probe.disk_full => Err(ApiError::DiskFull(probe.check.message)),
            State::Fail => Err(ApiError::Unavailable(probe.check.message)),
            _ => Ok(()),
        }
    }

    fn folder(&self) -> &Path {
        match self.database.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        }
    }

    /// The database file and its write-ahead log can be written (not made read-only), the disk
    /// has room, and a real write commits. The file and space checks are a few system calls and
    /// run every time, so a file made read-only or a disk that filled up shows at once; only the
    /// real write's answer stands for [`PROBE_FOR`].
    fn probed(&self, pool: &Pool, space: Option<Space>) -> Probe {
        if let Some(refused) = self.files_refuse(space) {
            log::warn!("health check: {}", refused.check.message);
            return refused;
        }
        let mut probed = self.probed.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((at, probe)) = probed.as_ref() {
            if at.elapsed() < PROBE_FOR {
                return probe.clone();
            }
        }
        let probe = self.probe(pool);
        if probe.check.state == State::Fail {
            log::warn!("health check: {}", probe.check.message);
        }
        *probed = Some((Instant::now(), probe.clone()));
        probe
    }

    /// Why the database cannot take a write without trying one: a full disk, or a database file
    /// (or its write-ahead log) that cannot be written.
    fn files_refuse(&self, space: Option<Space>) -> Option<Probe> {
        if space.is_some_and(|space| space.free < FULL_DISK_BYTES) {
            return Some(Probe::disk_full());
        }
        let wal = PathBuf::from(format!("{}-wal", self.database.display()));
        for file in [&self.database, &wal] {
            // Asked without opening the file: closing any descriptor of the database file would
            // drop SQLite's locks on it. (`access` also refuses an immutable file, even to root.)
            if file.exists() && !crate::files::can_write(file) {
                return Some(Probe::failed(format!(
                    "The database file {} cannot be written, so the site cannot save anything: make it writable for the user that runs jyoti (chattr -i, chown).",
                    file.file_name().map_or_else(|| file.display().to_string(), |n| n.to_string_lossy().into_owned())
                )));
            }
        }
        None
    }

    /// A real write through the health probe's own connection.
    fn probe(&self, pool: &Pool) -> Probe {
        match pool.probe_write() {
            Ok(()) => Probe {
                check: Check::ok("The database takes writes."),
                disk_full: false,
            },
            Err(ApiError::DiskFull(_)) => Probe::disk_full(),
            Err(err) => {
                log::warn!("health check: the database write probe failed: {err:?}");
                Probe::failed("The database cannot be written, so the site cannot save anything: see the server's log.".into())
            }
        }
    }

    /// The scheduled backups' status, when `serve` runs them.
    pub fn backups(&self) -> Option<&Arc<Backups>> {
        self.backups.as_ref()
    }

    /// The off-site copies' status, when they are set up.
    pub fn offsite(&self) -> Option<&Arc<Offsite>> {
        self.offsite.as_ref()
    }

    fn offsite_check(&self) -> Check {
        let Some(offsite) = &self.offsite else {
            return Check::off("Off-site copies are off: to keep encrypted copies in a bucket away from this server, set the JYOTI_OFFSITE_* values in /etc/default/jyoti and restart.", OFFSITE_GUIDE);
        };
        let Some(backups) = &self.backups else {
            return Check::warn("Off-site copies upload the scheduled backups, and there are none: start the server with --backup-dir.");
        };
        let newest = *offsite.newest.lock().unwrap_or_else(|p| p.into_inner());
        // `/healthz` is public: the error, which names the bucket, stays in the log.
        if let Some(since) = failing_for(&offsite.failing_since) {
            let age = match newest.and_then(|at| SystemTime::now().duration_since(at).ok()) {
                Some(age) => format!("The newest off-site copy is {} old.", age_in_words(age)),
                None => "No off-site copy has been uploaded yet.".to_owned(),
            };
            return Check::fail(format!(
                "Uploads of off-site copies have failed for {since}: check the bucket, its key and the network (the server's log says why). {age}"
            ));
        }
        newest_copy("off-site copy", newest, backups.every)
    }

    fn backups_check(&self) -> Check {
        let Some(backups) = &self.backups else {
            return Check::off("Scheduled backups are off: to keep a copy every day, start the server with --backup-dir (JYOTI_BACKUP_DIR in /etc/default/jyoti).", BACKUPS_GUIDE);
        };
        // `/healthz` is public: the error, which names the server's folders, stays in the log.
        if let Some(since) = failing_for(&backups.failing_since) {
            return Check::fail(format!(
                "Scheduled backups have failed for {since}: check the backup folder's space and owner (the server's log says why)."
            ));
        }
        newest_copy(
            "backup",
            crate::backups::newest(&backups.dir),
            backups.every,
        )
    }

    /// `site_address`: the address the site is known by, which says whether a proxy in front
    /// serves HTTPS when jyoti does not.
    fn https_check(&self, site_address: Option<&str>) -> Check {
        let Some(site) = &self.https else {
            return match site_address {
                Some(address) if address.starts_with("https://") => Check::ok(format!(
                    "Served by the proxy in front of jyoti, as the site address {address} says."
                )),
                _ => Check::off("HTTPS is off: the site runs on plain HTTP. Start the server with --domain (JYOTI_DOMAIN) for a free certificate, or put Caddy or nginx in front and set the site address to https://…", HTTPS_GUIDE),
            };
        };
        let renewal = site.renewal_error();
        match (site.days_left(), renewal) {
            (None, Some(error)) => Check::fail(format!(
                "There is no HTTPS certificate yet: {error}. Check that the domain's DNS points at this server and ports 80 and 443 are open."
            )),
            (None, None) => Check::warn("The HTTPS certificate is being requested."),
            (Some(days), _) if days < 3 => Check::fail(format!(
                "The HTTPS certificate ends in {days} days and has not been renewed: check the server's log."
            )),
            (Some(days), Some(error)) => Check::warn(format!(
                "Renewing the HTTPS certificate failed ({error}); the current one lasts {days} more days."
            )),
            (Some(days), None) if days < 14 => Check::warn(format!(
                "The HTTPS certificate ends in {days} days; it should have been renewed by now."
            )),
            (Some(days), None) => Check::ok(format!("The HTTPS certificate is valid for {days} more days.")),
        }
    }
}

/// How long the job whose first failure in a row is kept in `slot` has failed ("2 hours"), if it
/// is failing.
fn failing_for(slot: &Mutex<Option<SystemTime>>) -> Option<String> {
    let since = (*slot.lock().unwrap_or_else(|p| p.into_inner()))?;
    let age = SystemTime::now().duration_since(since).unwrap_or_default();
    Some(age_in_words(age.max(Duration::from_secs(1))))
}

/// A copy made every `every` (a backup, an off-site copy): none yet, half an interval late, or
/// recent enough.
fn newest_copy(what: &str, newest: Option<SystemTime>, every: Duration) -> Check {
    match newest.and_then(|at| SystemTime::now().duration_since(at).ok()) {
        None => Check::warn(format!(
            "No {what} has been made yet; the first one is under way."
        )),
        Some(age) if age > every + every / 2 => Check::warn(format!(
            "The newest {what} is {} old, though one is due every {}: check the server's log.",
            age_in_words(age),
            in_words(every)
        )),
        Some(age) => Check::ok(format!("The newest {what} is {} old.", age_in_words(age))),
    }
}

/// The mail check, and the site address in force (for the HTTPS check).
fn mail_check(pool: &Pool, mail: &crate::mail::Mailer) -> (Check, Option<String>) {
    let now = jiff::Timestamp::now().as_millisecond();
    let stuck_before = now - STUCK_MAIL_AFTER_MS;
    let read = pool.get().map_err(ApiError::from).and_then(|conn| {
        let setup = mail.setup(&conn)?;
        let spent = db::outbox::routine_sent_today(&conn)? >= i64::from(mail.options().per_day);
        let held = if spent {
            db::outbox::routine_waiting(&conn)?
        } else {
            0
        };
        Ok((
            setup.enabled(),
            db::outbox::troubles(&conn, stuck_before)?,
            setup.site_address,
            held,
        ))
    });
    let site_address = read.as_ref().ok().and_then(|read| read.2.clone());
    let per_day = mail.options().per_day;
    let check = match read.map(|(enabled, troubles, _, held)| (enabled, troubles, held)) {
        Err(err) => {
            log::warn!("health check: cannot read the outbox: {err:?}");
            Check::warn("The outbox cannot be read: see the server's log.")
        }
        _ if mail.missing().is_some() => Check::warn(mail.missing().unwrap_or_default()),
        Ok((false, _, _)) => Check::off("Email is off: to send password links and alerts, set a mail server on the Email screen.", MAIL_GUIDE),
        Ok((_, troubles, _)) if troubles.refused_alerts > 0 => Check::warn(format!(
            "The mail server refuses alert emails: {} wait to be tried again. Check its \
             settings and its daily quota (Email → Outbox shows its answer).",
            troubles.refused_alerts
        )),
        Ok((true, troubles, _)) if troubles.failed > 0 => Check::warn(format!(
            "{} email(s) could not be sent: see Email → Outbox in the admin area, fix the mail server settings and retry.",
            troubles.failed
        )),
        Ok((true, troubles, _)) if troubles.stuck > 0 => Check::warn(format!(
            "{} email(s) have waited hours to go out: check the mail server settings on the Email screen.",
            troubles.stuck
        )),
        Ok((true, _, held)) if held > 0 => Check::warn(format!(
            "Today's budget of {per_day} emails besides alerts is spent: {held} email(s) wait \
             for tomorrow (UTC), and alerts still go. If the mail plan allows more, raise \
             --mail-per-day."
        )),
        Ok((true, _, _)) => Check::ok("Email is going out."),
    };
    (check, site_address)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_guide_an_off_check_names_is_a_heading_of_the_guide() {
        for heading in [BACKUPS_GUIDE, OFFSITE_GUIDE, HTTPS_GUIDE, MAIL_GUIDE] {
            assert!(
                GUIDE
                    .lines()
                    .any(|line| line.starts_with('#')
                        && line.trim_start_matches('#').trim() == heading),
                "docs/running.md has no heading {heading:?}"
            );
        }
    }
}

//! Email: which mail server and addresses apply (the command line's, else the admin area's),
//! the mail the site writes (a new contact message, a password-reset link), and the outbox's
//! sender, which wakes when mail is queued.
//!
//! Mail is only ever queued in the `outbox` table by a request and sent by the sender's own
//! thread, so a slow or absent mail server never holds up a page, and nothing is lost while it
//! is down. Without a mail server and a sender address email is off: nothing is queued.

mod followers;
mod letters;
pub mod remembered;
pub mod security;
mod sender;
mod smtp;

use crate::db::mail_settings::StoredMail;
use crate::db::{self, Pool};
use crate::domain::{Email, SmtpServer};
use crate::error::ApiError;
use rusqlite::Connection;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

pub use letters::{LinkMail, NOTIFICATIONS_PER_HOUR};
pub use smtp::{check_server, send_now, send_test};

/// The email options of the command line.
#[derive(Debug, Clone)]
pub struct MailOptions {
    /// `--smtp-url`: wins over the server stored in the admin area.
    pub server: Option<SmtpServer>,
    /// `--mail-from`: wins over the sender address stored in the admin area.
    pub from: Option<Email>,
    /// The wait after the first failed attempt; each later one waits four times longer.
    pub retry_base: Duration,
    /// `--alert-to`: every alert is mailed here too.
    pub alert_to: Vec<String>,
    /// Alerts that follow a mailed one within this long are merged into one mail at its end.
    pub alert_window: Duration,
    /// `--mail-per-day`: the most mails other than alerts sent in a UTC day; the rest wait for
    /// the next day, and alerts always go.
    pub per_day: u32,
}

impl Default for MailOptions {
    fn default() -> MailOptions {
        MailOptions {
            server: None,
            from: None,
            retry_base: Duration::from_secs(30),
            alert_to: Vec::new(),
            alert_window: Duration::from_secs(60),
            per_day: DEFAULT_PER_DAY,
        }
    }
}

/// Mails other than alerts a day, unless `--mail-per-day` says otherwise: well under the free
/// plans of the common mail services (300 to 500 a day), so alerts always have room.
pub const DEFAULT_PER_DAY: u32 = 200;

/// How many times a mail is tried before it is marked failed (with the default back-off, the
/// last try is about two days after the first).
pub const MAX_ATTEMPTS: i64 = 8;

/// What applies now: the command line's settings over the stored ones. (No `Debug`: it holds the
/// SMTP password, which no log line may show.)
#[derive(Clone)]
pub struct MailSetup {
    pub server: Option<SmtpServer>,
    pub sender: Option<String>,
    /// Where contact messages go; `None`: to every admin.
    pub contact_to: Option<String>,
    /// The site's public address for links, without a trailing `/`.
    pub site_address: Option<String>,
    pub server_from_command_line: bool,
    pub sender_from_command_line: bool,
    pub site_address_from_command_line: bool,
    /// What the admin area stored (its password is never shown).
    pub stored: StoredMail,
}

impl MailSetup {
    /// Email is on: there is a server to send through and an address to send from.
    pub fn enabled(&self) -> bool {
        self.server.is_some() && self.sender.is_some()
    }

    /// Reset links can be sent: email is on and the site's address is known.
    pub fn resets_enabled(&self) -> bool {
        self.enabled() && self.site_address.is_some()
    }
}

/// The email side of the running server: its command-line options, the site's address from
/// `--domain`, and the bell that wakes the sender.
pub struct Mailer {
    options: MailOptions,
    site_from_command_line: Option<String>,
    bell: Arc<Bell>,
    notifications: Mutex<letters::Notifications>,
    /// What this server lacks of the mail the site ran with before (see [`remembered`]).
    missing: Mutex<Option<String>>,
}

/// Rung when mail is queued or the settings change; the sender sleeps on it between attempts.
/// It also knows when the outbox is idle: the sender waits, having heard every ring, and no
/// request is on its way to queue mail.
#[derive(Default)]
struct Bell {
    state: Mutex<Rings>,
    changed: Condvar,
}

#[derive(Default)]
struct Rings {
    rung: u64,
    /// The rings the sender has woken for.
    heard: u64,
    /// The sender is asleep, with nothing due.
    asleep: bool,
    /// Mail being queued off the request that asked for it (see [`Queuing`]).
    queuing: usize,
}

impl Rings {
    fn idle(&self) -> bool {
        self.asleep && self.heard == self.rung && self.queuing == 0
    }
}

impl Bell {
    fn lock(&self) -> std::sync::MutexGuard<'_, Rings> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn ring(&self) {
        self.lock().rung += 1;
        self.changed.notify_all();
    }

    /// The sender, with nothing due: sleeps until rung or `timeout` passed.
    fn wait(&self, timeout: Duration) {
        let mut rings = self.lock();
        rings.asleep = true;
        self.changed.notify_all();
        let (mut rings, _) = self
            .changed
            .wait_timeout_while(rings, timeout, |rings| rings.heard == rings.rung)
            .unwrap_or_else(|p| p.into_inner());
        rings.heard = rings.rung;
        rings.asleep = false;
    }
}

/// Mail on its way to the outbox from a task of its own: the outbox is not idle until it is
/// queued (or found not to be sent) and the sender has heard of it.
struct Queuing(Arc<Bell>);

impl Queuing {
    fn start(bell: &Arc<Bell>) -> Queuing {
        bell.lock().queuing += 1;
        Queuing(bell.clone())
    }
}

impl Drop for Queuing {
    fn drop(&mut self) {
        self.0.lock().queuing -= 1;
        self.0.changed.notify_all();
    }
}

impl Mailer {
    /// The mailer, with its sender started on a thread of its own.
    /// `site_from_command_line` is `https://` and the main `--domain` (with its port unless 443),
    /// else `--site-url`.
    pub fn start(
        pool: Pool,
        options: MailOptions,
        site_from_command_line: Option<String>,
    ) -> Arc<Mailer> {
        let mailer = Arc::new(Mailer {
            options,
            site_from_command_line,
            bell: Arc::default(),
            notifications: Mutex::default(),
            missing: Mutex::default(),
        });
        sender::start(pool, mailer.clone());
        mailer
    }

    /// Wakes the sender: mail was queued, or the settings changed.
    pub fn wake(&self) {
        self.bell.ring();
    }

    /// Waits up to `timeout` until the outbox is idle: nothing is due and the sender has seen all
    /// mail queued so far. `false` when it was still busy then. (For tests, which assert that
    /// nothing more was sent without waiting an arbitrary while.)
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        let rings = self.bell.lock();
        let (rings, _) = self
            .bell
            .changed
            .wait_timeout_while(rings, timeout, |rings| !rings.idle())
            .unwrap_or_else(|p| p.into_inner());
        rings.idle()
    }

    pub fn options(&self) -> &MailOptions {
        &self.options
    }

    /// Compares the command line's mail with what the database remembers (once, at start), and
    /// logs what this server lacks.
    pub fn remember(&self, conn: &Connection) {
        let now = jiff::Timestamp::now().as_second();
        match remembered::compare(conn, &self.options, now) {
            Ok(missing) => {
                if let Some(missing) = &missing {
                    log::warn!("{missing}");
                }
                *self.missing.lock().unwrap_or_else(|p| p.into_inner()) = missing;
            }
            Err(err) => log::warn!("cannot compare the mail setup with the last one: {err}"),
        }
    }

    /// What this server lacks of the mail the site ran with before, in a sentence.
    pub fn missing(&self) -> Option<String> {
        self.missing
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// The site's public address (no trailing `/`): `--domain`'s or `--site-url`, else the one an
    /// admin stored.
    /// Mail links, link previews, the sitemap and the feed all use this one address, never the
    /// Host a request named.
    pub fn site_address(&self, stored: &str) -> Option<String> {
        self.site_from_command_line
            .clone()
            .or_else(|| (!stored.is_empty()).then(|| stored.trim_end_matches('/').to_owned()))
    }

    /// The settings that apply now.
    pub fn setup(&self, conn: &Connection) -> Result<MailSetup, ApiError> {
        let stored = db::mail_settings::get(conn)?;
        let stored_server = (!stored.host.is_empty()).then(|| SmtpServer {
            host: stored.host.clone(),
            port: stored.port,
            security: stored.security,
            username: stored.username.clone(),
            password: stored.password.clone(),
        });
        let nonempty = |text: &str| (!text.is_empty()).then(|| text.to_owned());
        Ok(MailSetup {
            server: self.options.server.clone().or(stored_server),
            sender: self
                .options
                .from
                .as_ref()
                .map(|email| email.as_str().to_owned())
                .or_else(|| nonempty(&stored.sender)),
            contact_to: nonempty(&stored.contact_to),
            site_address: self.site_address(&stored.site_address),
            server_from_command_line: self.options.server.is_some(),
            sender_from_command_line: self.options.from.is_some(),
            site_address_from_command_line: self.site_from_command_line.is_some(),
            stored,
        })
    }
}

/// The server and sender a mail names for itself (see [`Mailer::queue_through`] and
/// [`Mailer::command_line_via`]); `None` when it names the command line's server and the server
/// was started without one since.
fn through(via: &str, options: &MailOptions) -> Result<Option<(SmtpServer, String)>, ApiError> {
    let via: serde_json::Value = serde_json::from_str(via).map_err(ApiError::internal)?;
    let text = |key: &str| via[key].as_str().unwrap_or_default().to_owned();
    if via["commandLine"].as_bool() == Some(true) {
        return Ok(options
            .server
            .clone()
            .map(|server| (server, text("sender"))));
    }
    let server = SmtpServer {
        host: text("host"),
        port: via["port"]
            .as_u64()
            .and_then(|p| u16::try_from(p).ok())
            .unwrap_or(587),
        security: crate::domain::Security::parse(&text("security")).map_err(ApiError::internal)?,
        username: text("username"),
        password: text("password"),
    };
    Ok(Some((server, text("sender"))))
}

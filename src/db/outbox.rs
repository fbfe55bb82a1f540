//! The `outbox` table: mail waiting to be sent, retried with back-off, or given up on. A row is
//! deleted once its mail is sent, so a reset link's secret does not stay in the database. Here:
//! queueing, the admin area's list and the troubles; the sender's side is in `outbox/sending.rs`,
//! the links that expired before their mail went in `outbox/expired_links.rs`.

use crate::domain::OutboxSort;
use crate::error::ApiError;
use rusqlite::{params, Connection};
use serde::Serialize;

mod expired_links;
mod sending;

pub use expired_links::{forget_old_links, next_link_expiry, INVITATION_REMOVED, LINK_REMOVED};
pub use sending::{
    attempt_failed, next_attempt, next_due, routine_sent_today, routine_waiting, sent, DueMail,
    Sendable,
};

/// What a queued mail is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A new contact message, to the admins.
    Contact,
    /// A password-reset link, to the account's owner.
    Reset,
    /// An invitation link, to the invited address.
    Invitation,
    /// An edit that matters (donation details, roles, email settings), to every admin.
    Alert,
    /// The same, to an address set on the server (`--alert-to`): the admin area neither lists,
    /// retries nor deletes it, so no admin can read those addresses or silence the alarm.
    ServerAlert,
    /// A thank-you to a donor whose gift an admin found on the statement.
    Thanks,
    /// The link that confirms a staff account's new email address, to that address.
    EmailChange,
    /// The link that confirms an address asking for notices by email.
    Follow,
    /// A new notice, to a follower.
    Notice,
    /// About an account's own security, to its owner: a new sign-in, a locked second step,
    /// second factors removed.
    Security,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Contact => "contact",
            Kind::Reset => "reset",
            Kind::Invitation => "invitation",
            Kind::Alert => "alert",
            Kind::ServerAlert => "server-alert",
            Kind::Thanks => "thanks",
            Kind::EmailChange => "email-change",
            Kind::Follow => "follow",
            Kind::Notice => "notice",
            Kind::Security => "security",
        }
    }
}

/// A mail to queue.
pub struct NewMail {
    pub kind: Kind,
    pub recipients: Vec<String>,
    pub reply_to: Option<String>,
    pub subject: String,
    pub body: String,
}

/// Queues `mail`, due at once; returns its id.
pub fn queue(conn: &Connection, mail: &NewMail) -> Result<i64, ApiError> {
    queue_at(conn, mail, 0)
}

/// Queues `mail`, due at `due` (Unix milliseconds); returns its id.
pub fn queue_at(conn: &Connection, mail: &NewMail, due: i64) -> Result<i64, ApiError> {
    insert(conn, mail, due, None, None)
}

/// Queues a mail to a follower due at `due` (Unix milliseconds), with the URL that unsubscribes
/// them in one click (its `List-Unsubscribe` header).
pub fn queue_to_follower(
    conn: &Connection,
    mail: &NewMail,
    due: i64,
    unsubscribe: &str,
) -> Result<i64, ApiError> {
    let id = insert(conn, mail, due, None, None)?;
    conn.prepare_cached("UPDATE outbox SET unsubscribe = ?2 WHERE id = ?1")?
        .execute(params![id, unsubscribe])?;
    Ok(id)
}

/// Queues `mail`, due at once, to go through the server and sender `via` names (a JSON object)
/// instead of the settings in force when it is sent.
pub fn queue_via(conn: &Connection, mail: &NewMail, via: &str) -> Result<i64, ApiError> {
    insert(conn, mail, 0, Some(via), None)
}

/// Queues `mail`, the mail of the one alert `alert_id`, due at once, through `via` when given:
/// it goes before any other mail, and its alert learns when it went.
pub fn queue_alert(
    conn: &Connection,
    mail: &NewMail,
    via: Option<&str>,
    alert_id: i64,
) -> Result<i64, ApiError> {
    insert(conn, mail, 0, via, Some(alert_id))
}

fn insert(
    conn: &Connection,
    mail: &NewMail,
    due: i64,
    via: Option<&str>,
    alert_id: Option<i64>,
) -> Result<i64, ApiError> {
    Ok(super::inserted_row(
        conn,
        "INSERT INTO outbox (kind, recipients, reply_to, subject, body, next_attempt_at, via,
                             alert_id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id",
        params![
            mail.kind.as_str(),
            mail.recipients.join("\n"),
            mail.reply_to,
            mail.subject,
            mail.body,
            due,
            via,
            alert_id
        ],
        |row| row.get(0),
    )?)
}

/// Rewrites a mail not tried yet; `false` when it has gone (sent) or was tried already.
pub fn rewrite(conn: &Connection, id: i64, subject: &str, body: &str) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached(
            "UPDATE outbox SET subject = ?2, body = ?3
             WHERE id = ?1 AND status = 'pending' AND attempts = 0",
        )?
        .execute(params![id, subject, body])?
        > 0)
}

super::row! {
    /// A queued mail as admins see it: never its body, which may hold a reset link's secret.
    #[derive(Debug, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct OutboxItem {
        #[serde(rename = "_id")]
        pub id: i64,
        pub kind: String,
        pub recipients: String,
        pub subject: String,
        pub status: String,
        pub attempts: i64,
        /// Unix milliseconds; 0 for at once.
        pub next_attempt_at: i64,
        pub last_error: Option<String>,
        pub created_at: String,
        /// A reset mail given up on or past its hour: its link is gone, so it cannot be retried.
        pub link_removed: bool,
    }
}

/// Whether a row is a reset or invitation mail whose link is gone: [`forget_old_links`] empties
/// every failed one, and marks failed every one it empties.
macro_rules! link_removed {
    () => {
        "(kind IN ('reset', 'invitation') AND status = 'failed')"
    };
}

macro_rules! columns {
    () => {
        concat!(
            "id, kind, recipients, subject, status, attempts, next_attempt_at, last_error, created_at, ",
            link_removed!(),
            " AS link_removed"
        )
    };
}

macro_rules! matching {
    () => {
        " FROM outbox WHERE kind <> 'server-alert' AND (?1 IS NULL OR recipients LIKE ?1 ESCAPE '\\' OR subject LIKE ?1 ESCAPE '\\')"
    };
}

/// Every queued mail, oldest first.
/// Every queued mail, oldest first, one at a time.
pub fn each(conn: &Connection, each: &mut dyn FnMut(OutboxItem) -> bool) -> Result<(), ApiError> {
    super::each_row(
        conn,
        concat!(
            "SELECT ",
            columns!(),
            " FROM outbox WHERE kind <> 'server-alert' ORDER BY id"
        ),
        [],
        OutboxItem::from_row,
        each,
    )
}

// The admin area's outbox: every mail but those to the addresses set on the server.
super::like_page!(OutboxItem, OutboxSort, "(SELECT * FROM outbox WHERE kind <> 'server-alert')" {
    Oldest => "id",
    Newest => "id DESC",
});

/// "Retry now": due at once, pending again even after it failed. `false` when there is no such
/// mail; 409 for a reset mail whose link is gone (see [`forget_old_links`]).
pub fn retry(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    let retried = super::changed_any(
        conn,
        concat!(
            "UPDATE outbox SET status = 'pending', next_attempt_at = 0
             WHERE id = ?1 AND kind <> 'server-alert' AND NOT ",
            link_removed!()
        ),
        [id],
    )?;
    // Not retried yet still there: its link is gone, and a reset mail never gets its link back.
    let still_there = || {
        conn.prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM outbox WHERE id = ?1 AND kind <> 'server-alert')",
        )?
        .query_row([id], |row| row.get::<_, bool>(0))
    };
    if !retried && still_there()? {
        return Err(ApiError::Conflict(
            "This password-reset email's link has been removed, so it cannot be sent; \
             the visitor can ask for a new one on the login page."
                .into(),
        ));
    }
    Ok(retried)
}

/// Deletes a mail the admin area lists (never one to an address set on the server). An alert's
/// mail still waiting to go to anyone but `own` (the deleting admin's address) is refused (409):
/// an admin could silence the alarm about their own change to the other admins.
pub fn delete(conn: &mut Connection, id: i64, own: &str) -> Result<bool, ApiError> {
    let deleted = super::changed_any(
        conn,
        "DELETE FROM outbox WHERE id = ?1 AND kind <> 'server-alert'
           AND NOT (kind = 'alert' AND status = 'pending' AND recipients <> ?2 COLLATE NOCASE)",
        params![id, own],
    )?;
    if !deleted {
        let waiting_alert: bool = conn
            .prepare_cached(
                "SELECT EXISTS (SELECT 1 FROM outbox WHERE id = ?1 AND kind = 'alert')",
            )?
            .query_row([id], |row| row.get(0))?;
        if waiting_alert {
            return Err(ApiError::Conflict(ALERT_KEPT.into()));
        }
    }
    Ok(deleted)
}

/// Why an alert's mail waiting to go cannot be deleted.
pub const ALERT_KEPT: &str = "This alert email is still waiting to go, so it cannot be deleted: \
it tells the admins of a change. It leaves the outbox once sent, or can be deleted once given up on.";

/// Mail that is not going out: given up on, or still pending from before `stuck_before` (Unix
/// milliseconds) after at least one failed attempt.
#[derive(Debug, Default)]
pub struct Troubles {
    pub failed: i64,
    pub stuck: i64,
    /// Alert mail pending after at least one refused attempt.
    pub refused_alerts: i64,
}

pub fn troubles(conn: &Connection, stuck_before: i64) -> Result<Troubles, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FILTER (WHERE status = 'failed'),
                    count(*) FILTER (WHERE status = 'pending' AND attempts > 0
                        AND unixepoch(created_at) * 1000 < ?1),
                    count(*) FILTER (WHERE status = 'pending' AND attempts > 0
                        AND kind IN ('alert', 'server-alert'))
             FROM outbox",
        )?
        .query_row([stuck_before], |row| {
            Ok(Troubles {
                failed: row.get(0)?,
                stuck: row.get(1)?,
                refused_alerts: row.get(2)?,
            })
        })?)
}

//! The outbox as the sender reads and writes it: the mail to send next and when, the mail that
//! went (counted by day) and the attempts that failed.

use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};

super::super::row! {
    /// A mail as the sender reads it.
    #[derive(Debug)]
    pub struct DueMail {
        pub id: i64,
        pub recipients: String,
        pub reply_to: Option<String>,
        pub subject: String,
        pub body: String,
        pub attempts: i64,
        /// The server and sender to send through, when not the ones in force.
        pub via: Option<String>,
        pub kind: String,
        /// The one alert this mail carries, if it is such a mail.
        pub alert_id: Option<i64>,
        /// The `List-Unsubscribe` URL of a mail to a follower (RFC 8058).
        pub unsubscribe: Option<String>,
    }
}

impl DueMail {
    /// Mail of alerts, which the daily budget never holds back.
    pub fn is_alert(&self) -> bool {
        matches!(self.kind.as_str(), "alert" | "server-alert")
    }
}

/// Which pending mail may go now.
#[derive(Debug, Clone, Copy)]
pub struct Sendable {
    /// Email is off: only mail that names its own server.
    pub only_via: bool,
    /// The day's budget for mail other than alerts is spent: alerts only.
    pub only_alerts: bool,
}

/// The pending mail to send first, if one is due by `now` (Unix milliseconds): the mail of one
/// weighty alert, then other alerts, then the rest by when they are due.
pub fn next_due(conn: &Connection, now: i64, may: Sendable) -> Result<Option<DueMail>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT id, recipients, reply_to, subject, body, attempts, via, kind, alert_id, unsubscribe
             FROM outbox
             WHERE status = 'pending' AND next_attempt_at <= ?1 AND (?2 = 0 OR via IS NOT NULL)
               AND (?3 = 0 OR kind IN ('alert', 'server-alert'))
             ORDER BY alert_id IS NULL, kind NOT IN ('alert', 'server-alert'), next_attempt_at, id
             LIMIT 1",
        )?
        .query_row(
            params![now, may.only_via, may.only_alerts],
            DueMail::from_row,
        )
        .optional()?)
}

/// When the next pending mail that may go is due (Unix milliseconds), if any is pending.
pub fn next_attempt(conn: &Connection, may: Sendable) -> Result<Option<i64>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT min(next_attempt_at) FROM outbox
             WHERE status = 'pending' AND (?1 = 0 OR via IS NOT NULL)
               AND (?2 = 0 OR kind IN ('alert', 'server-alert'))",
        )?
        .query_row(params![may.only_via, may.only_alerts], |row| row.get(0))?)
}

/// How many pending mails other than alerts wait (held back by the daily budget, say).
pub fn routine_waiting(conn: &Connection) -> Result<i64, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM outbox
             WHERE status = 'pending' AND kind NOT IN ('alert', 'server-alert')",
        )?
        .query_row([], |row| row.get(0))?)
}

/// The mail went out: its row goes, and it is counted in the day's mail (UTC).
pub fn sent(conn: &Connection, mail: &DueMail) -> Result<(), ApiError> {
    conn.prepare_cached("DELETE FROM outbox WHERE id = ?1")?
        .execute([mail.id])?;
    conn.prepare_cached(
        "INSERT INTO mail_days (day, routine, alerts) VALUES (date('now'), ?1, ?2)
         ON CONFLICT (day) DO UPDATE SET routine = routine + ?1, alerts = alerts + ?2",
    )?
    .execute(params![
        i64::from(!mail.is_alert()),
        i64::from(mail.is_alert())
    ])?;
    conn.prepare_cached("DELETE FROM mail_days WHERE day < date('now', '-30 days')")?
        .execute([])?;
    if let Some(alert) = mail.alert_id {
        super::super::alerts::mail_sent(conn, alert, mail.kind == "server-alert")?;
    }
    Ok(())
}

/// How many mails other than alerts went out today (UTC).
pub fn routine_sent_today(conn: &Connection) -> Result<i64, ApiError> {
    Ok(conn
        .prepare_cached("SELECT coalesce(sum(routine), 0) FROM mail_days WHERE day = date('now')")?
        .query_row([], |row| row.get(0))?)
}

/// A failed attempt: counted, with its error; tried again at `retry_at` (Unix milliseconds), or
/// given up on (`failed`) when that is `None`.
pub fn attempt_failed(
    conn: &Connection,
    id: i64,
    error: &str,
    retry_at: Option<i64>,
) -> Result<(), ApiError> {
    conn.prepare_cached(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?2,
             status = CASE WHEN ?3 IS NULL THEN 'failed' ELSE 'pending' END,
             next_attempt_at = coalesce(?3, next_attempt_at)
         WHERE id = ?1",
    )?
    .execute(params![id, error, retry_at])?;
    Ok(())
}

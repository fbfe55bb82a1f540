//! The `alerts` table: alerts as records, shown to each admin until they read them, and marked
//! once their mail is queued.

use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

/// An alert to store.
pub struct NewAlert<'a> {
    pub subject: &'a str,
    pub body: &'a str,
    /// Mailed besides the admins (one who lost the admin role).
    pub also_to: &'a [String],
    /// The site's address for the mail's links.
    pub site: Option<&'a str>,
    /// Unix milliseconds.
    pub raised_ms: i64,
    /// 0 routine, 1 serious, 2 pinned (see `alerts::Weight`).
    pub weight: i64,
}

/// Stores an alert; returns its id.
pub fn insert(conn: &Connection, alert: &NewAlert) -> Result<i64, ApiError> {
    Ok(super::inserted_row(
        conn,
        "INSERT INTO alerts (raised_ms, subject, body, also_to, site, weight)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id",
        params![
            alert.raised_ms,
            alert.subject,
            alert.body,
            alert.also_to.join("\n"),
            alert.site,
            alert.weight
        ],
        |row| row.get(0),
    )?)
}

super::row! {
    /// An alert as an admin sees it.
    #[derive(Debug, Serialize)]
    pub struct Shown {
        #[serde(rename = "_id")]
        pub id: i64,
        pub at: String,
        pub subject: String,
        pub body: String,
        pub read: bool,
        /// About the payment details or the email settings, and not read by every admin yet:
        /// it stays at the top of the list, whatever came after it.
        pub pinned: bool,
    }
}

/// One page of the alerts for `user`: the pinned ones, then unread, then newest first; and the
/// total.
pub fn page(
    conn: &Connection,
    user: i64,
    page: u32,
    size: u32,
) -> Result<(Vec<Shown>, i64), ApiError> {
    let offset = i64::from(page.saturating_sub(1)) * i64::from(size);
    let items = conn
        .prepare_cached(
            "SELECT id, at, subject, body,
                    EXISTS (SELECT 1 FROM alert_reads r WHERE r.alert_id = a.id AND r.user_id = ?1)
                        AS read,
                    (weight = 2 AND EXISTS (SELECT 1 FROM users u WHERE u.role = 'admin'
                        AND NOT EXISTS (SELECT 1 FROM alert_reads r
                                        WHERE r.alert_id = a.id AND r.user_id = u.id)))
                        AS pinned
             FROM alerts a ORDER BY pinned DESC, read, id DESC LIMIT ?2 OFFSET ?3",
        )?
        .query_map(params![user, size, offset], Shown::from_row)?
        .collect::<Result<_, _>>()?;
    let total = conn
        .prepare_cached("SELECT count(*) FROM alerts")?
        .query_row([], |row| row.get(0))?;
    Ok((items, total))
}

/// How many alerts `user` has not read.
pub fn unread(conn: &Connection, user: i64) -> Result<i64, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM alerts a WHERE NOT EXISTS
                (SELECT 1 FROM alert_reads r WHERE r.alert_id = a.id AND r.user_id = ?1)",
        )?
        .query_row([user], |row| row.get(0))?)
}

/// Marks alerts as read by `user`: the ones named, or all of them.
pub fn mark_read(conn: &Connection, user: i64, ids: Option<&[i64]>) -> Result<(), ApiError> {
    match ids {
        None => conn
            .prepare_cached(
                "INSERT OR IGNORE INTO alert_reads (alert_id, user_id) SELECT id, ?1 FROM alerts",
            )?
            .execute([user])?,
        Some(ids) => conn
            .prepare_cached(
                "INSERT OR IGNORE INTO alert_reads (alert_id, user_id)
                 SELECT id, ?1 FROM alerts WHERE id IN (SELECT value FROM json_each(?2))",
            )?
            .execute(params![
                user,
                serde_json::to_string(ids).map_err(ApiError::internal)?
            ])?,
    };
    Ok(())
}

super::row! {
    /// An alert whose mail is not queued yet.
    #[derive(Debug, Clone)]
    pub struct Undelivered {
        pub id: i64,
        pub at: String,
        pub subject: String,
        pub body: String,
        pub also_to: String,
        pub site: Option<String>,
        pub weight: i64,
    }
}

/// When the oldest alert not yet mailed was raised (Unix milliseconds).
pub fn oldest_undelivered(conn: &Connection) -> Result<Option<i64>, ApiError> {
    Ok(conn
        .prepare_cached("SELECT min(raised_ms) FROM alerts WHERE delivered_at IS NULL")?
        .query_row([], |row| row.get(0))
        .optional()?
        .flatten())
}

/// When the oldest alert of `weight` not yet mailed was raised (Unix milliseconds).
pub fn oldest_undelivered_of(conn: &Connection, weight: i64) -> Result<Option<i64>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT min(raised_ms) FROM alerts WHERE delivered_at IS NULL AND weight = ?1",
        )?
        .query_row([weight], |row| row.get(0))
        .optional()?
        .flatten())
}

/// The alerts of `weight` not yet mailed whose id is past `after` (0: all), oldest first (at
/// most `limit`).
pub fn undelivered_after(
    conn: &Connection,
    weight: i64,
    after: i64,
    limit: u32,
) -> Result<Vec<Undelivered>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT id, at, subject, body, also_to, site, weight FROM alerts
             WHERE delivered_at IS NULL AND weight = ?1 AND id > ?2 ORDER BY id LIMIT ?3",
        )?
        .query_map(params![weight, after, limit], Undelivered::from_row)?
        .collect::<Result<_, _>>()?)
}

/// A mail of the alert `id` left the outbox: the alert has reached someone outside the site
/// when that mail went to an address set on the server, or when no mail of it to an admin
/// waits any more. Its first such moment is kept.
pub fn mail_sent(conn: &Connection, id: i64, to_server_address: bool) -> Result<(), ApiError> {
    conn.prepare_cached(
        "UPDATE alerts SET reached_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?1 AND reached_at IS NULL
           AND (?2 OR NOT EXISTS (SELECT 1 FROM outbox WHERE alert_id = ?1 AND kind = 'alert'))",
    )?
    .execute(params![id, to_server_address])?;
    Ok(())
}

/// Whether the alert `id` has been mailed (queued) and whether its mail reached someone.
pub fn mail_state(conn: &Connection, id: i64) -> Result<(bool, bool), ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT delivered_at IS NOT NULL, reached_at IS NOT NULL FROM alerts WHERE id = ?1",
        )?
        .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?
        .unwrap_or((true, true)))
}

/// The alert's mail is queued.
pub fn delivered(conn: &Connection, id: i64) -> Result<(), ApiError> {
    conn.prepare_cached(
        "UPDATE alerts SET delivered_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1",
    )?
    .execute([id])?;
    Ok(())
}

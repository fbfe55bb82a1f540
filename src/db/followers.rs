//! The `followers` table: addresses that get each new notice by email, once confirmed.

use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

/// How long a confirmation link works (seconds).
pub const CONFIRM_SECONDS: i64 = 7 * 24 * 3600;

super::row! {
    /// A follower as the admins' screen lists it.
    #[derive(Debug, Serialize)]
    pub struct Follower {
        #[serde(rename = "_id")]
        pub id: i64,
        pub email: String,
        pub lang: String,
        #[serde(rename = "confirmedAt")]
        pub confirmed_at: Option<String>,
        #[serde(rename = "createdAt")]
        pub created_at: String,
    }
}

const COLUMNS: &str = "id, email, lang,
     strftime('%Y-%m-%dT%H:%M:%SZ', confirmed_at, 'unixepoch') AS confirmed_at,
     strftime('%Y-%m-%dT%H:%M:%SZ', created_at, 'unixepoch') AS created_at";

/// What asking to follow came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Asked {
    /// A confirmation link to mail, with the hash now stored for it.
    Confirm,
    /// Already following, or a confirmation mail went today: nothing to send.
    Nothing,
}

/// Asks that `email` follow in `lang`: a new follower, or a new link for one not yet confirmed
/// (at most one confirmation mail a day). `token` is the follower's own when new.
pub fn ask(
    conn: &Connection,
    email: &str,
    lang: &str,
    token: &str,
    confirm_hash: &str,
) -> Result<Asked, ApiError> {
    let known: Option<(Option<i64>, Option<i64>)> = conn
        .query_row(
            "SELECT confirmed_at, confirm_sent_at FROM followers WHERE email = ?1",
            [email],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()?;
    match known {
        Some((Some(_), _)) => Ok(Asked::Nothing),
        Some((None, Some(sent))) if sent > now(conn)? - 86_400 => Ok(Asked::Nothing),
        Some((None, _)) => {
            conn.execute(
                "UPDATE followers SET lang = ?2, confirm_hash = ?3, confirm_sent_at = unixepoch(),
                     confirm_expires_at = unixepoch() + ?4
                 WHERE email = ?1",
                params![email, lang, confirm_hash, CONFIRM_SECONDS],
            )?;
            Ok(Asked::Confirm)
        }
        None => {
            conn.execute(
                "INSERT INTO followers (email, lang, token, confirm_hash, confirm_expires_at,
                                        confirm_sent_at, created_at)
                 VALUES (?1, ?2, ?3, ?4, unixepoch() + ?5, unixepoch(), unixepoch())",
                params![email, lang, token, confirm_hash, CONFIRM_SECONDS],
            )?;
            Ok(Asked::Confirm)
        }
    }
}

fn now(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT unixepoch()", [], |row| row.get(0))
}

/// Confirms the follower whose link has this hash: `false` when no working link has it.
pub fn confirm(conn: &Connection, confirm_hash: &str) -> Result<bool, ApiError> {
    Ok(conn.execute(
        "UPDATE followers SET confirmed_at = unixepoch(), confirm_hash = NULL,
             confirm_expires_at = NULL
         WHERE confirm_hash = ?1 AND confirm_expires_at > unixepoch()",
        [confirm_hash],
    )? == 1)
}

/// Ends the following of the follower with this token; whether there was one.
pub fn unsubscribe(conn: &Connection, token: &str) -> Result<bool, ApiError> {
    Ok(conn.execute("DELETE FROM followers WHERE token = ?1", [token])? == 1)
}

/// Every follower, confirmed or waiting, newest first.
pub fn all(conn: &Connection) -> Result<Vec<Follower>, ApiError> {
    let list = conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM followers ORDER BY id DESC"))?
        .query_map([], Follower::from_row)?
        .collect::<Result<_, _>>()?;
    Ok(list)
}

/// The confirmed followers: `(email, lang, token)`, oldest first.
pub fn confirmed(conn: &Connection) -> Result<Vec<(String, String, String)>, ApiError> {
    let list = conn
        .prepare_cached(
            "SELECT email, lang, token FROM followers WHERE confirmed_at IS NOT NULL ORDER BY id",
        )?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<Result<_, _>>()?;
    Ok(list)
}

/// Removes a follower; the removed one's address, if there was one.
pub fn remove(conn: &Connection, id: i64) -> Result<Option<String>, ApiError> {
    Ok(conn
        .query_row(
            "DELETE FROM followers WHERE id = ?1 RETURNING email",
            [id],
            |row| row.get(0),
        )
        .optional()?)
}

/// Forgets addresses that never confirmed within their link's week.
pub fn forget_unconfirmed(conn: &Connection) -> Result<(), ApiError> {
    conn.execute(
        "DELETE FROM followers WHERE confirmed_at IS NULL AND confirm_expires_at < unixepoch() - 86400",
        [],
    )?;
    Ok(())
}

//! The `password_resets` table: the links of "Forgot password?", kept as hashes of their secrets.

use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};

/// How long a reset link works.
pub const VALID_SECONDS: i64 = 60 * 60;

/// Stores a new link for `user_id`, valid for an hour from now.
pub fn create(conn: &Connection, user_id: i64, token_hash: &str) -> Result<(), ApiError> {
    conn.prepare_cached(
        "INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?1, ?2, unixepoch() + ?3)",
    )?
    .execute(params![token_hash, user_id, VALID_SECONDS])?;
    // Links long past use are of no further interest.
    conn.prepare_cached("DELETE FROM password_resets WHERE expires_at < unixepoch() - 86400")?
        .execute([])?;
    Ok(())
}

/// Whether the link is one that still works (unused, not expired).
pub fn usable(conn: &Connection, token_hash: &str) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT 1 FROM password_resets
             WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > unixepoch()",
        )?
        .query_row([token_hash], |_| Ok(()))
        .optional()?
        .is_some())
}

/// Uses the link up (in the caller's transaction, which then sets the password): it is marked
/// used, and its account's id returned; `None` when the link no longer works (used meanwhile,
/// or expired).
pub fn use_link(conn: &Connection, token_hash: &str) -> Result<Option<i64>, ApiError> {
    Ok(super::written_row(
        conn,
        "UPDATE password_resets SET used_at = unixepoch()
             WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > unixepoch() RETURNING user_id",
        [token_hash],
        |row| row.get(0),
    )?)
}

/// Ends every open link of the account: its password or email changed, so a link asked for
/// before must not work after.
pub fn end_all(conn: &Connection, user_id: i64) -> Result<(), ApiError> {
    conn.prepare_cached(
        "UPDATE password_resets SET used_at = unixepoch() WHERE user_id = ?1 AND used_at IS NULL",
    )?
    .execute([user_id])?;
    Ok(())
}

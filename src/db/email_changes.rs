//! The `email_changes` table: a staff account's new email address, set by an admin, waiting
//! for the new address's owner to confirm a link (kept as the hash of its secret). Until then
//! the account, its sign-in and every alert keep the old address.

use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};

/// How long a confirmation link works: as long as an invitation's.
pub const VALID_SECONDS: i64 = super::invitations::VALID_SECONDS;

/// Puts `email` waiting for the account `user_id` (in place of any address waiting before).
pub fn ask(
    conn: &Connection,
    user_id: i64,
    email: &str,
    token_hash: &str,
    asked_by: &str,
) -> Result<(), ApiError> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO email_changes (user_id, email, token_hash, asked_by, expires_at)
         VALUES (?1, ?2, ?3, ?4, unixepoch() + ?5)",
    )?
    .execute(params![user_id, email, token_hash, asked_by, VALID_SECONDS])?;
    Ok(())
}

/// The address waiting for the account `user_id`, if one waits and its link still works.
pub fn waiting(conn: &Connection, user_id: i64) -> Result<Option<String>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT email FROM email_changes WHERE user_id = ?1 AND expires_at > unixepoch()",
        )?
        .query_row([user_id], |row| row.get(0))
        .optional()?)
}

/// Takes the change the link names (in the caller's transaction): the account's id, its new
/// address and who asked; `None` when the link does not work (unknown, used or expired).
pub fn take(
    conn: &Connection,
    token_hash: &str,
) -> Result<Option<(i64, String, String)>, ApiError> {
    let found = conn
        .prepare_cached(
            "DELETE FROM email_changes WHERE token_hash = ?1
             RETURNING user_id, email, asked_by, expires_at > unixepoch()",
        )?
        .query_row([token_hash], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, bool>(3)?,
            ))
        })
        .optional()?;
    Ok(found
        .filter(|(.., live)| *live)
        .map(|(user, email, by, _)| (user, email, by)))
}

/// Drops the address waiting for the account `user_id` (its role or address changed otherwise).
pub fn drop_for(conn: &Connection, user_id: i64) -> Result<(), ApiError> {
    conn.prepare_cached("DELETE FROM email_changes WHERE user_id = ?1")?
        .execute([user_id])?;
    Ok(())
}

/// Sets the account's address to the confirmed one; `false` when another account has it now
/// (or a deleted one in the bin).
pub fn apply(conn: &Connection, user_id: i64, email: &str) -> Result<bool, ApiError> {
    let taken: bool = conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM users WHERE email = ?1 COLLATE NOCASE AND id <> ?2)",
        )?
        .query_row(params![email, user_id], |row| row.get(0))?;
    if taken || super::users::in_bin(conn, email)? {
        return Ok(false);
    }
    conn.prepare_cached("UPDATE users SET email = ?2 WHERE id = ?1")?
        .execute(params![user_id, email])?;
    super::password_resets::end_all(conn, user_id)?;
    Ok(true)
}

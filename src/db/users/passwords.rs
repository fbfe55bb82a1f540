//! An account's password and sessions: a new password (which signs every session out and ends the
//! account's open links), the same one hashed again, the hash a password change checks, and
//! signing every session out.

use super::{find, find_by_email, User};
use crate::domain::Email;
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};

/// Makes an existing user admin with a new password, signing their sessions out; `None` when
/// nobody has that email.
pub fn promote(
    conn: &Connection,
    email: &Email,
    password_hash: &str,
) -> Result<Option<User>, ApiError> {
    conn.execute(
        "UPDATE users SET role = 'admin', password_hash = ?2, token_version = token_version + 1
         WHERE email = ?1",
        params![email.as_str(), password_hash],
    )?;
    let user = find_by_email(conn, email)?;
    // A new password ends every link that could set another, as a password change does.
    if let Some(user) = &user {
        super::super::password_resets::end_all(conn, user.id)?;
        super::super::invitations::end_for_email(conn, &user.email)?;
    }
    Ok(user)
}

/// Signs every session of a user out (logout ends the session on the server, not only in the browser).
pub fn sign_out(conn: &Connection, id: i64) -> Result<(), ApiError> {
    conn.prepare_cached("UPDATE users SET token_version = token_version + 1 WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

/// Stores a new password hash and raises the token version, signing every existing session out;
/// every open reset link of the account stops working (one asked for before the change must not
/// undo it). Returns the new token version.
pub fn set_password(conn: &Connection, id: i64, password_hash: &str) -> Result<i64, ApiError> {
    let version = super::super::written_row(
        conn,
        "UPDATE users SET password_hash = ?2, token_version = token_version + 1 WHERE id = ?1 RETURNING token_version",
        params![id, password_hash],
        |row| row.get(0),
    )?;
    super::super::password_resets::end_all(conn, id)?;
    if let Some(user) = find(conn, id)? {
        super::super::invitations::end_for_email(conn, &user.email)?;
    }
    version.ok_or(ApiError::NotFound("User not found"))
}

/// Stores the same password hashed again (at another cost): sessions and reset links stay.
pub fn replace_hash(conn: &Connection, id: i64, password_hash: &str) -> Result<(), ApiError> {
    conn.prepare_cached("UPDATE users SET password_hash = ?2 WHERE id = ?1")?
        .execute(params![id, password_hash])?;
    Ok(())
}

/// The bcrypt hash of one user, for checking their current password.
pub fn password_hash(conn: &Connection, id: i64) -> Result<Option<String>, ApiError> {
    Ok(conn
        .prepare_cached("SELECT password_hash FROM users WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
        .optional()?)
}

//! The `invitations` table: an admin's invitation to join the team with a role. Like reset
//! links, only the SHA-256 of the link's secret is kept; an invitation is used once, then gone.

use crate::domain::{Email, Role};
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

/// How long an invitation link works: a week.
pub const VALID_SECONDS: i64 = 7 * 24 * 60 * 60;

super::row! {
    /// A pending invitation as admins see it (never its secret).
    #[derive(Debug, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Invitation {
        pub id: i64,
        pub email: String,
        pub role: Role,
        /// ISO 8601, UTC.
        pub expires_at: String,
        pub created_at: String,
        /// Who invited, as they are named now ("" once their account is gone).
        pub invited_by: String,
    }
}

macro_rules! columns {
    () => {
        "i.id, i.email, i.role, strftime('%Y-%m-%dT%H:%M:%SZ', i.expires_at, 'unixepoch') AS expires_at,
         i.created_at, coalesce(trim(u.firstname || ' ' || u.lastname), '') AS invited_by
         FROM invitations i LEFT JOIN users u ON u.id = i.invited_by"
    };
}

/// Stores a new invitation, in place of any still open for the same email.
pub fn create(
    conn: &Connection,
    email: &Email,
    role: Role,
    token_hash: &str,
    invited_by: i64,
) -> Result<Invitation, ApiError> {
    conn.prepare_cached("DELETE FROM invitations WHERE email = ?1 OR expires_at < unixepoch()")?
        .execute([email.as_str()])?;
    let id: i64 = super::inserted_row(
        conn,
        "INSERT INTO invitations (email, role, token_hash, invited_by, expires_at)
         VALUES (?1, ?2, ?3, ?4, unixepoch() + ?5) RETURNING id",
        params![email.as_str(), role, token_hash, invited_by, VALID_SECONDS],
        |row| row.get(0),
    )?;
    let invitation = conn
        .prepare_cached(concat!("SELECT ", columns!(), " WHERE i.id = ?1"))?
        .query_row([id], Invitation::from_row)?;
    Ok(invitation)
}

/// The invitations still open, newest first.
pub fn pending(conn: &Connection) -> Result<Vec<Invitation>, ApiError> {
    super::all_rows(
        conn,
        concat!(
            "SELECT ",
            columns!(),
            " WHERE i.expires_at > unixepoch() ORDER BY i.id DESC"
        ),
        [],
        Invitation::from_row,
    )
}

/// Revokes an invitation; `false` when there was none with that id still open.
pub fn revoke(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    super::changed_any(
        conn,
        "DELETE FROM invitations WHERE id = ?1 AND expires_at > unixepoch()",
        [id],
    )
}

/// The email and role of the invitation whose link this is, while it works.
pub fn usable(conn: &Connection, token_hash: &str) -> Result<Option<(String, Role)>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT email, role FROM invitations WHERE token_hash = ?1 AND expires_at > unixepoch()",
        )?
        .query_row([token_hash], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?)
}

/// Uses the invitation up (in the caller's transaction): its email and role, or `None` when it
/// no longer works.
pub fn take(conn: &Connection, token_hash: &str) -> Result<Option<(String, Role)>, ApiError> {
    Ok(super::written_row(
        conn,
        "DELETE FROM invitations WHERE token_hash = ?1 AND expires_at > unixepoch()
         RETURNING email, role",
        [token_hash],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )?)
}

/// Ends every invitation for an account's email: its password or email changed.
pub fn end_for_email(conn: &Connection, email: &str) -> Result<(), ApiError> {
    conn.prepare_cached("DELETE FROM invitations WHERE email = ?1")?
        .execute([email])?;
    Ok(())
}

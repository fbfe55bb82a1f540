//! The `invitations` table: an admin's invitation to join the team with a role. Like reset
//! links, only the SHA-256 of the link's secret is kept; an invitation works once. A used,
//! withdrawn or expired one is kept a while, so its link can say which it is.

use super::users::{self, User};
use crate::domain::{Email, NewUser, Role};
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
        /// Its week is over: the admins may send it again.
        pub expired: bool,
    }
}

/// Why an invitation's link no longer works.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Gone {
    Used,
    Withdrawn,
    Expired,
}

/// How long a used, withdrawn or expired invitation is kept (for its link's message and the
/// admins' list), in seconds: thirty days.
const KEPT_SECONDS: i64 = 30 * 24 * 60 * 60;

macro_rules! columns {
    () => {
        "i.id, i.email, i.role, strftime('%Y-%m-%dT%H:%M:%SZ', i.expires_at, 'unixepoch') AS expires_at,
         i.created_at, coalesce(trim(u.firstname || ' ' || u.lastname), '') AS invited_by,
         i.expires_at <= unixepoch() AS expired
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
    // A new invitation replaces the ones still open for the same address; what is long over
    // goes.
    conn.prepare_cached(
        "UPDATE invitations SET revoked_at = unixepoch()
         WHERE email = ?1 AND used_at IS NULL AND revoked_at IS NULL",
    )?
    .execute([email.as_str()])?;
    conn.prepare_cached(
        "DELETE FROM invitations WHERE max(expires_at, coalesce(used_at, 0),
             coalesce(revoked_at, 0)) < unixepoch() - ?1",
    )?
    .execute([KEPT_SECONDS])?;
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

/// The invitations neither used nor withdrawn, newest first; expired ones marked so.
pub fn pending(conn: &Connection) -> Result<Vec<Invitation>, ApiError> {
    super::all_rows(
        conn,
        concat!(
            "SELECT ",
            columns!(),
            " WHERE i.used_at IS NULL AND i.revoked_at IS NULL ORDER BY i.id DESC"
        ),
        [],
        Invitation::from_row,
    )
}

/// Withdraws an invitation (an expired one leaves the list too); `false` when there was none
/// with that id neither used nor withdrawn.
pub fn revoke(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    super::changed_any(
        conn,
        "UPDATE invitations SET revoked_at = unixepoch()
         WHERE id = ?1 AND used_at IS NULL AND revoked_at IS NULL",
        [id],
    )
}

/// Why the link whose secret hashes to `token_hash` no longer works, and who sent it (as they
/// are named now); `None` for a link that works, or one there never was.
pub fn gone(conn: &Connection, token_hash: &str) -> Result<Option<(Gone, String)>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT CASE WHEN i.used_at IS NOT NULL THEN 'used'
                         WHEN i.revoked_at IS NOT NULL THEN 'withdrawn'
                         WHEN i.expires_at <= unixepoch() THEN 'expired' END,
                    coalesce(trim(u.firstname || ' ' || u.lastname), '')
             FROM invitations i LEFT JOIN users u ON u.id = i.invited_by
             WHERE i.token_hash = ?1",
        )?
        .query_row([token_hash], |row| {
            let why: Option<String> = row.get(0)?;
            Ok(why.map(|why| {
                let why = match why.as_str() {
                    "used" => Gone::Used,
                    "withdrawn" => Gone::Withdrawn,
                    _ => Gone::Expired,
                };
                (why, row.get::<_, String>(1))
            }))
        })
        .optional()?
        .flatten()
        .map(|(why, by)| by.map(|by| (why, by)))
        .transpose()?)
}

/// The email and role of the invitation whose link this is, while it works.
pub fn usable(conn: &Connection, token_hash: &str) -> Result<Option<(String, Role)>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT email, role FROM invitations WHERE token_hash = ?1 AND expires_at > unixepoch()
               AND used_at IS NULL AND revoked_at IS NULL",
        )?
        .query_row([token_hash], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?)
}

/// Uses the invitation up (in the caller's transaction): its email and role, or `None` when it
/// no longer works.
pub fn take(conn: &Connection, token_hash: &str) -> Result<Option<(String, Role)>, ApiError> {
    Ok(super::written_row(
        conn,
        "UPDATE invitations SET used_at = unixepoch()
         WHERE token_hash = ?1 AND expires_at > unixepoch() AND used_at IS NULL
           AND revoked_at IS NULL
         RETURNING email, role",
        [token_hash],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )?)
}

/// Ends every invitation for an account's email: its password or email changed.
pub fn end_for_email(conn: &Connection, email: &str) -> Result<(), ApiError> {
    conn.prepare_cached(
        "UPDATE invitations SET revoked_at = unixepoch()
         WHERE email = ?1 AND used_at IS NULL AND revoked_at IS NULL",
    )?
    .execute([email])?;
    Ok(())
}

/// The refusal of an invitation that would take the admin role from the site's last admin.
const LAST_ADMIN_LEAVES: &str = "This account is the site's only admin: accepting would leave the \
     site with no admin. Ask for an admin's invitation instead, or make another account admin first.";

/// Uses the invitation up and gives its `role` to the existing account `user`, signing them in,
/// in one transaction with what `record` writes (the activity-log entry, an alert). `None` when
/// the link stopped working meanwhile; refused when it would leave the site with no admin.
pub fn accept_existing(
    conn: &mut Connection,
    token_hash: &str,
    user: &User,
    role: Role,
    record: impl FnOnce(&Connection) -> Result<(), ApiError>,
) -> Result<Option<User>, ApiError> {
    super::in_transaction(conn, |tx| {
        if take(tx, token_hash)?.is_none() {
            return Ok(None);
        }
        if user.role == Role::Admin && role != Role::Admin && users::admin_count(tx)? <= 1 {
            return Err(ApiError::Conflict(LAST_ADMIN_LEAVES.into()));
        }
        users::set_role(tx, user.id, role)?;
        users::signed_in(tx, user.id)?;
        record(tx)?;
        users::find(tx, user.id)
    })
}

/// Uses the invitation up and makes the account `new` with its `role`, signed in, in one
/// transaction with what `record` writes for it. `None` when the link stopped working meanwhile.
pub fn accept_new(
    conn: &mut Connection,
    token_hash: &str,
    new: &NewUser,
    password_hash: &str,
    role: Role,
    record: impl FnOnce(&Connection, &User) -> Result<(), ApiError>,
) -> Result<Option<User>, ApiError> {
    super::in_transaction(conn, |tx| {
        if take(tx, token_hash)?.is_none() {
            return Ok(None);
        }
        let user = users::insert(tx, new, password_hash, role)?;
        users::signed_in(tx, user.id)?;
        record(tx, &user)?;
        users::find(tx, user.id)
    })
}

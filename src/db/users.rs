//! The `users` table. The password hash is read only by [`password_hash_by_email`]; a [`User`] never carries it.
//! A new password and signing out are in `users/passwords.rs`.

use crate::domain::{Email, NewUser, Role, UserSort, UserUpdate};
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

mod passwords;

pub use passwords::{password_hash, promote, replace_hash, set_password, sign_out};

super::row! {
    #[derive(Debug, Clone, Serialize)]
    pub struct User {
        #[serde(rename = "_id")]
        pub id: i64,
        pub firstname: String,
        pub lastname: String,
        pub department: String,
        pub year: String,
        pub email: String,
        /// The spec's flag: the admin role.
        #[serde(rename = "isAdmin")]
        pub is_admin: bool,
        pub role: Role,
        #[serde(rename = "lastSignInAt")]
        pub last_sign_in_at: Option<String>,
        #[serde(skip)]
        pub token_version: i64,
        /// When the account was made (Unix seconds): a token issued earlier is not this account's.
        #[serde(skip)]
        pub created: i64,
        /// Whether the account has an authenticator app or a passkey (never which secret).
        #[serde(rename = "secondFactor")]
        pub second_factor: bool,
    }
}

/// The columns [`User::from_row`] reads, spliced by `concat!` so every query stays a constant.
macro_rules! columns {
    () => {
        "id, firstname, lastname, department, year, email, role = 'admin' AS is_admin, role, last_sign_in_at,
         token_version, unixepoch(created_at) AS created,
         (EXISTS (SELECT 1 FROM totp_secrets t WHERE t.user_id = users.id AND t.confirmed)
          OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = users.id)) AS second_factor"
    };
}

const EMAIL_TAKEN: &str = "User Already Exists!";
const LAST_ADMIN: &str =
    "The last admin cannot be removed or demoted; make another user admin first";

impl User {
    /// How the activity log and alerts name them: "Firstname Lastname <email>", with the scripts
    /// of a name that mixes Latin letters with look-alikes ("Аdmin (Latin and Cyrillic letters)"),
    /// so nobody passes for another admin with a letter of another alphabet.
    pub fn named(&self) -> String {
        let name = format!("{} {}", self.firstname, self.lastname);
        let name = crate::words::with_mixed_scripts(name.trim());
        format!("{name} <{}>", self.email)
    }
}

/// Inserts a user with an already computed bcrypt hash; 409 when the email is taken.
pub fn insert(
    conn: &Connection,
    user: &NewUser,
    password_hash: &str,
    role: Role,
) -> Result<User, ApiError> {
    if in_bin(conn, user.email.as_str())? {
        return Err(ApiError::Conflict(EMAIL_TAKEN.into()));
    }
    let sql = concat!(
        "INSERT INTO users (firstname, lastname, department, year, email, password_hash, role)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING ",
        columns!()
    );
    super::inserted_row(
        conn,
        sql,
        params![
            user.firstname,
            user.lastname,
            user.department,
            user.year,
            user.email.as_str(),
            password_hash,
            role
        ],
        User::from_row,
    )
    .map_err(super::conflict_if_taken(EMAIL_TAKEN))
}

/// Whether a deleted account in the bin has `email`: its address stays its own until it is
/// erased for good, so restoring it never finds its address taken.
pub fn in_bin(conn: &Connection, email: &str) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM bin WHERE kind = 'user'
                AND lower(json_extract(rows, '$[0].rows[0].email')) = lower(?1))",
        )?
        .query_row([email], |row| row.get(0))?)
}

/// Every account by id, one at a time.
pub fn each(conn: &Connection, each: &mut dyn FnMut(User) -> bool) -> Result<(), ApiError> {
    super::each_row(
        conn,
        concat!("SELECT ", columns!(), " FROM users ORDER BY id"),
        [],
        User::from_row,
        each,
    )
}

pub fn find(conn: &Connection, id: i64) -> Result<Option<User>, ApiError> {
    let mut stmt =
        conn.prepare_cached(concat!("SELECT ", columns!(), " FROM users WHERE id = ?1"))?;
    Ok(stmt.query_row([id], User::from_row).optional()?)
}

pub fn find_by_email(conn: &Connection, email: &Email) -> Result<Option<User>, ApiError> {
    let mut stmt = conn.prepare_cached(concat!(
        "SELECT ",
        columns!(),
        " FROM users WHERE email = ?1"
    ))?;
    Ok(stmt
        .query_row([email.as_str()], User::from_row)
        .optional()?)
}

/// The id of the account with `email` (any case), if there is one.
pub fn id_by_email(conn: &Connection, email: &str) -> Result<Option<i64>, ApiError> {
    Ok(conn
        .prepare_cached("SELECT id FROM users WHERE email = ?1 COLLATE NOCASE")?
        .query_row([email], |row| row.get(0))
        .optional()?)
}

/// The user and their bcrypt hash, for checking a login.
pub fn password_hash_by_email(
    conn: &Connection,
    email: &Email,
) -> Result<Option<(User, String)>, ApiError> {
    let mut stmt = conn.prepare_cached(concat!(
        "SELECT ",
        columns!(),
        ", password_hash FROM users WHERE email = ?1"
    ))?;
    Ok(stmt
        .query_row([email.as_str()], |row| {
            Ok((User::from_row(row)?, row.get("password_hash")?))
        })
        .optional()?)
}

pub fn admin_count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT count(*) FROM users WHERE role = 'admin'",
        [],
        |row| row.get(0),
    )
}

/// Applies an admin's change; refuses to demote the last admin or to take another user's email.
/// The account before and after the change, or `None` when there is no such account.
pub fn update(
    conn: &mut Connection,
    id: i64,
    change: &UserUpdate,
) -> Result<Option<(User, User)>, ApiError> {
    let tx = super::begin(conn)?;
    let Some(current) = find(&tx, id)? else {
        return Ok(None);
    };
    let role = change.new_role(current.role);
    if current.role == Role::Admin && role != Role::Admin && admin_count(&tx)? <= 1 {
        return Err(ApiError::Conflict(LAST_ADMIN.into()));
    }
    if let Some(email) = change.email.as_ref() {
        if !email.as_str().eq_ignore_ascii_case(&current.email) && in_bin(&tx, email.as_str())? {
            return Err(ApiError::Conflict(
                "Another user already has this email".into(),
            ));
        }
    }
    let updated = super::inserted_row(
        &tx,
        concat!("UPDATE users SET firstname = coalesce(?2, firstname), lastname = coalesce(?3, lastname),
                department = coalesce(?4, department), year = coalesce(?5, year),
                email = coalesce(?6, email), role = ?7
             WHERE id = ?1 RETURNING ", columns!()),
            params![
                id,
                change.firstname,
                change.lastname,
                change.department,
                change.year,
                change.email.as_ref().map(Email::as_str),
                role
            ],
            User::from_row,
        )
        .map_err(super::conflict_if_taken("Another user already has this email"))?;
    if !updated.email.eq_ignore_ascii_case(&current.email) {
        super::password_resets::end_all(&tx, id)?;
        super::invitations::end_for_email(&tx, &current.email)?;
    }
    tx.commit()?;
    Ok(Some((current, updated)))
}

/// Deletes a user into the bin (as `by` does it); refuses the last admin. The account as it was, or `None` when there was no
/// such user.
pub fn delete(conn: &mut Connection, id: i64, by: &str) -> Result<Option<User>, ApiError> {
    let tx = super::begin(conn)?;
    let Some(current) = find(&tx, id)? else {
        return Ok(None);
    };
    if current.role == Role::Admin && admin_count(&tx)? <= 1 {
        return Err(ApiError::Conflict(LAST_ADMIN.into()));
    }
    super::bin::keep(&tx, crate::domain::BinKind::User, id, by, None)?;
    tx.execute("DELETE FROM users WHERE id = ?1", [id])?;
    tx.commit()?;
    Ok(Some(current))
}

/// Every admin's email address, for the mail about a new contact message.
pub fn admin_emails(conn: &Connection) -> Result<Vec<String>, ApiError> {
    let emails = conn
        .prepare_cached("SELECT email FROM users WHERE role = 'admin' ORDER BY id")?
        .query_map([], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(emails)
}

/// Every admin as the activity log names them ("Firstname Lastname <email>").
pub fn admins_named(conn: &Connection) -> Result<Vec<String>, ApiError> {
    let admins = conn
        .prepare_cached(concat!(
            "SELECT ",
            columns!(),
            " FROM users WHERE role = 'admin' ORDER BY id"
        ))?
        .query_map([], User::from_row)?
        .map(|user| user.map(|user| user.named()))
        .collect::<Result<_, _>>()?;
    Ok(admins)
}

pub fn any_admin(conn: &Connection) -> Result<bool, ApiError> {
    Ok(admin_count(conn)? > 0)
}

/// Notes a sign-in (a login, an accepted invitation) for the Users screen.
pub fn signed_in(conn: &Connection, id: i64) -> Result<(), ApiError> {
    conn.prepare_cached(
        "UPDATE users SET last_sign_in_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ?1",
    )?
    .execute([id])?;
    Ok(())
}

/// Gives an account a role (an accepted invitation).
pub fn set_role(conn: &Connection, id: i64, role: Role) -> Result<(), ApiError> {
    conn.prepare_cached("UPDATE users SET role = ?2 WHERE id = ?1")?
        .execute(params![id, role])?;
    Ok(())
}

/// Accounts whose names or email contain the `LIKE` pattern `?1` (all when it is NULL).
macro_rules! matching {
    () => {
        " FROM users WHERE (?1 IS NULL OR firstname LIKE ?1 ESCAPE '\\'
            OR lastname LIKE ?1 ESCAPE '\\' OR email LIKE ?1 ESCAPE '\\')"
    };
}

super::like_page!(User, UserSort, "users" {
    Newest => "id DESC",
    Oldest => "id",
    Name => "firstname COLLATE NOCASE, lastname COLLATE NOCASE, id",
    Email => "email",
});

/// One page of the accounts of one role matching the search, in the chosen order.
pub fn page_of_role(
    conn: &Connection,
    listing: &crate::domain::Listing<UserSort>,
    role: Role,
) -> Result<super::Page<User>, ApiError> {
    let order = match listing.sort {
        UserSort::Newest => "id DESC",
        UserSort::Oldest => "id",
        UserSort::Name => "firstname COLLATE NOCASE, lastname COLLATE NOCASE, id",
        UserSort::Email => "email",
    };
    let pattern = listing.like_pattern();
    let sql = format!(
        concat!(
            "SELECT ",
            columns!(),
            matching!(),
            " AND role = ?4 ORDER BY {} LIMIT ?2 OFFSET ?3"
        ),
        order
    );
    let items = super::all_rows(
        conn,
        &sql,
        params![pattern, listing.size, listing.offset(), role],
        User::from_row,
    )?;
    let total = conn
        .prepare_cached(concat!("SELECT count(*)", matching!(), " AND role = ?2"))?
        .query_row(params![pattern, role], |row| row.get(0))?;
    Ok(super::Page {
        items,
        total,
        page: listing.page,
        size: listing.size,
    })
}

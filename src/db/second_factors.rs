//! An account's second factors: its authenticator app (`totp_secrets`), passkeys and recovery
//! codes; the lock on its second step; and the browsers and "Sign out everywhere" links of the
//! new-sign-in mail. Secrets are read only here and never serialised: [`Passkey`] carries no key.
//! The passkeys are in `second_factors/passkeys.rs`.

use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};

mod passkeys;

pub use passkeys::{
    credential_ids, insert_passkey, passkey, passkey_used, passkeys, remove_passkey,
    rename_passkey, stored_key, NewPasskey, Passkey, StoredKey,
};

/// Wrong codes in a row that lock the second step.
pub const WRONG_CODES: i64 = 5;
/// How long the lock lasts (seconds).
pub const LOCK_SECONDS: i64 = 15 * 60;

/// Which second factors an account has.
#[derive(Debug, Default, Clone, Copy)]
pub struct Factors {
    pub totp: bool,
    pub passkeys: i64,
    pub recovery_left: i64,
}

impl Factors {
    /// Whether a sign-in needs a second step.
    pub fn any(&self) -> bool {
        self.totp || self.passkeys > 0
    }

    /// The ways through the second step, as the login answer names them.
    pub fn methods(&self) -> Vec<&'static str> {
        let mut methods = Vec::new();
        if self.totp {
            methods.push("totp");
        }
        if self.passkeys > 0 {
            methods.push("passkey");
        }
        if self.recovery_left > 0 {
            methods.push("recovery");
        }
        methods
    }
}

pub fn factors(conn: &Connection, user_id: i64) -> Result<Factors, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM totp_secrets WHERE user_id = ?1 AND confirmed),
                    (SELECT count(*) FROM passkeys WHERE user_id = ?1),
                    (SELECT count(*) FROM recovery_codes WHERE user_id = ?1 AND used_at IS NULL)",
        )?
        .query_row([user_id], |row| {
            Ok(Factors {
                totp: row.get(0)?,
                passkeys: row.get(1)?,
                recovery_left: row.get(2)?,
            })
        })?)
}

/// Starts setting up an app: a new unconfirmed secret replaces any earlier unconfirmed one.
/// `false` when an app is already set up.
pub fn begin_totp(conn: &Connection, user_id: i64, secret: &[u8]) -> Result<bool, ApiError> {
    let changed = conn.execute(
        "INSERT INTO totp_secrets (user_id, secret, created_at) VALUES (?1, ?2, unixepoch())
         ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret,
             created_at = excluded.created_at, last_step = 0
         WHERE NOT confirmed",
        params![user_id, secret],
    )?;
    Ok(changed == 1)
}

/// The secret of the account's app: `(secret, confirmed, last accepted step)`.
pub fn totp(conn: &Connection, user_id: i64) -> Result<Option<(Vec<u8>, bool, i64)>, ApiError> {
    Ok(conn
        .prepare_cached("SELECT secret, confirmed, last_step FROM totp_secrets WHERE user_id = ?1")?
        .query_row([user_id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .optional()?)
}

/// Spends `step` of the account's app, confirming it if it was not: `false` when a code of that
/// step or a later one was accepted already (so parallel requests cannot use one code twice).
pub fn use_totp_step(conn: &Connection, user_id: i64, step: i64) -> Result<bool, ApiError> {
    let changed = conn
        .prepare_cached(
            "UPDATE totp_secrets SET last_step = ?2, confirmed = 1
             WHERE user_id = ?1 AND last_step < ?2",
        )?
        .execute(params![user_id, step])?;
    Ok(changed == 1)
}

pub fn remove_totp(conn: &Connection, user_id: i64) -> Result<bool, ApiError> {
    Ok(conn.execute("DELETE FROM totp_secrets WHERE user_id = ?1", [user_id])? == 1)
}

/// Replaces the account's recovery codes with these (hashed) ones.
pub fn set_recovery_codes(
    conn: &Connection,
    user_id: i64,
    hashes: &[String],
) -> Result<(), ApiError> {
    conn.execute("DELETE FROM recovery_codes WHERE user_id = ?1", [user_id])?;
    let mut insert =
        conn.prepare_cached("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?1, ?2)")?;
    for hash in hashes {
        insert.execute(params![user_id, hash])?;
    }
    Ok(())
}

/// Uses up the recovery code with this hash: `false` when it is not one of the account's unused.
pub fn use_recovery_code(conn: &Connection, user_id: i64, hash: &str) -> Result<bool, ApiError> {
    let changed = conn
        .prepare_cached(
            "UPDATE recovery_codes SET used_at = unixepoch()
             WHERE user_id = ?1 AND code_hash = ?2 AND used_at IS NULL",
        )?
        .execute(params![user_id, hash])?;
    Ok(changed == 1)
}

/// Removes every factor of the account (app, passkeys, recovery codes) and its lock.
pub fn remove_all(conn: &Connection, user_id: i64) -> Result<bool, ApiError> {
    let mut removed = 0;
    for table in [
        "totp_secrets",
        "passkeys",
        "recovery_codes",
        "second_step_failures",
    ] {
        removed += conn.execute(
            &format!("DELETE FROM {table} WHERE user_id = ?1"),
            [user_id],
        )?;
    }
    Ok(removed > 0)
}

/// Drops the recovery codes when no factor is left to recover.
pub fn tidy(conn: &Connection, user_id: i64) -> Result<(), ApiError> {
    if !factors(conn, user_id)?.any() {
        conn.execute("DELETE FROM recovery_codes WHERE user_id = ?1", [user_id])?;
    }
    Ok(())
}

/// Until when the account's second step is locked (Unix seconds), if it is now.
pub fn locked_until(conn: &Connection, user_id: i64) -> Result<Option<i64>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT locked_until FROM second_step_failures
             WHERE user_id = ?1 AND locked_until > unixepoch()",
        )?
        .query_row([user_id], |row| row.get(0))
        .optional()?)
}

/// Counts a wrong code; `true` when this one locked the second step (the count starts again).
pub fn wrong_code(conn: &Connection, user_id: i64) -> Result<bool, ApiError> {
    let failures: i64 = conn.query_row(
        "INSERT INTO second_step_failures (user_id, failures) VALUES (?1, 1)
         ON CONFLICT (user_id) DO UPDATE SET failures = failures + 1
         RETURNING failures",
        [user_id],
        |row| row.get(0),
    )?;
    if failures < WRONG_CODES {
        return Ok(false);
    }
    conn.execute(
        "UPDATE second_step_failures SET failures = 0, locked_until = unixepoch() + ?2
         WHERE user_id = ?1",
        params![user_id, LOCK_SECONDS],
    )?;
    Ok(true)
}

pub fn right_code(conn: &Connection, user_id: i64) -> Result<(), ApiError> {
    conn.execute(
        "DELETE FROM second_step_failures WHERE user_id = ?1",
        [user_id],
    )?;
    Ok(())
}

/// Whether the browser with this (hashed) mark signed in to the account within `days`; it is
/// remembered as signing in now either way.
pub fn browser_seen(
    conn: &Connection,
    user_id: i64,
    hash: &str,
    days: i64,
) -> Result<bool, ApiError> {
    let known = conn
        .prepare_cached(
            "SELECT 1 FROM known_browsers
             WHERE user_id = ?1 AND browser_hash = ?2 AND last_seen > unixepoch() - ?3 * 86400",
        )?
        .query_row(params![user_id, hash, days], |_| Ok(()))
        .optional()?
        .is_some();
    conn.prepare_cached(
        "INSERT INTO known_browsers (user_id, browser_hash, last_seen) VALUES (?1, ?2, unixepoch())
         ON CONFLICT (user_id, browser_hash) DO UPDATE SET last_seen = excluded.last_seen",
    )?
    .execute(params![user_id, hash])?;
    conn.prepare_cached("DELETE FROM known_browsers WHERE last_seen < unixepoch() - ?1 * 86400")?
        .execute([days])?;
    Ok(known)
}

/// Stores a "Sign out everywhere" link that works for `seconds`.
pub fn add_sign_out_link(
    conn: &Connection,
    user_id: i64,
    hash: &str,
    seconds: i64,
) -> Result<(), ApiError> {
    conn.prepare_cached("DELETE FROM sign_out_links WHERE expires_at < unixepoch()")?
        .execute([])?;
    conn.execute(
        "INSERT INTO sign_out_links (token_hash, user_id, expires_at) VALUES (?1, ?2, unixepoch() + ?3)",
        params![hash, user_id, seconds],
    )?;
    Ok(())
}

/// The account a working "Sign out everywhere" link is for.
pub fn sign_out_link(conn: &Connection, hash: &str) -> Result<Option<i64>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT user_id FROM sign_out_links WHERE token_hash = ?1 AND expires_at > unixepoch()",
        )?
        .query_row([hash], |row| row.get(0))
        .optional()?)
}

/// The `settings` key of the rule "Staff must use a second factor".
const RULE: &str = "requireSecondFactor";

/// Whether staff must use a second factor.
pub fn rule_on(conn: &Connection) -> Result<bool, ApiError> {
    Ok(super::settings::get(conn, RULE)?.as_deref() == Some("1"))
}

pub fn set_rule(conn: &Connection, on: bool) -> Result<(), ApiError> {
    Ok(super::settings::set(
        conn,
        RULE,
        if on { "1" } else { "0" },
    )?)
}

/// Whether the rule keeps this staff account out of the admin area: on, and no factor yet.
pub fn rule_blocks(conn: &Connection, user_id: i64) -> Result<bool, ApiError> {
    Ok(rule_on(conn)? && !factors(conn, user_id)?.any())
}

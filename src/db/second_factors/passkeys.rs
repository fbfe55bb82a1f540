//! An account's passkeys (`passkeys`): each as its owner sees it listed, never with its key, and
//! the stored key a sign-in checks.

use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

super::super::row! {
    /// A passkey as its owner sees it listed.
    #[derive(Debug, Serialize)]
    pub struct Passkey {
        pub id: i64,
        pub name: String,
        #[serde(rename = "createdAt")]
        pub created_at: String,
        #[serde(rename = "lastUsedAt")]
        pub last_used_at: Option<String>,
    }
}

const PASSKEY_COLUMNS: &str = "id, name,
     strftime('%Y-%m-%dT%H:%M:%SZ', created_at, 'unixepoch') AS created_at,
     strftime('%Y-%m-%dT%H:%M:%SZ', last_used_at, 'unixepoch') AS last_used_at";

/// A passkey's stored key, for a sign-in.
pub struct StoredKey {
    pub id: i64,
    pub user_id: i64,
    pub public_key: Vec<u8>,
    pub rp_id: String,
    pub sign_count: u32,
}

/// A new passkey's parts.
pub struct NewPasskey<'a> {
    pub user_id: i64,
    pub credential_id: &'a [u8],
    pub public_key: &'a [u8],
    pub algorithm: i64,
    pub rp_id: &'a str,
    pub sign_count: u32,
    pub name: &'a str,
}

/// Stores a passkey; `None` when its credential is already stored.
pub fn insert_passkey(conn: &Connection, key: &NewPasskey) -> Result<Option<Passkey>, ApiError> {
    let inserted = conn.execute(
        "INSERT INTO passkeys (user_id, credential_id, public_key, algorithm, rp_id, sign_count,
                               name, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, unixepoch()) ON CONFLICT (credential_id) DO NOTHING",
        params![
            key.user_id,
            key.credential_id,
            key.public_key,
            key.algorithm,
            key.rp_id,
            key.sign_count,
            key.name
        ],
    )?;
    if inserted == 0 {
        return Ok(None);
    }
    passkey(conn, key.user_id, conn.last_insert_rowid())
}

pub fn passkey(conn: &Connection, user_id: i64, id: i64) -> Result<Option<Passkey>, ApiError> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {PASSKEY_COLUMNS} FROM passkeys WHERE user_id = ?1 AND id = ?2"
        ))?
        .query_row(params![user_id, id], Passkey::from_row)
        .optional()?)
}

pub fn passkeys(conn: &Connection, user_id: i64) -> Result<Vec<Passkey>, ApiError> {
    let list = conn
        .prepare_cached(&format!(
            "SELECT {PASSKEY_COLUMNS} FROM passkeys WHERE user_id = ?1 ORDER BY id"
        ))?
        .query_map([user_id], Passkey::from_row)?
        .collect::<Result<_, _>>()?;
    Ok(list)
}

/// The credential ids of the account's passkeys (to list as allowed, or as not to make again).
pub fn credential_ids(conn: &Connection, user_id: i64) -> Result<Vec<Vec<u8>>, ApiError> {
    let ids = conn
        .prepare_cached("SELECT credential_id FROM passkeys WHERE user_id = ?1 ORDER BY id")?
        .query_map([user_id], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(ids)
}

pub fn stored_key(conn: &Connection, credential_id: &[u8]) -> Result<Option<StoredKey>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT id, user_id, public_key, rp_id, sign_count FROM passkeys
             WHERE credential_id = ?1",
        )?
        .query_row([credential_id], |row| {
            Ok(StoredKey {
                id: row.get(0)?,
                user_id: row.get(1)?,
                public_key: row.get(2)?,
                rp_id: row.get(3)?,
                sign_count: row.get(4)?,
            })
        })
        .optional()?)
}

/// Notes a sign-in with the passkey: its counter now and when. `false` when the counter was
/// moved past this one meanwhile (a parallel sign-in with the same signature).
pub fn passkey_used(conn: &Connection, id: i64, from: u32, to: u32) -> Result<bool, ApiError> {
    let changed = conn.execute(
        "UPDATE passkeys SET sign_count = ?3, last_used_at = unixepoch()
         WHERE id = ?1 AND sign_count = ?2",
        params![id, from, to],
    )?;
    Ok(changed == 1)
}

pub fn rename_passkey(
    conn: &Connection,
    user_id: i64,
    id: i64,
    name: &str,
) -> Result<bool, ApiError> {
    Ok(conn.execute(
        "UPDATE passkeys SET name = ?3 WHERE user_id = ?1 AND id = ?2",
        params![user_id, id, name],
    )? == 1)
}

pub fn remove_passkey(conn: &Connection, user_id: i64, id: i64) -> Result<bool, ApiError> {
    Ok(conn.execute(
        "DELETE FROM passkeys WHERE user_id = ?1 AND id = ?2",
        params![user_id, id],
    )? == 1)
}

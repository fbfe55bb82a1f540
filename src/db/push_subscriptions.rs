//! The `push_subscriptions` table: phones that get new notices by web push.

use crate::error::ApiError;
use crate::push::Subscription;
use rusqlite::{params, Connection};

/// Stores a subscription (again: its keys and language replace the old ones).
pub fn save(
    conn: &Connection,
    endpoint: &str,
    p256dh: &[u8],
    auth: &[u8],
    lang: &str,
) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO push_subscriptions (endpoint, p256dh, auth, lang, created_at)
         VALUES (?1, ?2, ?3, ?4, unixepoch())
         ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
             lang = excluded.lang",
        params![endpoint, p256dh, auth, lang],
    )?;
    Ok(())
}

pub fn remove(conn: &Connection, endpoint: &str) -> Result<bool, ApiError> {
    Ok(conn.execute(
        "DELETE FROM push_subscriptions WHERE endpoint = ?1",
        [endpoint],
    )? == 1)
}

pub fn all(conn: &Connection) -> Result<Vec<Subscription>, ApiError> {
    let list = conn
        .prepare_cached(
            "SELECT id, endpoint, p256dh, auth, lang FROM push_subscriptions ORDER BY id",
        )?
        .query_map([], |row| {
            Ok(Subscription {
                id: row.get(0)?,
                endpoint: row.get(1)?,
                p256dh: row.get(2)?,
                auth: row.get(3)?,
                lang: row.get(4)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(list)
}

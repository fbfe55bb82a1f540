//! The `payment_hold` table: a change of the payment details waiting out its hold (one at most).

use crate::db::audit::Change;
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};
use std::collections::BTreeMap;

/// A change waiting.
#[derive(Debug, Clone)]
pub struct Held {
    /// The fields it sets and their new values.
    pub fields: BTreeMap<String, String>,
    /// When it takes effect (Unix seconds).
    pub due_at: i64,
    pub actor: String,
    pub actor_id: Option<i64>,
    /// Old → new, as shown to admins.
    pub changes: Vec<Change>,
}

pub fn get(conn: &Connection) -> Result<Option<Held>, ApiError> {
    let row = conn
        .prepare_cached("SELECT fields, due_at, actor, actor_id, changes FROM payment_hold")?
        .query_row([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get(1)?,
                row.get(2)?,
                row.get(3)?,
                row.get::<_, String>(4)?,
            ))
        })
        .optional()?;
    let Some((fields, due_at, actor, actor_id, changes)) = row else {
        return Ok(None);
    };
    Ok(Some(Held {
        fields: serde_json::from_str(&fields).map_err(ApiError::internal)?,
        due_at,
        actor,
        actor_id,
        changes: serde_json::from_str(&changes).map_err(ApiError::internal)?,
    }))
}

/// Puts `held` in place of any change waiting.
pub fn set(conn: &Connection, held: &Held) -> Result<(), ApiError> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO payment_hold (id, fields, due_at, actor, actor_id, changes)
         VALUES (1, ?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        serde_json::to_string(&held.fields).map_err(ApiError::internal)?,
        held.due_at,
        held.actor,
        held.actor_id,
        serde_json::to_string(&held.changes).map_err(ApiError::internal)?
    ])?;
    Ok(())
}

/// Drops the change waiting; `false` when there was none.
pub fn clear(conn: &Connection) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached("DELETE FROM payment_hold")?
        .execute([])?
        > 0)
}

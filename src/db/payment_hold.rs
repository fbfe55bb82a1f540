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
    /// The alert that tells of it: the change waits for its mail to reach someone.
    pub alert_id: Option<i64>,
}

pub fn get(conn: &Connection) -> Result<Option<Held>, ApiError> {
    let row = conn
        .prepare_cached(
            "SELECT fields, due_at, actor, actor_id, changes, alert_id FROM payment_hold",
        )?
        .query_row([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get(1)?,
                row.get(2)?,
                row.get(3)?,
                row.get::<_, String>(4)?,
                row.get(5)?,
            ))
        })
        .optional()?;
    let Some((fields, due_at, actor, actor_id, changes, alert_id)) = row else {
        return Ok(None);
    };
    Ok(Some(Held {
        fields: serde_json::from_str(&fields).map_err(ApiError::internal)?,
        due_at,
        actor,
        actor_id,
        changes: serde_json::from_str(&changes).map_err(ApiError::internal)?,
        alert_id,
    }))
}

/// Puts `held` in place of any change waiting.
pub fn set(conn: &Connection, held: &Held) -> Result<(), ApiError> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO payment_hold (id, fields, due_at, actor, actor_id, changes, alert_id)
         VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        serde_json::to_string(&held.fields).map_err(ApiError::internal)?,
        held.due_at,
        held.actor,
        held.actor_id,
        serde_json::to_string(&held.changes).map_err(ApiError::internal)?,
        held.alert_id
    ])?;
    Ok(())
}

/// Names the alert that tells of the change waiting.
pub fn set_alert(conn: &Connection, alert_id: i64) -> Result<(), ApiError> {
    conn.prepare_cached("UPDATE payment_hold SET alert_id = ?1")?
        .execute([alert_id])?;
    Ok(())
}

/// Drops the change waiting; `false` when there was none.
pub fn clear(conn: &Connection) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached("DELETE FROM payment_hold")?
        .execute([])?
        > 0)
}

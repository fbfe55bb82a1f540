//! The `held_writes` table: admins' writes that name another UPI ID, waiting out the payment
//! hold (see `crate::held_writes`).

use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension, Row};

/// A write waiting: the call as it was made, and who made it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HeldWrite {
    pub id: i64,
    pub method: String,
    /// The path with its query, as asked.
    pub path: String,
    /// The JSON body, as sent.
    pub body: String,
    /// What the call does, in the activity log's words: "notice added".
    pub action: String,
    /// The field that names the other UPI ID, and the ID.
    pub field: String,
    pub upi_id: String,
    pub actor_id: i64,
    pub actor: String,
    pub made_at: i64,
    /// When it takes effect (Unix seconds), once its alert has reached someone.
    pub due_at: i64,
    pub alert_id: Option<i64>,
}

const COLUMNS: &str =
    "id, method, path, body, action, field, upi_id, actor_id, actor, made_at, due_at, alert_id";

fn held(row: &Row) -> rusqlite::Result<HeldWrite> {
    Ok(HeldWrite {
        id: row.get(0)?,
        method: row.get(1)?,
        path: row.get(2)?,
        body: row.get(3)?,
        action: row.get(4)?,
        field: row.get(5)?,
        upi_id: row.get(6)?,
        actor_id: row.get(7)?,
        actor: row.get(8)?,
        made_at: row.get(9)?,
        due_at: row.get(10)?,
        alert_id: row.get(11)?,
    })
}

/// Stores `write` (its id is given by the table); its id.
pub fn insert(conn: &Connection, write: &HeldWrite) -> Result<i64, ApiError> {
    Ok(conn
        .prepare_cached(
            "INSERT INTO held_writes
                 (method, path, body, action, field, upi_id, actor_id, actor, made_at, due_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) RETURNING id",
        )?
        .query_row(
            params![
                write.method,
                write.path,
                write.body,
                write.action,
                write.field,
                write.upi_id,
                write.actor_id,
                write.actor,
                write.made_at,
                write.due_at
            ],
            |row| row.get(0),
        )?)
}

/// Names the alert that tells of the write `id`.
pub fn set_alert(conn: &Connection, id: i64, alert_id: i64) -> Result<(), ApiError> {
    conn.prepare_cached("UPDATE held_writes SET alert_id = ?2 WHERE id = ?1")?
        .execute(params![id, alert_id])?;
    Ok(())
}

/// Every write waiting, the soonest first.
pub fn all(conn: &Connection) -> Result<Vec<HeldWrite>, ApiError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM held_writes ORDER BY due_at, id"
    ))?;
    let rows = stmt.query_map([], held)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The writes whose hold is over at `now`, the oldest first.
pub fn due(conn: &Connection, now: i64) -> Result<Vec<HeldWrite>, ApiError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM held_writes WHERE due_at <= ?1 ORDER BY due_at, id"
    ))?;
    let rows = stmt.query_map([now], held)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn get(conn: &Connection, id: i64) -> Result<Option<HeldWrite>, ApiError> {
    Ok(conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM held_writes WHERE id = ?1"))?
        .query_row([id], held)
        .optional()?)
}

/// Drops the write `id`; `false` when it was not waiting.
pub fn remove(conn: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached("DELETE FROM held_writes WHERE id = ?1")?
        .execute([id])?
        > 0)
}

/// The held writes being made or cancelled now, each claimed until its transaction is done:
/// a Cancel cannot answer "Cancelled" for a write the server made meanwhile, and two looks at
/// once (the server's and a test's) never make one write twice.
#[derive(Debug, Default)]
pub struct Releasing(std::sync::Mutex<std::collections::HashMap<i64, Why>>);

/// Why a held write is claimed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    Made,
    Cancelled,
}

impl Releasing {
    /// Claims `id` for `why`; let go when the answer is dropped. When it is claimed already, the
    /// refusal that says why.
    pub fn claim(&self, id: i64, why: Why) -> Result<Claim<'_>, ApiError> {
        let mut claimed = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match claimed.get(&id) {
            None => {
                claimed.insert(id, why);
                Ok(Claim(self, id))
            }
            Some(Why::Made) => Err(ApiError::Conflict(
                "Too late to cancel: the server is making this change now. \
                 The alerts will say whether it was made."
                    .to_owned(),
            )),
            Some(Why::Cancelled) => Err(ApiError::Conflict(
                "Another admin is cancelling this held change now.".to_owned(),
            )),
        }
    }
}

/// One held write claimed by [`Releasing::claim`].
#[derive(Debug)]
pub struct Claim<'a>(&'a Releasing, i64);

impl Drop for Claim<'_> {
    fn drop(&mut self) {
        let mut claimed = self
            .0
             .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        claimed.remove(&self.1);
    }
}

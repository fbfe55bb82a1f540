//! The `audit_log` table: who changed what, from where, and when. Append-only: triggers refuse
//! any change to an entry and the removal of one younger than two years.

use crate::domain::AuditSort;
use crate::error::ApiError;
use rusqlite::{params, Connection};
use serde::{Deserialize, Serialize};

/// One field a change changed. Secrets are never written here, only that they changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Change {
    pub field: String,
    pub old: String,
    pub new: String,
}

/// The `new` (and `old`) of a secret that changed.
pub const CHANGED: &str = "changed";

/// An entry to record.
#[derive(Debug, Clone, Default)]
pub struct Entry {
    pub actor_id: Option<i64>,
    /// "Firstname Lastname <email>", or [`SERVER_COMMAND`].
    pub actor: String,
    pub address: String,
    /// What was done, in a few words: "notice created", "sign-in failed".
    pub action: String,
    /// What it was done to: "notice 42", "site settings".
    pub target: String,
    pub changes: Vec<Change>,
}

/// The actor of a change made on the server's command line.
pub const SERVER_COMMAND: &str = "server command";

/// Entries older than this are dropped.
const KEPT_FOR: &str = "-2 years";

/// Appends an entry, and drops the ones past two years.
pub fn record(conn: &Connection, entry: &Entry) -> Result<(), ApiError> {
    let changes = if entry.changes.is_empty() {
        None
    } else {
        Some(serde_json::to_string(&entry.changes).map_err(ApiError::internal)?)
    };
    let clip = |text: &str, max: usize| text.chars().take(max).collect::<String>();
    conn.prepare_cached(
        "INSERT INTO audit_log (actor_id, actor, address, action, target, changes)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        entry.actor_id,
        clip(&entry.actor, 400),
        clip(&entry.address, 64),
        clip(&entry.action, 200),
        clip(&entry.target, 400),
        changes
    ])?;
    conn.prepare_cached(
        "DELETE FROM audit_log WHERE at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1)",
    )?
    .execute([KEPT_FOR])?;
    Ok(())
}

/// An entry as the Activity screen shows it.
#[derive(Debug, Serialize)]
pub struct Item {
    pub id: i64,
    pub at: String,
    pub actor: String,
    pub address: String,
    pub action: String,
    pub target: String,
    pub changes: Vec<Change>,
}

impl Item {
    fn from_row(row: &rusqlite::Row) -> rusqlite::Result<Item> {
        let changes: Option<String> = row.get("changes")?;
        Ok(Item {
            id: row.get("id")?,
            at: row.get("at")?,
            actor: row.get("actor")?,
            address: row.get("address")?,
            action: row.get("action")?,
            target: row.get("target")?,
            // Written by `record` alone: changes that cannot be read are an error, never shown
            // as an entry that changed nothing.
            changes: match changes {
                None => Vec::new(),
                Some(json) => serde_json::from_str(&json).map_err(|err| {
                    rusqlite::Error::FromSqlConversionFailure(
                        6,
                        rusqlite::types::Type::Text,
                        Box::new(err),
                    )
                })?,
            },
        })
    }
}

macro_rules! columns {
    () => {
        "id, at, actor, address, action, target, changes"
    };
}

/// Entries whose who, address, what or changes contain the `LIKE` pattern `?1` (every entry
/// when it is NULL).
macro_rules! matching {
    () => {
        " FROM audit_log WHERE (?1 IS NULL OR actor LIKE ?1 ESCAPE '\\' OR address LIKE ?1 ESCAPE '\\'
            OR action LIKE ?1 ESCAPE '\\' OR target LIKE ?1 ESCAPE '\\' OR changes LIKE ?1 ESCAPE '\\')"
    };
}

// One page, newest first (ids kept in memory while nothing is written), and how many match.
super::like_page!(Item, AuditSort, "audit_log" {
    Newest => "at DESC, id DESC",
});

/// Every entry matching the pattern, newest first, one at a time until `each` says stop (for the
/// CSV export).
pub fn for_each(
    conn: &Connection,
    pattern: Option<&str>,
    mut each: impl FnMut(&Item) -> bool,
) -> Result<(), ApiError> {
    let mut stmt = conn.prepare_cached(concat!(
        "SELECT ",
        columns!(),
        matching!(),
        " ORDER BY at DESC, id DESC"
    ))?;
    let mut rows = stmt.query([pattern])?;
    while let Some(row) = rows.next()? {
        if !each(&Item::from_row(row)?) {
            break;
        }
    }
    Ok(())
}

/// The id of the newest entry (0 while there is none).
pub fn newest_id(conn: &Connection) -> Result<i64, ApiError> {
    Ok(conn
        .prepare_cached("SELECT coalesce(max(id), 0) FROM audit_log")?
        .query_row([], |row| row.get(0))?)
}

/// The entries of the server's commands after the entry `after` up to `upto`, oldest first.
pub fn by_commands(conn: &Connection, after: i64, upto: i64) -> Result<Vec<Item>, ApiError> {
    let items = conn
        .prepare_cached(concat!(
            "SELECT ",
            columns!(),
            " FROM audit_log WHERE id > ?1 AND id <= ?2 AND actor = ?3 ORDER BY id"
        ))?
        .query_map(params![after, upto, SERVER_COMMAND], Item::from_row)?
        .collect::<Result<_, _>>()?;
    Ok(items)
}

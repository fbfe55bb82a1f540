//! The `audit_log` table: who changed what, from where, and when. Append-only: triggers refuse
//! any change to an entry and the removal of one younger than two years. The kinds of entries are
//! in `audit/kinds.rs`.

use super::kept_orders::KeptOrders;
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

mod kinds;

pub use kinds::Kind;

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
#[derive(Debug, Clone, Default, Serialize)]
pub struct Entry {
    #[serde(skip)]
    pub actor_id: Option<i64>,
    /// "Firstname Lastname <email>", or [`SERVER_COMMAND`].
    pub actor: String,
    pub address: String,
    /// What was done, in a few words: "notice created", "sign-in failed".
    pub action: String,
    /// What it was done to: "notice 42", "site settings".
    pub target: String,
    pub changes: Vec<Change>,
    pub kind: Kind,
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
        "INSERT INTO audit_log (actor_id, actor, address, action, target, changes, kind)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        entry.actor_id,
        clip(&entry.actor, 400),
        clip(&entry.address, 64),
        clip(&entry.action, 200),
        clip(&entry.target, 400),
        changes,
        entry.kind.as_str()
    ])?;
    conn.prepare_cached(
        "DELETE FROM audit_log WHERE at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1)",
    )?
    .execute([KEPT_FOR])?;
    Ok(())
}

/// A recorded entry as the Activity screen shows it: its number, its time, and what it says.
#[derive(Debug, Serialize)]
pub struct Item {
    pub id: i64,
    pub at: String,
    #[serde(flatten)]
    pub entry: Entry,
}

impl Item {
    fn from_row(row: &rusqlite::Row) -> rusqlite::Result<Item> {
        let changes: Option<String> = row.get("changes")?;
        Ok(Item {
            id: row.get("id")?,
            at: row.get("at")?,
            entry: Entry {
                actor_id: None,
                actor: row.get("actor")?,
                address: row.get("address")?,
                action: row.get("action")?,
                target: row.get("target")?,
                kind: row.get("kind")?,
                // Written by `record` alone: changes that cannot be read are an error, never
                // shown as an entry that changed nothing.
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
            },
        })
    }
}

macro_rules! columns {
    () => {
        "id, at, actor, address, action, target, changes, kind"
    };
}

/// Which entries a list shows: a search, a kind (all but sign-ins when none is chosen), a person.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// A `LIKE` pattern matched against who, address, what, target and changes.
    pub pattern: Option<String>,
    /// `None`: every kind but sign-ins; `Some(None)`: every kind.
    pub kind: Option<Option<Kind>>,
    /// An actor exactly as entries name them.
    pub actor: Option<String>,
}

impl Filter {
    fn params(&self) -> (Option<&str>, &'static str, Option<&str>) {
        let kind = match self.kind {
            None => "",
            Some(None) => "*",
            Some(Some(kind)) => kind.as_str(),
        };
        (self.pattern.as_deref(), kind, self.actor.as_deref())
    }
}

/// The entries a [`Filter`] keeps, from `?1` (pattern), `?2` (kind: `""` all but sign-ins, `"*"`
/// all) and `?3` (actor).
macro_rules! matching {
    () => {
        " FROM audit_log WHERE (?1 IS NULL OR actor LIKE ?1 ESCAPE '\\' OR address LIKE ?1 ESCAPE '\\'
            OR action LIKE ?1 ESCAPE '\\' OR target LIKE ?1 ESCAPE '\\' OR changes LIKE ?1 ESCAPE '\\')
          AND (?2 = '*' OR (?2 = '' AND kind <> 'signins') OR kind = ?2)
          AND (?3 IS NULL OR actor = ?3)"
    };
}

/// The ids of every entry of one kind, newest first (`$kind` as [`Kind::as_str`] writes it).
macro_rules! ids_of_kind {
    ($kind:literal) => {
        concat!(
            "SELECT id FROM audit_log WHERE kind = '",
            $kind,
            "' ORDER BY at DESC, id DESC"
        )
    };
}

impl Filter {
    /// The statement reading the ids of every entry the filter keeps, newest first, when it
    /// needs no parameter (no search, no person): the ids a long log keeps in memory.
    fn kept_ids_sql(&self) -> Option<&'static str> {
        if self.pattern.is_some() || self.actor.is_some() {
            return None;
        }
        Some(match self.kind {
            None => "SELECT id FROM audit_log WHERE kind <> 'signins' ORDER BY at DESC, id DESC",
            Some(None) => "SELECT id FROM audit_log ORDER BY at DESC, id DESC",
            Some(Some(Kind::Signins)) => ids_of_kind!("signins"),
            Some(Some(Kind::Payment)) => ids_of_kind!("payment"),
            Some(Some(Kind::Users)) => ids_of_kind!("users"),
            Some(Some(Kind::Content)) => ids_of_kind!("content"),
            Some(Some(Kind::Settings)) => ids_of_kind!("settings"),
            Some(Some(Kind::Commands)) => ids_of_kind!("commands"),
        })
    }
}

/// One page of the entries the filter keeps, newest first, and how many it keeps. Without a
/// search or a person, the ids come from `kept` (read again after the log is written): the page
/// is a slice of them and the total their number, however deep the page and long the log.
pub fn page(
    conn: &Connection,
    filter: &Filter,
    page: u32,
    size: u32,
    kept: Option<&KeptOrders>,
) -> Result<super::Page<Item>, ApiError> {
    let offset = i64::from(page.saturating_sub(1)) * i64::from(size);
    if let (Some(sql), Some(kept)) = (filter.kept_ids_sql(), kept) {
        let ids = kept.ids(conn, sql)?;
        let start = usize::try_from(offset).map_or(ids.len(), |start| start.min(ids.len()));
        let end = start.saturating_add(size as usize).min(ids.len());
        let chosen = serde_json::to_string(&ids[start..end]).map_err(ApiError::internal)?;
        let items = conn
            .prepare_cached(concat!(
                "SELECT ",
                columns!(),
                " FROM audit_log WHERE id IN (SELECT value FROM json_each(?1))",
                " ORDER BY at DESC, id DESC"
            ))?
            .query_map([chosen], Item::from_row)?
            .collect::<Result<_, _>>()?;
        return Ok(super::Page {
            items,
            total: ids.len() as i64,
            page,
            size,
        });
    }
    let (pattern, kind, actor) = filter.params();
    // The page's ids first, from the index of the order, then only their rows.
    let items = conn
        .prepare_cached(concat!(
            "SELECT ",
            columns!(),
            " FROM audit_log WHERE id IN (SELECT id",
            matching!(),
            " ORDER BY at DESC, id DESC LIMIT ?4 OFFSET ?5) ORDER BY at DESC, id DESC"
        ))?
        .query_map(params![pattern, kind, actor, size, offset], Item::from_row)?
        .collect::<Result<_, _>>()?;
    let total = conn
        .prepare_cached(concat!("SELECT count(*)", matching!()))?
        .query_row(params![pattern, kind, actor], |row| row.get(0))?;
    Ok(super::Page {
        items,
        total,
        page,
        size,
    })
}

/// Every entry the filter keeps, newest first, one at a time until `each` says stop (for the
/// CSV export).
pub fn for_each(
    conn: &Connection,
    filter: &Filter,
    mut each: impl FnMut(&Item) -> bool,
) -> Result<(), ApiError> {
    let (pattern, kind, actor) = filter.params();
    let mut stmt = conn.prepare_cached(concat!(
        "SELECT ",
        columns!(),
        matching!(),
        " ORDER BY at DESC, id DESC"
    ))?;
    let mut rows = stmt.query(params![pattern, kind, actor])?;
    while let Some(row) = rows.next()? {
        if !each(&Item::from_row(row)?) {
            break;
        }
    }
    Ok(())
}

/// Everyone the log names as having done something, for the Activity screen's person filter.
pub fn actors(conn: &Connection) -> Result<Vec<String>, ApiError> {
    Ok(conn
        .prepare_cached("SELECT DISTINCT actor FROM audit_log ORDER BY actor COLLATE NOCASE")?
        .query_map([], |row| row.get(0))?
        .collect::<Result<_, _>>()?)
}

/// A record as people know it, for the log (`None` when it is gone or has no name): an
/// account's email, a notice's title, a team's title…
pub fn name_of(conn: &Connection, record: &str, id: i64) -> Result<Option<String>, ApiError> {
    let sql = match record {
        "user" => "SELECT email FROM users WHERE id = ?1",
        "notice" => "SELECT title FROM notices WHERE id = ?1",
        "certificate" => "SELECT certinumber || ' ' || name FROM certificates WHERE id = ?1",
        "team" => "SELECT title FROM rosters WHERE id = ?1",
        "team member" => "SELECT name FROM members WHERE id = ?1",
        "home card" => "SELECT caption FROM cards WHERE id = ?1",
        "gallery image" => "SELECT caption FROM gallery_images WHERE id = ?1",
        "photo" => "SELECT alt FROM media WHERE id = ?1",
        "contact message" => "SELECT name || ' <' || email || '>' FROM contacts WHERE id = ?1",
        "invitation" => "SELECT email FROM invitations WHERE id = ?1",
        "gift" => "SELECT name || ' ' || reference FROM gifts WHERE id = ?1",
        _ => return Ok(None),
    };
    Ok(conn
        .prepare_cached(sql)?
        .query_row([id], |row| row.get(0))
        .optional()?)
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

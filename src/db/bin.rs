//! The `bin` table: a deleted record kept whole, with the rows that went with it (a team's
//! members, Bengali texts), until it is restored (same id, same place, same links) or erased
//! for good after the bin days (see `workers`). The record itself leaves its table at once, so
//! nothing else needs to know about the bin. Here: keeping, erasing and listing; putting a record
//! back is in `bin/restoring.rs`.

use crate::domain::{BinKind, BinListing};
use crate::error::ApiError;
use rusqlite::types::{Value, ValueRef};
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use serde_json::{json, Map};

mod restoring;

pub use restoring::{restore, Restored};

/// The rows of one table that a record takes with it, as they were.
type Rows = Vec<Map<String, serde_json::Value>>;

/// Keeps record `id` of `kind` in the bin, with what goes with it, as `by` deletes it (the
/// caller then deletes it in the same transaction). `Ok(false)` when there is no such record.
pub fn keep(
    conn: &Connection,
    kind: BinKind,
    id: i64,
    by: &str,
    batch: Option<&str>,
) -> Result<bool, ApiError> {
    let table = kind.table();
    let main = rows(conn, table, "id = ?1", id)?;
    let Some(first) = main.first() else {
        return Ok(false);
    };
    let mut groups = vec![json!({ "table": table, "rows": main })];
    let mut title = kind.title(first);
    if kind == BinKind::Roster {
        let members = rows(conn, "members", "roster_id = ?1", id)?;
        title = format!("{title} ({} members)", members.len());
        let ids: Vec<String> = members
            .iter()
            .filter_map(|member| member["id"].as_i64())
            .map(|id| id.to_string())
            .collect();
        groups.push(json!({ "table": "members", "rows": members }));
        groups.push(json!({ "table": "translations", "rows": member_translations(conn, &ids)? }));
    }
    if kind == BinKind::Photo {
        let sizes = rows(conn, "media_variants", "media_id = ?1", id)?;
        groups.push(json!({ "table": "media_variants", "rows": sizes }));
        groups.push(json!({ "table": USES, "rows": photo_uses(conn, id)? }));
    }
    if let Some(translated) = kind.translation_kind() {
        let texts = translations(conn, translated, &id.to_string())?;
        groups.push(json!({ "table": "translations", "rows": texts }));
    }
    conn.prepare_cached(
        "INSERT INTO bin (kind, record_id, title, rows, batch, deleted_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        kind.as_str(),
        id,
        title.chars().take(300).collect::<String>(),
        serde_json::Value::Array(groups).to_string(),
        batch,
        by,
    ])?;
    Ok(true)
}

/// The group of a photo's entry that says where it was used: `{"table", "id"}` of a card,
/// member or gallery picture, or `{"setting"}`.
const USES: &str = "uses";

/// The tables whose rows show a photo by `photo_id` (each also has its drawing, `art`).
const PHOTO_TABLES: [&str; 3] = ["cards", "members", "gallery_images"];

/// Where photo `id` is used now.
fn photo_uses(conn: &Connection, id: i64) -> Result<Vec<serde_json::Value>, ApiError> {
    let mut uses = Vec::new();
    for table in PHOTO_TABLES {
        for row in rows(conn, table, "photo_id = ?1", id)? {
            uses.push(json!({ "table": table, "id": row["id"] }));
        }
    }
    let mut stmt =
        conn.prepare_cached("SELECT key FROM site_settings WHERE value = 'media:' || ?1")?;
    let keys = stmt.query_map([id], |row| row.get::<_, String>(0))?;
    for key in keys {
        uses.push(json!({ "setting": key? }));
    }
    Ok(uses)
}

/// Every row of `table` where `condition` (on `?1`) holds, column by column.
pub(super) fn rows(
    conn: &Connection,
    table: &str,
    condition: &str,
    key: i64,
) -> Result<Rows, ApiError> {
    // A photo's sizes are a table without rowids, each known by its width.
    let order = if table == "media_variants" {
        "width"
    } else {
        "rowid"
    };
    let mut stmt = conn.prepare(&format!(
        "SELECT * FROM {table} WHERE {condition} ORDER BY {order}"
    ))?;
    let names: Vec<String> = stmt.column_names().iter().map(|n| n.to_string()).collect();
    let found = stmt.query_map([key], |row| {
        let mut columns = Map::new();
        for (index, name) in names.iter().enumerate() {
            columns.insert(name.clone(), to_json(row.get_ref(index)?));
        }
        Ok(columns)
    })?;
    Ok(found.collect::<Result<_, _>>()?)
}

fn translations(conn: &Connection, kind: &str, record: &str) -> Result<Rows, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, lang, kind, record, field, text FROM translations WHERE kind = ?1 AND record = ?2",
    )?;
    let found = stmt.query_map(params![kind, record], translation_row)?;
    Ok(found.collect::<Result<_, _>>()?)
}

fn member_translations(conn: &Connection, ids: &[String]) -> Result<Rows, ApiError> {
    let mut all = Vec::new();
    for id in ids {
        all.extend(translations(conn, "member", id)?);
    }
    Ok(all)
}

fn translation_row(row: &rusqlite::Row) -> rusqlite::Result<Map<String, serde_json::Value>> {
    let mut columns = Map::new();
    for (index, name) in ["id", "lang", "kind", "record", "field", "text"]
        .iter()
        .enumerate()
    {
        columns.insert((*name).to_owned(), to_json(row.get_ref(index)?));
    }
    Ok(columns)
}

fn to_json(value: ValueRef) -> serde_json::Value {
    match value {
        ValueRef::Null => serde_json::Value::Null,
        ValueRef::Integer(n) => n.into(),
        ValueRef::Real(x) => x.into(),
        ValueRef::Text(text) => String::from_utf8_lossy(text).into_owned().into(),
        ValueRef::Blob(bytes) => {
            json!({ "blob": bytes.iter().map(|b| format!("{b:02x}")).collect::<String>() })
        }
    }
}

pub(super) fn from_json_value(value: &serde_json::Value) -> Value {
    match value {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(flag) => Value::Integer(i64::from(*flag)),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(n) => Value::Integer(n),
            None => Value::Real(n.as_f64().unwrap_or_default()),
        },
        serde_json::Value::String(text) => Value::Text(text.clone()),
        serde_json::Value::Object(blob) => {
            let hex = blob
                .get("blob")
                .and_then(|b| b.as_str())
                .unwrap_or_default();
            Value::Blob(
                (0..hex.len() / 2)
                    .filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok())
                    .collect(),
            )
        }
        serde_json::Value::Array(_) => Value::Null,
    }
}

/// The bin's newest entry for record `id` of `kind`, and its batch.
fn newest(
    conn: &Connection,
    kind: BinKind,
    id: i64,
) -> Result<Option<(i64, Option<String>)>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT id, batch FROM bin WHERE kind = ?1 AND record_id = ?2 ORDER BY id DESC LIMIT 1",
        )?
        .query_row(params![kind.as_str(), id], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .optional()?)
}

/// Erases record `id` of `kind` from the bin for good; `false` when it was not there.
pub fn erase(conn: &Connection, kind: BinKind, id: i64) -> Result<bool, ApiError> {
    let Some((entry, _)) = newest(conn, kind, id)? else {
        return Ok(false);
    };
    conn.prepare_cached("DELETE FROM bin WHERE id = ?1")?
        .execute([entry])?;
    Ok(true)
}

/// Erases for good what was deleted more than `days` days ago; answers how many.
pub fn sweep(conn: &Connection, days: u32) -> Result<usize, ApiError> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM bin WHERE deleted_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1)",
        )?
        .execute([format!("-{days} days")])?)
}

/// One deleted record as the Bin screen lists it.
#[derive(Debug, Serialize)]
pub struct Binned {
    pub kind: &'static str,
    pub id: i64,
    pub title: String,
    #[serde(rename = "deletedAt")]
    pub deleted_at: String,
    #[serde(rename = "deletedBy")]
    pub deleted_by: String,
}

/// A page of the bin, newest first, of the kinds `listing` allows; with the total.
pub fn page(conn: &Connection, listing: &BinListing) -> Result<(Vec<Binned>, i64), ApiError> {
    let kinds: Vec<&str> = listing.kinds.iter().map(|kind| kind.as_str()).collect();
    let kinds = serde_json::to_string(&kinds).map_err(ApiError::internal)?;
    // Without a search the count is the kinds' kept counts, never a walk over the entries.
    let total: i64 = match &listing.search {
        None => conn
            .prepare_cached(
                "SELECT coalesce(sum(count), 0) FROM bin_counts
                  WHERE kind IN (SELECT value FROM json_each(?1))",
            )?
            .query_row([&kinds], |row| row.get(0))?,
        Some(search) => conn
            .prepare_cached(
                "SELECT count(*) FROM bin INDEXED BY bin_listed
                  WHERE kind IN (SELECT value FROM json_each(?1)) AND title LIKE ?2 ESCAPE '\\'",
            )?
            .query_row(params![kinds, search], |row| row.get(0))?,
    };
    let offset = i64::from(listing.page - 1) * i64::from(listing.size);
    let mut stmt = conn.prepare_cached(
        "SELECT kind, record_id, title, deleted_at, deleted_by FROM bin INDEXED BY bin_listed
          WHERE kind IN (SELECT value FROM json_each(?1)) AND (?4 IS NULL OR title LIKE ?4 ESCAPE '\\')
          ORDER BY deleted_at DESC, id DESC LIMIT ?2 OFFSET ?3",
    )?;
    let items = stmt
        .query_map(
            params![kinds, listing.size, offset, listing.search],
            |row| {
                let kind: String = row.get(0)?;
                Ok(Binned {
                    kind: BinKind::parse(&kind).map_or("unknown", BinKind::as_str),
                    id: row.get(1)?,
                    title: row.get(2)?,
                    deleted_at: row.get(3)?,
                    deleted_by: row.get(4)?,
                })
            },
        )?
        .collect::<Result<_, _>>()?;
    Ok((items, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_keep_their_kind_through_json() {
        for value in [
            Value::Null,
            Value::Integer(-7),
            Value::Real(1.5),
            Value::Text("জ্যোতি".into()),
            Value::Blob(vec![0, 255, 16]),
        ] {
            let json = to_json(ValueRef::from(&value));
            assert_eq!(from_json_value(&json), value);
        }
    }
}

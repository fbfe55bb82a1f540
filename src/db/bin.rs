//! The `bin` table: a deleted record kept whole, with the rows that went with it (a team's
//! members, Bengali texts), until it is restored (same id, same place, same links) or erased
//! for good after the bin days (see `workers`). The record itself leaves its table at once, so
//! nothing else needs to know about the bin.

use crate::domain::{BinKind, BinListing};
use crate::error::ApiError;
use rusqlite::types::{Value, ValueRef};
use rusqlite::{params, params_from_iter, Connection, OptionalExtension};
use serde::Serialize;
use serde_json::{json, Map};

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

/// The settings a photo can be cleared from with its uses (see `media::delete`).
const PHOTO_SETTINGS: [&str; 3] = ["heroPhoto", "clubLogo", "collegeLogo"];

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

/// Shows photo `photo` again where it was used, wherever nothing took its place meanwhile.
fn point_uses_back(
    conn: &Connection,
    uses: &[serde_json::Value],
    photo: i64,
) -> Result<(), ApiError> {
    for used in uses {
        if let Some(key) = used["setting"].as_str() {
            if PHOTO_SETTINGS.contains(&key) {
                conn.prepare_cached(
                    "UPDATE site_settings SET value = 'media:' || ?2 WHERE key = ?1 AND value = ''",
                )?
                .execute(params![key, photo])?;
            }
            continue;
        }
        let (Some(table), Some(row)) = (used["table"].as_str(), used["id"].as_i64()) else {
            continue;
        };
        if let Some(table) = PHOTO_TABLES.into_iter().find(|known| *known == table) {
            conn.prepare_cached(&format!(
                "UPDATE {table} SET photo_id = ?2 WHERE id = ?1 AND photo_id IS NULL AND art IS NULL"
            ))?
            .execute(params![row, photo])?;
        }
    }
    Ok(())
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

/// What a restore found.
pub enum Restored {
    /// Back as it was; the kinds and ids of every record that came back (one for a single
    /// delete, all of a batch).
    Back(Vec<(BinKind, i64)>),
    /// Not in the bin.
    Missing,
}

/// Puts record `id` of `kind` back as it was — and, when it was deleted with others at once,
/// those too — then forgets them in the bin. A record whose id a newer one took meanwhile comes
/// back under a new id (its links by number or address are its own); a conflict of its number
/// or page address is a 409 that says what.
pub fn restore(conn: &Connection, kind: BinKind, id: i64) -> Result<Restored, ApiError> {
    let Some((entry, batch)) = newest(conn, kind, id)? else {
        return Ok(Restored::Missing);
    };
    let entries: Vec<(i64, String, String)> = match &batch {
        Some(batch) => conn
            .prepare_cached("SELECT id, kind, rows FROM bin WHERE batch = ?1 ORDER BY id")?
            .query_map([batch], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
            .collect::<Result<_, _>>()?,
        None => conn
            .prepare_cached("SELECT id, kind, rows FROM bin WHERE id = ?1")?
            .query_map([entry], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
            .collect::<Result<_, _>>()?,
    };
    let mut back = Vec::new();
    for (bin_id, kind_name, stored) in entries {
        let kind =
            BinKind::parse(&kind_name).ok_or_else(|| ApiError::internal("unknown bin kind"))?;
        let record = put_back(conn, kind, &stored)?;
        if kind == BinKind::User {
            // No session from before the delete comes back with the account.
            conn.prepare_cached(
                "UPDATE users SET token_version = token_version + 1 WHERE id = ?1",
            )?
            .execute([record])?;
        }
        conn.prepare_cached("DELETE FROM bin WHERE id = ?1")?
            .execute([bin_id])?;
        back.push((kind, record));
    }
    Ok(Restored::Back(back))
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

/// Inserts the stored rows again, table by table; answers the record's id (a new one when its
/// own was taken). Ids that change are changed in the rows after them too: a team's members'
/// `roster_id`, a photo's sizes' `media_id`, the Bengali texts' `record`.
fn put_back(conn: &Connection, kind: BinKind, stored: &str) -> Result<i64, ApiError> {
    let groups: Vec<serde_json::Value> =
        serde_json::from_str(stored).map_err(ApiError::internal)?;
    // (table, old id) → new id.
    let mut moved: std::collections::HashMap<(String, i64), i64> = Default::default();
    let mut record = None;
    for group in &groups {
        let table = group["table"].as_str().unwrap_or_default();
        if kind == BinKind::Photo && table == USES {
            let photo = record.ok_or_else(|| ApiError::internal("a photo's uses before it"))?;
            point_uses_back(
                conn,
                group["rows"].as_array().map_or(&[], Vec::as_slice),
                photo,
            )?;
            continue;
        }
        if !kind.may_put_back(table) {
            return Err(ApiError::internal(format!(
                "a bin entry names the table {table}"
            )));
        }
        for row in group["rows"].as_array().into_iter().flatten() {
            let Some(columns) = row.as_object() else {
                continue;
            };
            let mut columns = columns.clone();
            follow_moves(&mut columns, table, &moved);
            let old = columns.get("id").and_then(serde_json::Value::as_i64);
            if table == "translations" {
                // A text's own id says nothing: it gets a free one.
                columns.remove("id");
            }
            let new = match insert(conn, table, &columns) {
                Err(err) if primary_key_taken(&err) && old.is_some() => {
                    columns.remove("id");
                    insert(conn, table, &columns).map_err(|err| taken(kind, table, err))?
                }
                other => other.map_err(|err| taken(kind, table, err))?,
            };
            if let Some(old) = old.filter(|old| *old != new && table != "translations") {
                moved.insert((table.to_owned(), old), new);
            }
            if table == kind.table() {
                record = record.or(Some(new));
            }
        }
    }
    record.ok_or_else(|| ApiError::internal("a bin entry without its record"))
}

/// Points `columns` (a row of `table`) at the new ids of rows that moved before it.
fn follow_moves(
    columns: &mut Map<String, serde_json::Value>,
    table: &str,
    moved: &std::collections::HashMap<(String, i64), i64>,
) {
    if table == "media_variants" {
        if let Some(photo) = columns.get("media_id").and_then(serde_json::Value::as_i64) {
            if let Some(new) = moved.get(&("media".to_owned(), photo)) {
                columns.insert("media_id".into(), (*new).into());
            }
        }
    }
    if table == "members" {
        if let Some(roster) = columns.get("roster_id").and_then(serde_json::Value::as_i64) {
            if let Some(new) = moved.get(&("rosters".to_owned(), roster)) {
                columns.insert("roster_id".into(), (*new).into());
            }
        }
    }
    if table == "translations" {
        let of = columns
            .get("kind")
            .and_then(|k| k.as_str())
            .and_then(|kind| {
                BinKind::ALL
                    .into_iter()
                    .find(|k| k.translation_kind() == Some(kind))
            });
        let record = columns
            .get("record")
            .and_then(|r| r.as_str())
            .and_then(|r| r.parse::<i64>().ok());
        if let (Some(of), Some(record)) = (of, record) {
            if let Some(new) = moved.get(&(of.table().to_owned(), record)) {
                columns.insert("record".into(), new.to_string().into());
            }
        }
    }
}

/// Inserts one row of `table`; its rowid.
fn insert(
    conn: &Connection,
    table: &str,
    columns: &Map<String, serde_json::Value>,
) -> rusqlite::Result<i64> {
    let names: Vec<&str> = columns.keys().map(String::as_str).collect();
    let marks = vec!["?"; names.len()].join(", ");
    let sql = format!(
        "INSERT INTO {table} ({}) VALUES ({marks})",
        names.join(", ")
    );
    conn.execute(
        &sql,
        params_from_iter(columns.values().map(from_json_value)),
    )?;
    Ok(conn.last_insert_rowid())
}

fn primary_key_taken(err: &rusqlite::Error) -> bool {
    matches!(err, rusqlite::Error::SqliteFailure(e, _)
        if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY)
}

/// Why a record cannot come back: what took its place since.
fn taken(kind: BinKind, table: &str, err: rusqlite::Error) -> ApiError {
    let unique = matches!(
        &err,
        rusqlite::Error::SqliteFailure(e, _)
            if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
    );
    let foreign = matches!(
        &err,
        rusqlite::Error::SqliteFailure(e, _)
            if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY
    );
    match (unique, foreign) {
        (true, _) => ApiError::Conflict(format!(
            "This {} cannot come back as it was: {}",
            kind.noun(),
            kind.taken_why(table)
        )),
        (_, true) => ApiError::Conflict(format!(
            "This {} cannot come back: a photo or team it used was deleted since; restore that first",
            kind.noun()
        )),
        _ => err.into(),
    }
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

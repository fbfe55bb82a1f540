//! Restoring from the bin: a record's rows put back as they were, and its photo where it was used.

use super::{from_json_value, newest, PHOTO_TABLES, USES};
use crate::domain::BinKind;
use crate::error::ApiError;
use rusqlite::{params, params_from_iter, Connection};
use serde_json::Map;

/// The settings a photo can be cleared from with its uses (see `media::delete`).
const PHOTO_SETTINGS: [&str; 3] = ["heroPhoto", "clubLogo", "collegeLogo"];

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

//! The `history` table: each record as it was before each change, with who changed it and when.
//! A version is one of those states; its changes are what the next change (or the record now)
//! made of it. Restoring a version writes its columns back, itself a change kept in history. A
//! record's Bengali texts are part of its state, as `bn.` fields. The site settings, kept as one
//! record of their own, are in `history/settings.rs`.

use super::bin::{from_json_value, rows};
use crate::domain::BinKind;
use crate::error::ApiError;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension};
use serde::Serialize;
use serde_json::{Map, Value};

mod settings;

pub use settings::{
    bengali_differences, keep_settings, settings_bengali, settings_version, settings_versions,
    SETTINGS,
};

/// The versions kept of a record at the least, whatever their age.
const KEPT_VERSIONS: i64 = 50;

/// Columns a restore never writes back: the record's id, and its place among others (its order
/// and its roster or section are the list's to say, not a version's).
const NOT_RESTORED: &[&str] = &["id", "sort_order", "roster_id", "section"];

/// Keeps record `id` of `kind` as it is now, as `by` is about to change it. `false` when there is
/// no such record.
pub fn keep(conn: &Connection, kind: BinKind, id: i64, by: &str) -> Result<bool, ApiError> {
    let Some(row) = state_of(conn, kind, id)? else {
        return Ok(false);
    };
    conn.prepare_cached(
        "INSERT INTO history (kind, record_id, row, changed_by) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![
        kind.as_str(),
        id,
        Value::Object(row).to_string(),
        by
    ])?;
    prune(conn, kind.as_str(), id)?;
    Ok(true)
}

/// Where a state keeps a Bengali text: `bn.` and its field ("bn.title").
const BENGALI: &str = "bn.";

/// Record `id` of `kind` as it is now: its columns, then its Bengali texts by `bn.` field.
fn state_of(
    conn: &Connection,
    kind: BinKind,
    id: i64,
) -> Result<Option<Map<String, Value>>, ApiError> {
    let Some(mut row) = rows(conn, kind.table(), "id = ?1", id)?.into_iter().next() else {
        return Ok(None);
    };
    if let Some(translated) = kind.translation_kind() {
        row.extend(bengali_of(conn, translated, &id.to_string())?);
    }
    Ok(Some(row))
}

/// The Bengali texts of record `record` of translation kind `kind`, by `bn.` field.
fn bengali_of(conn: &Connection, kind: &str, record: &str) -> Result<Map<String, Value>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT field, text FROM translations WHERE lang = 'bn' AND kind = ?1 AND record = ?2
         ORDER BY field",
    )?;
    let texts = stmt.query_map(params![kind, record], |row| {
        Ok((
            format!("{BENGALI}{}", row.get::<_, String>(0)?),
            Value::String(row.get(1)?),
        ))
    })?;
    Ok(texts.collect::<Result<_, _>>()?)
}

/// Writes the Bengali texts of `state` back for record `record` of translation kind `kind`,
/// removing those it did not have.
fn put_bengali_back(
    conn: &Connection,
    kind: &str,
    record: &str,
    state: &Map<String, Value>,
) -> Result<(), ApiError> {
    conn.prepare_cached(
        "DELETE FROM translations WHERE lang = 'bn' AND kind = ?1 AND record = ?2",
    )?
    .execute(params![kind, record])?;
    for (field, text) in state {
        let (Some(field), Some(text)) = (field.strip_prefix(BENGALI), text.as_str()) else {
            continue;
        };
        if text.is_empty() {
            continue;
        }
        conn.prepare_cached(
            "INSERT INTO translations (lang, kind, record, field, text) VALUES ('bn', ?1, ?2, ?3, ?4)",
        )?
        .execute(params![kind, record, field, text])?;
    }
    Ok(())
}

/// Beyond the last 50 versions of a record, what is older than 12 months goes.
fn prune(conn: &Connection, kind: &str, id: i64) -> Result<(), ApiError> {
    conn.prepare_cached(
        "DELETE FROM history WHERE kind = ?1 AND record_id = ?2
           AND at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-12 months')
           AND id NOT IN (SELECT id FROM history WHERE kind = ?1 AND record_id = ?2
                           ORDER BY id DESC LIMIT ?3)",
    )?
    .execute(params![kind, id, KEPT_VERSIONS])?;
    Ok(())
}

/// Record `id` of `kind` as version `version` kept it; `None` when there is no such version.
fn kept(
    conn: &Connection,
    kind: &str,
    id: i64,
    version: i64,
) -> Result<Option<Map<String, Value>>, ApiError> {
    let stored: Option<String> = conn
        .prepare_cached("SELECT row FROM history WHERE id = ?1 AND kind = ?2 AND record_id = ?3")?
        .query_row(params![version, kind, id], |row| row.get(0))
        .optional()?;
    // Written by `keep` alone: a state that cannot be read is an error, never an empty record.
    stored
        .map(|stored| serde_json::from_str(&stored).map_err(ApiError::internal))
        .transpose()
}

/// One field a change changed.
#[derive(Debug, Serialize, PartialEq)]
pub struct FieldChange {
    pub field: String,
    pub old: Value,
    pub new: Value,
}

/// A version of a record: as it was until the change made at `at` by `by`, and what that change
/// did.
#[derive(Debug, Serialize)]
pub struct Version {
    pub version: i64,
    pub at: String,
    pub by: String,
    pub changes: Vec<FieldChange>,
}

/// The versions of record `id` of `kind`, newest first; `None` when the record does not exist.
pub fn versions(
    conn: &Connection,
    kind: BinKind,
    id: i64,
) -> Result<Option<Vec<Version>>, ApiError> {
    let Some(now) = state_of(conn, kind, id)? else {
        return Ok(None);
    };
    versions_from(conn, kind.as_str(), id, now).map(Some)
}

/// The versions kept of record `id` of `kind`, newest first, the last measured against `now`.
fn versions_from(
    conn: &Connection,
    kind: &str,
    id: i64,
    now: Map<String, Value>,
) -> Result<Vec<Version>, ApiError> {
    let kept: Vec<(i64, String, String, String)> = conn
        .prepare_cached(
            "SELECT id, row, at, changed_by FROM history WHERE kind = ?1 AND record_id = ?2 ORDER BY id",
        )?
        .query_map(params![kind, id], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })?
        .collect::<Result<_, _>>()?;
    // Written by `keep` alone: a state that cannot be read is an error, never an empty record.
    let states: Vec<Map<String, Value>> = kept
        .iter()
        .map(|(_, row, ..)| serde_json::from_str(row))
        .collect::<Result<_, _>>()
        .map_err(ApiError::internal)?;
    let mut versions = Vec::new();
    for (index, (version, _, at, by)) in kept.iter().enumerate() {
        let after = states.get(index + 1).unwrap_or(&now);
        versions.push(Version {
            version: *version,
            at: at.clone(),
            by: by.clone(),
            changes: differences(&states[index], after),
        });
    }
    versions.reverse();
    Ok(versions)
}

/// What changed from `before` to `after`, column by column, in `before`'s order.
/// A Bengali text added since appears after the fields `before` had.
fn differences(before: &Map<String, Value>, after: &Map<String, Value>) -> Vec<FieldChange> {
    let added = after
        .keys()
        .filter(|field| field.starts_with(BENGALI) && !before.contains_key(*field));
    before
        .keys()
        .chain(added)
        .filter(|field| !NOT_RESTORED.contains(&field.as_str()))
        .filter_map(|field| {
            let old = before.get(field).cloned().unwrap_or(Value::Null);
            let new = after.get(field).cloned().unwrap_or(Value::Null);
            (old != new).then(|| FieldChange {
                field: field.clone(),
                old,
                new,
            })
        })
        .collect()
}

/// Writes back only the Bengali text of `field` that version `version` of record `id` had (none
/// when it had none), after keeping the record as it is now. `false` when there is no such
/// record or version.
pub fn restore_bengali(
    conn: &Connection,
    kind: BinKind,
    id: i64,
    version: i64,
    field: &str,
    by: &str,
) -> Result<bool, ApiError> {
    let Some(translated) = kind.translation_kind() else {
        return Ok(false);
    };
    let Some(state) = kept(conn, kind.as_str(), id, version)? else {
        return Ok(false);
    };
    if !keep(conn, kind, id, by)? {
        return Ok(false);
    }
    let text = state
        .get(&format!("{BENGALI}{field}"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    let keys = params![translated, id.to_string(), field];
    conn.prepare_cached(
        "DELETE FROM translations WHERE lang = 'bn' AND kind = ?1 AND record = ?2 AND field = ?3",
    )?
    .execute(keys)?;
    if !text.is_empty() {
        conn.prepare_cached(
            "INSERT INTO translations (lang, kind, record, field, text) VALUES ('bn', ?1, ?2, ?3, ?4)",
        )?
        .execute(params![translated, id.to_string(), field, text])?;
    }
    Ok(true)
}

/// Where a Bengali text (a `translations` row) lives: its translation kind, record and field.
pub fn translation_place(
    conn: &Connection,
    id: i64,
) -> Result<Option<(String, String, String)>, ApiError> {
    Ok(conn
        .prepare_cached(
            "SELECT kind, record, field FROM translations WHERE id = ?1 AND lang = 'bn'",
        )?
        .query_row([id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .optional()?)
}

/// Writes version `version` of record `id` back, after keeping the record as it is now (as `by`
/// changes it). `false` when the record or the version does not exist.
pub fn restore(
    conn: &Connection,
    kind: BinKind,
    id: i64,
    version: i64,
    by: &str,
) -> Result<bool, ApiError> {
    let Some(state) = kept(conn, kind.as_str(), id, version)? else {
        return Ok(false);
    };
    if !keep(conn, kind, id, by)? {
        return Ok(false);
    }
    if let Some(translated) = kind.translation_kind() {
        put_bengali_back(conn, translated, &id.to_string(), &state)?;
    }
    let columns: Vec<(&String, &Value)> = state
        .iter()
        .filter(|(field, _)| !NOT_RESTORED.contains(&field.as_str()) && !field.starts_with(BENGALI))
        .collect();
    let sets: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(index, (field, _))| format!("{field} = ?{}", index + 2))
        .collect();
    let sql = format!(
        "UPDATE {} SET {} WHERE id = ?1",
        kind.table(),
        sets.join(", ")
    );
    let values = std::iter::once(rusqlite::types::Value::Integer(id))
        .chain(columns.iter().map(|(_, value)| from_json_value(value)));
    conn.execute(&sql, params_from_iter(values))
        .map_err(|err| match &err {
            rusqlite::Error::SqliteFailure(e, _)
                if e.code == rusqlite::ErrorCode::ConstraintViolation =>
            {
                ApiError::Conflict(format!(
                    "This version of the {} cannot come back: {}",
                    kind.noun(),
                    kind.taken_why(kind.table())
                ))
            }
            _ => err.into(),
        })?;
    Ok(true)
}

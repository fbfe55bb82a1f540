//! The `history` table: each record as it was before each change, with who changed it and when.
//! A version is one of those states; its changes are what the next change (or the record now)
//! made of it. Restoring a version writes its columns back, itself a change kept in history.

use super::bin::{from_json_value, rows};
use crate::domain::BinKind;
use crate::error::ApiError;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension};
use serde::Serialize;
use serde_json::{Map, Value};

/// The versions kept of a record at the least, whatever their age.
const KEPT_VERSIONS: i64 = 50;

/// Columns a restore never writes back: the record's id, and its place among others (its order
/// and its roster or section are the list's to say, not a version's).
const NOT_RESTORED: &[&str] = &["id", "sort_order", "roster_id", "section"];

/// Keeps record `id` of `kind` as it is now, as `by` is about to change it. `false` when there is
/// no such record.
pub fn keep(conn: &Connection, kind: BinKind, id: i64, by: &str) -> Result<bool, ApiError> {
    let Some(row) = rows(conn, kind.table(), "id = ?1", id)?.into_iter().next() else {
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
    // Beyond the last 50, what is older than 12 months goes.
    conn.prepare_cached(
        "DELETE FROM history WHERE kind = ?1 AND record_id = ?2
           AND at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-12 months')
           AND id NOT IN (SELECT id FROM history WHERE kind = ?1 AND record_id = ?2
                           ORDER BY id DESC LIMIT ?3)",
    )?
    .execute(params![kind.as_str(), id, KEPT_VERSIONS])?;
    Ok(true)
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
    let Some(now) = rows(conn, kind.table(), "id = ?1", id)?.into_iter().next() else {
        return Ok(None);
    };
    let kept: Vec<(i64, String, String, String)> = conn
        .prepare_cached(
            "SELECT id, row, at, changed_by FROM history WHERE kind = ?1 AND record_id = ?2 ORDER BY id",
        )?
        .query_map(params![kind.as_str(), id], |row| {
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
    Ok(Some(versions))
}

/// What changed from `before` to `after`, column by column, in `before`'s order.
fn differences(before: &Map<String, Value>, after: &Map<String, Value>) -> Vec<FieldChange> {
    before
        .iter()
        .filter(|(field, _)| !NOT_RESTORED.contains(&field.as_str()))
        .filter_map(|(field, old)| {
            let new = after.get(field).cloned().unwrap_or(Value::Null);
            (old != &new).then(|| FieldChange {
                field: field.clone(),
                old: old.clone(),
                new,
            })
        })
        .collect()
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
    let stored: Option<String> = conn
        .prepare_cached("SELECT row FROM history WHERE id = ?1 AND kind = ?2 AND record_id = ?3")?
        .query_row(params![version, kind.as_str(), id], |row| row.get(0))
        .optional()?;
    let Some(stored) = stored else {
        return Ok(false);
    };
    if !keep(conn, kind, id, by)? {
        return Ok(false);
    }
    let state: Map<String, Value> = serde_json::from_str(&stored).map_err(ApiError::internal)?;
    let columns: Vec<(&String, &Value)> = state
        .iter()
        .filter(|(field, _)| !NOT_RESTORED.contains(&field.as_str()))
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

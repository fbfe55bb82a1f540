//! The site settings' history: all of them kept as one record of their own kind, with their
//! Bengali texts, through the versions of `history.rs`.

use super::{kept, prune, versions_from, Version, BENGALI};
use crate::error::ApiError;
use rusqlite::{params, Connection};
use serde_json::{Map, Value};

/// The site settings are kept as one record of their own kind: every setting, as it was.
pub const SETTINGS: &str = "settings";
const SETTINGS_RECORD: i64 = 1;

/// The settings `stored` (key → value) as a record: every setting in the Settings screen's order,
/// then the Bengali of those that have one, by `bn.` key.
fn settings_state(
    conn: &Connection,
    stored: &std::collections::HashMap<String, String>,
) -> Result<Map<String, Value>, ApiError> {
    let mut state: Map<String, Value> = crate::domain::site_setting_keys()
        .map(|key| {
            let value = stored.get(key).cloned().unwrap_or_default();
            (key.to_owned(), Value::String(value))
        })
        .collect();
    state.extend(settings_bengali(conn)?);
    Ok(state)
}

/// The settings' Bengali texts now, by `bn.` key.
pub fn settings_bengali(conn: &Connection) -> Result<Map<String, Value>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT record, text FROM translations WHERE lang = 'bn' AND kind = 'setting'
           AND field = record ORDER BY record",
    )?;
    let texts = stmt.query_map([], |row| {
        Ok((
            format!("{BENGALI}{}", row.get::<_, String>(0)?),
            Value::String(row.get(1)?),
        ))
    })?;
    Ok(texts.collect::<Result<_, _>>()?)
}

/// The settings whose Bengali differs between `kept` and `now` (both states by `bn.` key), with
/// the text `kept` had ("" for none).
pub fn bengali_differences(
    kept: &Map<String, Value>,
    now: &Map<String, Value>,
) -> Vec<(String, String)> {
    let text = |state: &Map<String, Value>, key: &str| {
        state
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let mut keys: Vec<&String> = kept
        .keys()
        .chain(now.keys())
        .filter(|key| key.starts_with(BENGALI))
        .collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|key| text(kept, key) != text(now, key))
        .map(|key| (key[BENGALI.len()..].to_owned(), text(kept, key)))
        .collect()
}

/// Keeps the site settings as they were (`before`) as `by` changes them.
pub fn keep_settings(
    conn: &Connection,
    before: &std::collections::HashMap<String, String>,
    by: &str,
) -> Result<(), ApiError> {
    conn.prepare_cached(
        "INSERT INTO history (kind, record_id, row, changed_by) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![
        SETTINGS,
        SETTINGS_RECORD,
        Value::Object(settings_state(conn, before)?).to_string(),
        by
    ])?;
    prune(conn, SETTINGS, SETTINGS_RECORD)
}

/// The site settings' versions, newest first.
pub fn settings_versions(conn: &Connection) -> Result<Vec<Version>, ApiError> {
    let now = settings_state(conn, &super::super::site_settings::all(conn)?)?;
    versions_from(conn, SETTINGS, SETTINGS_RECORD, now)
}

/// The site settings as version `version` kept them; `None` when there is no such version.
pub fn settings_version(
    conn: &Connection,
    version: i64,
) -> Result<Option<Map<String, Value>>, ApiError> {
    kept(conn, SETTINGS, SETTINGS_RECORD, version)
}

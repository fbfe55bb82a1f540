//! The `translations` table: the Bengali version of each public text that has one.

use crate::domain::{BengaliText, TextKind, SETTING_TEXTS};
use crate::error::ApiError;
use rusqlite::{params, Connection};
use serde::Serialize;
use std::collections::HashMap;

/// The Bengali texts, by kind and record (an id, or a setting's key), then field.
#[derive(Default)]
pub struct Bengali(HashMap<(String, String), HashMap<String, String>>);

impl Bengali {
    /// The Bengali versions of one record's fields (empty when it has none).
    pub fn of(&self, kind: TextKind, record: &str) -> HashMap<String, String> {
        self.0
            .get(&(kind.as_str().to_owned(), record.to_owned()))
            .cloned()
            .unwrap_or_default()
    }

    /// The Bengali versions of the settings, by key.
    pub fn settings(&self) -> HashMap<String, String> {
        self.0
            .iter()
            .filter(|((kind, _), _)| kind == TextKind::Setting.as_str())
            .flat_map(|(_, fields)| fields.clone())
            .collect()
    }
}

/// One record's Bengali texts by field, read from SQL as the JSON object `json_group_object`
/// makes; written as that object.
#[derive(Debug, Default, Clone, Serialize)]
#[serde(transparent)]
pub struct Texts(pub HashMap<String, String>);

impl Texts {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.get(field).map(String::as_str)
    }
}

impl rusqlite::types::FromSql for Texts {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        match value {
            rusqlite::types::ValueRef::Null => Ok(Texts::default()),
            value => serde_json::from_str(value.as_str()?)
                .map(Texts)
                .map_err(|err| rusqlite::types::FromSqlError::Other(Box::new(err))),
        }
    }
}

/// Every Bengali text.
pub fn bengali(conn: &Connection) -> Result<Bengali, ApiError> {
    in_language(conn, "bn")
}

/// Every text written in `lang`.
pub fn in_language(conn: &Connection, lang: &str) -> Result<Bengali, ApiError> {
    let mut all = Bengali::default();
    let mut stmt =
        conn.prepare_cached("SELECT kind, record, field, text FROM translations WHERE lang = ?1")?;
    let rows = stmt.query_map([lang], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, String>(1)?,
            row.get(2)?,
            row.get(3)?,
        ))
    })?;
    for row in rows {
        let (kind, record, field, text) = row?;
        all.0.entry((kind, record)).or_default().insert(field, text);
    }
    Ok(all)
}

/// Stores `text` as the version in its language (an empty one removes it). `None` when the record it
/// belongs to does not exist; otherwise the text it had before ("" for none).
pub fn set(conn: &Connection, text: &BengaliText) -> Result<Option<String>, ApiError> {
    let table = match text.kind {
        TextKind::Setting => None,
        TextKind::Card => Some(("cards", "id")),
        TextKind::Gallery => Some(("gallery_images", "id")),
        TextKind::Notice => Some(("notices", "id")),
        TextKind::Roster => Some(("rosters", "id")),
        TextKind::Member => Some(("members", "id")),
        TextKind::Event => Some(("certificates", "event")),
    };
    if let Some((table, column)) = table {
        let exists: bool = conn.query_row(
            &format!("SELECT EXISTS (SELECT 1 FROM {table} WHERE {column} = ?1)"),
            [&text.record],
            |row| row.get(0),
        )?;
        if !exists {
            return Ok(None);
        }
    }
    let keys = params![text.kind.as_str(), text.record, text.field, text.lang];
    let before: String = conn
        .prepare_cached(
            "SELECT coalesce((SELECT text FROM translations
               WHERE lang = ?4 AND kind = ?1 AND record = ?2 AND field = ?3), '')",
        )?
        .query_row(keys, |row| row.get(0))?;
    if text.text.is_empty() {
        conn.prepare_cached(
            "DELETE FROM translations WHERE lang = ?4 AND kind = ?1 AND record = ?2 AND field = ?3",
        )?
        .execute(keys)?;
    } else {
        conn.prepare_cached(
            "INSERT INTO translations (lang, kind, record, field, text) VALUES (?5, ?1, ?2, ?3, ?4)
             ON CONFLICT (lang, kind, record, field) DO UPDATE SET text = excluded.text",
        )?
        .execute(params![
            text.kind.as_str(),
            text.record,
            text.field,
            text.text,
            text.lang
        ])?;
    }
    Ok(Some(before))
}

/// One public text as the admin's Bengali screen lists it: where it is, its English, and its
/// Bengali ("" for none).
#[derive(Debug, Serialize)]
pub struct TextRow {
    pub kind: &'static str,
    pub record: serde_json::Value,
    pub field: &'static str,
    /// What the text is, for the admin ("Notice of 2026-11-22", "Team 2k25: Ananya Roy").
    pub place: String,
    pub english: String,
    pub bengali: String,
    pub max: usize,
    pub multiline: bool,
}

/// Every public text with a Bengali version, in the admin screen's order: the settings, the
/// Home cards, the gallery, the notices (newest first), the teams and their members' positions
/// and years, the certificates' events (newest first).
pub fn texts(conn: &Connection, lang: &str) -> Result<Vec<TextRow>, ApiError> {
    let bengali = in_language(conn, lang)?;
    let settings = super::site_settings::all(conn)?;
    let mut rows: Vec<TextRow> = SETTING_TEXTS
        .iter()
        .map(|&(key, max, multiline)| TextRow {
            kind: TextKind::Setting.as_str(),
            record: key.into(),
            field: key,
            place: key.to_owned(),
            bengali: bengali
                .of(TextKind::Setting, key)
                .remove(key)
                .unwrap_or_default(),
            english: settings.get(key).cloned().unwrap_or_default(),
            max,
            multiline,
        })
        .collect();
    for (kind, field, sql) in RECORD_TEXTS {
        record_texts(conn, &bengali, kind, field, sql, &mut rows)?;
    }
    Ok(rows)
}

/// The texts of records, in the admin screen's order: each kind, its field, and the query of
/// its rows (the record, what the admin is shown it is, its English).
const RECORD_TEXTS: [(TextKind, &str, &str); 7] = [
    (
        TextKind::Card,
        "caption",
        "SELECT id, CASE section WHEN 'works' THEN 'Home card, Our Works' ELSE 'Home card, Performance & Awards' END,
                    caption FROM cards ORDER BY section = 'awards', sort_order, id",
    ),
    (
        TextKind::Gallery,
        "caption",
        "SELECT id, 'Gallery photo', caption FROM gallery_images ORDER BY sort_order, id",
    ),
    (
        TextKind::Notice,
        "title",
        "SELECT id, 'Notice of ' || date, title FROM notices ORDER BY date DESC, id DESC",
    ),
    (
        TextKind::Roster,
        "title",
        "SELECT id, 'Team page /team' || CASE slug WHEN 'core' THEN '' ELSE slug END, title
               FROM rosters ORDER BY sort_order, id",
    ),
    (
        TextKind::Member,
        "position",
        "SELECT m.id, r.title || ': ' || m.name, m.position FROM members m
               JOIN rosters r ON r.id = m.roster_id WHERE m.position <> ''
              ORDER BY r.sort_order, r.id, m.sort_order, m.id",
    ),
    (
        TextKind::Member,
        "year",
        "SELECT m.id, r.title || ': ' || m.name || ', year', m.year FROM members m
               JOIN rosters r ON r.id = m.roster_id WHERE coalesce(m.year, '') <> ''
              ORDER BY r.sort_order, r.id, m.sort_order, m.id",
    ),
    (
        TextKind::Event,
        "event",
        "SELECT event, 'Certificate event, ' || count(*) || CASE count(*) WHEN 1 THEN ' certificate'
                    ELSE ' certificates' END, event
               FROM certificates WHERE event <> '' GROUP BY event ORDER BY max(id) DESC",
    ),
];

/// Adds to `rows` the `field` of each record of `kind` that `sql` reads, with its Bengali.
fn record_texts(
    conn: &Connection,
    bengali: &Bengali,
    kind: TextKind,
    field: &'static str,
    sql: &str,
    rows: &mut Vec<TextRow>,
) -> Result<(), ApiError> {
    let (max, multiline) = kind.field(field).unwrap_or((200, false));
    let mut stmt = conn.prepare_cached(sql)?;
    let found = stmt.query_map([], |row| {
        Ok((
            row.get::<_, rusqlite::types::Value>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
        ))
    })?;
    for row in found {
        let (record, place, english) = row?;
        let (record, key) = match record {
            rusqlite::types::Value::Integer(id) => (id.into(), id.to_string()),
            rusqlite::types::Value::Text(event) => (event.clone().into(), event),
            _ => continue,
        };
        rows.push(TextRow {
            kind: kind.as_str(),
            record,
            field,
            place,
            bengali: bengali.of(kind, &key).remove(field).unwrap_or_default(),
            english,
            max,
            multiline,
        });
    }
    Ok(())
}

//! The `notices` table (the spec's "services"): the notice board.

use crate::domain::{HttpUrl, IsoDate, NewNotice, NoticeSort, NoticeUpdate};
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

super::row! {
    #[derive(Debug, Serialize)]
    pub struct Notice {
        #[serde(rename = "_id")]
        pub id: i64,
        pub url: Option<String>,
        pub title: String,
        pub date: String,
        /// The Bengali title, when one is written.
        #[serde(skip_serializing_if = "super::translations::Texts::is_empty")]
        pub bn: super::translations::Texts,
    }
}

macro_rules! columns {
    () => {
        "id, url, title, date, (SELECT json_group_object(field, text) FROM translations t
           WHERE t.lang = 'bn' AND t.kind = 'notice' AND t.record = CAST(notices.id AS TEXT)) AS bn"
    };
}

pub fn insert(conn: &Connection, notice: &NewNotice) -> Result<Notice, ApiError> {
    let sql = concat!(
        "INSERT INTO notices (url, title, date) VALUES (?1, ?2, coalesce(?3, date('now'))) RETURNING ",
        columns!()
    );
    Ok(super::inserted_row(
        conn,
        sql,
        params![
            notice.url.as_ref().map(HttpUrl::as_str),
            notice.title,
            notice.date.as_ref().map(IsoDate::as_str)
        ],
        Notice::from_row,
    )?)
}

/// Newest date first; among notices of one day, the latest added first.
pub fn list(conn: &Connection) -> Result<Vec<Notice>, ApiError> {
    super::all_rows(
        conn,
        concat!(
            "SELECT ",
            columns!(),
            " FROM notices ORDER BY date DESC, id DESC"
        ),
        [],
        Notice::from_row,
    )
}

pub fn find(conn: &Connection, id: i64) -> Result<Option<Notice>, ApiError> {
    let mut stmt = conn.prepare_cached(concat!(
        "SELECT ",
        columns!(),
        " FROM notices WHERE id = ?1"
    ))?;
    Ok(stmt.query_row([id], Notice::from_row).optional()?)
}

pub fn update(
    conn: &mut Connection,
    id: i64,
    change: &NoticeUpdate,
) -> Result<Option<Notice>, ApiError> {
    let sql = concat!(
        "UPDATE notices SET url = CASE WHEN ?2 THEN ?3 ELSE url END, title = coalesce(?4, title),
            date = coalesce(?5, date) WHERE id = ?1 RETURNING ",
        columns!()
    );
    let new_url = change
        .url
        .as_ref()
        .map(|url| url.as_ref().map(HttpUrl::as_str));
    Ok(super::written_row(
        conn,
        sql,
        params![
            id,
            new_url.is_some(),
            new_url.flatten(),
            change.title,
            change.date.as_ref().map(IsoDate::as_str)
        ],
        Notice::from_row,
    )?)
}

pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    super::changed_any(conn, "DELETE FROM notices WHERE id = ?1", [id])
}

/// Notices whose title contains the `LIKE` pattern `?1` (all when it is NULL).
macro_rules! matching {
    () => {
        " FROM notices WHERE (?1 IS NULL OR title LIKE ?1 ESCAPE '\\')"
    };
}

super::like_page!(Notice, NoticeSort, "notices" {
    Newest => "date DESC, id DESC",
    Oldest => "date, id",
    Title => "title COLLATE NOCASE, id",
});

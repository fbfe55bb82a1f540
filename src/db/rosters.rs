//! The `rosters` table: the named lists of members shown at `/team` (`core`) and `/team{slug}`.

use crate::db::conflict_if_taken;
use crate::domain::{Order, RosterInput};
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};

super::row! {
    pub struct Roster {
        pub id: i64,
        pub slug: String,
        pub title: String,
    }
}

/// `core` is the `/team` page itself: it always exists and keeps its slug.
pub const CORE: &str = "core";

const SLUG_TAKEN: &str = "A team with this slug already exists";

/// In the order admins set.
pub fn list(conn: &Connection) -> Result<Vec<Roster>, ApiError> {
    super::all_rows(
        conn,
        "SELECT id, slug, title FROM rosters ORDER BY sort_order, id",
        [],
        Roster::from_row,
    )
}

fn slug(conn: &Connection, id: i64) -> Result<Option<String>, ApiError> {
    Ok(conn
        .prepare_cached("SELECT slug FROM rosters WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
        .optional()?)
}

pub fn exists(conn: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(slug(conn, id)?.is_some())
}

pub fn insert(conn: &mut Connection, input: &RosterInput) -> Result<i64, ApiError> {
    super::inserted_row(
        conn,
        "INSERT INTO rosters (slug, title, sort_order)
         VALUES (?1, ?2, (SELECT coalesce(max(sort_order), 0) + 1 FROM rosters)) RETURNING id",
        params![input.slug.as_ref().map(|s| s.as_str()), input.title],
        |row| row.get(0),
    )
    .map_err(conflict_if_taken(SLUG_TAKEN))
}

pub fn update(conn: &mut Connection, id: i64, input: &RosterInput) -> Result<bool, ApiError> {
    let Some(current) = slug(conn, id)? else {
        return Ok(false);
    };
    if current == CORE && input.slug.as_ref().is_some_and(|s| s.as_str() != CORE) {
        return Err(ApiError::Conflict(
            "The core team is the /team page; its slug stays core".into(),
        ));
    }
    let changed = conn
        .execute(
            "UPDATE rosters SET slug = coalesce(?2, slug), title = coalesce(?3, title) WHERE id = ?1",
            params![id, input.slug.as_ref().map(|s| s.as_str()), input.title],
        )
        .map_err(conflict_if_taken(SLUG_TAKEN))?;
    Ok(changed > 0)
}

/// Deletes a roster with its members; the core roster stays.
pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    match slug(conn, id)?.as_deref() {
        None => Ok(false),
        Some(CORE) => Err(ApiError::Conflict(
            "The core team is the /team page and cannot be deleted".into(),
        )),
        Some(_) => Ok(conn.execute("DELETE FROM rosters WHERE id = ?1", [id])? > 0),
    }
}

pub fn reorder(conn: &mut Connection, order: &Order) -> Result<(), ApiError> {
    super::reorder(
        conn,
        "SELECT id FROM rosters WHERE ?1 IS NULL",
        "UPDATE rosters SET sort_order = ?2 WHERE id = ?1",
        rusqlite::types::Value::Null,
        order,
    )
}

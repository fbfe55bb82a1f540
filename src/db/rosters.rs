//! The `rosters` table: the named lists of members shown at `/team` (`core`) and `/team{slug}`.

use crate::db::conflict_if_taken;
use crate::domain::{CoreTeamChoice, Order, RosterInput};
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

const SLUG_TAKEN: &str = "A team page with this address already exists: choose another";

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
    insert_roster(conn, input)
}

fn insert_roster(conn: &Connection, input: &RosterInput) -> Result<i64, ApiError> {
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
            "The core team is the /team page; its page address stays /team".into(),
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

/// A new roster with a copy of the members of roster `from`, in their order (their photos shared,
/// not copied): a new year's team starts from last year's. `None` when `from` is not a roster.
pub fn copy(
    conn: &mut Connection,
    from: i64,
    input: &RosterInput,
) -> Result<Option<i64>, ApiError> {
    let tx = super::begin(conn)?;
    if slug(&tx, from)?.is_none() {
        return Ok(None);
    }
    let id = insert_roster(&tx, input)?;
    tx.execute(
        "INSERT INTO members (roster_id, sort_order, name, department, year, position, photo_id, art, link)
         SELECT ?1, sort_order, name, department, year, position, photo_id, art, link
         FROM members WHERE roster_id = ?2 ORDER BY sort_order, id",
        params![id, from],
    )?;
    tx.commit()?;
    Ok(Some(id))
}

/// Makes the chosen roster the core team (`/team`); the current core team moves to
/// `/team{former_slug}`. `false` when there is no such roster.
pub fn make_core(conn: &mut Connection, choice: &CoreTeamChoice) -> Result<bool, ApiError> {
    let tx = super::begin(conn)?;
    let chosen_slug = match slug(&tx, choice.id)? {
        None => return Ok(false),
        Some(slug) if slug == CORE => return Ok(true),
        Some(slug) => slug,
    };
    // Last year's team, now at /team{former_slug}, is named for its year (not left titled as
    // the core team); the chosen team brings its own title to /team. The title given here is
    // remembered, so a team moved back to /team gets its own title back.
    let (leaving, leaving_title): (i64, String) = tx.query_row(
        "SELECT id, title FROM rosters WHERE slug = ?1",
        [CORE],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )?;
    let year_title = format!("Team {}", choice.former_slug.as_str());
    tx.execute(
        "UPDATE rosters SET slug = ?1, title = ?3 WHERE slug = ?2",
        params![choice.former_slug.as_str(), CORE, year_title],
    )
    .map_err(conflict_if_taken(SLUG_TAKEN))?;
    super::settings::set(&tx, &title_before(leaving), &leaving_title)?;
    tx.execute(
        "UPDATE rosters SET slug = ?2 WHERE id = ?1",
        params![choice.id, CORE],
    )?;
    if let Some(before) = super::settings::get(&tx, &title_before(choice.id))? {
        // Back at /team with the title this move gave it: its own title comes back.
        tx.execute(
            "UPDATE rosters SET title = ?2 WHERE id = ?1 AND title = 'Team ' || ?3",
            params![choice.id, before, chosen_slug],
        )?;
        super::settings::remove(&tx, &title_before(choice.id))?;
    }
    tx.commit()?;
    Ok(true)
}

/// The `settings` key of the title roster `id` had before a move out of /team renamed it.
fn title_before(id: i64) -> String {
    format!("roster_title_before:{id}")
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

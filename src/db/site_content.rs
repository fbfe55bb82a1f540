//! The site content admins edit: rosters and members, carousel cards, gallery images, settings,
//! and the one document of `GET /api/content` built from them.

use super::media::{self, Media};
use crate::domain::{
    HttpUrl, MemberInput, Order, PictureInput, RosterInput, Section, SettingsPatch,
};
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension, Transaction, TransactionBehavior};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// The sample content a new database starts with (our own artwork, sample names and texts).
const DEFAULT_CONTENT: &str = include_str!("../seed/content.json");

/// Size of the shipped artworks, for `width`/`height` on the page.
const MEMBER_ART: (u32, u32) = (300, 300);
const PICTURE_ART: (u32, u32) = (800, 600);

fn photo(
    media: &HashMap<i64, Media>,
    photo_id: Option<i64>,
    art: Option<String>,
    art_size: (u32, u32),
) -> Value {
    match (photo_id.and_then(|id| media.get(&id)), art) {
        (Some(media), _) => media.photo(),
        (None, Some(art)) => {
            json!({ "src": art, "width": art_size.0, "height": art_size.1, "srcset": null, "photoId": null })
        }
        (None, None) => Value::Null,
    }
}

/// Everything the public pages show, in display order (DESIGN §9).
pub fn document(conn: &Connection) -> Result<Value, ApiError> {
    let media = media::all(conn)?;

    let stored: HashMap<String, String> = conn
        .prepare_cached("SELECT key, value FROM site_settings")?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let mut settings = Map::new();
    for key in crate::domain::setting_keys() {
        let value = stored.get(key).cloned().unwrap_or_default();
        let value = if key == "supportPhoto" {
            match value.strip_prefix("media:").and_then(|id| id.parse().ok()) {
                Some(id) => photo(&media, Some(id), None, PICTURE_ART),
                None => photo(
                    &media,
                    None,
                    Some(value).filter(|v| !v.is_empty()),
                    PICTURE_ART,
                ),
            }
        } else {
            Value::String(value)
        };
        settings.insert(key.to_owned(), value);
    }

    let mut works = Vec::new();
    let mut awards = Vec::new();
    let mut stmt = conn.prepare_cached(
        "SELECT id, section, caption, photo_id, art FROM cards ORDER BY sort_order, id",
    )?;
    let rows = stmt.query_map([], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
            row.get(3)?,
            row.get(4)?,
        ))
    })?;
    for row in rows {
        let (id, section, caption, photo_id, art) = row?;
        let card = json!({ "_id": id, "caption": caption, "photo": photo(&media, photo_id, art, PICTURE_ART) });
        if section == "works" {
            works.push(card)
        } else {
            awards.push(card)
        }
    }

    let mut stmt = conn.prepare_cached(
        "SELECT id, caption, photo_id, art FROM gallery_images ORDER BY sort_order, id",
    )?;
    let gallery = stmt
        .query_map([], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?, row.get(2)?, row.get(3)?)))?
        .map(|row| row.map(|(id, caption, photo_id, art)| json!({ "_id": id, "caption": caption, "photo": photo(&media, photo_id, art, PICTURE_ART) })))
        .collect::<Result<Vec<_>, _>>()?;

    let mut members: HashMap<i64, Vec<Value>> = HashMap::new();
    let mut stmt = conn.prepare_cached(
        "SELECT id, roster_id, name, department, year, position, photo_id, art, link FROM members ORDER BY sort_order, id",
    )?;
    let rows = stmt.query_map([], |row| {
        Ok((
            row.get::<_, i64>(1)?,
            row.get::<_, i64>(0)?,
            (
                row.get::<_, String>(2)?,
                row.get::<_, String>(3)?,
                row.get::<_, String>(4)?,
                row.get::<_, String>(5)?,
            ),
            (
                row.get::<_, Option<i64>>(6)?,
                row.get::<_, Option<String>>(7)?,
                row.get::<_, Option<String>>(8)?,
            ),
        ))
    })?;
    for row in rows {
        let (roster, id, (name, department, year, position), (photo_id, art, link)) = row?;
        members.entry(roster).or_default().push(json!({
            "_id": id, "name": name, "department": department, "year": year, "position": position,
            "photo": photo(&media, photo_id, art, MEMBER_ART), "link": link,
        }));
    }
    let mut teams = Map::new();
    let mut stmt =
        conn.prepare_cached("SELECT id, slug, title FROM rosters ORDER BY sort_order, id")?;
    let rosters = stmt.query_map([], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
        ))
    })?;
    for (order, roster) in rosters.enumerate() {
        let (id, slug, title) = roster?;
        let list = members.remove(&id).unwrap_or_default();
        teams.insert(
            slug.clone(),
            json!({ "_id": id, "slug": slug, "title": title, "order": order + 1, "members": list }),
        );
    }

    Ok(
        json!({ "settings": settings, "works": works, "awards": awards, "gallery": gallery, "teams": teams }),
    )
}

/// Fills a new database with the default content; runs once, inside the migration that made the tables.
pub fn seed(tx: &Transaction) -> rusqlite::Result<()> {
    let content: Value = serde_json::from_str(DEFAULT_CONTENT)
        .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
    let text = |value: &Value| value.as_str().unwrap_or_default().to_owned();
    let art = |item: &Value| item["photo"]["src"].as_str().map(str::to_owned);

    if let Some(settings) = content["settings"].as_object() {
        for (key, value) in settings {
            let value = if key == "supportPhoto" {
                art(&json!({ "photo": value })).unwrap_or_default()
            } else {
                text(value)
            };
            tx.execute(
                "INSERT INTO site_settings (key, value) VALUES (?1, ?2)",
                params![key, value],
            )?;
        }
    }
    for section in ["works", "awards"] {
        for (order, card) in content[section]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            tx.execute(
                "INSERT INTO cards (section, sort_order, caption, art) VALUES (?1, ?2, ?3, ?4)",
                params![section, order as i64 + 1, text(&card["caption"]), art(card)],
            )?;
        }
    }
    for (order, image) in content["gallery"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        tx.execute(
            "INSERT INTO gallery_images (sort_order, caption, art) VALUES (?1, ?2, ?3)",
            params![order as i64 + 1, text(&image["caption"]), art(image)],
        )?;
    }
    for (order, roster) in content["teams"]
        .as_object()
        .into_iter()
        .flat_map(|teams| teams.values())
        .enumerate()
    {
        let roster_id: i64 = tx.query_row(
            "INSERT INTO rosters (slug, title, sort_order) VALUES (?1, ?2, ?3) RETURNING id",
            params![
                text(&roster["slug"]),
                text(&roster["title"]),
                order as i64 + 1
            ],
            |row| row.get(0),
        )?;
        for (position, member) in roster["members"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            tx.execute(
                "INSERT INTO members (roster_id, sort_order, name, department, year, position, art, link)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    roster_id,
                    position as i64 + 1,
                    text(&member["name"]),
                    text(&member["department"]),
                    text(&member["year"]),
                    text(&member["position"]),
                    art(member),
                    member["link"].as_str()
                ],
            )?;
        }
    }
    Ok(())
}

fn check_photo(conn: &Connection, photo_id: Option<Option<i64>>) -> Result<(), ApiError> {
    match photo_id {
        Some(Some(id)) if !media::exists(conn, id)? => {
            Err(ApiError::field("photoId", "no uploaded photo has this id"))
        }
        _ => Ok(()),
    }
}

fn slug_taken(err: rusqlite::Error) -> ApiError {
    if super::is_unique_violation(&err) {
        ApiError::Conflict("A team with this slug already exists".into())
    } else {
        err.into()
    }
}

pub fn create_roster(conn: &Connection, input: &RosterInput) -> Result<i64, ApiError> {
    let slug = input.slug.as_ref().map(|s| s.as_str());
    conn.query_row(
        "INSERT INTO rosters (slug, title, sort_order) VALUES (?1, ?2, (SELECT coalesce(max(sort_order), 0) + 1 FROM rosters))
         RETURNING id",
        params![slug, input.title],
        |row| row.get(0),
    )
    .map_err(slug_taken)
}

pub fn update_roster(conn: &Connection, id: i64, input: &RosterInput) -> Result<bool, ApiError> {
    let current: Option<String> = conn
        .query_row("SELECT slug FROM rosters WHERE id = ?1", [id], |row| {
            row.get(0)
        })
        .optional()?;
    let Some(current) = current else {
        return Ok(false);
    };
    if current == "core" && input.slug.as_ref().is_some_and(|s| s.as_str() != "core") {
        return Err(ApiError::Conflict(
            "The core team is the /team page; its slug stays core".into(),
        ));
    }
    let changed = conn
        .execute(
            "UPDATE rosters SET slug = coalesce(?2, slug), title = coalesce(?3, title) WHERE id = ?1",
            params![id, input.slug.as_ref().map(|s| s.as_str()), input.title],
        )
        .map_err(slug_taken)?;
    Ok(changed > 0)
}

pub fn delete_roster(conn: &Connection, id: i64) -> Result<bool, ApiError> {
    let slug: Option<String> = conn
        .query_row("SELECT slug FROM rosters WHERE id = ?1", [id], |row| {
            row.get(0)
        })
        .optional()?;
    match slug.as_deref() {
        None => Ok(false),
        Some("core") => Err(ApiError::Conflict(
            "The core team is the /team page and cannot be deleted".into(),
        )),
        Some(_) => Ok(conn.execute("DELETE FROM rosters WHERE id = ?1", [id])? > 0),
    }
}

pub fn create_member(
    conn: &Connection,
    roster_id: i64,
    input: &MemberInput,
) -> Result<Option<i64>, ApiError> {
    if conn
        .query_row("SELECT 1 FROM rosters WHERE id = ?1", [roster_id], |_| {
            Ok(())
        })
        .optional()?
        .is_none()
    {
        return Ok(None);
    }
    check_photo(conn, input.photo_id)?;
    let id = conn.query_row(
        "INSERT INTO members (roster_id, sort_order, name, department, year, position, photo_id, link)
         VALUES (?1, (SELECT coalesce(max(sort_order), 0) + 1 FROM members WHERE roster_id = ?1),
                 ?2, coalesce(?3, ''), coalesce(?4, ''), coalesce(?5, ''), ?6, ?7)
         RETURNING id",
        params![
            roster_id,
            input.name,
            input.department,
            input.year,
            input.position,
            input.photo_id.flatten(),
            input.link.as_ref().and_then(|l| l.as_ref().map(HttpUrl::as_str))
        ],
        |row| row.get(0),
    )?;
    Ok(Some(id))
}

pub fn update_member(conn: &Connection, id: i64, input: &MemberInput) -> Result<bool, ApiError> {
    check_photo(conn, input.photo_id)?;
    let changed = conn.execute(
        "UPDATE members SET name = coalesce(?2, name), department = coalesce(?3, department), year = coalesce(?4, year),
            position = coalesce(?5, position),
            photo_id = CASE WHEN ?6 THEN ?7 ELSE photo_id END,
            art = CASE WHEN ?6 THEN NULL ELSE art END,
            link = CASE WHEN ?8 THEN ?9 ELSE link END
         WHERE id = ?1",
        params![
            id,
            input.name,
            input.department,
            input.year,
            input.position,
            input.photo_id.is_some(),
            input.photo_id.flatten(),
            input.link.is_some(),
            input.link.as_ref().and_then(|l| l.as_ref().map(HttpUrl::as_str))
        ],
    )?;
    Ok(changed > 0)
}

pub fn delete_member(conn: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(conn.execute("DELETE FROM members WHERE id = ?1", [id])? > 0)
}

/// Cards (with a section) and gallery images (without) share their shape.
pub fn create_picture(conn: &Connection, input: &PictureInput) -> Result<i64, ApiError> {
    check_photo(conn, input.photo_id)?;
    let id = match input.section {
        Some(section) => conn.query_row(
            "INSERT INTO cards (section, sort_order, caption, photo_id)
             VALUES (?1, (SELECT coalesce(max(sort_order), 0) + 1 FROM cards WHERE section = ?1), ?2, ?3) RETURNING id",
            params![section.as_str(), input.caption, input.photo_id.flatten()],
            |row| row.get(0),
        )?,
        None => conn.query_row(
            "INSERT INTO gallery_images (sort_order, caption, photo_id)
             VALUES ((SELECT coalesce(max(sort_order), 0) + 1 FROM gallery_images), ?1, ?2) RETURNING id",
            params![input.caption, input.photo_id.flatten()],
            |row| row.get(0),
        )?,
    };
    Ok(id)
}

pub fn update_card(conn: &Connection, id: i64, input: &PictureInput) -> Result<bool, ApiError> {
    check_photo(conn, input.photo_id)?;
    let changed = conn.execute(
        "UPDATE cards SET caption = coalesce(?2, caption), section = coalesce(?3, section),
            photo_id = CASE WHEN ?4 THEN ?5 ELSE photo_id END, art = CASE WHEN ?4 THEN NULL ELSE art END
         WHERE id = ?1",
        params![id, input.caption, input.section.map(Section::as_str), input.photo_id.is_some(), input.photo_id.flatten()],
    )?;
    Ok(changed > 0)
}

pub fn update_gallery_image(
    conn: &Connection,
    id: i64,
    input: &PictureInput,
) -> Result<bool, ApiError> {
    check_photo(conn, input.photo_id)?;
    let changed = conn.execute(
        "UPDATE gallery_images SET caption = coalesce(?2, caption),
            photo_id = CASE WHEN ?3 THEN ?4 ELSE photo_id END, art = CASE WHEN ?3 THEN NULL ELSE art END
         WHERE id = ?1",
        params![id, input.caption, input.photo_id.is_some(), input.photo_id.flatten()],
    )?;
    Ok(changed > 0)
}

pub fn delete_card(conn: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(conn.execute("DELETE FROM cards WHERE id = ?1", [id])? > 0)
}

pub fn delete_gallery_image(conn: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(conn.execute("DELETE FROM gallery_images WHERE id = ?1", [id])? > 0)
}

/// A list whose order admins set.
#[derive(Debug, Clone, Copy)]
pub enum OrderedList {
    Rosters,
    Members { roster_id: i64 },
    Cards(Section),
    Gallery,
}

/// Puts a whole list in the given order; the ids must be exactly the list's ids.
pub fn reorder(conn: &mut Connection, list: OrderedList, order: &Order) -> Result<(), ApiError> {
    use rusqlite::types::Value as Sql;
    let (select, update, scope) = match list {
        OrderedList::Rosters => (
            "SELECT id FROM rosters WHERE ?1 IS NULL",
            "UPDATE rosters SET sort_order = ?2 WHERE id = ?1",
            Sql::Null,
        ),
        OrderedList::Members { roster_id } => (
            "SELECT id FROM members WHERE roster_id = ?1",
            "UPDATE members SET sort_order = ?2 WHERE id = ?1",
            Sql::Integer(roster_id),
        ),
        OrderedList::Cards(section) => (
            "SELECT id FROM cards WHERE section = ?1",
            "UPDATE cards SET sort_order = ?2 WHERE id = ?1",
            Sql::Text(section.as_str().to_owned()),
        ),
        OrderedList::Gallery => (
            "SELECT id FROM gallery_images WHERE ?1 IS NULL",
            "UPDATE gallery_images SET sort_order = ?2 WHERE id = ?1",
            Sql::Null,
        ),
    };
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut current: Vec<i64> = tx
        .prepare(select)?
        .query_map([&scope], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    let mut wanted = order.ids().to_vec();
    current.sort_unstable();
    wanted.sort_unstable();
    if current != wanted {
        return Err(ApiError::field(
            "ids",
            "must list every item of this list exactly once",
        ));
    }
    {
        let mut stmt = tx.prepare(update)?;
        for (position, id) in order.ids().iter().enumerate() {
            stmt.execute(params![id, position as i64 + 1])?;
        }
    }
    tx.commit()?;
    Ok(())
}

pub fn update_settings(conn: &mut Connection, patch: &SettingsPatch) -> Result<(), ApiError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    for (key, value) in &patch.0 {
        if let Some(id) = value.strip_prefix("media:").and_then(|id| id.parse().ok()) {
            check_photo(&tx, Some(Some(id)))
                .map_err(|_| ApiError::field("supportPhoto", "no uploaded photo has this id"))?;
        }
        tx.execute(
            "INSERT INTO site_settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![key, value],
        )?;
    }
    tx.commit()?;
    Ok(())
}

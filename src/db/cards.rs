//! The `cards` table: the home page's two carousels, "Our Works" and "Performance & Awards".

use super::Picture;
use crate::domain::{Order, PictureInput, Section};
use crate::error::ApiError;
use rusqlite::{params, Connection};

/// A card: a captioned picture in one of the carousels.
pub struct Card {
    pub section: String,
    pub picture: Picture,
}

/// Both carousels' cards, each in its order.
pub fn list(conn: &Connection) -> Result<Vec<Card>, ApiError> {
    super::all_rows(
        conn,
        "SELECT id, section, caption, photo_id, art FROM cards ORDER BY sort_order, id",
        [],
        |row| {
            Ok(Card {
                section: row.get("section")?,
                picture: Picture::from_row(row)?,
            })
        },
    )
}

/// Adds a card at the end of its carousel (the input names one: cards are parsed with a section).
pub fn insert(conn: &mut Connection, input: &PictureInput) -> Result<i64, ApiError> {
    super::inserted_with_photo(
        conn,
        input.photo_id,
        "INSERT INTO cards (section, sort_order, caption, photo_id)
         VALUES (?1, (SELECT coalesce(max(sort_order), 0) + 1 FROM cards WHERE section = ?1), ?2, ?3)
         RETURNING id",
        params![
            input.section.map(Section::as_str),
            input.caption,
            input.photo_id.flatten()
        ],
    )
}

pub fn update(conn: &mut Connection, id: i64, input: &PictureInput) -> Result<bool, ApiError> {
    super::changed_with_photo(
        conn,
        input.photo_id,
        "UPDATE cards SET caption = coalesce(?2, caption), section = coalesce(?3, section),
            photo_id = CASE WHEN ?4 THEN ?5 ELSE photo_id END,
            art = CASE WHEN ?4 THEN NULL ELSE art END
         WHERE id = ?1",
        params![
            id,
            input.caption,
            input.section.map(Section::as_str),
            input.photo_id.is_some(),
            input.photo_id.flatten()
        ],
    )
}

pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    super::changed_any(conn, "DELETE FROM cards WHERE id = ?1", [id])
}

/// Puts one carousel's cards in the given order.
pub fn reorder(conn: &mut Connection, section: Section, order: &Order) -> Result<(), ApiError> {
    super::reorder(
        conn,
        "SELECT id FROM cards WHERE section = ?1",
        "UPDATE cards SET sort_order = ?2 WHERE id = ?1",
        rusqlite::types::Value::Text(section.as_str().to_owned()),
        order,
    )
}

//! The `gallery_images` table: the photos of the `/gallery` page.

use super::Picture;
use crate::domain::{Order, PictureInput};
use crate::error::ApiError;
use rusqlite::{params, Connection};

/// A gallery image is a captioned picture and nothing more.
pub type GalleryImage = Picture;

/// In the order admins set.
pub fn list(conn: &Connection) -> Result<Vec<GalleryImage>, ApiError> {
    super::all_rows(
        conn,
        "SELECT id, caption, photo_id, art FROM gallery_images ORDER BY sort_order, id",
        [],
        Picture::from_row,
    )
}

/// Adds an image at the end of the gallery.
pub fn insert(conn: &mut Connection, input: &PictureInput) -> Result<i64, ApiError> {
    super::inserted_with_photo(
        conn,
        input.photo_id,
        "INSERT INTO gallery_images (sort_order, caption, photo_id)
         VALUES ((SELECT coalesce(max(sort_order), 0) + 1 FROM gallery_images), ?1, ?2) RETURNING id",
        params![input.caption, input.photo_id.flatten()],
    )
}

pub fn update(conn: &mut Connection, id: i64, input: &PictureInput) -> Result<bool, ApiError> {
    super::changed_with_photo(
        conn,
        input.photo_id,
        "UPDATE gallery_images SET caption = coalesce(?2, caption),
            photo_id = CASE WHEN ?3 THEN ?4 ELSE photo_id END,
            art = CASE WHEN ?3 THEN NULL ELSE art END
         WHERE id = ?1",
        params![
            id,
            input.caption,
            input.photo_id.is_some(),
            input.photo_id.flatten()
        ],
    )
}

pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    super::changed_any(conn, "DELETE FROM gallery_images WHERE id = ?1", [id])
}

pub fn reorder(conn: &mut Connection, order: &Order) -> Result<(), ApiError> {
    super::reorder(
        conn,
        "SELECT id FROM gallery_images WHERE ?1 IS NULL",
        "UPDATE gallery_images SET sort_order = ?2 WHERE id = ?1",
        rusqlite::types::Value::Null,
        order,
    )
}

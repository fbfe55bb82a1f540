//! The `media` and `media_variants` tables: uploaded photos as resized WebP files.

use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use serde::Serialize;
use std::collections::HashMap;

/// One stored size of a photo.
pub struct Variant {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

/// What a page needs to show a photo: its URLs and sizes, never its bytes.
#[derive(Debug, Clone, Serialize)]
pub struct Media {
    #[serde(rename = "_id")]
    pub id: i64,
    pub hash: String,
    pub alt: String,
    /// `(width, height)` of each variant, smallest first.
    #[serde(skip)]
    pub sizes: Vec<(u32, u32)>,
}

impl Media {
    pub fn url(&self, width: u32) -> String {
        format!("/media/{}-{}-{}.webp", self.id, self.hash, width)
    }

    /// The page's photo object: the variant nearest 960 px as `src`, every variant in `srcset`.
    pub fn photo(&self) -> serde_json::Value {
        let main = self
            .sizes
            .iter()
            .rev()
            .find(|(w, _)| *w <= 960)
            .or(self.sizes.first())
            .copied()
            .unwrap_or((1, 1));
        let srcset = self
            .sizes
            .iter()
            .map(|(w, _)| format!("{} {w}w", self.url(*w)))
            .collect::<Vec<_>>()
            .join(", ");
        serde_json::json!({ "src": self.url(main.0), "width": main.0, "height": main.1, "srcset": srcset, "photoId": self.id })
    }
}

pub fn insert(
    conn: &mut Connection,
    hash: &str,
    alt: &str,
    variants: &[Variant],
) -> Result<i64, ApiError> {
    let largest = variants
        .last()
        .ok_or_else(|| ApiError::internal("a photo without variants"))?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let id: i64 = tx.query_row(
        "INSERT INTO media (hash, width, height, alt) VALUES (?1, ?2, ?3, ?4) RETURNING id",
        params![hash, largest.width, largest.height, alt],
        |row| row.get(0),
    )?;
    {
        let mut stmt = tx.prepare_cached(
            "INSERT INTO media_variants (media_id, width, height, data) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for variant in variants {
            stmt.execute(params![id, variant.width, variant.height, variant.data])?;
        }
    }
    tx.commit()?;
    Ok(id)
}

/// Every photo by id, with its variant sizes.
pub fn all(conn: &Connection) -> Result<HashMap<i64, Media>, ApiError> {
    let mut media: HashMap<i64, Media> = HashMap::new();
    let mut stmt = conn.prepare_cached(
        "SELECT m.id, m.hash, m.alt, v.width, v.height FROM media m JOIN media_variants v ON v.media_id = m.id
         ORDER BY m.id, v.width",
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
        let (id, hash, alt, width, height) = row?;
        media
            .entry(id)
            .or_insert_with(|| Media {
                id,
                hash,
                alt,
                sizes: Vec::new(),
            })
            .sizes
            .push((width, height));
    }
    Ok(media)
}

/// The WebP bytes of one variant, if the id, hash and width all match.
pub fn variant(
    conn: &Connection,
    id: i64,
    hash: &str,
    width: u32,
) -> Result<Option<Vec<u8>>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT v.data FROM media_variants v JOIN media m ON m.id = v.media_id WHERE m.id = ?1 AND m.hash = ?2 AND v.width = ?3",
    )?;
    Ok(stmt
        .query_row(params![id, hash, width], |row| row.get(0))
        .optional()?)
}

pub fn exists(conn: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM media WHERE id = ?1")?
        .query_row([id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// Where a photo is shown, in words for the admin ("Team 2k25: Sample Member 3").
pub fn uses(conn: &Connection, id: i64) -> Result<Vec<String>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT 'Team ' || r.title || ': ' || m.name FROM members m JOIN rosters r ON r.id = m.roster_id WHERE m.photo_id = ?1
         UNION ALL SELECT (CASE section WHEN 'works' THEN 'Our Works card: ' ELSE 'Performance & Awards card: ' END) || caption
           FROM cards WHERE photo_id = ?1
         UNION ALL SELECT 'Gallery: ' || caption FROM gallery_images WHERE photo_id = ?1
         UNION ALL SELECT 'Support page photo' FROM site_settings WHERE key = 'supportPhoto' AND value = 'media:' || ?1",
    )?;
    let uses = stmt
        .query_map([id], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(uses)
}

/// Deletes a photo no page uses; 409 naming the places that still show it.
pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let uses = uses(&tx, id)?;
    if !uses.is_empty() {
        return Err(ApiError::Conflict(format!(
            "This photo is still used by: {}",
            uses.join("; ")
        )));
    }
    let deleted = tx.execute("DELETE FROM media WHERE id = ?1", [id])? > 0;
    tx.commit()?;
    Ok(deleted)
}

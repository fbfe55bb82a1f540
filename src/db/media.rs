//! The `media` and `media_variants` tables: uploaded photos as resized WebP files.

use crate::domain::{Focus, MediaChange};
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use std::collections::HashMap;

/// One stored size of a photo.
pub struct Variant {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

/// What a page needs to show a photo: its URLs and sizes, never its bytes.
#[derive(Debug)]
pub struct Media {
    pub id: i64,
    pub hash: String,
    pub alt: String,
    /// `(width, height)` of each variant, smallest first.
    pub sizes: Vec<(u32, u32)>,
    pub focus: Focus,
}

/// A photo as the pages show it: an uploaded photo's variants, or one of our shipped drawings.
#[derive(Debug, Serialize)]
pub struct Photo {
    pub src: String,
    pub width: u32,
    pub height: u32,
    pub srcset: Option<String>,
    #[serde(rename = "photoId")]
    pub photo_id: Option<i64>,
    /// Where an upload is anchored when a frame crops it (drawings have none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub focus: Option<Focus>,
}

impl Media {
    pub fn url(&self, width: u32) -> String {
        format!("/media/{}-{}-{}.webp", self.id, self.hash, width)
    }

    /// The variant nearest 960 px as `src`, every variant in `srcset`.
    pub fn photo(&self) -> Photo {
        let (width, height) = self
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
        Photo {
            src: self.url(width),
            width,
            height,
            srcset: Some(srcset),
            photo_id: Some(self.id),
            focus: Some(self.focus),
        }
    }
}

/// An uploaded photo as the Photos screen lists it: with the places that show it.
#[derive(Serialize)]
pub struct Listed {
    #[serde(rename = "_id")]
    pub id: i64,
    pub alt: String,
    pub photo: Photo,
    #[serde(rename = "usedBy")]
    pub used_by: Vec<String>,
}

/// `site_settings` keeps a photo setting as `media:ID`; the id, if `value` is one.
pub fn stored_reference(value: &str) -> Option<i64> {
    value.strip_prefix("media:")?.parse().ok()
}

pub fn insert(
    conn: &mut Connection,
    hash: &str,
    alt: &str,
    variants: &[Variant],
) -> Result<Media, ApiError> {
    let largest = variants
        .last()
        .ok_or_else(|| ApiError::internal("a photo without variants"))?;
    let tx = super::begin(conn)?;
    let id: i64 = super::inserted_row(
        &tx,
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
    Ok(Media {
        id,
        hash: hash.to_owned(),
        alt: alt.to_owned(),
        sizes: variants.iter().map(|v| (v.width, v.height)).collect(),
        focus: Focus::MIDDLE,
    })
}

/// Every photo by id, with its variant sizes.
pub fn all(conn: &Connection) -> Result<HashMap<i64, Media>, ApiError> {
    let mut media: HashMap<i64, Media> = HashMap::new();
    let mut stmt = conn.prepare_cached(
        "SELECT m.id, m.hash, m.alt, v.width, v.height, m.focus_x, m.focus_y
           FROM media m JOIN media_variants v ON v.media_id = m.id ORDER BY m.id, v.width",
    )?;
    let rows = stmt.query_map([], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
            row.get(3)?,
            row.get(4)?,
            Focus {
                x: row.get(5)?,
                y: row.get(6)?,
            },
        ))
    })?;
    for row in rows {
        let (id, hash, alt, width, height, focus) = row?;
        media
            .entry(id)
            .or_insert_with(|| Media {
                id,
                hash,
                alt,
                sizes: Vec::new(),
                focus,
            })
            .sizes
            .push((width, height));
    }
    Ok(media)
}

/// Where photos are shown, in words for the admin ("Team 2k25: Sample Member 3", never "Team Team
/// 2k25" for a roster whose title says Team already): `(media id, place)`,
/// for one photo (`Some(id)`) or for all of them, in one query.
const USES: &str = "
    SELECT m.photo_id, (CASE WHEN r.title LIKE 'team%' THEN '' ELSE 'Team ' END) || r.title || ': ' || m.name
      FROM members m JOIN rosters r ON r.id = m.roster_id WHERE m.photo_id = coalesce(?1, m.photo_id)
    UNION ALL
    SELECT photo_id, (CASE section WHEN 'works' THEN 'Our Works card: ' ELSE 'Performance & Awards card: ' END) || caption
      FROM cards WHERE photo_id = coalesce(?1, photo_id)
    UNION ALL
    SELECT photo_id, 'Gallery: ' || caption FROM gallery_images WHERE photo_id = coalesce(?1, photo_id)
    UNION ALL
    SELECT CAST(substr(value, 7) AS INTEGER), CASE key
        WHEN 'supportPhoto' THEN 'Support page photo' WHEN 'heroPhoto' THEN 'Home page banner'
        WHEN 'clubLogo' THEN 'Header: club logo' ELSE 'Header: college emblem' END
      FROM site_settings WHERE key IN ('supportPhoto', 'heroPhoto', 'clubLogo', 'collegeLogo')
        AND value LIKE 'media:%' AND (?1 IS NULL OR value = 'media:' || ?1)";

fn uses(conn: &Connection, id: Option<i64>) -> Result<HashMap<i64, Vec<String>>, ApiError> {
    let mut uses: HashMap<i64, Vec<String>> = HashMap::new();
    let mut stmt = conn.prepare_cached(USES)?;
    let rows = stmt.query_map([id], |row| Ok((row.get::<_, i64>(0)?, row.get(1)?)))?;
    for row in rows {
        let (id, place) = row?;
        uses.entry(id).or_default().push(place);
    }
    Ok(uses)
}

/// Every photo, newest first, one at a time (the photos' uses are gathered first: a club has
/// hundreds of photos, not a hundred thousand).
pub fn each(conn: &Connection, each: &mut dyn FnMut(Listed) -> bool) -> Result<(), ApiError> {
    for photo in list(conn)? {
        if !each(photo) {
            break;
        }
    }
    Ok(())
}

fn list(conn: &Connection) -> Result<Vec<Listed>, ApiError> {
    let mut uses = uses(conn, None)?;
    let mut media: Vec<Media> = all(conn)?.into_values().collect();
    media.sort_by_key(|m| std::cmp::Reverse(m.id));
    Ok(media
        .into_iter()
        .map(|m| Listed {
            id: m.id,
            used_by: uses.remove(&m.id).unwrap_or_default(),
            photo: m.photo(),
            alt: m.alt,
        })
        .collect())
}

/// One page of the photos whose description contains the search (few enough to sort here).
pub fn page(
    conn: &mut Connection,
    listing: &crate::domain::Listing<crate::domain::MediaSort>,
    _kept: Option<&super::kept_orders::KeptOrders>,
) -> Result<super::Page<Listed>, ApiError> {
    let search = listing.search.as_ref().map(|text| text.to_lowercase());
    let mut all: Vec<Listed> = list(conn)?
        .into_iter()
        .filter(|m| {
            search
                .as_ref()
                .is_none_or(|text| m.alt.to_lowercase().contains(text))
        })
        .collect();
    if listing.sort == crate::domain::MediaSort::Oldest {
        all.reverse();
    }
    let total = all.len() as i64;
    let items = all
        .into_iter()
        .skip(usize::try_from(listing.offset()).unwrap_or(usize::MAX))
        .take(listing.size as usize)
        .collect();
    Ok(super::Page {
        items,
        total,
        page: listing.page,
        size: listing.size,
    })
}

/// The WebP bytes of one variant, if the id, hash and width all match.
pub fn variant(
    conn: &Connection,
    id: i64,
    hash: &str,
    width: u32,
) -> Result<Option<Vec<u8>>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT v.data FROM media_variants v JOIN media m ON m.id = v.media_id
         WHERE m.id = ?1 AND m.hash = ?2 AND v.width = ?3",
    )?;
    Ok(stmt
        .query_row(params![id, hash, width], |row| row.get(0))
        .optional()?)
}

/// Refuses a photo reference (`photoId`) that names no uploaded photo.
pub fn check_photo(conn: &Connection, photo_id: Option<Option<i64>>) -> Result<(), ApiError> {
    let Some(Some(id)) = photo_id else {
        return Ok(());
    };
    let exists = conn
        .prepare_cached("SELECT 1 FROM media WHERE id = ?1")?
        .query_row([id], |_| Ok(()))
        .optional()?
        .is_some();
    if exists {
        Ok(())
    } else {
        Err(ApiError::field("photoId", "no uploaded photo has this id"))
    }
}

/// Changes a photo's description or focal point; false when there is no such photo.
pub fn update(conn: &mut Connection, id: i64, change: &MediaChange) -> Result<bool, ApiError> {
    let changed = conn.execute(
        "UPDATE media SET alt = coalesce(?2, alt), focus_x = coalesce(?3, focus_x),
            focus_y = coalesce(?4, focus_y) WHERE id = ?1",
        params![
            id,
            change.alt,
            change.focus.map(|f| f.x),
            change.focus.map(|f| f.y)
        ],
    )?;
    Ok(changed > 0)
}

/// Deletes a photo; while pages use it, 409 naming the places that still show it, unless
/// `with_uses`: then those places show no photo (or their default) until it is restored from
/// the bin, which keeps where it was used. The Support page's photo is changed in Settings only
/// (what donors see beside the payment details is an admin's, and alerted).
pub fn delete(conn: &mut Connection, id: i64, with_uses: bool) -> Result<bool, ApiError> {
    let tx = super::begin(conn)?;
    if let Some(places) = uses(&tx, Some(id))?.remove(&id) {
        let support: bool = tx
            .prepare_cached(
                "SELECT EXISTS (SELECT 1 FROM site_settings
                   WHERE key = 'supportPhoto' AND value = 'media:' || ?1)",
            )?
            .query_row([id], |row| row.get(0))?;
        if !with_uses || support {
            let first = if support {
                " Choose another photo for the Support page in Settings first."
            } else {
                ""
            };
            return Err(ApiError::Conflict(format!(
                "This photo is still used by: {}.{first}",
                places.join("; ")
            )));
        }
        for table in ["cards", "members", "gallery_images"] {
            tx.prepare_cached(&format!(
                "UPDATE {table} SET photo_id = NULL WHERE photo_id = ?1"
            ))?
            .execute([id])?;
        }
        tx.prepare_cached(
            "UPDATE site_settings SET value = '' WHERE value = 'media:' || ?1
               AND key IN ('heroPhoto', 'clubLogo', 'collegeLogo')",
        )?
        .execute([id])?;
    }
    let deleted = tx.execute("DELETE FROM media WHERE id = ?1", [id])? > 0;
    tx.commit()?;
    Ok(deleted)
}

/// Notes the UPI ID the UPI QR code in photo `id` pays (read at upload).
pub fn set_pays(conn: &Connection, id: i64, upi_id: &str) -> Result<(), ApiError> {
    conn.prepare_cached("UPDATE media SET pays = ?2 WHERE id = ?1")?
        .execute(params![id, upi_id])?;
    Ok(())
}

/// The UPI ID the UPI QR code in photo `id` pays, if it holds one.
pub fn pays(conn: &Connection, id: i64) -> Result<Option<String>, ApiError> {
    Ok(conn
        .prepare_cached("SELECT pays FROM media WHERE id = ?1")?
        .query_row([id], |row| row.get::<_, Option<String>>(0))
        .optional()?
        .flatten())
}

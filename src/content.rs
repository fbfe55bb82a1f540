//! The site content document of `GET /api/content`, built from the database and kept serialised,
//! with its ETag, until an admin changes something.

use crate::db::{self, Pool};
use crate::error::ApiError;
use actix_web::web::Bytes;
use sha2::{Digest, Sha256};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

pub struct Document {
    pub body: Bytes,
    pub etag: String,
    rosters: Vec<String>,
}

impl Document {
    /// Whether `/team{slug}` names a roster (`core` is `/team` itself).
    pub fn has_team_page(&self, slug: &str) -> bool {
        slug != "core" && self.rosters.iter().any(|roster| roster == slug)
    }
}

#[derive(Default)]
pub struct Content {
    cached: RwLock<Option<(u64, Arc<Document>)>>,
    /// Raised by every change, so a document built from older data is never cached over newer.
    generation: AtomicU64,
}

impl Content {
    pub async fn document(&self, pool: &Pool) -> Result<Arc<Document>, ApiError> {
        let generation = self.generation.load(Ordering::Acquire);
        if let Some((built, document)) = self.cached.read().map_err(ApiError::internal)?.as_ref() {
            if *built == generation {
                return Ok(document.clone());
            }
        }
        let value = db::run(pool, |conn| db::site_content::document(conn)).await?;
        let body = Bytes::from(value.to_string());
        let etag = format!("\"{}\"", hex(&Sha256::digest(&body)[..16]));
        let rosters = value["teams"].as_object().map(|teams| teams.keys().cloned().collect()).unwrap_or_default();
        let document = Arc::new(Document { body, etag, rosters });
        let mut cached = self.cached.write().map_err(ApiError::internal)?;
        if self.generation.load(Ordering::Acquire) == generation {
            *cached = Some((generation, document.clone()));
        }
        Ok(document)
    }

    /// Call after any change to content tables: the next request rebuilds the document.
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

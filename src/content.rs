//! The site content document of `GET /api/content`, built from the database and kept serialised,
//! with its ETag, until an admin changes something.

use crate::cache::Cached;
use crate::db::{self, Pool};
use crate::error::ApiError;
use actix_web::web::Bytes;
use sha2::{Digest, Sha256};
use std::sync::Arc;

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
pub struct Content(Cached<Document>);

impl Content {
    pub async fn document(&self, pool: &Pool) -> Result<Arc<Document>, ApiError> {
        self.0
            .get(|| async {
                let value = db::run(pool, |conn| db::site_content::document(conn)).await?;
                let body = Bytes::from(value.to_string());
                let etag = format!("\"{}\"", hex(&Sha256::digest(&body)[..16]));
                let rosters = value["teams"].as_object().map(|teams| teams.keys().cloned().collect()).unwrap_or_default();
                Ok(Document { body, etag, rosters })
            })
            .await
    }

    /// Call after any change to content tables: the next request rebuilds the document.
    pub fn invalidate(&self) {
        self.0.invalidate();
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

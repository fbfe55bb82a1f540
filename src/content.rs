//! The site content document of `GET /api/content`, built from the database and kept serialised,
//! with its ETag, until an admin changes something.

use crate::cache::Cached;
use crate::db::{self, Pool};
use crate::encoded::Encoded;
use crate::error::ApiError;
use std::sync::Arc;

pub struct Document {
    pub encoded: Encoded,
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
            .get(|| {
                // Serialising and gzipping run on the blocking pool with the query, off the workers.
                db::run(pool, |conn| {
                    let value = db::site_content::document(conn)?;
                    let rosters = value["teams"]
                        .as_object()
                        .map(|teams| teams.keys().cloned().collect())
                        .unwrap_or_default();
                    Ok(Document {
                        encoded: Encoded::json(value.to_string().into_bytes()),
                        rosters,
                    })
                })
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

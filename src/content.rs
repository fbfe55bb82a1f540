//! The site content document of `GET /api/content` (DESIGN §9), serialised once with its ETag.

use actix_web::web::Bytes;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The default content: sample texts and our own artwork, as the club first sees the site.
const DEFAULT: &str = include_str!("seed/content.json");

pub struct Content {
    body: Bytes,
    etag: String,
    rosters: Vec<String>,
}

impl Content {
    pub fn load_default() -> Result<Content, String> {
        let document: Value =
            serde_json::from_str(DEFAULT).map_err(|e| format!("the default content is not valid JSON: {e}"))?;
        Ok(Content::from_document(&document))
    }

    fn from_document(document: &Value) -> Content {
        let body = Bytes::from(document.to_string());
        let etag = format!("\"{}\"", hex(&Sha256::digest(&body)[..16]));
        let rosters = document["teams"].as_object().map(|teams| teams.keys().cloned().collect()).unwrap_or_default();
        Content { body, etag, rosters }
    }

    /// The JSON document and its strong ETag.
    pub fn document(&self) -> (Bytes, &str) {
        (self.body.clone(), &self.etag)
    }

    /// Whether `/team{slug}` names a roster (`core` is `/team` itself).
    pub fn has_team_page(&self, slug: &str) -> bool {
        slug != "core" && self.rosters.iter().any(|roster| roster == slug)
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

//! The React app embedded in the binary, with the `.gz`/`.br` files the build wrote beside each
//! text asset, and the client routes the build listed in `routes.json`.

use crate::conditional::{hex, Encoded};
use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use rust_embed::Embed;
use std::borrow::Cow;
use std::collections::HashMap;

#[derive(Embed)]
#[folder = "frontend/dist/"]
struct Dist;

#[derive(Clone)]
pub struct Asset {
    pub body: Encoded,
    /// Files under `assets/` carry a content hash in their name and never change.
    pub immutable: bool,
}

/// The embedded files by path (no leading slash). Release builds read them once at start;
/// debug builds read `frontend/dist/` from disk on each request so a rebuilt frontend shows at once.
pub struct Assets {
    files: HashMap<String, Asset>,
    routes: Vec<String>,
}

impl Assets {
    pub fn load() -> Assets {
        let files = if cfg!(debug_assertions) {
            HashMap::new()
        } else {
            Dist::iter()
                .filter_map(|path| Some((path.to_string(), build(&path)?)))
                .collect()
        };
        Assets {
            files,
            routes: client_routes(),
        }
    }

    pub fn get(&self, path: &str) -> Option<Cow<'_, Asset>> {
        if cfg!(debug_assertions) {
            build(path).map(Cow::Owned)
        } else {
            self.files.get(path).map(Cow::Borrowed)
        }
    }

    /// The path patterns of the app's route table (`/admin/users/:id/edit`), as the build listed them.
    pub fn routes(&self) -> Cow<'_, [String]> {
        if cfg!(debug_assertions) {
            Cow::Owned(client_routes())
        } else {
            Cow::Borrowed(&self.routes)
        }
    }
}

fn client_routes() -> Vec<String> {
    Dist::get("routes.json")
        .and_then(|file| serde_json::from_slice(&file.data).ok())
        .unwrap_or_default()
}

fn build(path: &str) -> Option<Asset> {
    if path.ends_with(".gz") || path.ends_with(".br") {
        return None;
    }
    let file = Dist::get(path)?;
    let compressed = |suffix: &str| Dist::get(&format!("{path}{suffix}")).map(|f| bytes(f.data));
    Some(Asset {
        body: Encoded::new(
            content_type(path),
            &hex(&file.metadata.sha256_hash()[..16]),
            bytes(file.data),
            compressed(".gz"),
            compressed(".br"),
        ),
        immutable: path.starts_with("assets/"),
    })
}

fn bytes(data: Cow<'static, [u8]>) -> Bytes {
    match data {
        Cow::Borrowed(slice) => Bytes::from_static(slice),
        Cow::Owned(vec) => Bytes::from(vec),
    }
}

fn content_type(path: &str) -> HeaderValue {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let text = mime.type_() == mime_guess::mime::TEXT
        || matches!(
            mime.subtype().as_str(),
            "javascript" | "json" | "svg" | "xml"
        );
    let value = if text && mime.get_param("charset").is_none() {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    };
    HeaderValue::from_str(&value)
        .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"))
}

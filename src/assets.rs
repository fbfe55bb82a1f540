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
    /// The embedded app; an error when its route list is missing or broken, since every page
    /// would otherwise be a 404 without a word.
    pub fn load() -> Result<Assets, String> {
        let files = if cfg!(debug_assertions) {
            HashMap::new()
        } else {
            Dist::iter()
                .filter_map(|path| Some((path.to_string(), build(&path)?)))
                .collect()
        };
        let routes = parse_routes(Dist::get("routes.json").map(|file| file.data).as_deref())
            .map_err(|why| format!("the embedded app is broken: {why}; build jyoti again"))?;
        Ok(Assets { files, routes })
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

/// The debug build's routes, read again from disk: a broken file while the frontend is being
/// rebuilt is logged, and the pages answer 404 until it is whole again.
fn client_routes() -> Vec<String> {
    parse_routes(Dist::get("routes.json").map(|file| file.data).as_deref()).unwrap_or_else(|why| {
        log::error!("{why}");
        Vec::new()
    })
}

/// The client routes of the build's `routes.json`: a list of paths, each starting with `/`.
fn parse_routes(file: Option<&[u8]>) -> Result<Vec<String>, String> {
    let file = file.ok_or("routes.json is missing")?;
    let routes: Vec<String> = serde_json::from_slice(file)
        .map_err(|e| format!("routes.json is not a list of paths: {e}"))?;
    if routes.is_empty() || routes.iter().any(|route| !route.starts_with('/')) {
        return Err("routes.json does not list the app's pages".into());
    }
    Ok(routes)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_or_broken_route_list_is_an_error_not_an_empty_site() {
        assert!(parse_routes(None).unwrap_err().contains("missing"));
        for broken in [&b"{"[..], b"{}", b"[]", b"[\"admin\"]", b"[1]"] {
            assert!(parse_routes(Some(broken)).is_err(), "{broken:?}");
        }
        assert_eq!(
            parse_routes(Some(b"[\"/\",\"/team\"]")).unwrap(),
            ["/", "/team"]
        );
    }

    #[test]
    fn the_embedded_app_lists_its_pages() {
        assert!(Assets::load()
            .unwrap()
            .routes()
            .contains(&"/admin".to_string()));
    }
}

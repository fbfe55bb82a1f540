//! The React app embedded in the binary, with the `.gz`/`.br` files the build wrote beside each text asset.

use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use rust_embed::Embed;
use std::borrow::Cow;
use std::collections::HashMap;

#[derive(Embed)]
#[folder = "frontend/dist/"]
struct Dist;

/// One stored encoding of a file.
pub struct Variant {
    pub body: Bytes,
    pub etag: HeaderValue,
    /// `Content-Encoding`, or `None` for the file as is.
    pub encoding: Option<&'static str>,
}

pub struct Asset {
    pub content_type: HeaderValue,
    /// Files under `assets/` carry a content hash in their name and never change.
    pub immutable: bool,
    identity: Variant,
    gzip: Option<Variant>,
    brotli: Option<Variant>,
}

impl Asset {
    /// The smallest stored encoding the client accepts.
    pub fn variant(&self, accept_encoding: &str) -> &Variant {
        match (&self.brotli, &self.gzip) {
            (Some(br), _) if accepts(accept_encoding, "br") => br,
            (_, Some(gz)) if accepts(accept_encoding, "gzip") => gz,
            _ => &self.identity,
        }
    }
}

/// Whether an `Accept-Encoding` value takes `wanted` (and does not refuse it with `q=0`).
pub fn accepts(accept_encoding: &str, wanted: &str) -> bool {
    accept_encoding.split(',').any(|item| {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or_default().trim();
        let refused = parts.any(|p| matches!(p.trim(), "q=0" | "q=0.0" | "q=0.00" | "q=0.000"));
        name.eq_ignore_ascii_case(wanted) && !refused
    })
}

/// The embedded files by path (no leading slash). Release builds read them once at start;
/// debug builds read `frontend/dist/` from disk on each request so a rebuilt frontend shows at once.
pub struct Assets {
    files: HashMap<String, Asset>,
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
        Assets { files }
    }

    pub fn get(&self, path: &str) -> Option<Cow<'_, Asset>> {
        if cfg!(debug_assertions) {
            build(path).map(Cow::Owned)
        } else {
            self.files.get(path).map(Cow::Borrowed)
        }
    }
}

impl Clone for Asset {
    fn clone(&self) -> Asset {
        let copy = |v: &Variant| Variant {
            body: v.body.clone(),
            etag: v.etag.clone(),
            encoding: v.encoding,
        };
        Asset {
            content_type: self.content_type.clone(),
            immutable: self.immutable,
            identity: copy(&self.identity),
            gzip: self.gzip.as_ref().map(copy),
            brotli: self.brotli.as_ref().map(copy),
        }
    }
}

fn build(path: &str) -> Option<Asset> {
    if path.ends_with(".gz") || path.ends_with(".br") {
        return None;
    }
    let file = Dist::get(path)?;
    let tag = crate::content::hex(&file.metadata.sha256_hash()[..16]);
    let variant = |suffix: &str, encoding: Option<&'static str>| {
        let data = if suffix.is_empty() {
            Some(file.data.clone())
        } else {
            Dist::get(&format!("{path}{suffix}")).map(|f| f.data)
        };
        data.map(|data| Variant {
            body: bytes(data),
            etag: HeaderValue::from_str(&format!("\"{tag}{suffix}\""))
                .unwrap_or_else(|_| HeaderValue::from_static("\"\"")),
            encoding,
        })
    };
    Some(Asset {
        content_type: content_type(path),
        immutable: path.starts_with("assets/"),
        identity: variant("", None)?,
        gzip: variant(".gz", Some("gzip")),
        brotli: variant(".br", Some("br")),
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

//! Precompressed and conditional answers, for every body the server keeps ready (the app's
//! files, the JSON caches, photos): choosing the encoding a client accepts, strong ETags, 304
//! on `If-None-Match`, and `Vary: Accept-Encoding`. Nothing is compressed per request.

use crate::error::ApiError;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use flate2::write::GzEncoder;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::io::Write;

/// One stored encoding of a body.
#[derive(Clone)]
struct Body {
    bytes: Bytes,
    etag: HeaderValue,
    /// `Content-Encoding`, or `None` for the body as is.
    encoding: Option<&'static str>,
}

/// A body kept ready in the encodings it has (always plain, maybe gzip and brotli).
#[derive(Clone)]
pub struct Encoded {
    content_type: HeaderValue,
    identity: Body,
    gzip: Option<Body>,
    brotli: Option<Body>,
}

impl Encoded {
    /// A body and the compressed copies made at build time; `tag` names this content
    /// (the ETags are `"tag"`, `"tag.gz"` and `"tag.br"`).
    pub fn new(
        content_type: HeaderValue,
        tag: &str,
        identity: Bytes,
        gzip: Option<Bytes>,
        brotli: Option<Bytes>,
    ) -> Encoded {
        let body = |bytes: Bytes, encoding: Option<&'static str>, suffix: &str| Body {
            bytes,
            etag: HeaderValue::from_str(&format!("\"{tag}{suffix}\""))
                .unwrap_or_else(|_| HeaderValue::from_static("\"\"")),
            encoding,
        };
        Encoded {
            content_type,
            identity: body(identity, None, ""),
            gzip: gzip.map(|bytes| body(bytes, Some("gzip"), ".gz")),
            brotli: brotli.map(|bytes| body(bytes, Some("br"), ".br")),
        }
    }

    /// `value` as JSON, gzipped once here; the ETag is a hash of the JSON.
    pub fn json<T: Serialize>(value: &T) -> Result<Encoded, ApiError> {
        let body = serde_json::to_vec(value).map_err(ApiError::internal)?;
        Ok(Encoded::made(
            HeaderValue::from_static("application/json"),
            body,
        ))
    }

    /// A body made by the server (JSON, a filled page), gzipped once here; the ETag is a hash
    /// of the body, so it changes exactly when the body does.
    pub fn made(content_type: HeaderValue, body: Vec<u8>) -> Encoded {
        let mut encoder = GzEncoder::new(Vec::new(), flate2::Compression::best());
        let gzip = encoder
            .write_all(&body)
            .and_then(|()| encoder.finish())
            .ok()
            .map(Bytes::from);
        Encoded::new(
            content_type,
            &hex(&Sha256::digest(&body)[..16]),
            Bytes::from(body),
            gzip,
            None,
        )
    }

    /// A body too small or already too compressed to gain from gzip (a JPEG).
    pub fn plain(content_type: HeaderValue, body: Vec<u8>) -> Encoded {
        let tag = hex(&Sha256::digest(&body)[..16]);
        Encoded::new(content_type, &tag, Bytes::from(body), None, None)
    }

    /// The body as is (uncompressed).
    pub fn identity(&self) -> &Bytes {
        &self.identity.bytes
    }

    /// Every stored encoding's ETag, as an `If-None-Match` value: a client holding this body in
    /// any encoding can ask whether it is still current.
    pub fn etags(&self) -> String {
        [
            Some(&self.identity),
            self.gzip.as_ref(),
            self.brotli.as_ref(),
        ]
        .into_iter()
        .flatten()
        .filter_map(|body| body.etag.to_str().ok())
        .collect::<Vec<_>>()
        .join(", ")
    }

    /// The smallest stored encoding the client accepts.
    fn choose(&self, req: &HttpRequest) -> &Body {
        let accept = req
            .headers()
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        match (&self.brotli, &self.gzip) {
            (Some(br), _) if accepts(accept, "br") => br,
            (_, Some(gz)) if accepts(accept, "gzip") => gz,
            _ => &self.identity,
        }
    }

    /// `status` with the body in the best encoding the client takes, or 304 when a 200 would
    /// send what the client already has.
    pub fn respond(
        &self,
        req: &HttpRequest,
        status: StatusCode,
        cache_control: &'static str,
    ) -> HttpResponse {
        let body = self.choose(req);
        let not_modified =
            status == StatusCode::OK && etag_matches(req, body.etag.to_str().unwrap_or_default());
        let mut response = HttpResponse::build(if not_modified {
            StatusCode::NOT_MODIFIED
        } else {
            status
        });
        response
            .insert_header((header::ETAG, body.etag.clone()))
            .insert_header((header::CACHE_CONTROL, cache_control))
            .insert_header((header::VARY, "Accept-Encoding"));
        if not_modified {
            return response.finish();
        }
        if let Some(encoding) = body.encoding {
            response.insert_header((header::CONTENT_ENCODING, encoding));
        }
        response
            .insert_header((header::CONTENT_TYPE, self.content_type.clone()))
            .body(body.bytes.clone())
    }
}

/// `value` as JSON made for this request, gzipped (quickly) when it is large and the client
/// takes gzip: a page of a list, or a spec client's whole list.
pub fn fresh_json<T: Serialize>(req: &HttpRequest, value: &T) -> Result<HttpResponse, ApiError> {
    /// Below this, compressing saves less than it costs.
    const WORTH_COMPRESSING: usize = 1024;
    let body = serde_json::to_vec(value).map_err(ApiError::internal)?;
    let mut response = HttpResponse::Ok();
    response
        .content_type("application/json")
        .insert_header((header::VARY, "Accept-Encoding"));
    let accept = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if body.len() < WORTH_COMPRESSING || !accepts(accept, "gzip") {
        return Ok(response.body(body));
    }
    let mut encoder = GzEncoder::new(
        Vec::with_capacity(body.len() / 4),
        flate2::Compression::fast(),
    );
    let gzip = encoder
        .write_all(&body)
        .and_then(|()| encoder.finish())
        .map_err(ApiError::internal)?;
    Ok(response
        .insert_header((header::CONTENT_ENCODING, "gzip"))
        .body(gzip))
}

/// 304 for a body that exists in one encoding only, when the client already has `etag`.
pub fn not_modified(req: &HttpRequest, etag: &str) -> Option<HttpResponse> {
    etag_matches(req, etag).then(|| {
        HttpResponse::NotModified()
            .insert_header((header::ETAG, etag.to_owned()))
            .finish()
    })
}

/// Whether an `Accept-Encoding` value takes `wanted` (and does not refuse it with `q=0`).
/// Whether the client takes a gzipped body.
pub fn accepts_gzip(req: &HttpRequest) -> bool {
    let accept = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    accepts(accept, "gzip")
}

fn accepts(accept_encoding: &str, wanted: &str) -> bool {
    accept_encoding.split(',').any(|item| {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or_default().trim();
        let refused = parts.any(|p| matches!(p.trim(), "q=0" | "q=0.0" | "q=0.00" | "q=0.000"));
        name.eq_ignore_ascii_case(wanted) && !refused
    })
}

/// Whether the request's `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for GET).
fn etag_matches(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|value| value.to_str().ok())
        .any(|value| {
            value
                .split(',')
                .map(str::trim)
                .any(|candidate| candidate == "*" || candidate.trim_start_matches("W/") == etag)
        })
}

/// Lower-case hex, for ETags and photo names.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

//! A JSON answer kept ready in two encodings, plain and gzip, with strong ETags: compressed once
//! when the cached value is built, never per request.

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use flate2::write::GzEncoder;
use sha2::{Digest, Sha256};
use std::io::Write;

pub struct Encoded {
    identity: Bytes,
    gzip: Option<Bytes>,
    etag: String,
}

impl Encoded {
    pub fn json(body: Vec<u8>) -> Encoded {
        let etag = crate::content::hex(&Sha256::digest(&body)[..16]);
        let mut encoder = GzEncoder::new(Vec::new(), flate2::Compression::best());
        let gzip = encoder
            .write_all(&body)
            .and_then(|()| encoder.finish())
            .ok()
            .map(Bytes::from);
        Encoded {
            identity: Bytes::from(body),
            gzip,
            etag,
        }
    }

    /// 200 with the body in the best encoding the client takes, or 304 when its ETag matches.
    pub fn respond(&self, req: &HttpRequest) -> HttpResponse {
        let accept = req
            .headers()
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let (body, etag, encoding) = match &self.gzip {
            Some(gzip) if crate::assets::accepts(accept, "gzip") => {
                (gzip, format!("\"{}-gz\"", self.etag), Some("gzip"))
            }
            _ => (&self.identity, format!("\"{}\"", self.etag), None),
        };
        let not_modified = crate::routes::etag_matches(req, &etag);
        let mut response = if not_modified {
            HttpResponse::NotModified()
        } else {
            HttpResponse::Ok()
        };
        response
            .insert_header((header::ETAG, etag))
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .insert_header((header::VARY, "Accept-Encoding"));
        if not_modified {
            return response.finish();
        }
        if let Some(encoding) = encoding {
            response.insert_header((header::CONTENT_ENCODING, encoding));
        }
        response.content_type("application/json").body(body.clone())
    }
}

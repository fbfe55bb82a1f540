//! Everything outside `/api`: embedded files, and `index.html` for the app's client-side routes.

use crate::assets::Asset;
use crate::state::AppState;
use actix_web::http::{header, Method, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};

pub async fn serve(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return HttpResponse::MethodNotAllowed()
            .insert_header((header::ALLOW, "GET, HEAD"))
            .finish();
    }
    let path = req.path();
    if is_traversal(path) {
        return HttpResponse::BadRequest()
            .content_type("text/plain; charset=utf-8")
            .body("Bad path");
    }
    let file = path.trim_start_matches('/');
    if !file.is_empty() && file != "index.html" {
        if let Some(asset) = state.assets.get(file) {
            return respond(&req, &asset, StatusCode::OK);
        }
    }
    let status = if is_client_route(path, &state).await {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    match state.assets.get("index.html") {
        Some(index) => respond(&req, &index, status),
        None => HttpResponse::InternalServerError().body("The site was built without its frontend"),
    }
}

/// `..`, encoded dots or slashes, or backslashes: nothing embedded is named like that.
fn is_traversal(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    path.split('/')
        .any(|segment| segment == ".." || segment == ".")
        || path.contains('\\')
        || path.contains("//")
        || ["%2e", "%2f", "%5c", "%00"]
            .iter()
            .any(|encoded| lower.contains(encoded))
}

/// The routes of the React app (SPEC §2) that answer 200; anything else gets the app's 404 page with 404.
async fn is_client_route(path: &str, state: &AppState) -> bool {
    let path = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    };
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    let is_id = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match segments.as_slice() {
        [""]
        | ["index.html"]
        | ["support"]
        | ["team"]
        | ["gallery"]
        | ["notice"]
        | ["contact"]
        | ["form"]
        | ["signup"]
        | ["login"]
        | ["logout"]
        | ["verify"]
        | ["admin"] => true,
        ["admin", "users" | "contacts" | "notices" | "certificates"] => true,
        ["admin", "users" | "servicelist", id] | ["admin", "users" | "servicelist", id, "edit"] => {
            is_id(id)
        }
        ["admin", "team" | "cards" | "gallery" | "settings" | "photos"] | ["account"] => true,
        [page] => match page.strip_prefix("team") {
            Some(slug) => state
                .content
                .document(&state.pool)
                .await
                .is_ok_and(|doc| doc.has_team_page(slug)),
            None => false,
        },
        _ => false,
    }
}

fn respond(req: &HttpRequest, asset: &Asset, status: StatusCode) -> HttpResponse {
    let accept = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let variant = asset.variant(accept);
    let cache = if asset.immutable {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let etag = variant.etag.to_str().unwrap_or_default();
    let not_modified = status == StatusCode::OK && super::etag_matches(req, etag);
    let mut response = HttpResponse::build(if not_modified {
        StatusCode::NOT_MODIFIED
    } else {
        status
    });
    response
        .insert_header((header::ETAG, variant.etag.clone()))
        .insert_header((header::CACHE_CONTROL, cache))
        .insert_header((header::VARY, "Accept-Encoding"));
    if not_modified {
        return response.finish();
    }
    if let Some(encoding) = variant.encoding {
        response.insert_header((header::CONTENT_ENCODING, encoding));
    }
    response
        .insert_header((header::CONTENT_TYPE, asset.content_type.clone()))
        .body(variant.body.clone())
}

//! Everything outside `/api`: embedded files, and `index.html` for the app's client routes —
//! 200 for a path of the app's route table (or a roster's `/team{slug}`), 404 for any other —
//! filled with that page's title and link-preview tags (`crate::previews`).

use crate::previews::Sources;
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
    // An embedded file first: the lookup is by exact name, so no path reaches anything else.
    let file = path.trim_start_matches('/');
    if !file.is_empty() && file != "index.html" {
        if let Some(asset) = state.assets.get(file) {
            let cache = if asset.immutable {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            return asset.body.respond(&req, StatusCode::OK, cache);
        }
    }
    if let Some(moved) = reset_link_moved(&req) {
        return moved;
    }
    // Browsers ask for /favicon.ico where a page names no icon (a guide served as text).
    if path == "/favicon.ico" {
        return HttpResponse::MovedPermanently()
            .insert_header((header::LOCATION, "/favicon.svg"))
            .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
            .finish();
    }
    if is_traversal(path) {
        return HttpResponse::BadRequest()
            .content_type("text/plain; charset=utf-8")
            .body("Bad path");
    }
    let Some(index) = state.assets.get("index.html") else {
        return HttpResponse::InternalServerError().body("The site was built without its frontend");
    };
    let path = match path.trim_end_matches('/') {
        "" | "/index.html" => "/",
        trimmed => trimmed,
    };
    let pages = state.assets.pages();
    let page = pages.find(path);
    match state.previews.facts(&state.pool).await {
        Ok(facts) => {
            let site = state.mail.site_address(facts.stored_site_address());
            // The page carries the content document, so its first screen waits for no second
            // request; without it the app asks, and says so if that fails.
            let content = match state.content.get(&state.pool).await {
                Ok(content) => Some(content),
                Err(error) => {
                    log::warn!("a page went out without the content document: {error}");
                    None
                }
            };
            let from = Sources {
                facts: &facts,
                content: content.as_ref(),
                site: site.as_deref(),
            };
            let (known, page) = state.previews.page(&index.body, path, page, &pages, from);
            let status = if known {
                StatusCode::OK
            } else {
                StatusCode::NOT_FOUND
            };
            page.respond(&req, status, "no-cache")
        }
        // Without the database, the app's own page still loads (and says what failed).
        Err(_) => {
            let status = if page.is_some() {
                StatusCode::OK
            } else {
                StatusCode::NOT_FOUND
            };
            index.body.respond(&req, status, "no-cache")
        }
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

/// An older reset email's `/reset-password?token=…`: the same page with the secret moved into
/// the fragment, which no server log, proxy log or `Referer` carries. (This one request line
/// still holds it; the request log prints it without.)
fn reset_link_moved(req: &HttpRequest) -> Option<HttpResponse> {
    if req.path() != "/reset-password" {
        return None;
    }
    let token = url::form_urlencoded::parse(req.query_string().as_bytes())
        .find(|(name, _)| name == "token")?
        .1;
    let token: String = token.chars().filter(char::is_ascii_hexdigit).collect();
    Some(
        HttpResponse::SeeOther()
            .insert_header((header::LOCATION, format!("/reset-password#token={token}")))
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .insert_header((header::REFERRER_POLICY, "no-referrer"))
            .finish(),
    )
}

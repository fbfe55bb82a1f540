//! `GET /api/content`: everything the public pages show, in one document with a strong ETag.

use crate::error::ApiError;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/content").route(web::get().to(get)));
}

async fn get(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let document = state.content.document(&state.pool).await?;
    let etag = document.etag.as_str();
    let cache = (header::CACHE_CONTROL, "no-cache");
    if super::spa::etag_matches(&req, etag) {
        return Ok(HttpResponse::NotModified().insert_header((header::ETAG, etag)).insert_header(cache).finish());
    }
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((header::ETAG, etag))
        .insert_header(cache)
        .body(document.body.clone()))
}

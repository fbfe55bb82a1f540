//! `GET /api/content`: everything the public pages show, in one document with a strong ETag.

use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/content").route(web::get().to(get)));
}

async fn get(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let (body, etag) = state.content.document();
    let cache = (header::CACHE_CONTROL, "no-cache");
    if super::spa::etag_matches(&req, etag) {
        return HttpResponse::NotModified().insert_header((header::ETAG, etag)).insert_header(cache).finish();
    }
    HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((header::ETAG, etag))
        .insert_header(cache)
        .body(body)
}

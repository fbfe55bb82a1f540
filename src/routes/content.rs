//! `GET /api/content`: everything the public pages show, in one document with a strong ETag.

use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/content").route(web::get().to(get)));
}

async fn get(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Ok(state
        .content
        .document(&state.pool)
        .await?
        .encoded
        .respond(&req))
}

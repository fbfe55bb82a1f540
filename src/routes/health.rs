//! `GET /healthz`: 200 when the database answers, for uptime checks and service managers.

use crate::db;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/healthz").route(web::get().to(health)));
}

async fn health(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    db::run(&state.pool, |conn| db::ping(conn)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body("ok"))
}

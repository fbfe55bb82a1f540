//! `GET /api/content`: everything the public pages show, in one document with a strong ETag.

use crate::error::ApiError;
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};

pub(super) async fn document(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let content = state.content.get(&state.pool).await?;
    Ok(content.respond(&req, StatusCode::OK, "no-cache"))
}

//! The notice board (the spec's "services"): public reading, admin writing.

use super::calls::{PathId, Record};
use crate::db::{self, notices::Notice};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};

impl Record for Notice {
    const NOT_FOUND: &'static str = "Notice not found";
}

/// Public: the whole board, newest first, from the cache.
pub(super) async fn list(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let list = state.notice_list.get(&state.pool).await?;
    Ok(list.respond(&req, StatusCode::OK, "no-cache"))
}

/// Public: one notice.
pub(super) async fn find(
    state: web::Data<AppState>,
    id: PathId<Notice>,
) -> Result<HttpResponse, ApiError> {
    let notice = db::run(&state.pool, move |conn| db::notices::find(conn, id.get())).await?;
    Ok(HttpResponse::Ok().json(id.found(notice)?))
}

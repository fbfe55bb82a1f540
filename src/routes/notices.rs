//! The notice board (the spec's "services"): public reading, admin writing.

use super::{delete, get, patch, post, Call, PathId, Record};
use crate::auth::AdminUser;
use crate::db::{self, notices::Notice};
use crate::domain::{NewNotice, NoticeRequest, NoticeUpdate};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};

pub fn calls() -> Vec<Call> {
    vec![
        get("/admin/servicelist", list),
        get("/admin/servicelist/{id}", find),
        post("/admin/service", create),
        patch("/admin/servicelist/update/{id}", update),
        delete("/admin/servicelist/delete/{id}", remove),
    ]
}

impl Record for Notice {
    const NOT_FOUND: &'static str = "Notice not found";
}

async fn list(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let list = state.notice_list.get(&state.pool).await?;
    Ok(list.respond(&req, StatusCode::OK, "no-cache"))
}

async fn find(state: web::Data<AppState>, id: PathId<Notice>) -> Result<HttpResponse, ApiError> {
    let notice = db::run(&state.pool, move |conn| db::notices::find(conn, id.get())).await?;
    Ok(HttpResponse::Ok().json(id.found(notice)?))
}

async fn create(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<NoticeRequest>,
) -> Result<HttpResponse, ApiError> {
    let notice = NewNotice::parse(body.into_inner())?;
    let notice = db::run(&state.pool, move |conn| db::notices::insert(conn, &notice)).await?;
    Ok(HttpResponse::Created().json(notice))
}

async fn update(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Notice>,
    body: web::Json<NoticeRequest>,
) -> Result<HttpResponse, ApiError> {
    let change = NoticeUpdate::parse(body.into_inner())?;
    let notice = db::run(&state.pool, move |conn| {
        db::notices::update(conn, id.get(), &change)
    })
    .await?;
    Ok(HttpResponse::Ok().json(id.found(notice)?))
}

async fn remove(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Notice>,
) -> Result<HttpResponse, ApiError> {
    let deleted = db::run(&state.pool, move |conn| db::notices::delete(conn, id.get())).await?;
    id.done(deleted, "Service deleted")
}

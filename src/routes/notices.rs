//! The notice board (the spec's "services"): public reading, admin writing.

use crate::auth::AdminUser;
use crate::db;
use crate::domain::{Id, NewNotice, NoticeRequest, NoticeUpdate};
use crate::encoded::Encoded;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/admin/servicelist").route(web::get().to(list)))
        .service(web::resource("/admin/servicelist/{id}").route(web::get().to(get)))
        .service(web::resource("/admin/service").route(web::post().to(create)))
        .service(web::resource("/admin/servicelist/update/{id}").route(web::patch().to(update)))
        .service(web::resource("/admin/servicelist/delete/{id}").route(web::delete().to(delete)));
}

const NOT_FOUND: &str = "Notice not found";

fn notice_id(path: &str) -> Result<i64, ApiError> {
    Id::parse(path)
        .map(Id::get)
        .ok_or(ApiError::NotFound(NOT_FOUND))
}

async fn list(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let list = state
        .notice_list
        .get(|| {
            // Serialising and gzipping run on the blocking pool with the query, off the workers.
            db::run(&state.pool, |conn| {
                let notices = db::notices::list(conn)?;
                serde_json::to_vec(&notices)
                    .map(Encoded::json)
                    .map_err(ApiError::internal)
            })
        })
        .await?;
    Ok(list.respond(&req))
}

async fn get(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = notice_id(&path)?;
    let notice = db::run(&state.pool, move |conn| db::notices::find(conn, id)).await?;
    Ok(HttpResponse::Ok().json(notice.ok_or(ApiError::NotFound(NOT_FOUND))?))
}

async fn create(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<NoticeRequest>,
) -> Result<HttpResponse, ApiError> {
    let notice = NewNotice::parse(body.into_inner())?;
    let notice = db::run(&state.pool, move |conn| db::notices::insert(conn, &notice)).await;
    state.notice_list.invalidate();
    let notice = notice?;
    Ok(HttpResponse::Created().json(notice))
}

async fn update(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<NoticeRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = notice_id(&path)?;
    let change = NoticeUpdate::parse(body.into_inner())?;
    let notice = db::run(&state.pool, move |conn| {
        db::notices::update(conn, id, &change)
    })
    .await;
    state.notice_list.invalidate();
    let notice = notice?;
    Ok(HttpResponse::Ok().json(notice.ok_or(ApiError::NotFound(NOT_FOUND))?))
}

async fn delete(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = notice_id(&path)?;
    let deleted = db::run(&state.pool, move |conn| db::notices::delete(conn, id)).await;
    state.notice_list.invalidate();
    if deleted? {
        Ok(HttpResponse::Ok().json(json!({ "msg": "Service deleted" })))
    } else {
        Err(ApiError::NotFound(NOT_FOUND))
    }
}

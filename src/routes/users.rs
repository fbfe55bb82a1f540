//! Admin management of users.

use crate::auth::AdminUser;
use crate::db;
use crate::domain::{Id, UserUpdate, UserUpdateRequest};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/admin/users").route(web::get().to(list)))
        .service(web::resource("/admin/users/{id}").route(web::get().to(get)))
        .service(web::resource("/admin/users/update/{id}").route(web::patch().to(update)))
        .service(web::resource("/admin/users/delete/{id}").route(web::delete().to(delete)));
}

const NOT_FOUND: &str = "User not found";

fn user_id(path: &str) -> Result<i64, ApiError> {
    Id::parse(path)
        .map(Id::get)
        .ok_or(ApiError::NotFound(NOT_FOUND))
}

async fn list(_: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let users = db::run(&state.pool, |conn| db::users::list(conn)).await?;
    Ok(HttpResponse::Ok().json(users))
}

async fn get(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = user_id(&path)?;
    let user = db::run(&state.pool, move |conn| db::users::find(conn, id)).await?;
    Ok(HttpResponse::Ok().json(user.ok_or(ApiError::NotFound(NOT_FOUND))?))
}

async fn update(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<UserUpdateRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = user_id(&path)?;
    let change = UserUpdate::parse(body.into_inner())?;
    let user = db::run(&state.pool, move |conn| {
        db::users::update(conn, id, &change)
    })
    .await?;
    Ok(HttpResponse::Ok().json(user.ok_or(ApiError::NotFound(NOT_FOUND))?))
}

async fn delete(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = user_id(&path)?;
    if db::run(&state.pool, move |conn| db::users::delete(conn, id)).await? {
        Ok(HttpResponse::Ok().json(json!({ "msg": "User has been deleted" })))
    } else {
        Err(ApiError::NotFound(NOT_FOUND))
    }
}

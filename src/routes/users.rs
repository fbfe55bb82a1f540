//! Admin management of users.

use super::{delete, get, patch, Call, PathId, Record};
use crate::auth::AdminUser;
use crate::db::{self, users::User};
use crate::domain::{UserUpdate, UserUpdateRequest};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

pub fn calls() -> Vec<Call> {
    vec![
        get("/admin/users", list),
        get("/admin/users/{id}", find),
        patch("/admin/users/update/{id}", update),
        delete("/admin/users/delete/{id}", remove),
    ]
}

impl Record for User {
    const NOT_FOUND: &'static str = "User not found";
}

async fn list(_: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let users = db::run(&state.pool, |conn| db::users::list(conn)).await?;
    Ok(HttpResponse::Ok().json(users))
}

async fn find(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<User>,
) -> Result<HttpResponse, ApiError> {
    let user = db::run(&state.pool, move |conn| db::users::find(conn, id.get())).await?;
    Ok(HttpResponse::Ok().json(id.found(user)?))
}

async fn update(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<User>,
    body: web::Json<UserUpdateRequest>,
) -> Result<HttpResponse, ApiError> {
    let change = UserUpdate::parse(body.into_inner())?;
    let user = db::run(&state.pool, move |conn| {
        db::users::update(conn, id.get(), &change)
    })
    .await?;
    Ok(HttpResponse::Ok().json(id.found(user)?))
}

async fn remove(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<User>,
) -> Result<HttpResponse, ApiError> {
    let deleted = db::run(&state.pool, move |conn| db::users::delete(conn, id.get())).await?;
    id.done(deleted, "User has been deleted")
}

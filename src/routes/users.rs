//! Admin management of users.

use super::calls::{record, PathId};
use crate::auth::AdminUser;
use crate::db::{self, users::User};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

record!(User, "User not found");

pub(super) async fn find(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<User>,
) -> Result<HttpResponse, ApiError> {
    let user = db::run(&state.pool, move |conn| db::users::find(conn, id.get())).await?;
    Ok(HttpResponse::Ok().json(id.found(user)?))
}

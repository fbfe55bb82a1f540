//! Registration, login and the current user.

use crate::auth::extractors::ClientIp;
use crate::auth::{password, AuthUser};
use crate::db;
use crate::domain::{
    Credentials, LoginRequest, NewUser, PasswordChange, PasswordChangeRequest, RegisterRequest,
};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

/// Same words for an unknown email and a wrong password, so nobody can probe who has an account.
const BAD_LOGIN: &str = "Invalid Credentials";

pub(super) async fn register(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: web::Json<RegisterRequest>,
) -> Result<HttpResponse, ApiError> {
    state.limits.registrations.check(ip.0)?;
    let user = NewUser::parse(body.into_inner())?;
    let taken = {
        let email = user.email.clone();
        db::run(&state.pool, move |conn| {
            db::users::find_by_email(conn, &email)
        })
        .await?
        .is_some()
    };
    if taken {
        return Err(ApiError::Conflict("User Already Exists!".into()));
    }
    state.limits.registrations.record(ip.0);
    let hash = password::hash(user.password.expose().to_owned(), state.config.bcrypt_cost).await?;
    let user = db::run(&state.pool, move |conn| {
        db::users::insert(conn, &user, &hash, false)
    })
    .await?;
    let token = state.jwt.issue(user.id, user.token_version)?;
    Ok(HttpResponse::Created()
        .json(json!({ "msg": "User Registered Successfully", "token": token, "userId": user.id })))
}

pub(super) async fn login(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: web::Json<LoginRequest>,
) -> Result<HttpResponse, ApiError> {
    state.limits.failed_logins.check(ip.0)?;
    let credentials = Credentials::parse(body.into_inner())?;
    let email = credentials.email.clone();
    let found = db::run(&state.pool, move |conn| {
        db::users::password_hash_by_email(conn, &email)
    })
    .await?;
    let (user, hash) = found.map_or((None, None), |(user, hash)| (Some(user), Some(hash)));
    let matches = password::verify(credentials.password, hash, state.config.bcrypt_cost).await?;
    match user {
        Some(user) if matches => {
            let token = state.jwt.issue(user.id, user.token_version)?;
            Ok(HttpResponse::Ok()
                .json(json!({ "msg": "Login Successful", "token": token, "userId": user.id })))
        }
        _ => {
            state.limits.failed_logins.record(ip.0);
            Err(ApiError::Unauthorized(BAD_LOGIN))
        }
    }
}

pub(super) async fn current_user(user: AuthUser) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "userData": user.0 }))
}

/// Changes the signed-in user's password. Raising the token version signs every other session
/// out; this one gets a fresh token so the user stays signed in here.
pub(super) async fn change_password(
    user: AuthUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: web::Json<PasswordChangeRequest>,
) -> Result<HttpResponse, ApiError> {
    state.limits.failed_logins.check(ip.0)?;
    let change = PasswordChange::parse(body.into_inner())?;
    let id = user.0.id;
    let hash = db::run(&state.pool, move |conn| db::users::password_hash(conn, id)).await?;
    if !password::verify(change.current, hash, state.config.bcrypt_cost).await? {
        state.limits.failed_logins.record(ip.0);
        return Err(ApiError::field(
            "currentPassword",
            "is not your current password",
        ));
    }
    let hash = password::hash(change.new.expose().to_owned(), state.config.bcrypt_cost).await?;
    let version = db::run(&state.pool, move |conn| {
        db::users::set_password(conn, id, &hash)
    })
    .await?;
    let token = state.jwt.issue(id, version)?;
    Ok(HttpResponse::Ok().json(json!({ "msg": "Password changed", "token": token })))
}

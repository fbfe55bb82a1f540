//! Registration, login, the current user, and a forgotten password.

use crate::access::ClientIp;
use crate::access::{AuthUser, Json};
use crate::audit;
use crate::auth::password;
use crate::auth::second_step::Ticket;
use crate::db;
use crate::db::audit::Kind;
use crate::domain::{
    Credentials, ForgotPasswordRequest, LoginRequest, NewUser, PasswordChange,
    PasswordChangeRequest, PasswordReset, RegisterRequest, ResetPasswordRequest,
};
use crate::error::ApiError;
use crate::rate_limit::Permit;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

/// How long a login or registration waits for its address's turn at password hashing.
const HASHING_PATIENCE: std::time::Duration = std::time::Duration::from_secs(30);

/// This address's turn at password hashing (see `rate_limit::Gate::admit_in_turn`).
pub(super) async fn hashing_turn(
    state: &AppState,
    ip: std::net::IpAddr,
) -> Result<Permit, ApiError> {
    state
        .limits
        .hashing
        .admit_in_turn(ip, HASHING_PATIENCE)
        .await
}

/// Same words for an unknown email and a wrong password, so nobody can probe who has an account.
const BAD_LOGIN: &str = "Invalid Credentials";

/// Every registration attempt with a well-formed body counts, a taken email too (or the 409
/// would tell anyone, without limit, who has an account).
pub(super) async fn register(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<RegisterRequest>,
) -> Result<HttpResponse, ApiError> {
    let (_counted, user) = state
        .limits
        .registrations
        .reserve_parsed(ip.0, || NewUser::parse(body.into_inner()))?;
    let email = user.email.clone();
    let taken = db::run(&state.pool, move |conn| {
        db::users::find_by_email(conn, &email)
    })
    .await?;
    if taken.is_some() {
        return Err(ApiError::Conflict("User Already Exists!".into()));
    }
    let permit = hashing_turn(&state, ip.0).await?;
    let cost = state.config.bcrypt_cost;
    let hash = password::hash(permit, user.password.expose().to_owned(), cost).await?;
    let user = db::run(&state.pool, move |conn| {
        db::users::insert(conn, &user, &hash, crate::domain::Role::User)
    })
    .await?;
    let token = state.jwt.issue(user.id, user.token_version)?;
    Ok(HttpResponse::Created()
        .json(json!({ "msg": "User Registered Successfully", "token": token, "userId": user.id })))
}

/// A login counts as a failed attempt from the moment it starts until the password matched, so
/// a burst of parallel guesses cannot all pass the limit before any of them is counted.
pub(super) async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<LoginRequest>,
) -> Result<HttpResponse, ApiError> {
    let (attempt, credentials) = state
        .limits
        .failed_logins
        .reserve_parsed(ip.0, || Credentials::parse(body.into_inner()))?;
    let permit = hashing_turn(&state, ip.0)
        .await
        .inspect_err(|_| attempt.give_back())?;
    let email = credentials.email.clone();
    let found = db::run(&state.pool, move |conn| {
        db::users::password_hash_by_email(conn, &email)
    })
    .await?;
    let (user, hash) = found.map_or((None, None), |(user, hash)| (Some(user), Some(hash)));
    let cost = state.config.bcrypt_cost;
    let (matches, rehashed) =
        password::verify_for_login(permit, credentials.password, hash, cost).await?;
    let Some(user) = user else {
        return Err(ApiError::Unauthorized(BAD_LOGIN));
    };
    if matches {
        attempt.give_back();
    }
    // An account with a second factor gets a ticket for the second step, not a session.
    let id = user.id;
    let factors = if matches {
        db::run(&state.pool, move |conn| {
            db::second_factors::factors(conn, id)
        })
        .await?
    } else {
        Default::default()
    };
    let second_step = factors.any();
    note_sign_in(
        &state,
        &user,
        ip.0.to_string(),
        matches,
        second_step,
        rehashed,
    )
    .await?;
    if !matches {
        return Err(ApiError::Unauthorized(BAD_LOGIN));
    }
    if second_step {
        let ticket = state.second_steps.issue_ticket(Ticket {
            user_id: user.id,
            version: user.token_version,
        })?;
        return Ok(HttpResponse::Ok()
            .json(json!({ "secondFactor": { "ticket": ticket, "methods": factors.methods() } })));
    }
    super::second_factor::welcome(&state, &req, ip, user).await
}

/// Notes a sign-in with the password, in one transaction: sign-ins of admins and editors go in
/// the activity log, the failed ones too; one whose password matched gets its last sign-in
/// (unless a second step is asked) and its password's new hash (`rehashed`), if any. A staff
/// sign-in that cannot be logged is refused.
async fn note_sign_in(
    state: &AppState,
    user: &db::users::User,
    address: String,
    matches: bool,
    second_step: bool,
    rehashed: Option<String>,
) -> Result<(), ApiError> {
    let (id, staff) = (user.id, user.role.is_staff());
    let action = match (matches, second_step) {
        (false, _) => "sign-in failed",
        (true, true) => "password accepted (second step asked)",
        (true, false) => "signed in",
    };
    let entry = staff.then(|| audit::by_user(user, &address, action, Vec::new(), Kind::Signins));
    let noted = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            if let Some(entry) = &entry {
                db::audit::record(tx, entry)?;
            }
            if matches {
                if !second_step {
                    db::users::signed_in(tx, id)?;
                }
                if let Some(hash) = rehashed {
                    db::users::replace_hash(tx, id, &hash)?;
                }
            }
            Ok(())
        })
    })
    .await;
    match noted {
        Err(err) if staff => return Err(err),
        // A visitor's sign-in notes only when it was: a database that cannot be written keeps
        // no visitor out.
        Err(err) => log::warn!("a sign-in of user {id} was not noted: {err:?}"),
        Ok(()) => {}
    }
    Ok(())
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
    body: Json<PasswordChangeRequest>,
) -> Result<HttpResponse, ApiError> {
    let (attempt, change) = state
        .limits
        .failed_logins
        .reserve_parsed(ip.0, || PasswordChange::parse(body.into_inner()))?;
    let permit = hashing_turn(&state, ip.0)
        .await
        .inspect_err(|_| attempt.give_back())?;
    let id = user.0.id;
    let hash = db::run(&state.pool, move |conn| db::users::password_hash(conn, id)).await?;
    let cost = state.config.bcrypt_cost;
    if !password::verify(permit, change.current, hash, cost).await? {
        return Err(ApiError::field(
            "currentPassword",
            "is not your current password",
        ));
    }
    attempt.give_back();
    let permit = hashing_turn(&state, ip.0).await?;
    let hash = password::hash(permit, change.new.expose().to_owned(), cost).await?;
    let (who, address) = (user.0, ip.0.to_string());
    let version = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            let version = db::users::set_password(tx, id, &hash)?;
            if who.role.is_staff() {
                let entry =
                    audit::by_user(&who, &address, "password changed", Vec::new(), Kind::Users);
                db::audit::record(tx, &entry)?;
            }
            Ok(version)
        })
    })
    .await?;
    let token = state.jwt.issue(id, version)?;
    Ok(HttpResponse::Ok().json(json!({ "msg": "Password changed", "token": token })))
}

/// Ends the session on the server too: a copy of the token kept elsewhere stops working. Every
/// session of the account ends with it (tokens carry the account's version, not a session id).
pub(super) async fn logout(
    user: AuthUser,
    state: web::Data<AppState>,
    ip: ClientIp,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    // Signing out ends every session of the account: for admins and editors, logged with it.
    let entry = user.0.role.is_staff().then(|| {
        audit::by_user(
            &user.0,
            &ip.0.to_string(),
            "signed out",
            Vec::new(),
            Kind::Signins,
        )
    });
    db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            if let Some(entry) = &entry {
                db::audit::record(tx, entry)?;
            }
            db::users::sign_out(tx, id)
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "msg": "Logged out" })))
}

/// Whether "Forgot password?" can send a link (email is on and the site's address known); the
/// login page shows the link only then.
pub(super) async fn password_reset_available(
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mailer = state.mail.clone();
    let available = db::run(&state.pool, move |conn| {
        Ok(mailer.setup(conn)?.resets_enabled())
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "available": available })))
}

/// The one answer to "Forgot password?", whether or not the email has an account.
const RESET_REQUESTED: &str =
    "If an account exists for that email, a link to reset its password is on its way.";

/// Answers at once, the same for every well-formed email; looking the account up and queueing
/// the link happen after the answer, so not even its timing tells who has an account. Limited
/// per address and per email typed.
pub(super) async fn forgot_password(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<ForgotPasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let attempt = state.limits.reset_requests.reserve(ip.0)?;
    let email = body
        .into_inner()
        .parse()
        .inspect_err(|_| attempt.give_back())?;
    // A request refused for its account did no work: it does not spend the address's limit.
    let _always_counts = state
        .limits
        .reset_requests_per_account
        .reserve_key(email.as_str().to_owned())
        .inspect_err(|_| attempt.give_back())?;
    // Whether a link can be stored is the same for every email: a site that cannot save says so.
    let checked = state.clone();
    web::block(move || checked.health.writable(&checked.pool))
        .await?
        .inspect_err(|_| attempt.give_back())?;
    actix_web::rt::spawn(state.mail.clone().queue_reset(state.pool.clone(), email));
    Ok(HttpResponse::Accepted().json(json!({ "msg": RESET_REQUESTED })))
}

/// The one refusal of a reset link that does not work, whatever the reason.
const LINK_USED: &str = "This link has expired or has already been used.";

/// Sets the new password of the link's account, signs every session of it out and uses the
/// link up. A try with a link that does not work counts like a failed login.
pub(super) async fn reset_password(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<ResetPasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let (attempt, reset) = state
        .limits
        .failed_logins
        .reserve_parsed(ip.0, || PasswordReset::parse(body.into_inner()))?;
    let Some(token) = reset.token else {
        return Err(ApiError::BadRequest(LINK_USED.into()));
    };
    let token_hash = token.hash();
    let checked = token_hash.clone();
    let usable = db::run(&state.pool, move |conn| {
        db::password_resets::usable(conn, &checked)
    })
    .await?;
    if !usable {
        return Err(ApiError::BadRequest(LINK_USED.into()));
    }
    attempt.give_back();
    let permit = hashing_turn(&state, ip.0).await?;
    let cost = state.config.bcrypt_cost;
    let hash = password::hash(permit, reset.password.expose().to_owned(), cost).await?;
    // In one transaction: the link is used up, the password stored and every session of the
    // account signed out (with every other open link of it).
    let address = ip.0.to_string();
    let used = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            let Some(user_id) = db::password_resets::use_link(tx, &token_hash)? else {
                return Ok(None);
            };
            db::users::set_password(tx, user_id, &hash)?;
            if let Some(user) = db::users::find(tx, user_id)? {
                let action = "password reset through a link";
                let entry = audit::by_user(&user, &address, action, Vec::new(), Kind::Users);
                db::audit::record(tx, &entry)?;
            }
            Ok(Some(user_id))
        })
    })
    .await?;
    match used {
        Some(_) => Ok(HttpResponse::Ok()
            .json(json!({ "msg": "Your password has been changed. You can log in with it now." }))),
        None => Err(ApiError::BadRequest(LINK_USED.into())),
    }
}

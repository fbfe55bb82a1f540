//! Second factors on /account (an authenticator app, recovery codes), the sign-in's second step
//! with a code, the end of every sign-in (the mail about a new browser), "Sign out everywhere"
//! from that mail, and an admin removing a member's factors. Passkeys are `passkeys`.

use super::auth::hashing_turn;
use crate::access::{AdminUser, AuthUser, ClientIp, Json, Query};
use crate::alerts::{self, Alert, Weight};
use crate::audit;
use crate::auth::second_step::{recovery_codes, recovery_hash, Ticket};
use crate::auth::{password, totp};
use crate::db;
use crate::db::audit::Kind;
use crate::db::second_factors as factors;
use crate::db::users::User;
use crate::domain::second_factor::{typed_code, CodeRequest, PasswordRequest, SecondStepRequest};
use crate::domain::ResetToken;
use crate::error::ApiError;
use crate::mail::security::{browser_name, SignInPlace};
use crate::routes::calls::PathId;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

/// The refusal of a second step whose ticket is gone (used, older than 5 minutes, unknown).
pub const TICKET_GONE: &str = "This sign-in has expired: enter your password again";
/// A wrong code at the second step.
const WRONG_CODE: &str = "That code is not right";
/// The second step while locked.
const LOCKED: &str = "Too many wrong codes: signing in to this account is locked for 15 minutes";
/// The browser's mark, a cookie only the sign-in calls read.
const BROWSER_COOKIE: &str = "jyoti_browser";
/// A browser unseen for this long is new again.
const BROWSER_DAYS: i64 = 90;
/// How long the mail's "Sign out everywhere" link works (seconds).
const SIGN_OUT_LINK_LIFE: i64 = 7 * 24 * 3600;

fn now_seconds() -> i64 {
    jiff::Timestamp::now().as_second()
}

/// In an activity-log entry for a staff member's own account, in the caller's transaction.
pub(super) fn log_own(
    tx: &rusqlite::Connection,
    user: &User,
    address: &str,
    action: &str,
    kind: Kind,
) -> Result<(), ApiError> {
    if user.role.is_staff() {
        db::audit::record(tx, &audit::by_user(user, address, action, Vec::new(), kind))?;
    }
    Ok(())
}

/// What /account shows of the signed-in user's factors (never a secret).
pub(super) async fn status(
    user: AuthUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (id, staff) = (user.0.id, user.0.role.is_staff());
    let answer = db::run(&state.pool, move |conn| {
        let have = factors::factors(conn, id)?;
        let rule = factors::rule_on(conn)?;
        Ok(json!({
            "requireSecondFactor": rule,
            "mustSetUp": rule && staff && !have.any(),
            "totp": have.totp,
            "passkeys": factors::passkeys(conn, id)?,
            "recoveryCodesLeft": if have.any() { have.recovery_left } else { 0 },
        }))
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Starts setting up an app: a new secret, as text and as a QR code. 409 when one is set up.
pub(super) async fn totp_begin(
    user: AuthUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let secret = totp::new_secret().map_err(ApiError::internal)?;
    let (id, email) = (user.0.id, user.0.email.clone());
    let stored = secret.clone();
    let begun = db::run(&state.pool, move |conn| {
        factors::begin_totp(conn, id, &stored)
    })
    .await?;
    if !begun {
        return Err(ApiError::Conflict(
            "An authenticator app is already set up; remove it first to set up another".into(),
        ));
    }
    let uri = totp::uri(&secret, &email);
    let qr = crate::qr::svg(&uri)?;
    Ok(HttpResponse::Ok()
        .json(json!({ "secret": totp::secret_text(&secret), "uri": uri, "qrSvg": qr })))
}

/// New recovery codes for `user` in the caller's transaction, when `first` (no factor before).
fn first_codes(
    tx: &rusqlite::Connection,
    user_id: i64,
    first: bool,
) -> Result<Vec<String>, ApiError> {
    if !first {
        return Ok(Vec::new());
    }
    let (codes, hashes) = recovery_codes()?;
    factors::set_recovery_codes(tx, user_id, &hashes)?;
    Ok(codes)
}

/// Confirms the app with its first code; the first factor of an account brings recovery codes.
pub(super) async fn totp_confirm(
    user: AuthUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<CodeRequest>,
) -> Result<HttpResponse, ApiError> {
    let code = typed_code(body.into_inner().code)?;
    let (who, address) = (user.0, ip.0.to_string());
    let codes = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            let Some((secret, confirmed, last)) = factors::totp(tx, who.id)? else {
                return Err(ApiError::Conflict(
                    "Set up an authenticator app first".into(),
                ));
            };
            if confirmed {
                return Err(ApiError::Conflict(
                    "The authenticator app is already set up".into(),
                ));
            }
            let step = totp::accepted_step(&secret, &code, totp::step_at(now_seconds()), last)
                .ok_or_else(|| {
                    ApiError::field(
                        "code",
                        "is not the code your app shows now; check that the phone's clock is right",
                    )
                })?;
            let first = !factors::factors(tx, who.id)?.any();
            factors::use_totp_step(tx, who.id, step)?;
            log_own(
                tx,
                &who,
                &address,
                "second factor added (authenticator app)",
                Kind::Users,
            )?;
            first_codes(tx, who.id, first)
        })
    })
    .await?;
    Ok(
        HttpResponse::Ok()
            .json(json!({ "msg": "Authenticator app added", "recoveryCodes": codes })),
    )
}

/// Checks the signed-in user's password (a failed try counts like a failed login).
async fn check_password(
    state: &web::Data<AppState>,
    ip: &ClientIp,
    id: i64,
    typed: Option<String>,
) -> Result<(), ApiError> {
    let typed = typed.unwrap_or_default();
    if typed.is_empty() {
        return Err(ApiError::field("password", "is required"));
    }
    let attempt = state.limits.failed_logins.reserve(ip.0)?;
    let permit = hashing_turn(state, ip.0)
        .await
        .inspect_err(|_| attempt.give_back())?;
    let hash = db::run(&state.pool, move |conn| db::users::password_hash(conn, id)).await?;
    if !password::verify(permit, typed, hash, state.config.bcrypt_cost).await? {
        return Err(ApiError::field("password", "is not your password"));
    }
    attempt.give_back();
    Ok(())
}

/// Removes the app, with the account's password.
pub(super) async fn totp_remove(
    user: AuthUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<PasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    check_password(&state, &ip, user.0.id, body.into_inner().password).await?;
    let (who, address) = (user.0, ip.0.to_string());
    let removed = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            let removed = factors::remove_totp(tx, who.id)?;
            factors::tidy(tx, who.id)?;
            if removed {
                log_own(
                    tx,
                    &who,
                    &address,
                    "second factor removed (authenticator app)",
                    Kind::Users,
                )?;
            }
            Ok(removed)
        })
    })
    .await?;
    if !removed {
        return Err(ApiError::NotFound("No authenticator app is set up"));
    }
    Ok(super::calls::message("Authenticator app removed"))
}

/// Ten new recovery codes; the old ones stop working.
pub(super) async fn new_recovery_codes(
    user: AuthUser,
    state: web::Data<AppState>,
    ip: ClientIp,
) -> Result<HttpResponse, ApiError> {
    let (who, address) = (user.0, ip.0.to_string());
    let codes = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            if !factors::factors(tx, who.id)?.any() {
                return Err(ApiError::Conflict(
                    "Add an authenticator app or a passkey first: recovery codes stand in for them"
                        .into(),
                ));
            }
            log_own(tx, &who, &address, "recovery codes replaced", Kind::Users)?;
            first_codes(tx, who.id, true)
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "recoveryCodes": codes })))
}

/// The account a ticket is for, while the ticket works and the account's sessions are as they
/// were when the password was typed.
pub(super) async fn ticket_holder(
    state: &web::Data<AppState>,
    ticket: Option<&str>,
) -> Result<(Ticket, User), ApiError> {
    let gone = || ApiError::BadRequest(TICKET_GONE.into());
    let ticket = state
        .second_steps
        .ticket(ticket.ok_or_else(gone)?)
        .ok_or_else(gone)?;
    let user = db::run(&state.pool, move |conn| {
        db::users::find(conn, ticket.user_id)
    })
    .await?;
    match user {
        Some(user) if user.token_version == ticket.version => Ok((ticket, user)),
        _ => Err(gone()),
    }
}

/// The second step with a code: one from the app (accepted once, a step of drift either way) or a
/// recovery code (once each). Five wrong codes lock the account's second step for 15 minutes and
/// mail its owner.
pub(super) async fn login_second_factor(
    req: HttpRequest,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<SecondStepRequest>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let (attempt, code) = state
        .limits
        .failed_logins
        .reserve_parsed(ip.0, || typed_code(body.code))?;
    let key = body.ticket.unwrap_or_default();
    let (_, user) = ticket_holder(&state, Some(&key)).await?;
    let (mailer, address) = (state.mail.clone(), ip.0.to_string());
    let who = user.clone();
    let right = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            if let Some(until) = factors::locked_until(tx, who.id)? {
                return Ok(Err(until - now_seconds()));
            }
            let right = if code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()) {
                match factors::totp(tx, who.id)? {
                    Some((secret, true, last)) => {
                        totp::accepted_step(&secret, &code, totp::step_at(now_seconds()), last)
                            .map_or(Ok(false), |step| factors::use_totp_step(tx, who.id, step))?
                    }
                    _ => false,
                }
            } else {
                factors::use_recovery_code(tx, who.id, &recovery_hash(&code))?
            };
            if right {
                factors::right_code(tx, who.id)?;
                return Ok(Ok(true));
            }
            log_own(
                tx,
                &who,
                &address,
                "sign-in failed (wrong code at the second step)",
                Kind::Signins,
            )?;
            if factors::wrong_code(tx, who.id)? {
                mailer.queue_locked(tx, &who.email, &address)?;
                return Ok(Err(factors::LOCK_SECONDS));
            }
            Ok(Ok(false))
        })
    })
    .await?;
    state.mail.wake();
    match right {
        Err(seconds) => Err(ApiError::Locked(LOCKED, seconds.max(1) as u64)),
        Ok(false) => Err(ApiError::Unauthorized(WRONG_CODE)),
        Ok(true) => {
            attempt.give_back();
            state
                .second_steps
                .use_ticket(&key)
                .ok_or_else(|| ApiError::BadRequest(TICKET_GONE.into()))?;
            signed_in(&state, &req, ip, user, "signed in (password and a code)").await
        }
    }
}

/// Notes a sign-in that passed every step (in the activity log for staff) and ends it.
pub(super) async fn signed_in(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    ip: ClientIp,
    user: User,
    action: &'static str,
) -> Result<HttpResponse, ApiError> {
    let (who, address) = (user.clone(), ip.0.to_string());
    db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            log_own(tx, &who, &address, action, Kind::Signins)?;
            db::users::signed_in(tx, who.id)
        })
    })
    .await?;
    welcome(state, req, ip, user).await
}

/// The end of every sign-in: the session's token. For staff, a browser the account has not seen
/// in 90 days is mailed about to the owner (an alert too for an admin), unless the account never
/// signed in before; and the answer says when the rule asks this account to set up a second
/// factor first. `user` is the account as it was before this sign-in was noted.
pub(super) async fn welcome(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    ip: ClientIp,
    user: User,
) -> Result<HttpResponse, ApiError> {
    let token = state.jwt.issue(user.id, user.token_version)?;
    let mut body =
        json!({ "msg": "Login Successful", "token": token, "userId": user.id, "role": user.role });
    let mut response = HttpResponse::Ok();
    if user.role.is_staff() {
        let mark = match browser_mark(req) {
            Some(mark) => mark,
            None => ResetToken::generate()?.as_str().to_owned(),
        };
        let seen_hash = ResetToken::parse(&mark)
            .map(|t| t.hash())
            .unwrap_or_default();
        let browser = browser_name(
            req.headers()
                .get(header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .unwrap_or(""),
        );
        let (mailer, address) = (state.mail.clone(), ip.0.to_string());
        let must_set_up = db::run(&state.pool, move |conn| {
            db::in_transaction(conn, |tx| {
                // An account's first sign-in ever (its owner just chose the password) is no news.
                let seen = factors::browser_seen(tx, user.id, &seen_hash, BROWSER_DAYS)?;
                if !seen && user.last_sign_in_at.is_some() {
                    new_browser(
                        tx,
                        &mailer,
                        &user,
                        &SignInPlace {
                            address: &address,
                            browser: &browser,
                        },
                    )?;
                }
                factors::rule_blocks(tx, user.id)
            })
        })
        .await?;
        state.mail.wake();
        if must_set_up {
            body["setUpSecondFactor"] = json!(true);
        }
        let secure = if req.connection_info().scheme() == "https" {
            "; Secure"
        } else {
            ""
        };
        // 400 days, the longest a browser keeps a cookie.
        response.insert_header((
            header::SET_COOKIE,
            format!("{BROWSER_COOKIE}={mark}; Path=/api/auth; Max-Age=34560000; HttpOnly; SameSite=Strict{secure}"),
        ));
    }
    Ok(response.json(body))
}

/// The browser's mark from its cookie, when it has a well-formed one.
fn browser_mark(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get_all(header::COOKIE)
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == BROWSER_COOKIE)
        .and_then(|(_, value)| ResetToken::parse(value))
        .map(|token| token.as_str().to_owned())
}

/// A staff sign-in from a new browser: the owner is mailed a "Sign out everywhere" link, and for
/// an admin account every admin is alerted.
fn new_browser(
    tx: &rusqlite::Connection,
    mailer: &crate::mail::Mailer,
    user: &User,
    place: &SignInPlace,
) -> Result<(), ApiError> {
    // The link needs the site's address, never taken from the request (so no request can make
    // the site mail a link to another site); without it the mail says how to sign out instead.
    let site = mailer.setup(tx)?.site_address;
    let link = match &site {
        Some(base) => {
            let token = ResetToken::generate()?;
            factors::add_sign_out_link(tx, user.id, &token.hash(), SIGN_OUT_LINK_LIFE)?;
            Some(format!(
                "{base}/api/auth/sign-out-everywhere?token={}",
                token.as_str()
            ))
        }
        None => None,
    };
    mailer.queue_new_sign_in(tx, &user.email, place, link.as_deref())?;
    if user.role == crate::domain::Role::Admin {
        let at = crate::words::site_time(jiff::Timestamp::now());
        let alert = Alert {
            subject: format!(
                "Jyoti site: new sign-in to the admin account of {}",
                user.named()
            ),
            body: format!(
                "The admin account of {} was signed in to from a browser it has not been used \
                 from in the last 90 days, on {at}, from the address {}, with {}.\n{}",
                user.named(),
                place.address,
                place.browser,
                alerts::IF_NOBODY
            ),
            also_to: Vec::new(),
            weight: Weight::Serious,
        };
        alerts::raise(tx, &alert, site.as_deref())?;
    }
    Ok(())
}

#[derive(serde::Deserialize)]
pub(super) struct SignOutQuery {
    token: Option<String>,
}

/// The new-sign-in mail's link: every session of the account ends, and the browser goes to the
/// login page, which says so.
pub(super) async fn sign_out_everywhere(
    state: web::Data<AppState>,
    ip: ClientIp,
    query: Query<SignOutQuery>,
) -> Result<HttpResponse, ApiError> {
    let token = query
        .into_inner()
        .token
        .as_deref()
        .and_then(ResetToken::parse);
    let address = ip.0.to_string();
    let done = match token {
        None => false,
        Some(token) => {
            db::run(&state.pool, move |conn| {
                db::in_transaction(conn, |tx| {
                    let Some(user) = factors::sign_out_link(tx, &token.hash())?
                        .map(|id| db::users::find(tx, id))
                        .transpose()?
                        .flatten()
                    else {
                        return Ok(false);
                    };
                    db::users::sign_out(tx, user.id)?;
                    let action = "signed out everywhere (from the new-sign-in mail)";
                    log_own(tx, &user, &address, action, Kind::Signins)?;
                    Ok(true)
                })
            })
            .await?
        }
    };
    let to = if done {
        "/login?signedOut=everywhere"
    } else {
        "/login?signedOut=failed"
    };
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, to))
        .finish())
}

/// An admin removes a member's second factors (a lost phone): both are mailed, every admin
/// alerted, the activity log keeps it.
pub(super) async fn admin_remove(
    admin: AdminUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    id: PathId<User>,
) -> Result<HttpResponse, ApiError> {
    let AdminUser(actor, trail) = admin;
    let (mailer, address) = (state.mail.clone(), ip.0.to_string());
    let found = db::run_noted(&state.pool, &trail, move |conn, note| {
        let Some(member) = db::users::find(conn, id.get())? else {
            return Ok(None);
        };
        let removed = factors::remove_all(conn, member.id)?;
        if removed {
            let alert = crate::mail::security::factors_removed(&member, &actor.named(), &address);
            let site = mailer.setup(conn)?.site_address;
            alerts::raise(conn, &alert, site.as_deref())?;
            note.action = Some("second factor removed".to_owned());
        }
        Ok(Some(removed))
    })
    .await?;
    match id.found(found)? {
        true => {
            state.mail.wake();
            Ok(super::calls::message("Second factor removed"))
        }
        false => Err(ApiError::Conflict(
            "This account has no second factor".into(),
        )),
    }
}

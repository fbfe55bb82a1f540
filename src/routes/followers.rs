//! Notices by email: asking to follow (a confirmation mail first, at most one a day per
//! address), confirming, unsubscribing in one click (RFC 8058), and the admins' Followers screen.

use crate::access::{AdminUser, ClientIp, Json, Query};
use crate::db;
use crate::db::followers::Asked;
use crate::domain::{Email, ResetToken};
use crate::download::attachment;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

/// The one answer to a well-formed request to follow, whoever asks and whatever it came to, so
/// it tells nobody who follows.
const ASKED: &str = "Check your inbox: we sent a link to confirm.";
const NO_MAIL: &str = "Notices by email are not available yet: the site's email is not set up.";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FollowRequest {
    email: Option<String>,
    lang: Option<String>,
}

/// Asks that an address get new notices by email, in English or Bengali. Limited per address as
/// the contact form is; the mail goes after the answer.
pub(super) async fn create(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<FollowRequest>,
) -> Result<HttpResponse, ApiError> {
    let (_counted, (email, lang)) = state.limits.followers.reserve_parsed(ip.0, || {
        let request = body.into_inner();
        let email = Email::parse(request.email).map_err(|why| ApiError::field("email", why))?;
        let lang = match request.lang.as_deref().unwrap_or("en") {
            "en" => "en",
            "bn" => "bn",
            _ => return Err(ApiError::field("lang", "must be \"en\" or \"bn\"")),
        };
        Ok((email, lang))
    })?;
    let mailer = state.mail.clone();
    let mailed = db::run(&state.pool, move |conn| {
        let setup = mailer.setup(conn)?;
        let Some(site) = setup.site_address.clone().filter(|_| setup.enabled()) else {
            return Ok(None);
        };
        db::in_transaction(conn, |tx| {
            db::followers::forget_unconfirmed(tx)?;
            let (own, link) = (ResetToken::generate()?, ResetToken::generate()?);
            match db::followers::ask(tx, email.as_str(), lang, own.as_str(), &link.hash())? {
                Asked::Nothing => Ok(Some(false)),
                Asked::Confirm => {
                    let prefix = if lang == "bn" { "/bn" } else { "" };
                    let url = format!("{site}{prefix}/follow/confirm?token={}", link.as_str());
                    mailer.queue_follow_confirmation(tx, email.as_str(), lang, &url)?;
                    Ok(Some(true))
                }
            }
        })
    })
    .await?;
    match mailed {
        None => Err(ApiError::Conflict(NO_MAIL.into())),
        Some(sent) => {
            if sent {
                state.mail.wake();
            }
            Ok(HttpResponse::Accepted().json(json!({ "msg": ASKED })))
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TokenRequest {
    token: Option<String>,
}

/// The confirmation link's page sends its token: from now on, new notices are mailed.
pub(super) async fn confirm(
    state: web::Data<AppState>,
    body: Json<TokenRequest>,
) -> Result<HttpResponse, ApiError> {
    let gone = || ApiError::LinkGone {
        message: "This link does not work: it was used already or is older than 7 days. Ask \
                  for notices by email again on the notice board."
            .into(),
        reason: "unknown",
    };
    let token = body
        .into_inner()
        .token
        .as_deref()
        .and_then(ResetToken::parse)
        .ok_or_else(gone)?;
    let done = db::run(&state.pool, move |conn| {
        db::followers::confirm(conn, &token.hash())
    })
    .await?;
    if !done {
        return Err(gone());
    }
    Ok(HttpResponse::Ok().json(json!({ "msg": "You will get new notices by email." })))
}

#[derive(Deserialize)]
pub(super) struct UnsubscribeQuery {
    token: Option<String>,
}

/// One click, no sign-in (RFC 8058: the mail program POSTs to the URL; the page does too). The
/// same answer for a token that is gone, so a second click is no error.
pub(super) async fn unsubscribe(
    state: web::Data<AppState>,
    query: Query<UnsubscribeQuery>,
) -> Result<HttpResponse, ApiError> {
    if let Some(token) = query
        .into_inner()
        .token
        .as_deref()
        .and_then(ResetToken::parse)
    {
        let token = token.as_str().to_owned();
        db::run(&state.pool, move |conn| {
            db::followers::unsubscribe(conn, &token)
        })
        .await?;
    }
    Ok(HttpResponse::Ok().json(json!({ "msg": "You will get no more notices by email." })))
}

/// The admins' Followers screen: how many are confirmed, and every address.
pub(super) async fn list(
    staff: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let followers = db::run_as(&state.pool, staff.trail(), |conn| db::followers::all(conn)).await?;
    let count = followers
        .iter()
        .filter(|f| f.confirmed_at.is_some())
        .count();
    Ok(HttpResponse::Ok().json(json!({ "count": count, "followers": followers })))
}

/// Every follower as CSV.
pub(super) async fn csv(
    staff: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let followers = db::run_noted(&state.pool, staff.trail(), |conn, note| {
        note.action = Some("followers downloaded (CSV)".to_owned());
        db::followers::all(conn)
    })
    .await?;
    let mut text = crate::export::followers_header();
    for follower in &followers {
        text.push_str(&crate::export::follower_row(follower));
    }
    let filename = format!("jyoti-followers-{}.csv", db::backup::stamp());
    Ok(attachment("text/csv; charset=utf-8", &filename).body(text))
}

/// Removes a follower; logged with their address.
pub(super) async fn remove(
    staff: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or(ApiError::NotFound("No such follower"))?;
    let removed = db::run_noted(&state.pool, staff.trail(), move |conn, note| {
        let removed = db::followers::remove(conn, id)?;
        if let Some(email) = &removed {
            note.action = Some("follower removed".to_owned());
            note.target = Some(format!("follower {id} \"{email}\""));
        }
        Ok(removed)
    })
    .await?;
    removed.ok_or(ApiError::NotFound("No such follower"))?;
    Ok(super::calls::message("Follower removed"))
}

//! Passkeys: adding one on /account (the registration ceremony), listing, renaming and removing
//! them, and signing in with one — after the password (the second step) or instead of the
//! address and password (a discoverable passkey, with the user verified by the authenticator).

use super::second_factor::{signed_in, ticket_holder, TICKET_GONE};
use crate::access::{AuthUser, ClientIp, Json};
use crate::auth::second_step::{recovery_codes, Challenge, Purpose};
use crate::auth::webauthn::{self, decode, encode};
use crate::db;
use crate::db::audit::Kind;
use crate::db::second_factors::{self as factors, NewPasskey};
use crate::domain::second_factor::{
    passkey_name, CredentialJson, PasskeyNameRequest, PasskeySignInRequest, RegisterPasskeyRequest,
    TicketRequest,
};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

/// How long the browser may wait for the authenticator (milliseconds).
const TIMEOUT_MS: u64 = 120_000;
/// The one refusal of a passkey that does not sign in, whatever the reason (logged).
const NOT_SIGNED_IN: &str = "That passkey did not sign you in; try again, or use your password";
/// The refusal of a passkey ceremony that did not finish (the reason is logged).
const NOT_ADDED: &str = "The passkey was not added; please try again";
const CEREMONY_GONE: &str = "This passkey request has expired; please try again";

/// The relying party: the host name the browser used. A passkey is made for a name, never an IP
/// address, so the site must be opened by its name (`localhost` on one's own computer).
fn rp_id(req: &HttpRequest) -> Result<String, ApiError> {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
        .or_else(|| req.uri().host().map(str::to_owned))
        .unwrap_or_default();
    let name = match host.rsplit_once(':') {
        Some((name, port)) if !name.ends_with(']') || port.bytes().all(|b| b.is_ascii_digit()) => {
            if host.starts_with('[') && !name.ends_with(']') {
                host.as_str()
            } else {
                name
            }
        }
        _ => host.as_str(),
    };
    let name = name
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_ascii_lowercase();
    if name.is_empty() || name.parse::<std::net::IpAddr>().is_ok() {
        return Err(ApiError::BadRequest(
            "Passkeys need the site opened by its name (such as jyoti.example or localhost), \
             not by an IP address"
                .into(),
        ));
    }
    Ok(name)
}

/// Starts adding a passkey: the options for `navigator.credentials.create`.
pub(super) async fn register_options(
    user: AuthUser,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let rp = rp_id(&req)?;
    let id = user.0.id;
    let existing = db::run(&state.pool, move |conn| factors::credential_ids(conn, id)).await?;
    let (challenge_id, challenge) = state
        .second_steps
        .issue_challenge(Purpose::Register { user_id: id }, &rp)?;
    let name = user.0.email.clone();
    let display = format!("{} {}", user.0.firstname, user.0.lastname)
        .trim()
        .to_owned();
    let exclude: Vec<_> = existing
        .iter()
        .map(|id| json!({ "type": "public-key", "id": encode(id) }))
        .collect();
    let params: Vec<_> = webauthn::ALGORITHMS
        .iter()
        .map(|alg| json!({ "type": "public-key", "alg": alg }))
        .collect();
    Ok(HttpResponse::Ok().json(json!({
        "challengeId": challenge_id,
        "publicKey": {
            "challenge": encode(&challenge.bytes),
            "rp": { "id": rp, "name": "Jyoti" },
            "user": {
                "id": encode(user_handle(id).as_bytes()),
                "name": name,
                "displayName": if display.is_empty() { name.clone() } else { display },
            },
            "pubKeyCredParams": params,
            "excludeCredentials": exclude,
            "authenticatorSelection": { "residentKey": "required", "requireResidentKey": true, "userVerification": "preferred" },
            "attestation": "none",
            "timeout": TIMEOUT_MS,
        },
    })))
}

/// The user handle a passkey keeps for its account: the account's id, not its address.
fn user_handle(id: i64) -> String {
    format!("jyoti-user-{id}")
}

fn user_of_handle(handle: &[u8]) -> Option<i64> {
    std::str::from_utf8(handle)
        .ok()?
        .strip_prefix("jyoti-user-")?
        .parse()
        .ok()
}

fn credential(credential: Option<CredentialJson>) -> Result<CredentialJson, ApiError> {
    credential.ok_or_else(|| ApiError::field("credential", "is required"))
}

/// Adds the passkey the authenticator made; the first factor of an account brings recovery codes.
pub(super) async fn register(
    user: AuthUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<RegisterPasskeyRequest>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let name = passkey_name(body.name)?;
    let made = credential(body.credential)?;
    let challenge = body
        .challenge_id
        .as_deref()
        .and_then(|key| state.second_steps.take_challenge(key))
        .ok_or_else(|| ApiError::BadRequest(CEREMONY_GONE.into()))?;
    if challenge.purpose != (Purpose::Register { user_id: user.0.id }) {
        return Err(ApiError::BadRequest(CEREMONY_GONE.into()));
    }
    let checked = (|| {
        let client = decode(&made.response.client_data_json)?;
        let object = decode(
            made.response
                .attestation_object
                .as_deref()
                .unwrap_or_default(),
        )?;
        let key =
            webauthn::check_registration(&client, &object, &challenge.bytes, &challenge.rp_id)?;
        if decode(&made.raw_id)? != key.credential_id {
            return Err(webauthn::Refused("the key's id is not the credential's"));
        }
        Ok(key)
    })();
    let key = checked.map_err(|why: webauthn::Refused| {
        log::warn!("a passkey of user {} was not added: {}", user.0.id, why.0);
        ApiError::BadRequest(NOT_ADDED.into())
    })?;
    let (who, address, rp) = (user.0, ip.0.to_string(), challenge.rp_id);
    let (passkey, codes) = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            let first = !factors::factors(tx, who.id)?.any();
            let stored = factors::insert_passkey(
                tx,
                &NewPasskey {
                    user_id: who.id,
                    credential_id: &key.credential_id,
                    public_key: &key.public_key,
                    algorithm: key.algorithm,
                    rp_id: &rp,
                    sign_count: key.sign_count,
                    name: &name,
                },
            )?
            .ok_or_else(|| ApiError::Conflict("This passkey is already added".into()))?;
            let action = "second factor added (passkey)";
            super::second_factor::log_own(tx, &who, &address, action, Kind::Users)?;
            let codes = if first {
                let (codes, hashes) = recovery_codes()?;
                factors::set_recovery_codes(tx, who.id, &hashes)?;
                codes
            } else {
                Vec::new()
            };
            Ok((stored, codes))
        })
    })
    .await?;
    Ok(HttpResponse::Created().json(json!({ "passkey": passkey, "recoveryCodes": codes })))
}

pub(super) async fn list(
    user: AuthUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let passkeys = db::run(&state.pool, move |conn| factors::passkeys(conn, id)).await?;
    Ok(HttpResponse::Ok().json(json!({ "passkeys": passkeys })))
}

fn passkey_id(path: web::Path<String>) -> Result<i64, ApiError> {
    path.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or(ApiError::NotFound("No such passkey"))
}

pub(super) async fn rename(
    user: AuthUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: Json<PasskeyNameRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = passkey_id(path)?;
    let name = passkey_name(body.into_inner().name)?;
    let owner = user.0.id;
    let passkey = db::run(&state.pool, move |conn| {
        if !factors::rename_passkey(conn, owner, id, &name)? {
            return Ok(None);
        }
        factors::passkey(conn, owner, id)
    })
    .await?
    .ok_or(ApiError::NotFound("No such passkey"))?;
    Ok(HttpResponse::Ok().json(json!({ "msg": "Passkey renamed", "passkey": passkey })))
}

pub(super) async fn remove(
    user: AuthUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = passkey_id(path)?;
    let (who, address) = (user.0, ip.0.to_string());
    let removed = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            if !factors::remove_passkey(tx, who.id, id)? {
                return Ok(false);
            }
            factors::tidy(tx, who.id)?;
            let action = "second factor removed (passkey)";
            super::second_factor::log_own(tx, &who, &address, action, Kind::Users)?;
            Ok(true)
        })
    })
    .await?;
    if !removed {
        return Err(ApiError::NotFound("No such passkey"));
    }
    Ok(super::calls::message("Passkey removed"))
}

/// The options for `navigator.credentials.get`: for the account of a ticket (its passkeys), or
/// for any account (the browser offers the passkeys it holds for this site).
pub(super) async fn sign_in_options(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Option<Json<TicketRequest>>,
) -> Result<HttpResponse, ApiError> {
    let rp = rp_id(&req)?;
    let ticket = body.map(|b| b.into_inner().ticket).unwrap_or_default();
    let (user_id, allowed) = match ticket {
        Some(ticket) => {
            let (ticket, _) = ticket_holder(&state, Some(&ticket)).await?;
            let id = ticket.user_id;
            let ids = db::run(&state.pool, move |conn| factors::credential_ids(conn, id)).await?;
            (Some(id), ids)
        }
        None => (None, Vec::new()),
    };
    let (challenge_id, challenge) = state
        .second_steps
        .issue_challenge(Purpose::SignIn { user_id }, &rp)?;
    let allow: Vec<_> = allowed
        .iter()
        .map(|id| json!({ "type": "public-key", "id": encode(id) }))
        .collect();
    Ok(HttpResponse::Ok().json(json!({
        "challengeId": challenge_id,
        "publicKey": {
            "challenge": encode(&challenge.bytes),
            "rpId": rp,
            "allowCredentials": allow,
            "userVerification": if user_id.is_some() { "preferred" } else { "required" },
            "timeout": TIMEOUT_MS,
        },
    })))
}

/// The refusal of a passkey sign-in, whose reason `why` is logged, not told.
fn refused(why: &str) -> ApiError {
    log::warn!("a passkey sign-in was refused: {why}");
    ApiError::Unauthorized(NOT_SIGNED_IN)
}

/// What the authenticator signed, checked: its user handle (when it gives one) is the
/// passkey's account, the passkey was made for the name the challenge was asked on, and the
/// signature is the passkey's over the challenge.
fn proven(
    signed: &CredentialJson,
    stored: &factors::StoredKey,
    challenge: &Challenge,
) -> Result<webauthn::Signed, ApiError> {
    if let Some(handle) = signed
        .response
        .user_handle
        .as_deref()
        .filter(|h| !h.is_empty())
    {
        let handle = decode(handle).map_err(|w| refused(w.0))?;
        if user_of_handle(&handle) != Some(stored.user_id) {
            return Err(refused("the user handle is not the passkey's account"));
        }
    }
    if stored.rp_id != challenge.rp_id {
        return Err(refused("the passkey was made for another name of the site"));
    }
    (|| {
        let client = decode(&signed.response.client_data_json)?;
        let data = decode(
            signed
                .response
                .authenticator_data
                .as_deref()
                .unwrap_or_default(),
        )?;
        let signature = decode(signed.response.signature.as_deref().unwrap_or_default())?;
        webauthn::check_assertion(
            &client,
            &data,
            &signature,
            &stored.public_key,
            stored.sign_count,
            &challenge.bytes,
            &stored.rp_id,
        )
    })()
    .map_err(|why| refused(why.0))
}

/// Signs in with a passkey: as the second step of a ticket's account, or on its own (then the
/// authenticator must have verified its user, by PIN or fingerprint, so the passkey is both
/// factors).
pub(super) async fn sign_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<PasskeySignInRequest>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let attempt = state.limits.failed_logins.reserve(ip.0)?;
    let signed = credential(body.credential)?;
    let challenge = body
        .challenge_id
        .as_deref()
        .and_then(|key| state.second_steps.take_challenge(key))
        .ok_or_else(|| ApiError::BadRequest(CEREMONY_GONE.into()))?;
    let Purpose::SignIn { user_id: for_user } = challenge.purpose else {
        return Err(ApiError::BadRequest(CEREMONY_GONE.into()));
    };
    let ticket_key = body.ticket.unwrap_or_default();
    let ticket_user = match for_user {
        Some(_) => Some(ticket_holder(&state, Some(&ticket_key)).await?.1),
        None => None,
    };
    if ticket_user.as_ref().map(|u| u.id) != for_user {
        return Err(ApiError::BadRequest(TICKET_GONE.into()));
    }
    let raw_id = decode(&signed.raw_id).map_err(|w| refused(w.0))?;
    let lookup = raw_id.clone();
    let stored = db::run(&state.pool, move |conn| factors::stored_key(conn, &lookup))
        .await?
        .ok_or_else(|| refused("no passkey has this id"))?;
    if for_user.is_some_and(|id| id != stored.user_id) {
        return Err(refused("the passkey is another account's"));
    }
    let proof = proven(&signed, &stored, &challenge)?;
    if for_user.is_none() && !proof.user_verified {
        return Err(refused("the authenticator did not verify its user"));
    }
    let (key_id, from, to) = (stored.id, stored.sign_count, proof.sign_count);
    let owner = stored.user_id;
    let user = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            if !factors::passkey_used(tx, key_id, from, to)? {
                return Ok(None);
            }
            db::users::find(tx, owner)
        })
    })
    .await?
    .ok_or_else(|| refused("the passkey was used by another sign-in at once"))?;
    if for_user.is_some() && state.second_steps.use_ticket(&ticket_key).is_none() {
        return Err(ApiError::BadRequest(TICKET_GONE.into()));
    }
    attempt.give_back();
    let action = if for_user.is_some() {
        "signed in (password and a passkey)"
    } else {
        "signed in (with a passkey)"
    };
    signed_in(&state, &req, ip, user, action).await
}

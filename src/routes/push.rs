//! Notices on the phone: the server's public VAPID key, and a browser's subscription to new
//! notices (only at a known push service: see `crate::push::allowed`).

use crate::access::{ClientIp, Json};
use crate::db;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use data_encoding::BASE64URL_NOPAD as B64;
use serde::Deserialize;
use serde_json::json;

pub(super) async fn key(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let key = db::run(&state.pool, |conn| crate::push::public_key(conn)).await?;
    Ok(HttpResponse::Ok().json(json!({ "publicKey": key })))
}

/// A browser's `PushSubscription` as JSON, and the language of the page it was made on.
#[derive(Deserialize)]
pub(super) struct SubscriptionRequest {
    endpoint: Option<String>,
    keys: Option<Keys>,
    lang: Option<String>,
    #[serde(rename = "expirationTime")]
    _expiration_time: Option<serde::de::IgnoredAny>,
}

#[derive(Deserialize)]
pub(super) struct Keys {
    p256dh: Option<String>,
    auth: Option<String>,
}

fn key_bytes(text: Option<&str>, length: usize, field: &str) -> Result<Vec<u8>, ApiError> {
    let text = text.unwrap_or_default().trim_end_matches('=');
    match B64.decode(text.as_bytes()) {
        Ok(bytes) if bytes.len() == length => Ok(bytes),
        _ => Err(ApiError::field(
            field,
            format!("must be {length} bytes in base64url"),
        )),
    }
}

/// Keeps a subscription to new notices; 400 when its push service is not a known one.
pub(super) async fn subscribe(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<SubscriptionRequest>,
) -> Result<HttpResponse, ApiError> {
    let extra = state.config.push_services.clone();
    let (_counted, (endpoint, p256dh, auth, lang)) = state.limits.followers.reserve_parsed(ip.0, || {
        let request = body.into_inner();
        let endpoint = request.endpoint.unwrap_or_default();
        if endpoint.len() > 2048 || !crate::push::allowed(&endpoint, &extra) {
            return Err(ApiError::field(
                "endpoint",
                "must be at a browser's own push service (Google's, Mozilla's, Apple's or Microsoft's)",
            ));
        }
        let keys = request.keys.ok_or_else(|| ApiError::field("keys", "is required"))?;
        let p256dh = key_bytes(keys.p256dh.as_deref(), 65, "keys.p256dh")?;
        let auth = key_bytes(keys.auth.as_deref(), 16, "keys.auth")?;
        let lang = match request.lang.as_deref().unwrap_or("en") {
            "bn" => "bn",
            "en" => "en",
            _ => return Err(ApiError::field("lang", "must be \"en\" or \"bn\"")),
        };
        Ok((endpoint, p256dh, auth, lang))
    })?;
    db::run(&state.pool, move |conn| {
        db::push_subscriptions::save(conn, &endpoint, &p256dh, &auth, lang)
    })
    .await?;
    Ok(HttpResponse::Created().json(json!({ "msg": "New notices will come to this phone." })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct EndpointRequest {
    endpoint: Option<String>,
}

/// Ends a subscription; the same answer when it was not kept.
pub(super) async fn unsubscribe(
    state: web::Data<AppState>,
    body: Json<EndpointRequest>,
) -> Result<HttpResponse, ApiError> {
    let endpoint = body.into_inner().endpoint.unwrap_or_default();
    if endpoint.is_empty()
        || endpoint.len() > 2048
        || !endpoint.bytes().all(|b| b.is_ascii_graphic())
    {
        return Err(ApiError::field(
            "endpoint",
            "is not a push subscription's endpoint",
        ));
    }
    db::run(&state.pool, move |conn| {
        db::push_subscriptions::remove(conn, &endpoint)
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "msg": "No more notices will come to this phone." })))
}

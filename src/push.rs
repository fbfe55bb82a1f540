//! Notices on the phone (web push), with no outside service of our own: the server's VAPID key
//! (RFC 8292), made at first start and kept in the database; each new notice encrypted for each
//! subscription (RFC 8291, `aes128gcm` of RFC 8188) and posted to its push service, which
//! must be a known one (so no subscriber chooses where the server connects). A subscription the
//! service answers 404 or 410 for is dropped. Crypto on ring, HTTP on ureq, both already built.

use crate::db::{self, Pool};
use crate::error::ApiError;
use data_encoding::BASE64URL_NOPAD as B64;
use ring::rand::SystemRandom;
use ring::signature::{EcdsaKeyPair, KeyPair, ECDSA_P256_SHA256_FIXED_SIGNING};
use ring::{aead, agreement, hmac};
use rusqlite::Connection;
use std::time::Duration;

/// The `settings` key of the VAPID private key (PKCS#8, base64url).
const VAPID_KEY: &str = "vapidPrivateKey";
/// How long a push service keeps a notice for a phone that is off (a day).
const TTL_SECONDS: u64 = 24 * 3600;
/// The push services of the browsers: Chrome's, Firefox's, Safari's, Edge's.
const KNOWN_SERVICES: &[&str] = &[
    "https://fcm.googleapis.com/",
    "https://updates.push.services.mozilla.com/",
    "https://web.push.apple.com/",
    ".push.apple.com/",
    ".notify.windows.com/",
];

/// The server's VAPID key, made and stored on first use (first start).
pub fn vapid_key(conn: &Connection) -> Result<EcdsaKeyPair, ApiError> {
    let rng = SystemRandom::new();
    let made = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &rng)
        .map_err(|_| ApiError::internal("cannot make a VAPID key"))?;
    let stored = db::settings::get_or_insert(conn, VAPID_KEY, &B64.encode(made.as_ref()))?;
    let pkcs8 = B64.decode(stored.as_bytes()).map_err(ApiError::internal)?;
    EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &pkcs8, &rng)
        .map_err(|_| ApiError::internal("the stored VAPID key is unreadable"))
}

/// The VAPID public key as a browser's `applicationServerKey` takes it.
pub fn public_key(conn: &Connection) -> Result<String, ApiError> {
    Ok(B64.encode(vapid_key(conn)?.public_key().as_ref()))
}

/// Whether `endpoint` is at a push service the server may post to: a browser's, or one named
/// by `--push-service`. Only HTTPS (or a `--push-service` prefix that says otherwise).
pub fn allowed(endpoint: &str, extra: &[String]) -> bool {
    // A browser's endpoint is plain ASCII; anything else (spaces, controls) is no endpoint.
    if !endpoint.bytes().all(|b| b.is_ascii_graphic()) {
        return false;
    }
    let Ok(url) = url::Url::parse(endpoint) else {
        return false;
    };
    if extra
        .iter()
        .any(|prefix| endpoint.starts_with(prefix.as_str()))
    {
        return true;
    }
    let Some(host) = url.host_str() else {
        return false;
    };
    if url.scheme() != "https" || url.port().is_some() || !url.username().is_empty() {
        return false;
    }
    let origin = format!("https://{host}/");
    KNOWN_SERVICES
        .iter()
        .any(|known| match known.strip_prefix('.') {
            Some(suffix) => origin.ends_with(&format!(".{suffix}")),
            None => origin == *known,
        })
}

/// A subscription as the server keeps it.
pub struct Subscription {
    pub id: i64,
    pub endpoint: String,
    pub p256dh: Vec<u8>,
    pub auth: Vec<u8>,
    pub lang: String,
}

fn hmac_sha256(key: &[u8], parts: &[&[u8]]) -> Vec<u8> {
    let key = hmac::Key::new(hmac::HMAC_SHA256, key);
    let mut context = hmac::Context::with_key(&key);
    for part in parts {
        context.update(part);
    }
    context.sign().as_ref().to_vec()
}

/// `plaintext` encrypted for the browser with public key `p256dh` and secret `auth` (RFC 8291):
/// one `aes128gcm` record with its header (salt, record size, our ephemeral public key).
pub fn encrypt(plaintext: &[u8], p256dh: &[u8], auth: &[u8]) -> Result<Vec<u8>, ApiError> {
    let rng = SystemRandom::new();
    let ours = agreement::EphemeralPrivateKey::generate(&agreement::ECDH_P256, &rng)
        .map_err(|_| ApiError::internal("cannot make a push key"))?;
    let our_public = ours
        .compute_public_key()
        .map_err(|_| ApiError::internal("cannot make a push key"))?;
    let theirs = agreement::UnparsedPublicKey::new(&agreement::ECDH_P256, p256dh);
    let shared = agreement::agree_ephemeral(ours, &theirs, |secret| secret.to_vec())
        .map_err(|_| ApiError::BadRequest("the subscription's key is not a P-256 key".into()))?;
    // RFC 8291 §3.3–3.4: the input key from the ECDH secret and the auth secret.
    let prk_key = hmac_sha256(auth, &[&shared]);
    let ikm = hmac_sha256(
        &prk_key,
        &[b"WebPush: info\0", p256dh, our_public.as_ref(), &[1]],
    );
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(ApiError::internal)?;
    // RFC 8188 §2.2–2.3: the content key and nonce.
    let prk = hmac_sha256(&salt, &[&ikm]);
    let cek = hmac_sha256(&prk, &[b"Content-Encoding: aes128gcm\0", &[1]]);
    let nonce = hmac_sha256(&prk, &[b"Content-Encoding: nonce\0", &[1]]);
    let key = aead::LessSafeKey::new(
        aead::UnboundKey::new(&aead::AES_128_GCM, &cek[..16])
            .map_err(|_| ApiError::internal("aes"))?,
    );
    let mut record = plaintext.to_vec();
    record.push(2); // the last record's delimiter
    let nonce = aead::Nonce::try_assume_unique_for_key(&nonce[..12])
        .map_err(|_| ApiError::internal("nonce"))?;
    key.seal_in_place_append_tag(nonce, aead::Aad::empty(), &mut record)
        .map_err(|_| ApiError::internal("cannot encrypt a push"))?;
    let mut body = salt.to_vec();
    body.extend_from_slice(&4096u32.to_be_bytes());
    body.push(our_public.as_ref().len() as u8);
    body.extend_from_slice(our_public.as_ref());
    body.extend_from_slice(&record);
    Ok(body)
}

/// The `Authorization` header of a push to `endpoint`: a VAPID JWT (ES256) for the service's
/// origin, valid 12 hours, and our public key.
pub fn vapid_header(key: &EcdsaKeyPair, endpoint: &str, contact: &str) -> Result<String, ApiError> {
    let url = url::Url::parse(endpoint).map_err(ApiError::internal)?;
    let audience = url.origin().ascii_serialization();
    let expires = jiff::Timestamp::now().as_second() + 12 * 3600;
    let head = B64.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
    let claims = serde_json::json!({ "aud": audience, "exp": expires, "sub": contact });
    let claims = B64.encode(claims.to_string().as_bytes());
    let signed = format!("{head}.{claims}");
    let signature = key
        .sign(&SystemRandom::new(), signed.as_bytes())
        .map_err(|_| ApiError::internal("cannot sign a VAPID token"))?;
    Ok(format!(
        "vapid t={signed}.{}, k={}",
        B64.encode(signature.as_ref()),
        B64.encode(key.public_key().as_ref())
    ))
}

/// What a notice's push carries: its title and the page it opens.
pub struct Message {
    pub title: String,
    pub url: String,
}

/// Sends `message` (one per language) to every subscription, in the background; drops the ones
/// the service says are gone.
pub fn send_to_all(
    pool: Pool,
    extra: Vec<String>,
    english: Message,
    bengali: Message,
    contact: String,
) {
    std::thread::spawn(move || {
        if let Err(err) = send_all(&pool, &extra, &english, &bengali, &contact) {
            log::warn!("notices were not pushed: {err:?}");
        }
    });
}

fn send_all(
    pool: &Pool,
    extra: &[String],
    english: &Message,
    bengali: &Message,
    contact: &str,
) -> Result<(), ApiError> {
    let conn = pool.get()?;
    let key = vapid_key(&conn)?;
    let subscriptions = db::push_subscriptions::all(&conn)?;
    drop(conn);
    let http: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(15)))
        .http_status_as_error(false)
        .max_redirects(0)
        .build()
        .into();
    for subscription in subscriptions {
        // Checked again at sending: a prefix may have been dropped from the command line since.
        if !allowed(&subscription.endpoint, extra) {
            continue;
        }
        let message = if subscription.lang == "bn" {
            bengali
        } else {
            english
        };
        let payload = serde_json::json!({ "title": message.title, "url": message.url }).to_string();
        let body = encrypt(payload.as_bytes(), &subscription.p256dh, &subscription.auth)?;
        let sent = http
            .post(&subscription.endpoint)
            .header("TTL", TTL_SECONDS.to_string())
            .header("Content-Encoding", "aes128gcm")
            .header("Content-Type", "application/octet-stream")
            .header("Urgency", "normal")
            .header(
                "Authorization",
                vapid_header(&key, &subscription.endpoint, contact)?,
            )
            .send(&body[..]);
        match sent.map(|response| response.status().as_u16()) {
            Ok(404 | 410) => {
                let conn = pool.get()?;
                db::push_subscriptions::remove(&conn, &subscription.endpoint)?;
                log::info!("push subscription {} is gone: dropped", subscription.id);
            }
            Ok(status) if (200..300).contains(&status) => {}
            Ok(status) => log::warn!(
                "push subscription {}: the service answered {status}",
                subscription.id
            ),
            Err(err) => log::warn!("push subscription {}: {err}", subscription.id),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_known_push_services_or_the_named_ones_are_allowed() {
        let none: Vec<String> = Vec::new();
        assert!(allowed("https://fcm.googleapis.com/fcm/send/abc", &none));
        assert!(allowed(
            "https://updates.push.services.mozilla.com/wpush/v2/x",
            &none
        ));
        assert!(allowed("https://web.push.apple.com/QGx", &none));
        assert!(allowed("https://db5p.notify.windows.com/w/?token=x", &none));
        for bad in [
            "http://fcm.googleapis.com/fcm/send/abc",
            "https://fcm.googleapis.com:8443/x",
            "https://evil.example/fcm.googleapis.com/",
            "https://fcm.googleapis.com.evil.example/x",
            "https://user@fcm.googleapis.com/x",
            "https://169.254.169.254/latest/meta-data",
            "http://127.0.0.1:8080/push",
            "not a url",
        ] {
            assert!(!allowed(bad, &none), "{bad}");
        }
        let test = vec!["http://127.0.0.1:9999/push/".to_owned()];
        assert!(allowed("http://127.0.0.1:9999/push/abc", &test));
        assert!(!allowed("http://127.0.0.1:9998/push/abc", &test));
    }
}

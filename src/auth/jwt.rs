//! HS256 session tokens carrying `sub`, `iat`, `exp` and `ver` (the user's token version).

use crate::db;
use crate::error::ApiError;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use std::time::{SystemTime, UNIX_EPOCH};

/// How long a login lasts.
pub const SESSION_SECONDS: u64 = 7 * 24 * 60 * 60;

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    iat: u64,
    exp: u64,
    ver: i64,
}

/// Who a valid token speaks for; still to be checked against the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenSubject {
    pub user_id: i64,
    pub version: i64,
    /// When it was issued (Unix seconds).
    pub issued_at: i64,
}

fn now() -> Result<u64, ApiError> {
    Ok(SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_err(ApiError::internal)?
        .as_secs())
}

pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl JwtKeys {
    pub fn from_secret(secret: &[u8]) -> JwtKeys {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub", "iat"]);
        JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
        }
    }

    pub fn issue(&self, user_id: i64, version: i64) -> Result<String, ApiError> {
        let iat = now()?;
        let claims = Claims {
            sub: user_id.to_string(),
            iat,
            exp: iat + SESSION_SECONDS,
            ver: version,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(ApiError::internal)
    }

    /// `None` for a token that is malformed, forged, expired or of another algorithm. A session
    /// lasts [`SESSION_SECONDS`] from `iat` whatever `exp` says, and is never issued in the future.
    pub fn verify(&self, token: &str) -> Option<TokenSubject> {
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .ok()?
            .claims;
        let now = now().ok()?;
        if claims.iat > now || now >= claims.iat.saturating_add(SESSION_SECONDS) {
            return None;
        }
        Some(TokenSubject {
            user_id: claims.sub.parse().ok()?,
            version: claims.ver,
            issued_at: i64::try_from(claims.iat).ok()?,
        })
    }
}

/// The signing secret: `JYOTI_JWT_SECRET` when set, else one generated at first start and kept
/// in the database so sessions survive a restart.
pub fn load_secret(conn: &rusqlite::Connection) -> Result<Vec<u8>, String> {
    if let Ok(secret) = std::env::var("JYOTI_JWT_SECRET") {
        if secret.len() < 32 {
            return Err("JYOTI_JWT_SECRET must be at least 32 characters long".into());
        }
        return Ok(secret.into_bytes());
    }
    db::settings::get_or_insert(conn, SECRET_KEY, &fresh_secret()?)
        .map(String::into_bytes)
        .map_err(|e| format!("cannot read the session secret from the database: {e}"))
}

/// Where the generated secret is kept in `settings`.
const SECRET_KEY: &str = "jwt_secret";

fn fresh_secret() -> Result<String, String> {
    let mut random = [0u8; 32];
    getrandom::fill(&mut random).map_err(|e| format!("cannot make a random secret: {e}"))?;
    Ok(crate::conditional::hex(&random))
}

/// Replaces the kept secret with a new one: every token signed with the old one stops working.
/// (A leaked backup holds the secret; rotating it makes the backup's copy worthless.)
pub fn rotate_secret(conn: &rusqlite::Connection) -> Result<(), String> {
    db::settings::set(conn, SECRET_KEY, &fresh_secret()?)
        .map_err(|e| format!("cannot store the new session secret: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_round_trips_and_a_forged_one_does_not() {
        let keys = JwtKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let token = keys.issue(7, 3).unwrap();
        let subject = keys.verify(&token).expect("a valid token");
        assert_eq!((subject.user_id, subject.version), (7, 3));
        assert!((now().unwrap() as i64 - subject.issued_at).abs() <= 1);
        let other = JwtKeys::from_secret(b"another secret another secret 00");
        assert_eq!(other.verify(&token), None);
        assert_eq!(keys.verify("not.a.token"), None);
    }

    #[test]
    fn an_expired_token_is_refused() {
        let keys = JwtKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let claims = Claims {
            sub: "1".into(),
            iat: 1,
            exp: 2,
            ver: 0,
        };
        let token =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).unwrap();
        assert_eq!(keys.verify(&token), None);
    }

    fn signed(keys: &JwtKeys, iat: u64, exp: u64) -> String {
        let claims = Claims {
            sub: "1".into(),
            iat,
            exp,
            ver: 0,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).unwrap()
    }

    #[test]
    fn a_session_ends_a_week_after_it_began_whatever_its_exp_says() {
        let keys = JwtKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let now = now().unwrap();
        let old = now - SESSION_SECONDS - 1;
        assert_eq!(keys.verify(&signed(&keys, old, now + 3650 * 86_400)), None);
        assert_eq!(
            keys.verify(&signed(&keys, now + 3600, now + 7200)),
            None,
            "issued in the future"
        );
        assert!(keys
            .verify(&signed(&keys, now - 60, now + 86_400))
            .is_some());
    }
}

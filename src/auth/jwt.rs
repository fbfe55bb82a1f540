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
        let iat = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_err(ApiError::internal)?
            .as_secs();
        let claims = Claims {
            sub: user_id.to_string(),
            iat,
            exp: iat + SESSION_SECONDS,
            ver: version,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(ApiError::internal)
    }

    /// `None` for a token that is malformed, forged, expired or of another algorithm.
    pub fn verify(&self, token: &str) -> Option<TokenSubject> {
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .ok()?
            .claims;
        Some(TokenSubject {
            user_id: claims.sub.parse().ok()?,
            version: claims.ver,
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
    let mut random = [0u8; 32];
    getrandom::fill(&mut random).map_err(|e| format!("cannot make a random secret: {e}"))?;
    let fresh = crate::conditional::hex(&random);
    db::settings::get_or_insert(conn, "jwt_secret", &fresh)
        .map(String::into_bytes)
        .map_err(|e| format!("cannot read the session secret from the database: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_round_trips_and_a_forged_one_does_not() {
        let keys = JwtKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let token = keys.issue(7, 3).unwrap();
        assert_eq!(
            keys.verify(&token),
            Some(TokenSubject {
                user_id: 7,
                version: 3
            })
        );
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
}

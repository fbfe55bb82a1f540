//! Passkeys: the relying party's side of WebAuthn (Level 2) — checking what a browser's
//! authenticator made (a new key) or signed (a sign-in). Attestation is not asked for ("none"):
//! the site trusts any authenticator its owner chooses, so only the key and the ceremony are
//! checked. Signatures are checked with ring (ES256, EdDSA, RS256), CBOR read by ciborium.

use ciborium::Value;
use data_encoding::BASE64URL_NOPAD;
use ring::signature;
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// COSE algorithm numbers the site accepts, in the order it prefers them.
pub const ES256: i64 = -7;
pub const EDDSA: i64 = -8;
pub const RS256: i64 = -257;
pub const ALGORITHMS: [i64; 3] = [ES256, EDDSA, RS256];

/// Flags of the authenticator data (WebAuthn §6.1).
const USER_PRESENT: u8 = 0x01;
const USER_VERIFIED: u8 = 0x04;
const ATTESTED_DATA: u8 = 0x40;

/// Why a ceremony failed; the handler answers one sentence whatever the reason.
#[derive(Debug)]
pub struct Refused(pub &'static str);

/// The part of `clientDataJSON` the site checks.
#[derive(Deserialize)]
struct ClientData {
    #[serde(rename = "type")]
    kind: String,
    challenge: String,
    origin: String,
}

/// A new passkey as the authenticator made it.
#[derive(Debug)]
pub struct NewKey {
    pub credential_id: Vec<u8>,
    /// The COSE key, as the authenticator wrote it.
    pub public_key: Vec<u8>,
    pub algorithm: i64,
    pub sign_count: u32,
}

/// What a sign-in proved: the authenticator's counter now.
#[derive(Debug)]
pub struct Signed {
    pub sign_count: u32,
    pub user_verified: bool,
}

pub fn decode(text: &str) -> Result<Vec<u8>, Refused> {
    BASE64URL_NOPAD
        .decode(text.trim_end_matches('=').as_bytes())
        .map_err(|_| Refused("a value is not base64url"))
}

pub fn encode(bytes: &[u8]) -> String {
    BASE64URL_NOPAD.encode(bytes)
}

/// Whether `origin` (the page the browser was on) belongs to `rp_id`: the same host or a
/// subdomain of it, over HTTPS (or plain HTTP on localhost, as browsers allow).
pub fn origin_fits(origin: &str, rp_id: &str) -> bool {
    let Ok(url) = url::Url::parse(origin) else {
        return false;
    };
    let Some(host) = url.host_str() else {
        return false;
    };
    let host_fits = host == rp_id || host.ends_with(&format!(".{rp_id}"));
    let secure = url.scheme() == "https" || (url.scheme() == "http" && host == "localhost");
    host_fits && secure
}

/// Checks `clientDataJSON`: the ceremony, our challenge, a page of the relying party.
fn check_client_data(
    json: &[u8],
    kind: &str,
    challenge: &[u8],
    rp_id: &str,
) -> Result<(), Refused> {
    let data: ClientData =
        serde_json::from_slice(json).map_err(|_| Refused("the browser's answer is not JSON"))?;
    if data.kind != kind {
        return Err(Refused("the browser answered another ceremony"));
    }
    let sent = decode(&data.challenge)?;
    if !bool::from(subtle::ConstantTimeEq::ct_eq(sent.as_slice(), challenge)) {
        return Err(Refused("the answer is not to this challenge"));
    }
    if !origin_fits(&data.origin, rp_id) {
        return Err(Refused("the answer came from another site"));
    }
    Ok(())
}

/// The authenticator data's fixed head: the relying party's hash, the flags, the counter.
fn check_head(auth_data: &[u8], rp_id: &str) -> Result<(u8, u32), Refused> {
    if auth_data.len() < 37 {
        return Err(Refused("the authenticator data is too short"));
    }
    let rp_hash = Sha256::digest(rp_id.as_bytes());
    if auth_data[..32] != rp_hash[..] {
        return Err(Refused("the key is for another site"));
    }
    let flags = auth_data[32];
    if flags & USER_PRESENT == 0 {
        return Err(Refused("nobody was present at the authenticator"));
    }
    let count = u32::from_be_bytes([auth_data[33], auth_data[34], auth_data[35], auth_data[36]]);
    Ok((flags, count))
}

fn map_get<'a>(map: &'a [(Value, Value)], key: &Value) -> Option<&'a Value> {
    map.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// Checks a registration: `clientDataJSON` and `attestationObject` for `challenge` on `rp_id`.
pub fn check_registration(
    client_data_json: &[u8],
    attestation_object: &[u8],
    challenge: &[u8],
    rp_id: &str,
) -> Result<NewKey, Refused> {
    check_client_data(client_data_json, "webauthn.create", challenge, rp_id)?;
    let object: Value = ciborium::from_reader(attestation_object)
        .map_err(|_| Refused("the attestation is not CBOR"))?;
    let map = object
        .as_map()
        .ok_or(Refused("the attestation is not a map"))?;
    let auth_data = map_get(map, &Value::Text("authData".into()))
        .and_then(Value::as_bytes)
        .ok_or(Refused("the attestation has no authenticator data"))?;
    let (flags, sign_count) = check_head(auth_data, rp_id)?;
    if flags & ATTESTED_DATA == 0 {
        return Err(Refused("the authenticator made no key"));
    }
    let rest = &auth_data[37..];
    if rest.len() < 18 {
        return Err(Refused("the key's data is too short"));
    }
    let id_length = u16::from_be_bytes([rest[16], rest[17]]) as usize;
    let rest = &rest[18..];
    if rest.len() < id_length || id_length == 0 || id_length > 1023 {
        return Err(Refused("the key's id is malformed"));
    }
    let (credential_id, mut key_bytes) = rest.split_at(id_length);
    let before = key_bytes.len();
    let key: Value =
        ciborium::from_reader(&mut key_bytes).map_err(|_| Refused("the public key is not CBOR"))?;
    let public_key = rest[id_length..id_length + (before - key_bytes.len())].to_vec();
    let algorithm = PublicKey::from_cose(&key)?.algorithm();
    Ok(NewKey {
        credential_id: credential_id.to_vec(),
        public_key,
        algorithm,
        sign_count,
    })
}

/// Checks a sign-in: the signature of `authenticator_data ‖ SHA-256(clientDataJSON)` by the stored
/// COSE key, for `challenge` on the key's `rp_id`, and the counter moving on from `stored_count`.
pub fn check_assertion(
    client_data_json: &[u8],
    authenticator_data: &[u8],
    signature_bytes: &[u8],
    stored_key: &[u8],
    stored_count: u32,
    challenge: &[u8],
    rp_id: &str,
) -> Result<Signed, Refused> {
    check_client_data(client_data_json, "webauthn.get", challenge, rp_id)?;
    let (flags, sign_count) = check_head(authenticator_data, rp_id)?;
    let key: Value =
        ciborium::from_reader(stored_key).map_err(|_| Refused("the stored key is unreadable"))?;
    let key = PublicKey::from_cose(&key)?;
    let mut signed = authenticator_data.to_vec();
    signed.extend_from_slice(&Sha256::digest(client_data_json));
    key.verify(&signed, signature_bytes)?;
    // A counter that does not move on means a copy of the authenticator (§6.1.1); both zero is an
    // authenticator without one.
    if (sign_count != 0 || stored_count != 0) && sign_count <= stored_count {
        return Err(Refused(
            "the authenticator's counter went back: it may be a copy",
        ));
    }
    Ok(Signed {
        sign_count,
        user_verified: flags & USER_VERIFIED != 0,
    })
}

/// A COSE public key of an algorithm the site accepts.
enum PublicKey {
    Es256(Vec<u8>),
    EdDsa(Vec<u8>),
    Rs256 { n: Vec<u8>, e: Vec<u8> },
}

impl PublicKey {
    fn from_cose(key: &Value) -> Result<PublicKey, Refused> {
        let map = key.as_map().ok_or(Refused("the public key is not a map"))?;
        let int = |label: i64| map_get(map, &Value::Integer(label.into()));
        let number = |label: i64| {
            int(label)
                .and_then(Value::as_integer)
                .and_then(|i| i64::try_from(i).ok())
        };
        let bytes = |label: i64| int(label).and_then(Value::as_bytes).cloned();
        let unsupported = Refused("the key's algorithm is not one the site accepts");
        match (number(1), number(3)) {
            // EC2, P-256.
            (Some(2), Some(ES256)) if number(-1) == Some(1) => {
                let (Some(x), Some(y)) = (bytes(-2), bytes(-3)) else {
                    return Err(Refused("the key has no point"));
                };
                if x.len() != 32 || y.len() != 32 {
                    return Err(Refused("the key's point is malformed"));
                }
                let mut point = vec![4u8];
                point.extend_from_slice(&x);
                point.extend_from_slice(&y);
                Ok(PublicKey::Es256(point))
            }
            // OKP, Ed25519.
            (Some(1), Some(EDDSA)) if number(-1) == Some(6) => match bytes(-2) {
                Some(x) if x.len() == 32 => Ok(PublicKey::EdDsa(x)),
                _ => Err(Refused("the key is malformed")),
            },
            (Some(3), Some(RS256)) => match (bytes(-1), bytes(-2)) {
                (Some(n), Some(e)) if n.len() >= 256 => Ok(PublicKey::Rs256 { n, e }),
                _ => Err(Refused("the key is malformed")),
            },
            _ => Err(unsupported),
        }
    }

    fn algorithm(&self) -> i64 {
        match self {
            PublicKey::Es256(_) => ES256,
            PublicKey::EdDsa(_) => EDDSA,
            PublicKey::Rs256 { .. } => RS256,
        }
    }

    fn verify(&self, message: &[u8], signature_bytes: &[u8]) -> Result<(), Refused> {
        let bad = |_| Refused("the signature does not match the key");
        match self {
            PublicKey::Es256(point) => {
                signature::UnparsedPublicKey::new(&signature::ECDSA_P256_SHA256_ASN1, point)
                    .verify(message, signature_bytes)
                    .map_err(bad)
            }
            PublicKey::EdDsa(x) => signature::UnparsedPublicKey::new(&signature::ED25519, x)
                .verify(message, signature_bytes)
                .map_err(bad),
            PublicKey::Rs256 { n, e } => signature::RsaPublicKeyComponents { n, e }
                .verify(
                    &signature::RSA_PKCS1_2048_8192_SHA256,
                    message,
                    signature_bytes,
                )
                .map_err(bad),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring::rand::SystemRandom;
    use ring::signature::{EcdsaKeyPair, KeyPair, ECDSA_P256_SHA256_ASN1_SIGNING};

    /// A software authenticator: a P-256 key made by ring, its COSE form written by hand.
    struct Authenticator {
        pair: EcdsaKeyPair,
        rng: SystemRandom,
    }

    impl Authenticator {
        fn new() -> Authenticator {
            let rng = SystemRandom::new();
            let pkcs8 =
                EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, &rng).unwrap();
            let pair =
                EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, pkcs8.as_ref(), &rng)
                    .unwrap();
            Authenticator { pair, rng }
        }

        fn cose(&self) -> Vec<u8> {
            let point = self.pair.public_key().as_ref();
            let key = Value::Map(vec![
                (Value::Integer(1.into()), Value::Integer(2.into())),
                (Value::Integer(3.into()), Value::Integer((-7).into())),
                (Value::Integer((-1).into()), Value::Integer(1.into())),
                (
                    Value::Integer((-2).into()),
                    Value::Bytes(point[1..33].to_vec()),
                ),
                (
                    Value::Integer((-3).into()),
                    Value::Bytes(point[33..].to_vec()),
                ),
            ]);
            let mut out = Vec::new();
            ciborium::into_writer(&key, &mut out).unwrap();
            out
        }

        fn head(rp_id: &str, flags: u8, count: u32) -> Vec<u8> {
            let mut data = Sha256::digest(rp_id.as_bytes()).to_vec();
            data.push(flags);
            data.extend_from_slice(&count.to_be_bytes());
            data
        }

        fn attestation(&self, rp_id: &str, id: &[u8]) -> Vec<u8> {
            let mut data = Self::head(rp_id, USER_PRESENT | USER_VERIFIED | ATTESTED_DATA, 0);
            data.extend_from_slice(&[0u8; 16]);
            data.extend_from_slice(&(id.len() as u16).to_be_bytes());
            data.extend_from_slice(id);
            data.extend_from_slice(&self.cose());
            let object = Value::Map(vec![
                (Value::Text("fmt".into()), Value::Text("none".into())),
                (Value::Text("attStmt".into()), Value::Map(vec![])),
                (Value::Text("authData".into()), Value::Bytes(data)),
            ]);
            let mut out = Vec::new();
            ciborium::into_writer(&object, &mut out).unwrap();
            out
        }

        fn sign(&self, data: &[u8], client: &[u8]) -> Vec<u8> {
            let mut message = data.to_vec();
            message.extend_from_slice(&Sha256::digest(client));
            self.pair
                .sign(&self.rng, &message)
                .unwrap()
                .as_ref()
                .to_vec()
        }
    }

    fn client(kind: &str, challenge: &[u8], origin: &str) -> Vec<u8> {
        serde_json::json!({ "type": kind, "challenge": encode(challenge), "origin": origin })
            .to_string()
            .into_bytes()
    }

    #[test]
    fn a_key_is_registered_then_signs_in_once_per_counter() {
        let key = Authenticator::new();
        let challenge = b"0123456789abcdef0123456789abcdef";
        let made = check_registration(
            &client("webauthn.create", challenge, "https://jyoti.example"),
            &key.attestation("jyoti.example", b"credential-1"),
            challenge,
            "jyoti.example",
        )
        .unwrap();
        assert_eq!(made.credential_id, b"credential-1");
        assert_eq!(made.algorithm, ES256);

        let data = Authenticator::head("jyoti.example", USER_PRESENT | USER_VERIFIED, 5);
        let json = client("webauthn.get", challenge, "https://jyoti.example");
        let signature = key.sign(&data, &json);
        let check = |stored: u32, challenge: &[u8], rp: &str| {
            check_assertion(
                &json,
                &data,
                &signature,
                &made.public_key,
                stored,
                challenge,
                rp,
            )
        };
        let signed = check(0, challenge, "jyoti.example").unwrap();
        assert_eq!(signed.sign_count, 5);
        assert!(signed.user_verified);
        // The same counter again is a copy; another challenge, another site: refused.
        assert!(check(5, challenge, "jyoti.example").is_err());
        assert!(check(0, b"another challenge", "jyoti.example").is_err());
        assert!(check(0, challenge, "evil.example").is_err());
        // Another key's signature.
        let other = Authenticator::new();
        let forged = other.sign(&data, &json);
        assert!(check_assertion(
            &json,
            &data,
            &forged,
            &made.public_key,
            0,
            challenge,
            "jyoti.example"
        )
        .is_err());
    }

    #[test]
    fn a_registration_from_another_page_or_ceremony_is_refused() {
        let key = Authenticator::new();
        let challenge = b"challenge-challenge-challenge-32";
        let object = key.attestation("jyoti.example", b"id");
        let from = |kind: &str, origin: &str| {
            check_registration(
                &client(kind, challenge, origin),
                &object,
                challenge,
                "jyoti.example",
            )
        };
        assert!(from("webauthn.create", "https://phish.example").is_err());
        assert!(from("webauthn.create", "http://jyoti.example").is_err());
        assert!(from("webauthn.get", "https://jyoti.example").is_err());
        assert!(from("webauthn.create", "https://www.jyoti.example").is_ok());
    }

    #[test]
    fn localhost_may_be_plain_http() {
        assert!(origin_fits("http://localhost:8080", "localhost"));
        assert!(!origin_fits("http://127.0.0.1:8080", "127.0.0.1"));
        assert!(!origin_fits("https://notjyoti.example", "jyoti.example"));
    }
}

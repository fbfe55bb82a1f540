//! What the second-factor calls take: codes, tickets, names, and a browser's WebAuthn answer.

use crate::error::ApiError;
use serde::Deserialize;

/// A code from an app (or a recovery code), as typed.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodeRequest {
    pub code: Option<String>,
}

/// The second step of a sign-in: the ticket the password earned, and a code.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecondStepRequest {
    pub ticket: Option<String>,
    pub code: Option<String>,
}

/// The account's password, to confirm a removal.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordRequest {
    pub password: Option<String>,
}

/// A passkey's name.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasskeyNameRequest {
    pub name: Option<String>,
}

/// Nothing, or the ticket of a sign-in's second step.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct TicketRequest {
    pub ticket: Option<String>,
}

/// A browser's `PublicKeyCredential` as JSON (binary values base64url). Browsers add fields of
/// their own (`authenticatorAttachment`, `clientExtensionResults`, `transports`…): ignored.
#[derive(Deserialize)]
pub struct CredentialJson {
    #[serde(rename = "rawId")]
    pub raw_id: String,
    pub response: CredentialResponse,
}

#[derive(Deserialize)]
pub struct CredentialResponse {
    #[serde(rename = "clientDataJSON")]
    pub client_data_json: String,
    #[serde(rename = "attestationObject")]
    pub attestation_object: Option<String>,
    #[serde(rename = "authenticatorData")]
    pub authenticator_data: Option<String>,
    pub signature: Option<String>,
    #[serde(rename = "userHandle")]
    pub user_handle: Option<String>,
}

/// A new passkey: the ceremony's challenge, its name and what the authenticator made.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisterPasskeyRequest {
    #[serde(rename = "challengeId")]
    pub challenge_id: Option<String>,
    pub name: Option<String>,
    pub credential: Option<CredentialJson>,
}

/// A sign-in with a passkey, after the password (with its ticket) or instead of it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasskeySignInRequest {
    #[serde(rename = "challengeId")]
    pub challenge_id: Option<String>,
    pub ticket: Option<String>,
    pub credential: Option<CredentialJson>,
}

/// The longest passkey name.
const NAME_MAX: usize = 60;

/// A passkey's name: one line of 1–60 characters (no text-direction controls).
pub fn passkey_name(name: Option<String>) -> Result<String, ApiError> {
    if name.as_deref().is_none_or(|n| n.trim().is_empty()) {
        return Err(ApiError::field("name", "is required, e.g. \"My phone\""));
    }
    super::text::line(name, NAME_MAX, true).map_err(|why| ApiError::field("name", why))
}

/// A code as typed, bounded before it is looked at.
pub fn typed_code(code: Option<String>) -> Result<String, ApiError> {
    let code = code.unwrap_or_default();
    let code = code.trim();
    if code.is_empty() {
        return Err(ApiError::field("code", "is required"));
    }
    if code.len() > 40
        || !code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ' ')
    {
        return Err(ApiError::field(
            "code",
            "is not a code from your app or a recovery code",
        ));
    }
    Ok(code.to_owned())
}

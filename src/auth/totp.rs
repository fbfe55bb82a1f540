//! Codes from an authenticator app: TOTP as RFC 6238 has it (HMAC-SHA-1, 30-second steps, 6
//! digits), on ring's HMAC, which the server already links.

use data_encoding::BASE32_NOPAD;
use ring::hmac;

/// Seconds in a step: a code changes this often.
pub const STEP_SECONDS: i64 = 30;
/// Digits in a code.
const DIGITS: u32 = 6;
/// Bytes of a new secret (160 bits, the size RFC 4226 recommends).
const SECRET_BYTES: usize = 20;

/// A new random secret.
pub fn new_secret() -> Result<Vec<u8>, getrandom::Error> {
    let mut secret = vec![0u8; SECRET_BYTES];
    getrandom::fill(&mut secret)?;
    Ok(secret)
}

/// The secret as an app's "enter a key" box takes it: base32, no padding.
pub fn secret_text(secret: &[u8]) -> String {
    BASE32_NOPAD.encode(secret)
}

/// The `otpauth://` address an app reads from the QR code.
pub fn uri(secret: &[u8], account: &str) -> String {
    let label: String = percent_encoding::utf8_percent_encode(
        &format!("Jyoti:{account}"),
        percent_encoding::NON_ALPHANUMERIC,
    )
    .collect();
    format!(
        "otpauth://totp/{label}?secret={}&issuer=Jyoti&algorithm=SHA1&digits={DIGITS}&period={STEP_SECONDS}",
        secret_text(secret)
    )
}

/// The step a Unix time falls in.
pub fn step_at(unix_seconds: i64) -> i64 {
    unix_seconds.div_euclid(STEP_SECONDS)
}

/// The code of `step`, `digits` long (RFC 4226's dynamic truncation).
fn code_of(secret: &[u8], step: i64, digits: u32) -> u32 {
    let key = hmac::Key::new(hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY, secret);
    let tag = hmac::sign(&key, &(step as u64).to_be_bytes());
    let mac = tag.as_ref();
    let offset = (mac[mac.len() - 1] & 0x0f) as usize;
    let binary = u32::from_be_bytes([
        mac[offset],
        mac[offset + 1],
        mac[offset + 2],
        mac[offset + 3],
    ]) & 0x7fff_ffff;
    binary % 10u32.pow(digits)
}

/// The six-digit code an app shows during `step`.
pub fn code(secret: &[u8], step: i64) -> String {
    format!("{:06}", code_of(secret, step, DIGITS))
}

/// The step `typed` is the code of, within one step of `now_step` either way and after
/// `last_step` (a code is accepted once). Every candidate is compared, in constant time.
pub fn accepted_step(secret: &[u8], typed: &str, now_step: i64, last_step: i64) -> Option<i64> {
    let typed = typed.trim().replace(' ', "");
    if typed.len() != DIGITS as usize || !typed.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut found = None;
    for step in [now_step - 1, now_step, now_step + 1] {
        let same: bool =
            subtle::ConstantTimeEq::ct_eq(code(secret, step).as_bytes(), typed.as_bytes()).into();
        if same && step > last_step && found.is_none() {
            found = Some(step);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238, appendix B: the SHA-1 rows (eight digits, the 20-byte ASCII secret).
    #[test]
    fn rfc_6238_test_vectors() {
        let secret = b"12345678901234567890";
        let vectors = [
            (59, 94287082),
            (1111111109, 7081804),
            (1111111111, 14050471),
            (1234567890, 89005924),
            (2000000000, 69279037),
            (20000000000, 65353130),
        ];
        for (time, expected) in vectors {
            assert_eq!(code_of(secret, step_at(time), 8), expected, "at {time}");
        }
        // Six digits are the same number's last six.
        assert_eq!(code(secret, step_at(59)), "287082");
        assert_eq!(code(secret, step_at(1111111109)), "081804");
    }

    #[test]
    fn a_code_is_accepted_one_step_either_way_and_once() {
        let secret = b"12345678901234567890";
        let now = step_at(1234567890);
        let before = code(secret, now - 1);
        let after = code(secret, now + 1);
        assert_eq!(accepted_step(secret, &before, now, 0), Some(now - 1));
        assert_eq!(accepted_step(secret, &after, now, 0), Some(now + 1));
        assert_eq!(accepted_step(secret, &code(secret, now - 2), now, 0), None);
        assert_eq!(accepted_step(secret, &code(secret, now + 2), now, 0), None);
        // Used once: not again, nor an older one.
        assert_eq!(accepted_step(secret, &code(secret, now), now, now), None);
        assert_eq!(accepted_step(secret, &before, now, now), None);
        assert_eq!(accepted_step(secret, "12345", now, 0), None);
        assert_eq!(accepted_step(secret, "abcdef", now, 0), None);
    }

    #[test]
    fn the_uri_names_the_account_and_the_secret() {
        let uri = uri(b"12345678901234567890", "a@b.org");
        assert!(uri.starts_with("otpauth://totp/Jyoti%3Aa%40b%2Eorg?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Jyoti"));
    }
}

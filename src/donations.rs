//! Donations by UPI: the payment link a UPI app opens and its QR code, from the Support
//! page's settings (`upiId`, `upiPayee`).

use crate::conditional::{hex, Encoded};
use crate::error::ApiError;
use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use rusqlite::Connection;
use sha2::{Digest, Sha256};

/// What JavaScript's `encodeURIComponent` leaves alone, so the link in the page and the one in
/// the QR code are the same text.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// `upi://pay?pa=ID&pn=PAYEE&cu=INR`: the UPI ID as typed (its characters need no escaping),
/// the payee's name escaped, rupees.
pub fn payment_link(upi_id: &str, payee: &str) -> String {
    format!(
        "upi://pay?pa={upi_id}&pn={}&cu=INR",
        utf8_percent_encode(payee, COMPONENT)
    )
}

/// The payment QR code of the stored UPI ID, ready to send; `None` when no UPI ID is set.
pub fn upi_qr(conn: &mut Connection) -> Result<Option<Encoded>, ApiError> {
    let settings = crate::db::site_settings::all(conn)?;
    let setting = |key: &str| settings.get(key).map(|value| value.trim()).unwrap_or("");
    let upi_id = setting("upiId");
    if upi_id.is_empty() {
        return Ok(None);
    }
    let svg = crate::qr::svg(&payment_link(upi_id, setting("upiPayee")))?;
    Ok(Some(Encoded::new(
        HeaderValue::from_static("image/svg+xml"),
        &hex(&Sha256::digest(svg.as_bytes())[..16]),
        Bytes::from(svg),
        None,
        None,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_payee_is_escaped_like_encode_uri_component_and_the_id_kept() {
        assert_eq!(
            payment_link("jyoti.jgec@sbi", "Jyoti Night School & Co (JGEC)"),
            "upi://pay?pa=jyoti.jgec@sbi&pn=Jyoti%20Night%20School%20%26%20Co%20(JGEC)&cu=INR"
        );
        assert_eq!(
            payment_link("a@b", "জ্যোতি"),
            "upi://pay?pa=a@b&pn=%E0%A6%9C%E0%A7%8D%E0%A6%AF%E0%A7%8B%E0%A6%A4%E0%A6%BF&cu=INR"
        );
    }
}

//! QR codes as SVG pictures: the UPI payment link of the Support page and each certificate's
//! verify link.

use crate::error::ApiError;
use qrcode::render::svg;
use qrcode::QrCode;

/// The QR code of `text` (error correction level M) with crisp square modules and a quiet zone.
pub fn svg(text: &str) -> Result<String, ApiError> {
    let code = QrCode::new(text.as_bytes()).map_err(ApiError::internal)?;
    Ok(code
        .render::<svg::Color>()
        .min_dimensions(256, 256)
        .quiet_zone(true)
        .build())
}

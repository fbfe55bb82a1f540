//! The UPI payment QR code of the Support page.

use crate::error::ApiError;
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};

/// The QR code of the UPI payment link (revalidated, so a changed UPI ID shows at once); 404
/// while no UPI ID is set.
pub(super) async fn upi_qr(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    match &*state.upi_qr.get(&state.pool).await? {
        Some(qr) => Ok(qr.respond(&req, StatusCode::OK, "no-cache")),
        None => Err(ApiError::NotFound("No UPI ID is set")),
    }
}

//! Certificates: public lookup by number, admin list and writes.

use super::calls::Record;
use crate::auth::extractors::ClientIp;
use crate::db::certificates::Certificate;
use crate::domain::CertNumber;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

impl Record for Certificate {
    const NOT_FOUND: &'static str = "Certificate not found";
}

pub(super) async fn lookup(
    state: web::Data<AppState>,
    ip: ClientIp,
    number: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state.limits.certificate_lookups.hit(ip.0)?;
    let number =
        CertNumber::parse_text(&number).map_err(|why| ApiError::field("certinumber", why))?;
    let names = state.certificate_names.get(&state.pool).await?;
    let name = names
        .get(&number.get())
        .ok_or(ApiError::NotFound("No Certificates Found"))?;
    Ok(HttpResponse::Ok().json(json!({ "name": name, "certinumber": number.get() })))
}

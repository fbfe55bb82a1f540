//! Certificates: public lookup by number, admin list and writes, and each certificate's QR code.

use super::calls::{PathId, Record};
use crate::auth::extractors::ClientIp;
use crate::auth::AdminUser;
use crate::db::{self, certificates::Certificate};
use crate::domain::CertNumber;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use serde_json::json;

impl Record for Certificate {
    const NOT_FOUND: &'static str = "Certificate not found";
}

/// `{name, certinumber}` as the spec has it, plus `event` and `issuedOn` when the certificate
/// names them and `revokedOn` when it was revoked: a revoked certificate is still found (200)
/// so that the page can say since when it is void, and a client must treat `revokedOn` as
/// "not valid".
pub(super) async fn lookup(
    state: web::Data<AppState>,
    ip: ClientIp,
    number: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state.limits.certificate_lookups.hit(ip.0)?;
    let number =
        CertNumber::parse_text(&number).map_err(|why| ApiError::field("certinumber", why))?;
    let holders = state.certificate_names.get(&state.pool).await?;
    let holder = holders
        .get(&number.get())
        .ok_or(ApiError::NotFound("No Certificates Found"))?;
    let mut answer = json!({ "name": holder.name, "certinumber": number.get() });
    if !holder.event.is_empty() {
        answer["event"] = json!(holder.event);
    }
    if let Some(date) = &holder.issued_on {
        answer["issuedOn"] = json!(date);
    }
    if let Some(date) = &holder.revoked_on {
        answer["revokedOn"] = json!(date);
    }
    Ok(HttpResponse::Ok().json(answer))
}

/// The link a certificate's QR code carries: the site's public address (from `--domain`, else
/// the stored site address), never the request's Host header.
pub fn verify_link(site: &str, number: i64) -> String {
    format!("{}/verify/{number}", site.trim_end_matches('/'))
}

/// The certificate's QR code as SVG, pointing at its verify link; 409 while no site address is
/// known, since a relative link in a printed code would lead nowhere.
pub(super) async fn qr_svg(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Certificate>,
) -> Result<HttpResponse, ApiError> {
    let mailer = state.mail.clone();
    let key = id.get();
    let (certificate, site) = db::run(&state.pool, move |conn| {
        Ok((
            db::certificates::find(conn, key)?,
            mailer.setup(conn)?.site_address,
        ))
    })
    .await?;
    let certificate = id.found(certificate)?;
    let site = site.ok_or_else(|| {
        ApiError::Conflict(
            "The site address is not set: set it on the Email screen, then the QR code can point at the certificate's page".into(),
        )
    })?;
    let code = qrcode::QrCode::with_error_correction_level(
        verify_link(&site, certificate.certinumber),
        qrcode::EcLevel::M,
    )
    .map_err(ApiError::internal)?;
    let svg = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(256, 256)
        .quiet_zone(true)
        .build();
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml")
        // Admin-only, and it changes with the site address: never kept by shared caches.
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .body(svg))
}

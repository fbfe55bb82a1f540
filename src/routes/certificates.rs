//! Certificates: public lookup by number, admin list and writes, and each certificate's QR code.

use super::calls::{record, PathId};
use crate::access::StaffUser;
use crate::access::{ClientIp, Query};
use crate::db::{self, certificates::Certificate};
use crate::domain::certificate_import::MAX_BYTES;
use crate::domain::CertNumber;
use crate::download::{attachment, produced};
use crate::error::ApiError;
use crate::export::{certificate_row, certificates_header};
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

record!(Certificate, "Certificate not found", Certificate);

/// `{name, certinumber}` as the spec has it, plus `event` and `issuedOn` when the certificate
/// names them (`bn.event` when its event has a Bengali), and `revokedOn` when it was revoked: a revoked certificate is still found (200)
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
    if let Some(event) = &holder.event_bn {
        answer["bn"] = json!({ "event": event });
    }
    if let Some(date) = &holder.issued_on {
        answer["issuedOn"] = json!(date);
    }
    if let Some(date) = &holder.revoked_on {
        answer["revokedOn"] = json!(date);
    }
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(serde::Deserialize)]
pub(super) struct ImportQuery {
    #[serde(rename = "dryRun", default)]
    dry_run: bool,
}

/// A batch of certificates from a CSV file (the body, UTF-8): with `?dryRun=true` only checked,
/// else added all at once or not at all. 200 `{rows, imported, errors: [{line, column,
/// message}]}` (with errors, nothing was imported and the commit answers 400 with them);
/// 400 `{message}` for a file that cannot be read; 413 over 1 MB.
pub(super) async fn import(
    staff: StaffUser,
    state: web::Data<AppState>,
    query: Query<ImportQuery>,
    mut payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    use futures_util::StreamExt;
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| ApiError::BadRequest("The file could not be read".into()))?;
        if body.len() + chunk.len() > MAX_BYTES {
            return Ok(HttpResponse::PayloadTooLarge().json(
                json!({ "message": "The file is larger than 1 MB: split it into smaller files" }),
            ));
        }
        body.extend_from_slice(&chunk);
    }
    let Ok(text) = String::from_utf8(body.to_vec()) else {
        return Ok(HttpResponse::BadRequest()
            .json(json!({ "message": "The file is not UTF-8 text: save it from the spreadsheet as CSV UTF-8" })));
    };
    let dry_run = query.dry_run;
    let checked = db::run_as(&state.pool, staff.trail(), move |conn| {
        db::certificates::import(conn, &text, dry_run)
    })
    .await?;
    let checked = match checked {
        Ok(checked) => checked,
        Err(why) => {
            return Ok(HttpResponse::BadRequest()
                .json(json!({ "message": format!("The file cannot be imported: {why}") })))
        }
    };
    let failed = !checked.errors.is_empty();
    let imported = if dry_run || failed {
        0
    } else {
        checked.certificates.len()
    };
    let answer = json!({ "rows": checked.rows, "imported": imported, "errors": checked.errors });
    if failed && !dry_run {
        let mut answer = answer;
        answer["message"] = json!("Nothing was imported: the file has rows with errors");
        return Ok(HttpResponse::BadRequest().json(answer));
    }
    Ok(HttpResponse::Ok().json(answer))
}

/// `{"certinumber": N}`: the number after the highest issued, which the Create form offers.
pub(super) async fn next_number(
    staff: StaffUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let next = db::run_as(&state.pool, staff.trail(), |conn| {
        db::certificates::next_number(conn)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(json!({ "certinumber": next })))
}

/// Every certificate as a CSV download in number order, written row by row as it is sent.
pub(super) async fn csv(
    _: StaffUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let filename = format!("jyoti-certificates-{}.csv", db::backup::stamp());
    let rows = produced(state.pool.clone(), false, move |conn, write| {
        if write(certificates_header()) {
            db::certificates::for_each(conn, |certificate| write(certificate_row(certificate)))?;
        }
        Ok(())
    });
    Ok(attachment("text/csv; charset=utf-8", &filename).streaming(rows))
}

/// The link a certificate's QR code carries: the site's public address (from `--domain`, else
/// the stored site address), never the request's Host header.
pub fn verify_link(site: &str, number: i64) -> String {
    format!("{}/verify/{number}", site.trim_end_matches('/'))
}

/// The header of a certificate's QR code that carries the link the code holds.
const VERIFY_LINK: &str = "x-verify-link";

/// The certificate's QR code as SVG, pointing at its verify link (also in `X-Verify-Link`); 409 while no site address is
/// known, since a relative link in a printed code would lead nowhere.
pub(super) async fn qr_svg(
    staff: StaffUser,
    state: web::Data<AppState>,
    id: PathId<Certificate>,
) -> Result<HttpResponse, ApiError> {
    let mailer = state.mail.clone();
    let key = id.get();
    let (certificate, site) = db::run_as(&state.pool, staff.trail(), move |conn| {
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
    let link = verify_link(&site, certificate.certinumber);
    let svg = crate::qr::svg(&link)?;
    // The link in text too, for the printed page beside the code.
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header((VERIFY_LINK, link))
        .body(svg))
}

//! Certificates: public lookup by number, admin list and writes.

use super::{delete, get, post, Call, PathId, Record};
use crate::auth::extractors::ClientIp;
use crate::auth::AdminUser;
use crate::db::{self, certificates::Certificate};
use crate::domain::{CertNumber, CertificateRequest, NewCertificate};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn calls() -> Vec<Call> {
    vec![
        get("/certificate/get_certificate/{number}", lookup),
        get("/admin/display_certificate", list),
        post("/admin/post_certificate", create),
        delete("/admin/delete_certificate/{id}", remove),
    ]
}

impl Record for Certificate {
    const NOT_FOUND: &'static str = "Certificate not found";
}

async fn lookup(
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

async fn list(_: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let certificates = db::run(&state.pool, |conn| db::certificates::list(conn)).await?;
    Ok(HttpResponse::Ok().json(certificates))
}

async fn create(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<CertificateRequest>,
) -> Result<HttpResponse, ApiError> {
    let certificate = NewCertificate::parse(body.into_inner())?;
    let certificate = db::run(&state.pool, move |conn| {
        db::certificates::insert(conn, &certificate)
    })
    .await?;
    Ok(HttpResponse::Created().json(certificate))
}

async fn remove(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Certificate>,
) -> Result<HttpResponse, ApiError> {
    let deleted = db::run(&state.pool, move |conn| {
        db::certificates::delete(conn, id.get())
    })
    .await?;
    id.done(deleted, "Certificate Deleted")
}

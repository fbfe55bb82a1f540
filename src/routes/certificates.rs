//! Certificates: public lookup by number, admin list and writes.

use crate::auth::extractors::ClientIp;
use crate::auth::AdminUser;
use crate::db;
use crate::domain::{CertNumber, CertificateRequest, Id, NewCertificate};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/certificate/get_certificate/{number}").route(web::get().to(lookup)),
    )
    .service(web::resource("/admin/display_certificate").route(web::get().to(list)))
    .service(web::resource("/admin/post_certificate").route(web::post().to(create)))
    .service(web::resource("/admin/delete_certificate/{id}").route(web::delete().to(delete)));
}

const NOT_FOUND: &str = "No Certificates Found";

async fn lookup(
    state: web::Data<AppState>,
    ip: ClientIp,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state.limits.certificate_lookups.hit(ip.0)?;
    let number =
        CertNumber::parse_text(&path).map_err(|why| ApiError::field("certinumber", why))?;
    let names = state
        .certificate_names
        .get(|| async {
            let list = db::run(&state.pool, |conn| db::certificates::list(conn)).await?;
            Ok(list.into_iter().map(|c| (c.certinumber, c.name)).collect())
        })
        .await?;
    let name = names
        .get(&number.get())
        .ok_or(ApiError::NotFound(NOT_FOUND))?;
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
    .await;
    state.certificate_names.invalidate();
    let certificate = certificate?;
    Ok(HttpResponse::Created().json(certificate))
}

async fn delete(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let not_found = ApiError::NotFound("Certificate not found");
    let Some(id) = Id::parse(&path) else {
        return Err(not_found);
    };
    let deleted = db::run(&state.pool, move |conn| {
        db::certificates::delete(conn, id.get())
    })
    .await;
    state.certificate_names.invalidate();
    if deleted? {
        Ok(HttpResponse::Ok().json(json!({ "msg": "Certificate Deleted" })))
    } else {
        Err(not_found)
    }
}

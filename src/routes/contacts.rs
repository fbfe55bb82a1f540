//! The contact form and the admin list of its messages.

use crate::auth::extractors::ClientIp;
use crate::auth::AdminUser;
use crate::db;
use crate::domain::{ContactRequest, Id, NewContact};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/form/contact").route(web::post().to(create)))
        .service(web::resource("/admin/contacts").route(web::get().to(list)))
        .service(web::resource("/admin/contacts_delete/{id}").route(web::delete().to(delete)));
}

async fn create(state: web::Data<AppState>, ip: ClientIp, body: web::Json<ContactRequest>) -> Result<HttpResponse, ApiError> {
    state.limits.contacts.check(ip.0)?;
    let contact = NewContact::parse(body.into_inner())?;
    state.limits.contacts.record(ip.0);
    let contact = db::run(&state.pool, move |conn| db::contacts::insert(conn, &contact)).await?;
    Ok(HttpResponse::Created().json(contact))
}

async fn list(_: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let contacts = db::run(&state.pool, |conn| db::contacts::list(conn)).await?;
    Ok(HttpResponse::Ok().json(contacts))
}

async fn delete(_: AdminUser, state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let not_found = ApiError::NotFound("Contact not found");
    let Some(id) = Id::parse(&path) else { return Err(not_found) };
    if db::run(&state.pool, move |conn| db::contacts::delete(conn, id.get())).await? {
        Ok(HttpResponse::Ok().json(json!({ "msg": "Contact deleted successfully" })))
    } else {
        Err(not_found)
    }
}

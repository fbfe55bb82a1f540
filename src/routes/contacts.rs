//! The contact form and the admin list of its messages.

use crate::auth::extractors::ClientIp;
use crate::auth::AdminUser;
use crate::db;
use crate::domain::{ContactRequest, Id, NewContact};
use crate::error::ApiError;
use crate::export::csv_row;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/form/contact").route(web::post().to(create)))
        .service(web::resource("/admin/contacts").route(web::get().to(list)))
        .service(web::resource("/admin/contacts/csv").route(web::get().to(csv)))
        .service(web::resource("/admin/contacts_delete/{id}").route(web::delete().to(delete)));
}

async fn create(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: web::Json<ContactRequest>,
) -> Result<HttpResponse, ApiError> {
    state.limits.contacts.check(ip.0)?;
    let contact = NewContact::parse(body.into_inner())?;
    state.limits.contacts.record(ip.0);
    let contact = db::run(&state.pool, move |conn| {
        db::contacts::insert(conn, &contact)
    })
    .await?;
    Ok(HttpResponse::Created().json(contact))
}

async fn list(_: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let contacts = db::run(&state.pool, |conn| db::contacts::list(conn)).await?;
    Ok(HttpResponse::Ok().json(contacts))
}

/// Every message as a CSV download, newest first, for a spreadsheet.
async fn csv(_: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let contacts = db::run(&state.pool, |conn| db::contacts::list(conn)).await?;
    let mut body = csv_row(["Name", "Email", "Telephone", "Rating", "Message", "Sent at"]);
    for c in &contacts {
        let rating = format!("{}star", c.subject.stars());
        body.push_str(&csv_row([
            c.name.as_str(),
            &c.email,
            &c.telephone,
            &rating,
            &c.message,
            &c.created_at,
        ]));
    }
    let filename = format!(
        "attachment; filename=\"jyoti-contacts-{}.csv\"",
        crate::db::backup::stamp()
    );
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((header::CONTENT_DISPOSITION, filename))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body))
}

async fn delete(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let not_found = ApiError::NotFound("Contact not found");
    let Some(id) = Id::parse(&path) else {
        return Err(not_found);
    };
    if db::run(&state.pool, move |conn| {
        db::contacts::delete(conn, id.get())
    })
    .await?
    {
        Ok(HttpResponse::Ok().json(json!({ "msg": "Contact deleted successfully" })))
    } else {
        Err(not_found)
    }
}

//! The contact form and the admin list of its messages.

use super::{delete, get, post, Call, PathId, Record};
use crate::auth::extractors::ClientIp;
use crate::auth::AdminUser;
use crate::db::{self, contacts::Contact};
use crate::domain::{ContactRequest, NewContact};
use crate::download::attachment;
use crate::error::ApiError;
use crate::export::contacts_csv;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

pub fn calls() -> Vec<Call> {
    vec![
        post("/form/contact", create),
        get("/admin/contacts", list),
        get("/admin/contacts/csv", csv),
        delete("/admin/contacts_delete/{id}", remove),
    ]
}

impl Record for Contact {
    const NOT_FOUND: &'static str = "Contact not found";
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
    let filename = format!("jyoti-contacts-{}.csv", db::backup::stamp());
    Ok(attachment("text/csv; charset=utf-8", &filename).body(contacts_csv(&contacts)))
}

async fn remove(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Contact>,
) -> Result<HttpResponse, ApiError> {
    let deleted = db::run(&state.pool, move |conn| {
        db::contacts::delete(conn, id.get())
    })
    .await?;
    id.done(deleted, "Contact deleted successfully")
}

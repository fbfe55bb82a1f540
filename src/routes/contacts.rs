//! The contact form and the admin list of its messages.

use super::calls::Record;
use crate::auth::extractors::ClientIp;
use crate::auth::AdminUser;
use crate::db::{self, contacts::Contact};
use crate::domain::{ContactRequest, NewContact};
use crate::download::attachment;
use crate::error::ApiError;
use crate::export::contacts_csv;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

impl Record for Contact {
    const NOT_FOUND: &'static str = "Contact not found";
}

pub(super) async fn create(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: web::Json<ContactRequest>,
) -> Result<HttpResponse, ApiError> {
    let attempt = state.limits.contacts.reserve(ip.0)?;
    let contact = NewContact::parse(body.into_inner()).inspect_err(|_| attempt.give_back())?;
    let contact = db::run(&state.pool, move |conn| {
        db::contacts::insert(conn, &contact)
    })
    .await?;
    Ok(HttpResponse::Created().json(contact))
}

/// Every message as a CSV download, newest first, for a spreadsheet.
pub(super) async fn csv(
    _: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let contacts = db::run(&state.pool, |conn| db::contacts::list(conn)).await?;
    let filename = format!("jyoti-contacts-{}.csv", db::backup::stamp());
    Ok(attachment("text/csv; charset=utf-8", &filename).body(contacts_csv(&contacts)))
}

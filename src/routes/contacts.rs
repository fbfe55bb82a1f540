//! The contact form and the admin list of its messages.

use super::calls::{record, PathId};
use crate::access::{AdminUser, StaffUser};
use crate::access::{ClientIp, Json, Query};
use crate::db::{self, contacts::Contact};
use crate::domain::{
    BinKind, ContactReadRequest, ContactRequest, ContactsDeleteRequest, ContactsToDelete,
    NewContact,
};
use crate::download::{attachment, produced};
use crate::error::ApiError;
use crate::export::{contact_row, contacts_header};
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

record!(Contact, "Contact not found", Contact);

pub(super) async fn create(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<ContactRequest>,
) -> Result<HttpResponse, ApiError> {
    let (_counted, contact) = state
        .limits
        .contacts
        .reserve_parsed(ip.0, || NewContact::parse(body.into_inner()))?;
    let mailer = state.mail.clone();
    let contact = db::run(&state.pool, move |conn| {
        let contact = db::contacts::insert(conn, &contact)?;
        // Saved first: the email is queued after, and its fate never changes this answer.
        mailer.queue_contact(conn, &contact);
        Ok(contact)
    })
    .await?;
    Ok(HttpResponse::Created().json(contact))
}

/// `{"unread": N}`: how many messages no admin or editor has marked read, for the dashboard.
pub(super) async fn unread(
    staff: StaffUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let unread = db::run_as(&state.pool, staff.trail(), |conn| {
        db::contacts::unread(conn)
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "unread": unread })))
}

/// The messages (those matching `?q=`, or all) as a CSV download, newest first, for a
/// spreadsheet; written row by row as it is sent, so a decade of messages is never in memory.
pub(super) async fn csv(
    _: AdminUser,
    state: web::Data<AppState>,
    query: Query<CsvQuery>,
) -> Result<HttpResponse, ApiError> {
    let search = crate::domain::search_text(query.into_inner().q.as_deref())
        .map_err(|why| ApiError::field("q", why))?;
    let filename = format!("jyoti-contacts-{}.csv", db::backup::stamp());
    let rows = produced(state.pool.clone(), false, move |conn, write| {
        if write(contacts_header()) {
            db::contacts::for_each(conn, search.as_deref(), |contact| {
                write(contact_row(contact))
            })?;
        }
        Ok(())
    });
    Ok(attachment("text/csv; charset=utf-8", &filename).streaming(rows))
}

#[derive(serde::Deserialize)]
pub(super) struct CsvQuery {
    q: Option<String>,
}

pub(super) async fn mark_read(
    staff: StaffUser,
    state: web::Data<AppState>,
    id: PathId<Contact>,
    body: Json<ContactReadRequest>,
) -> Result<HttpResponse, ApiError> {
    let read = body.read;
    let contact = db::run_as(&state.pool, staff.trail(), move |conn| {
        db::contacts::set_read(conn, id.get(), read)
    })
    .await?;
    Ok(HttpResponse::Ok().json(id.found(contact)?))
}

/// Spam clean-up: the picked messages, or every one matching a search, in one go.
pub(super) async fn delete_many(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: Json<ContactsDeleteRequest>,
) -> Result<HttpResponse, ApiError> {
    let which = ContactsToDelete::parse(body.into_inner())?;
    let by = admin.0.named();
    let deleted = db::run_noted(&state.pool, admin.trail(), move |conn, note| {
        // Each goes to the bin, all under one batch: an Undo brings them back together.
        let ids = match &which {
            ContactsToDelete::Ids(ids) => ids.clone(),
            ContactsToDelete::Matching(search) => {
                db::contacts::matching_ids(conn, search.as_deref())?
            }
        };
        let batch = format!("contacts {}", batch_name(&ids));
        let mut first = None;
        for &id in &ids {
            if db::bin::keep(conn, BinKind::Contact, id, &by, Some(&batch))? {
                first = first.or(Some(id));
            }
        }
        let deleted = match &which {
            ContactsToDelete::Ids(ids) => db::contacts::delete_ids(conn, ids)?,
            ContactsToDelete::Matching(search) => {
                db::contacts::delete_matching(conn, search.as_deref())?
            }
        };
        // Logged even when none of the ids was there: someone tried.
        note.always = true;
        note.changes.push(crate::db::audit::Change {
            field: "deleted".into(),
            old: String::new(),
            new: deleted.to_string(),
        });
        Ok((deleted, first))
    })
    .await?;
    let (deleted, first) = deleted;
    let noun = if deleted == 1 { "message" } else { "messages" };
    let mut answer = json!({ "msg": format!("{deleted} {noun} deleted"), "deleted": deleted });
    // Any one of the batch names it for an Undo: restoring it restores them all.
    if let Some(id) = first {
        answer["undo"] = json!({ "kind": BinKind::Contact.as_str(), "id": id });
    }
    Ok(HttpResponse::Ok().json(answer))
}

/// A name for one delete of many: the time and the ids it took, unique enough for a batch.
fn batch_name(ids: &[i64]) -> String {
    let now = jiff::Timestamp::now().as_nanosecond();
    format!("{now}-{}-{}", ids.first().copied().unwrap_or(0), ids.len())
}

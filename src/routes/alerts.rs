//! The Alerts screen's calls (admins only): the alerts a page at a time (unread first), how
//! many are unread (the badge on every admin screen), and marking them read.

use crate::access::{AdminUser, Json, Query};
use crate::db;
use crate::domain::{AuditSort, ListQuery, Listing};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

/// `{"items":[…],"total","unread","page","size","alsoTo"}`: `alsoTo` is how many addresses the
/// server's command line mails every alert to (never the addresses themselves).
pub(super) async fn page(
    admin: AdminUser,
    state: web::Data<AppState>,
    query: Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let listing =
        Listing::<AuditSort>::parse(query.into_inner())?.unwrap_or_else(Listing::first_page);
    let (page, size, user) = (listing.page, listing.size, admin.0.id);
    let (items, total, unread) = db::run_as(&state.pool, admin.trail(), move |conn| {
        let (items, total) = db::alerts::page(conn, user, page, size)?;
        Ok((items, total, db::alerts::unread(conn, user)?))
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({
        "items": items,
        "total": total,
        "unread": unread,
        "page": page,
        "size": size,
        "alsoTo": state.mail.options().alert_to.len(),
    })))
}

pub(super) async fn unread(
    admin: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let user = admin.0.id;
    let unread = db::run_as(&state.pool, admin.trail(), move |conn| {
        db::alerts::unread(conn, user)
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "unread": unread })))
}

/// `{"ids":[…]}` or `{"all":true}`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadRequest {
    ids: Option<Vec<i64>>,
    all: Option<bool>,
}

pub(super) async fn mark_read(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: Json<ReadRequest>,
) -> Result<HttpResponse, ApiError> {
    let ids = match body.into_inner() {
        ReadRequest {
            all: Some(true),
            ids: None,
        } => None,
        ReadRequest {
            ids: Some(ids),
            all: None | Some(false),
        } if ids.len() <= 1000 => Some(ids),
        _ => {
            return Err(ApiError::field(
                "ids",
                "must be a list of at most 1000 alert ids, or send {\"all\": true}",
            ))
        }
    };
    let user = admin.0.id;
    db::run_as(&state.pool, admin.trail(), move |conn| {
        db::alerts::mark_read(conn, user, ids.as_deref())
    })
    .await?;
    Ok(super::calls::message("Marked as read"))
}

//! The bin (`/admin/bin`): what was deleted, newest first, for whoever may delete it; a restore
//! puts a record back as it was (with all deleted at once with it); an admin may erase one for
//! good at once. What stays there past the bin days the workers erase.

use super::calls::message;
use crate::access::{AdminUser, ClientIp, Query, StaffUser};
use crate::alerts::{self, Alert, Weight};
use crate::db;
use crate::db::audit::Change;
use crate::db::bin::Restored;
use crate::domain::{BinKind, BinListing, BinQuery, Role};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

/// `{items: [{kind, id, title, deletedAt, deletedBy}], total, page, size}`.
pub(super) async fn list(
    user: StaffUser,
    state: web::Data<AppState>,
    query: Query<BinQuery>,
) -> Result<HttpResponse, ApiError> {
    let listing = BinListing::parse(query.into_inner(), user.0.role)?;
    let (page, size) = (listing.page, listing.size);
    let (items, total) = db::run_as(&state.pool, user.trail(), move |conn| {
        db::bin::page(conn, &listing)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .json(json!({ "items": items, "total": total, "page": page, "size": size })))
}

/// The kind and id of the path, when the reader may see that kind in the bin; else the 404 of a
/// record not there (an editor learns nothing of an admin's kinds).
fn binned(path: &(String, String), role: Role) -> Result<(BinKind, i64), ApiError> {
    const NOT_THERE: ApiError = ApiError::NotFound("Not in the bin");
    let kind = BinKind::parse(&path.0).filter(|kind| kind.for_role(role));
    let id = path.1.parse::<i64>().ok().filter(|id| *id > 0);
    match (kind, id) {
        (Some(kind), Some(id)) => Ok((kind, id)),
        _ => Err(NOT_THERE),
    }
}

/// Puts the record back as it was: `{msg, restored: [{kind, id}]}`.
pub(super) async fn restore(
    user: StaffUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (kind, id) = binned(&path, user.0.role)?;
    let mailer = state.mail.clone();
    let (actor, address) = (user.0.named(), ip.0.to_string());
    let restored = db::run_noted(&state.pool, user.trail(), move |conn, note| {
        let restored = db::bin::restore(conn, kind, id)?;
        if let Restored::Back(back) = &restored {
            for (_, account) in back.iter().filter(|(kind, _)| *kind == BinKind::User) {
                admin_back_alert(conn, &mailer, *account, &actor, &address)?;
            }
            note.action = Some(format!("{} restored from the bin", kind.noun()));
            note.target = Some(format!("{} {id}", kind.as_str()));
            if back.len() > 1 {
                note.action = Some(format!(
                    "{} {}s restored from the bin",
                    back.len(),
                    kind.noun()
                ));
            }
        }
        Ok(restored)
    })
    .await?;
    match restored {
        Restored::Missing => Err(ApiError::NotFound("Not in the bin")),
        Restored::Back(back) => {
            let restored: Vec<_> = back
                .iter()
                .map(|(kind, id)| json!({ "kind": kind.as_str(), "id": id }))
                .collect();
            Ok(HttpResponse::Ok().json(json!({ "msg": "Restored", "restored": restored })))
        }
    }
}

/// A restored account that is an admin's gives its owner the admin area again: alerted to every
/// admin and to its owner, as a new admin is.
fn admin_back_alert(
    conn: &rusqlite::Connection,
    mailer: &crate::mail::Mailer,
    account: i64,
    actor: &str,
    address: &str,
) -> Result<(), ApiError> {
    let Some(back) = db::users::find(conn, account)?.filter(|user| user.role == Role::Admin) else {
        return Ok(());
    };
    let what = format!("the admins (restored the account of {})", back.named());
    let role = vec![Change {
        field: "role".into(),
        old: "(account deleted)".into(),
        new: back.role.to_string(),
    }];
    let mut alert = Alert::change(actor, address, &what, &role).weighing(Weight::Serious);
    alert.also_to.push(back.email.clone());
    let site = mailer.setup(conn)?.site_address;
    alerts::raise(conn, &alert, site.as_deref()).map(drop)
}

/// Erases the record from the bin for good, at once (an admin's, confirmed on the screen).
pub(super) async fn erase(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (kind, id) = binned(&path, admin.0.role)?;
    let erased = db::run_noted(&state.pool, admin.trail(), move |conn, note| {
        let erased = db::bin::erase(conn, kind, id)?;
        if erased {
            note.action = Some(format!("{} erased for good from the bin", kind.noun()));
            note.target = Some(format!("{} {id}", kind.as_str()));
        }
        Ok(erased)
    })
    .await?;
    if !erased {
        return Err(ApiError::NotFound("Not in the bin"));
    }
    Ok(message("Deleted forever"))
}

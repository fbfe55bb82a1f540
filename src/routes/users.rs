//! Admin management of users: the list (by role too), one account, a change to it (a change of
//! role is logged with old → new and mailed to every admin), and signing an account out.

use super::calls::{message, page_of, record, PathId};
use crate::access::ClientIp;
use crate::access::{AdminUser, Json, Query};
use crate::alerts::{self, Alert};
use crate::audit;
use crate::conditional::fresh_json;
use crate::db::audit::Change;
use crate::db::{self, users::User, Table};
use crate::domain::{ListQuery, Listing, Role, UserSort, UserUpdate, UserUpdateRequest};
use crate::download::json_array;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};

record!(User, "User not found");

#[derive(serde::Deserialize)]
pub(super) struct RoleFilter {
    role: Option<String>,
}

/// The spec's whole list, or one page (`?page=&size=&sort=&q=`), of one role with `&role=`.
pub(super) async fn list(
    _: AdminUser,
    state: web::Data<AppState>,
    req: HttpRequest,
    query: Query<ListQuery>,
    filter: Query<RoleFilter>,
) -> Result<HttpResponse, ApiError> {
    let role = match filter.into_inner().role.as_deref() {
        None | Some("") => None,
        Some(text) => Some(Role::parse(text).map_err(|why| ApiError::field("role", why))?),
    };
    let listing = Listing::<UserSort>::parse(query.into_inner())?;
    match (listing, role) {
        (None, None) => Ok(json_array(&req, state.pool.clone(), db::users::each)),
        (listing, Some(role)) => {
            let listing = listing.unwrap_or_else(Listing::first_page);
            let page = db::run(&state.pool, move |conn| {
                db::users::page_of_role(conn, &listing, role)
            })
            .await?;
            fresh_json(&req, &page)
        }
        (Some(listing), None) => {
            let page = page_of(&state, db::users::page, listing, Some(Table::Users)).await?;
            fresh_json(&req, &page)
        }
    }
}

pub(super) async fn find(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<User>,
) -> Result<HttpResponse, ApiError> {
    let user = db::run(&state.pool, move |conn| db::users::find(conn, id.get())).await?;
    Ok(HttpResponse::Ok().json(id.found(user)?))
}

/// The spec's user edit: the changed account. Every changed field is logged old → new; a new
/// role is mailed to every admin.
pub(super) async fn update(
    admin: AdminUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    id: PathId<User>,
    body: Json<UserUpdateRequest>,
) -> Result<HttpResponse, ApiError> {
    let change = UserUpdate::parse(body.into_inner(), id.get())?;
    let mailer = state.mail.clone();
    let actor = admin.0.named();
    let address = ip.0.to_string();
    let changed = db::run(&state.pool, move |conn| {
        let Some((before, after)) = db::users::update(conn, id.get(), &change)? else {
            return Ok(None);
        };
        let changes = changes(&before, &after);
        if before.role != after.role {
            let what = format!("the role of {}", after.named());
            let role: Vec<Change> = changes
                .iter()
                .filter(|c| c.field == "role")
                .cloned()
                .collect();
            let mut alert = Alert::change(&actor, &address, &what, &role);
            if before.role == Role::Admin {
                // The one who lost the role hears of it too.
                alert.also_to.push(before.email.clone());
            }
            let site = mailer.setup(conn)?.site_address;
            alerts::raise(conn, &alert, site.as_deref())?;
        }
        audit::changed(changes);
        Ok(Some(after))
    })
    .await?;
    Ok(HttpResponse::Ok().json(id.found(changed)?))
}

/// Deletes an account; an admin's deletion is alerted to every admin and to its owner.
pub(super) async fn delete(
    admin: AdminUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    id: PathId<User>,
) -> Result<HttpResponse, ApiError> {
    let mailer = state.mail.clone();
    let (actor, address) = (admin.0.named(), ip.0.to_string());
    let found = db::run(&state.pool, move |conn| {
        let Some(gone) = db::users::delete(conn, id.get())? else {
            return Ok(false);
        };
        if gone.role == Role::Admin {
            let what = format!("the admins (deleted the account of {})", gone.named());
            let role = vec![Change {
                field: "role".into(),
                old: gone.role.to_string(),
                new: "(account deleted)".into(),
            }];
            let mut alert = Alert::change(&actor, &address, &what, &role);
            alert.also_to.push(gone.email.clone());
            let site = mailer.setup(conn)?.site_address;
            alerts::raise(conn, &alert, site.as_deref())?;
        }
        Ok(true)
    })
    .await?;
    id.done(found, "User has been deleted")
}

/// The fields of an account an admin changed, old → new.
fn changes(before: &User, after: &User) -> Vec<Change> {
    let fields = [
        ("firstname", &before.firstname, &after.firstname),
        ("lastname", &before.lastname, &after.lastname),
        ("department", &before.department, &after.department),
        ("year", &before.year, &after.year),
        ("email", &before.email, &after.email),
    ];
    let mut changes: Vec<Change> = fields
        .into_iter()
        .filter(|(_, old, new)| old != new)
        .map(|(field, old, new)| Change {
            field: field.to_owned(),
            old: old.clone(),
            new: new.clone(),
        })
        .collect();
    if before.role != after.role {
        changes.push(Change {
            field: "role".to_owned(),
            old: before.role.to_string(),
            new: after.role.to_string(),
        });
    }
    changes
}

/// "Reset password": a link to choose a new password. Mailed to the account's owner when email
/// works (and then not shown to the admin); else shown once to the admin to pass on.
pub(super) async fn reset_link(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<User>,
) -> Result<HttpResponse, ApiError> {
    let mailer = state.mail.clone();
    let made = db::run(&state.pool, move |conn| {
        let Some(user) = db::users::find(conn, id.get())? else {
            return Ok(None);
        };
        db::in_transaction(conn, |tx| mailer.admin_reset_link(tx, &user)).map(Some)
    })
    .await?;
    let (link, mail) = id.found(made)?;
    let expires = jiff::Timestamp::now()
        + jiff::SignedDuration::from_secs(db::password_resets::VALID_SECONDS);
    Ok(HttpResponse::Created().json(serde_json::json!({
        "link": if mail.mailed() { None } else { Some(link) },
        "mailed": mail.mailed(),
        "why": mail.why(),
        "expiresAt": expires.strftime("%Y-%m-%dT%H:%M:%SZ").to_string(),
    })))
}

/// "Sign out everywhere": every session of the account ends (a lost phone, a departing member).
pub(super) async fn sign_out(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<User>,
) -> Result<HttpResponse, ApiError> {
    let found = db::run(&state.pool, move |conn| {
        if db::users::find(conn, id.get())?.is_none() {
            return Ok(false);
        }
        db::users::sign_out(conn, id.get())?;
        Ok(true)
    })
    .await?;
    id.found(found.then_some(()))?;
    Ok(message("Signed out everywhere"))
}

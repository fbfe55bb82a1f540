//! Admin management of users: the list (by role too), one account, a change to it (a change of
//! role is logged with old → new and mailed to every admin), and signing an account out.

use super::calls::{message, page_of, record, PathId};
use crate::access::ClientIp;
use crate::access::{AdminUser, Json, Query};
use crate::alerts::{self, Alert, Weight};
use crate::audit;
use crate::conditional::fresh_json;
use crate::db::audit::Change;
use crate::db::{self, users::User, Table};
use crate::domain::{
    ConfirmEmailRequest, ListQuery, Listing, ResetToken, Role, UserSort, UserUpdate,
    UserUpdateRequest,
};
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
    staff: AdminUser,
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
            let page = db::run_as(&state.pool, staff.trail(), move |conn| {
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
    staff: AdminUser,
    state: web::Data<AppState>,
    id: PathId<User>,
) -> Result<HttpResponse, ApiError> {
    let user = db::run_as(&state.pool, staff.trail(), move |conn| {
        db::users::find(conn, id.get())
    })
    .await?;
    Ok(HttpResponse::Ok().json(id.found(user)?))
}

/// The spec's user edit: the changed account. Every changed field is logged old → new; a new
/// role is mailed to every admin. A staff account's new email address waits for a link mailed
/// to it (`pendingEmail`), while every admin and the old address are alerted: an address is
/// where alerts and reset links go.
pub(super) async fn update(
    admin: AdminUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    id: PathId<User>,
    body: Json<UserUpdateRequest>,
) -> Result<HttpResponse, ApiError> {
    let mut change = UserUpdate::parse(body.into_inner(), id.get())?;
    let token = ResetToken::generate()?;
    let mailer = state.mail.clone();
    let actor = admin.0.named();
    let address = ip.0.to_string();
    let changed = db::run_noted(&state.pool, admin.trail(), move |conn, note| {
        let asked = match db::users::find(conn, id.get())? {
            Some(current) => staff_email(conn, &current, &mut change)?,
            None => None,
        };
        let Some((before, after)) = db::users::update(conn, id.get(), &change)? else {
            return Ok(None);
        };
        let waiting = match asked {
            Some(email) => {
                let asked =
                    ask_to_confirm(conn, &mailer, &after, &email, &token, &actor, &address)?;
                note.action = Some("email address change asked (waits for confirmation)".into());
                Some(asked)
            }
            None => None,
        };
        let mut changes = changes(&before, &after);
        if let Some((email, _)) = &waiting {
            changes.push(Change {
                field: "email".into(),
                old: after.email.clone(),
                new: format!("{email} (once its owner confirms it)"),
            });
        }
        if before.role != after.role {
            // Also to the account's address: a staff account's new one waits for confirmation
            // (above), so it is still the one it had.
            let alert =
                Alert::role_changed(&actor, &address, &after, Some(before.role), after.role);
            let site = mailer.setup(conn)?.site_address;
            alerts::raise(conn, &alert, site.as_deref())?;
        }
        note.changed(changes);
        Ok(Some((after, waiting)))
    })
    .await?;
    let (user, waiting) = id.found(changed)?;
    let mut answer = serde_json::to_value(&user).map_err(ApiError::internal)?;
    if let Some((email, link)) = waiting {
        state.mail.wake();
        answer["pendingEmail"] = email.into();
        if let Some(link) = link {
            answer["confirmLink"] = link.into();
        }
    }
    Ok(HttpResponse::Ok().json(answer))
}

/// The new address a change asks for a staff account (an admin or editor), taken out of
/// `change` to wait for its owner's confirmation. 409 when another account has it. (A user made
/// staff in the same change takes it at once: the new role is an alert of its own.)
fn staff_email(
    conn: &rusqlite::Connection,
    current: &User,
    change: &mut UserUpdate,
) -> Result<Option<String>, ApiError> {
    let staff = current.role != Role::User;
    let Some(email) = change.email.as_ref().map(|email| email.as_str().to_owned()) else {
        return Ok(None);
    };
    if !staff || email.eq_ignore_ascii_case(&current.email) {
        return Ok(None);
    }
    if db::users::id_by_email(conn, &email)?.is_some_and(|other| other != current.id) {
        return Err(ApiError::Conflict(
            "Another user already has this email".into(),
        ));
    }
    change.email = None;
    Ok(Some(email))
}

/// Puts `email` waiting as the new address of `user`, mails it the link that confirms it, and
/// alerts every admin and the old address. The address and, when it was not mailed, the link.
fn ask_to_confirm(
    conn: &mut rusqlite::Connection,
    mailer: &crate::mail::Mailer,
    user: &User,
    email: &str,
    token: &ResetToken,
    actor: &str,
    address: &str,
) -> Result<(String, Option<String>), ApiError> {
    db::in_transaction(conn, |tx| {
        let site = mailer.setup(tx)?.site_address;
        let link = format!(
            "{}/confirm-email#token={}",
            site.as_deref().unwrap_or_default(),
            token.as_str()
        );
        db::email_changes::ask(tx, user.id, email, &token.hash(), actor)?;
        let mail = mailer.queue_email_confirmation(tx, email, &user.named(), &link, actor)?;
        let what = format!("the email address of {}", user.named());
        let change = [Change {
            field: "email".into(),
            old: user.email.clone(),
            new: format!("{email} (once its owner confirms it)"),
        }];
        let mut alert = Alert::change(actor, address, &what, &change).weighing(Weight::Serious);
        alert.also_to.push(user.email.clone());
        alerts::raise(tx, &alert, site.as_deref())?;
        Ok((email.to_owned(), (!mail.mailed()).then_some(link)))
    })
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
    let found = db::run_as(&state.pool, admin.trail(), move |conn| {
        let Some(gone) = db::users::delete(conn, id.get(), &actor)? else {
            return Ok(false);
        };
        if gone.role == Role::Admin {
            let what = format!("the admins (deleted the account of {})", gone.named());
            let role = vec![Change {
                field: "role".into(),
                old: gone.role.to_string(),
                new: "(account deleted)".into(),
            }];
            let mut alert = Alert::change(&actor, &address, &what, &role).weighing(Weight::Serious);
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
/// works (and then not shown to the admin); else shown once to the admin to pass on, but never
/// for another admin's account: that link would be a way into it (409).
pub(super) async fn reset_link(
    admin: AdminUser,
    state: web::Data<AppState>,
    id: PathId<User>,
) -> Result<HttpResponse, ApiError> {
    let mailer = state.mail.clone();
    let caller = admin.0.id;
    let made = db::run_as(&state.pool, admin.trail(), move |conn| {
        let Some(user) = db::users::find(conn, id.get())? else {
            return Ok(None);
        };
        if user.role == Role::Admin && user.id != caller && !mailer.setup(conn)?.resets_enabled() {
            return Err(ApiError::Conflict(ADMIN_LINK_MAILED_ONLY.into()));
        }
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

/// Why no reset link for another admin's account is shown.
const ADMIN_LINK_MAILED_ONLY: &str = "A reset link for an admin's account goes only to its \
owner, by email, and email cannot send it now (set the mail server and the site's address on \
the Email screen). The admin can also use \"Forgot password?\" on the login page once email works.";

/// "Sign out everywhere": every session of the account ends (a lost phone, a departing member).
pub(super) async fn sign_out(
    staff: AdminUser,
    state: web::Data<AppState>,
    id: PathId<User>,
) -> Result<HttpResponse, ApiError> {
    let found = db::run_as(&state.pool, staff.trail(), move |conn| {
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

/// The new address's owner opens the link: the account takes the address, every admin and the
/// old address are told, and the log keeps it. 400 when the link does not work.
pub(super) async fn confirm_email(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<ConfirmEmailRequest>,
) -> Result<HttpResponse, ApiError> {
    let gone = || ApiError::LinkGone {
        message: "This link does not work: it was used, replaced by a newer one, or is older \
                  than 7 days. Ask an admin of the site to set the address again."
            .into(),
        reason: "unknown",
    };
    let token = body.into_inner().parse().ok_or_else(gone)?;
    let mailer = state.mail.clone();
    let address = ip.0.to_string();
    let done = db::run(&state.pool, move |conn| {
        db::in_transaction(conn, |tx| {
            let Some((user_id, email, asked_by)) = db::email_changes::take(tx, &token.hash())?
            else {
                return Ok(None);
            };
            let Some(before) = db::users::find(tx, user_id)? else {
                return Ok(None);
            };
            if !db::email_changes::apply(tx, user_id, &email)? {
                return Err(ApiError::Conflict(
                    "Another account has this email address now. Ask an admin of the site \
                     to choose another."
                        .into(),
                ));
            }
            let change = vec![Change {
                field: "email".into(),
                old: before.email.clone(),
                new: email.clone(),
            }];
            let what = format!("the email address of {} (confirmed)", before.named());
            let mut alert =
                Alert::change(&asked_by, &address, &what, &change).weighing(Weight::Serious);
            alert.also_to.push(before.email.clone());
            let site = mailer.setup(tx)?.site_address;
            alerts::raise(tx, &alert, site.as_deref())?;
            let entry = audit::by_user(
                &before,
                &address,
                "email address confirmed",
                change,
                db::audit::Kind::Users,
            );
            db::audit::record(tx, &entry)?;
            Ok(Some(email))
        })
    })
    .await?;
    let email = done.ok_or_else(gone)?;
    Ok(message(&format!(
        "Your email address is now {email}: sign in with it from now on."
    )))
}

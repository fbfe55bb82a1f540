//! Invitations: an admin invites someone by email as an admin or editor; the link (mailed when
//! email works, and shown once to the admin) opens a page that makes the account, or gives an
//! existing account the role once its owner signed in with their own password.

use super::calls::{record, PathId};
use crate::access::ClientIp;
use crate::access::{AdminUser, Json};
use crate::alerts::{self, Alert, Weight};
use crate::audit;
use crate::auth::password;
use crate::db::audit::{Change, Entry, Kind};
use crate::db::{self, invitations::Gone, invitations::Invitation};
use crate::domain::{
    AcceptInvitationRequest, Acceptance, Email, InvitationRequest, InvitationTokenRequest,
    NewInvitation, NewUser, ResetToken, Role,
};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

record!(Invitation, "Invitation not found");

/// The refusal of a link that does not work: which of used, withdrawn or expired it is, and
/// the way on (log in; or ask whoever sent it, or another admin, for a new link).
async fn link_gone(state: &AppState, token: Option<String>) -> ApiError {
    let gone = match token {
        // Only the wording rides on this look-up: when it fails, the link is still refused, as
        // one that does not work.
        Some(hash) => db::run(&state.pool, move |conn| db::invitations::gone(conn, &hash))
            .await
            .unwrap_or_default(),
        None => None,
    };
    let ask = |by: &str| match by {
        "" => "Ask an admin of the site for a new link.".to_owned(),
        by => format!("Ask {by} (or another admin of the site) for a new link."),
    };
    let (message, reason) = match gone {
        Some((Gone::Used, _)) => (
            "This invitation has already been used. If it was you, log in with the password you chose."
                .to_owned(),
            "used",
        ),
        Some((Gone::Withdrawn, by)) => (
            format!("This invitation was withdrawn. {}", ask(&by)),
            "withdrawn",
        ),
        Some((Gone::Expired, by)) => (
            format!("This invitation has expired: a link works for 7 days. {}", ask(&by)),
            "expired",
        ),
        None => (
            format!("This invitation link does not work. {}", ask("")),
            "unknown",
        ),
    };
    ApiError::LinkGone { message, reason }
}

/// Why an address whose account is in the bin cannot be invited.
const IN_THE_BIN: &str = "A deleted account with this address is in the bin: restore it from the \
Bin screen, or delete it forever there, before inviting the address again.";

/// 201 with the invitation and its link, shown this once (only its hash is kept).
pub(super) async fn create(
    admin: AdminUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<InvitationRequest>,
) -> Result<HttpResponse, ApiError> {
    let invitation = NewInvitation::parse(body.into_inner())?;
    let token = ResetToken::generate()?;
    let mailer = state.mail.clone();
    let (actor, actor_id, address) = (admin.0.named(), admin.0.id, ip.0.to_string());
    let (invitation, link, mail) = db::run_noted(&state.pool, admin.trail(), move |conn, note| {
        let site = mailer.setup(conn)?.site_address.unwrap_or_default();
        let link = format!("{site}/invitation#token={}", token.as_str());
        if db::users::in_bin(conn, invitation.email.as_str())? {
            return Err(ApiError::Conflict(IN_THE_BIN.into()));
        }
        db::in_transaction(conn, |tx| {
            let stored = db::invitations::create(
                tx,
                &invitation.email,
                invitation.role,
                &token.hash(),
                actor_id,
            )?;
            let mail = mailer.queue_invitation(tx, &stored.email, stored.role, &link, &actor)?;
            if stored.role == Role::Admin {
                let what = format!("the admins (an invitation to {} as an admin)", stored.email);
                let alert = Alert::change(&actor, &address, &what, &[]).weighing(Weight::Serious);
                alerts::raise(
                    tx,
                    &alert,
                    Some(site.as_str()).filter(|site| !site.is_empty()),
                )?;
            }
            note.created(stored.id);
            note.changed(vec![
                Change {
                    field: "email".into(),
                    old: String::new(),
                    new: stored.email.clone(),
                },
                Change {
                    field: "role".into(),
                    old: String::new(),
                    new: stored.role.to_string(),
                },
            ]);
            Ok((stored, link, mail))
        })
    })
    .await?;
    if mail.mailed() {
        state.mail.wake();
    }
    Ok(HttpResponse::Created().json(json!({
        "id": invitation.id,
        "email": invitation.email,
        "role": invitation.role,
        "expiresAt": invitation.expires_at,
        "link": link,
        "mailed": mail.mailed(),
        "why": mail.why(),
    })))
}

pub(super) async fn pending(
    staff: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let pending = db::run_as(&state.pool, staff.trail(), |conn| {
        db::invitations::pending(conn)
    })
    .await?;
    Ok(HttpResponse::Ok().json(pending))
}

pub(super) async fn revoke(
    staff: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Invitation>,
) -> Result<HttpResponse, ApiError> {
    let found = db::run_as(&state.pool, staff.trail(), move |conn| {
        db::invitations::revoke(conn, id.get())
    })
    .await?;
    id.done(found, "Invitation revoked")
}

/// What the invitation page shows before anything is typed: the email, the role, and whether
/// that email has an account already. A link that does not work counts like a failed login.
pub(super) async fn details(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<InvitationTokenRequest>,
) -> Result<HttpResponse, ApiError> {
    let attempt = state.limits.failed_logins.reserve(ip.0)?;
    let Some(token) = body.token() else {
        return Err(link_gone(&state, None).await);
    };
    let hash = token.hash();
    let found = db::run(&state.pool, move |conn| {
        let Some((email, role)) = db::invitations::usable(conn, &token.hash())? else {
            return Ok(None);
        };
        let current = match Email::parse(Some(email.clone())) {
            Ok(parsed) => db::users::find_by_email(conn, &parsed)?.map(|user| user.role),
            Err(_) => None,
        };
        Ok(Some((email, role, current)))
    })
    .await?;
    let Some((email, role, current)) = found else {
        return Err(link_gone(&state, Some(hash)).await);
    };
    attempt.give_back();
    Ok(HttpResponse::Ok().json(json!({
        "email": email,
        "role": role,
        "existingAccount": current.is_some(),
        "currentRole": current,
    })))
}

/// Accepts an invitation; answers like a login. A new account is made with the role (limited
/// like registration); an existing account gets the role once the password typed is its own.
pub(super) async fn accept(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<AcceptInvitationRequest>,
) -> Result<HttpResponse, ApiError> {
    let (attempt, acceptance) = state
        .limits
        .failed_logins
        .reserve_parsed(ip.0, || Acceptance::parse(body.into_inner()))?;
    let Some(token) = acceptance.token.as_ref().map(ResetToken::hash) else {
        return Err(link_gone(&state, None).await);
    };
    let checked = token.clone();
    let token_used = token.clone();
    let found = db::run(&state.pool, move |conn| invited(conn, &checked)).await?;
    let Some((email, role, account)) = found else {
        return Err(link_gone(&state, Some(token)).await);
    };
    let permit = super::auth::hashing_turn(&state, ip.0)
        .await
        .inspect_err(|_| attempt.give_back())?;
    let cost = state.config.bcrypt_cost;
    let address = ip.0.to_string();
    let mailer = state.mail.clone();
    let accepted = match account {
        Some((user, hash)) => {
            if !password::verify(permit, acceptance.password, Some(hash), cost).await? {
                return Err(ApiError::field(
                    "password",
                    "is not the password of this account",
                ));
            }
            attempt.give_back();
            db::run(&state.pool, move |conn| {
                give_role(conn, &mailer, &token, &user, role, &address)
            })
            .await?
        }
        None => {
            attempt.give_back();
            let (firstname, lastname, password) = acceptance.new_account(email.as_str())?;
            let _counted = state.limits.registrations.reserve(ip.0)?;
            let hash = password::hash(permit, password.expose().to_owned(), cost).await?;
            let new = NewUser {
                firstname,
                lastname,
                department: String::new(),
                year: String::new(),
                email,
                password,
            };
            db::run(&state.pool, move |conn| {
                db::invitations::accept_new(conn, &token, &new, &hash, role, |tx, user| {
                    let change = vec![Change {
                        field: "role".into(),
                        old: String::new(),
                        new: role.to_string(),
                    }];
                    db::audit::record(tx, &accepted_entry(user, &address, change))
                })
            })
            .await?
        }
    };
    let Some(user) = accepted else {
        return Err(link_gone(&state, Some(token_used)).await);
    };
    let token = state.jwt.issue(user.id, user.token_version)?;
    Ok(HttpResponse::Ok().json(json!({
        // "an admin", "an editor".
        "msg": format!("Welcome to the team! You are now an {}.", user.role),
        "token": token,
        "userId": user.id,
        "role": user.role,
    })))
}

/// An account and its password hash.
type AccountWithHash = (db::users::User, String);

/// The email and role of the invitation whose token hashes to `token`, with the account that
/// email has and its password hash, if any; `None` when the link does not work.
fn invited(
    conn: &rusqlite::Connection,
    token: &str,
) -> Result<Option<(Email, Role, Option<AccountWithHash>)>, ApiError> {
    let Some((email, role)) = db::invitations::usable(conn, token)? else {
        return Ok(None);
    };
    let email = Email::parse(Some(email)).map_err(ApiError::internal)?;
    let account = db::users::password_hash_by_email(conn, &email)?;
    Ok(Some((email, role, account)))
}

/// Uses the invitation up and gives the existing account `user` its `role`: a change of role
/// is alerted (by the account's owner, who accepted), and the acceptance logged. The account
/// now; `None` when the link stopped working meanwhile.
fn give_role(
    conn: &mut rusqlite::Connection,
    mailer: &crate::mail::Mailer,
    token: &str,
    user: &db::users::User,
    role: Role,
    address: &str,
) -> Result<Option<db::users::User>, ApiError> {
    let change = vec![Change {
        field: "role".into(),
        old: user.role.to_string(),
        new: role.to_string(),
    }];
    db::invitations::accept_existing(conn, token, user, role, |tx| {
        if user.role != role {
            let alert = Alert::role_changed(&user.named(), address, user, Some(user.role), role);
            let site = mailer.setup(tx)?.site_address;
            alerts::raise(tx, &alert, site.as_deref())?;
        }
        db::audit::record(tx, &accepted_entry(user, address, change))
    })
}

fn accepted_entry(user: &db::users::User, address: &str, changes: Vec<Change>) -> Entry {
    audit::by_user(user, address, "invitation accepted", changes, Kind::Users)
}

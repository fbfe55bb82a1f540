//! The whole HTTP surface in one place: every API call in one table, then the health check,
//! photos and the embedded app.
//!
//! A request flows: actix matches a path here → the handler's extractors check access
//! (`AdminUser`, with the request's activity-log trail), parse the path id (`PathId`) and the
//! JSON body → a `domain` type parses the input → `db::run_as` (a staff member's, with the
//! trail) or `db::run` does the work on the blocking pool → the handler answers with JSON.

mod alerts;
mod audit;
mod auth;
mod backup;
mod bin;
mod calls;
mod cards;
mod certificates;
mod contacts;
mod content;
mod donations;
mod feedback;
mod followers;
mod gallery_images;
mod gifts;
mod health;
mod held_writes;
mod history;
mod invitations;
mod mail;
mod media;
mod members;
mod notices;
mod passkeys;
mod previews;
mod push;
mod rosters;
mod second_factor;
mod site_settings;
mod spa;
mod translations;
mod users;

use crate::access::Access::{Admins, Editors};
use crate::db::{
    self, cards::Card, certificates::Certificate, contacts::Contact, feedback::Feedback,
    gallery_images::GalleryImage, gifts::Gift, media::Media, members::Member, notices::Notice,
    rosters::Roster, Table,
};
use crate::domain::{
    CertificateChange, MediaChange, MemberInput, NewCertificate, NoticeUpdate, PictureInput,
    Revocation, RosterInput,
};
use crate::error::{body_refused, ApiError};
use actix_web::body::MessageBody;
use actix_web::dev::ServiceResponse;
use actix_web::error::JsonPayloadError;
use actix_web::http::{header, Method};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers};
use actix_web::{web, HttpResponse};
use calls::{
    admin_add, admin_change, admin_create, admin_delete, admin_list, admin_reorder, admin_update,
    delete, get, patch, post, put, Call,
};

/// Largest JSON body accepted (docs/running.md, "What is limited").
pub const JSON_LIMIT: usize = 64 * 1024;

/// Every API call, resource by resource: the whole API in one table, read area by area below.
/// `admin_*` calls need the token of an admin, or of an editor where they say `Editors`; the
/// others say who may call them in their handler's signature (`AdminUser`, `StaffUser`,
/// `AuthUser`). Where paths overlap, the fixed path (`/admin/rosters/order`) comes before the
/// pattern that would also match it (`/admin/rosters/{id}`). Input parsers take the body and
/// whether it creates.
fn api() -> Vec<Call> {
    [
        account_calls(),
        people_calls(),
        visitor_calls(),
        content_calls(),
        site_calls(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Signing up, in and out, passwords and second factors: the calls of one's own account.
#[rustfmt::skip]
fn account_calls() -> Vec<Call> {
    vec![
        post("/auth/register", auth::register),
        post("/auth/login", auth::login),
        get("/auth/user", auth::current_user),
        post("/auth/password", auth::change_password),
        post("/auth/logout", auth::logout),
        get("/auth/forgot-password", auth::password_reset_available),
        post("/auth/forgot-password", auth::forgot_password),
        post("/auth/reset-password", auth::reset_password),
        post("/auth/login/second-factor", second_factor::login_second_factor),
        get("/auth/sign-out-everywhere", second_factor::sign_out_everywhere),
        get("/auth/second-factor", second_factor::status),
        post("/auth/totp", second_factor::totp_begin),
        post("/auth/totp/confirm", second_factor::totp_confirm),
        delete("/auth/totp", second_factor::totp_remove),
        post("/auth/recovery-codes", second_factor::new_recovery_codes),
        post("/auth/passkeys/register/options", passkeys::register_options),
        post("/auth/passkeys/register", passkeys::register),
        post("/auth/passkeys/sign-in/options", passkeys::sign_in_options),
        post("/auth/passkeys/sign-in", passkeys::sign_in),
        get("/auth/passkeys", passkeys::list),
        patch("/auth/passkeys/{id}", passkeys::rename),
        delete("/auth/passkeys/{id}", passkeys::remove),
    ]
}

/// The team: accounts, invitations, and what admins are told and what the log kept.
#[rustfmt::skip]
fn people_calls() -> Vec<Call> {
    vec![
        get("/admin/users", users::list),
        get("/admin/users/{id}", users::find),
        patch("/admin/users/update/{id}", users::update),
        delete("/admin/users/delete/{id}", users::delete),
        post("/admin/users/{id}/sign-out", users::sign_out),
        post("/admin/users/{id}/reset-link", users::reset_link),
        delete("/admin/users/{id}/second-factor", second_factor::admin_remove),

        post("/admin/invitations", invitations::create),
        get("/admin/invitations", invitations::pending),
        delete("/admin/invitations/{id}", invitations::revoke),
        post("/auth/invitation/details", invitations::details),
        post("/auth/invitation", invitations::accept),
        post("/auth/email-change", users::confirm_email),

        get("/admin/alerts", alerts::page),
        get("/admin/alerts/unread", alerts::unread),
        post("/admin/alerts/read", alerts::mark_read),

        get("/admin/audit", audit::page),
        get("/admin/audit/csv", audit::csv),
        get("/admin/audit/actors", audit::actors),
    ]
}

/// What visitors send (messages, follows, feedback, gifts) and the admin lists of it.
#[rustfmt::skip]
fn visitor_calls() -> Vec<Call> {
    vec![
        post("/form/contact", contacts::create),
        admin_list(Editors, "/admin/contacts", db::contacts::each, db::contacts::page, Some(Table::Contacts)),
        get("/admin/contacts/csv", contacts::csv),
        get("/admin/contacts/unread", contacts::unread),
        post("/admin/contacts/delete", contacts::delete_many),
        patch("/admin/contacts/{id}", contacts::mark_read),
        admin_delete::<Contact>(Admins, "/admin/contacts_delete/{id}", db::contacts::delete, "Contact deleted successfully"),

        post("/followers", followers::create),
        post("/followers/confirm", followers::confirm),
        post("/followers/unsubscribe", followers::unsubscribe),
        get("/push/key", push::key),
        post("/push/subscriptions", push::subscribe),
        delete("/push/subscriptions", push::unsubscribe),
        get("/admin/followers", followers::list),
        get("/admin/followers/csv", followers::csv),
        delete("/admin/followers/{id}", followers::remove),

        post("/form/feedback", feedback::create),
        admin_list(Editors, "/admin/feedback", db::feedback::each, db::feedback::page, None),
        admin_delete::<Feedback>(Editors, "/admin/feedback/{id}", db::feedback::delete, "Feedback deleted"),

        post("/form/gift", gifts::create),
        admin_list(Admins, "/admin/gifts", db::gifts::each, db::gifts::page, None),
        get("/admin/gifts/waiting", gifts::waiting),
        patch("/admin/gifts/{id}", gifts::mark_received),
        admin_delete::<Gift>(Admins, "/admin/gifts/{id}", db::gifts::delete, "Gift deleted"),
    ]
}

/// What the public pages show: notices, certificates, teams and their members, cards, gallery.
#[rustfmt::skip]
fn content_calls() -> Vec<Call> {
    vec![
        get("/admin/servicelist", notices::list),
        get("/admin/servicelist/{id}", notices::find),
        post("/admin/service", notices::create),
        admin_update(Editors, "/admin/servicelist/update/{id}", NoticeUpdate::parse, db::notices::update),
        admin_delete::<Notice>(Editors, "/admin/servicelist/delete/{id}", db::notices::delete, "Service deleted"),

        get("/certificate/get_certificate/{number}", certificates::lookup),
        admin_list(Editors, "/admin/display_certificate", db::certificates::each, db::certificates::page, Some(Table::Certificates)),
        admin_create(Editors, "/admin/post_certificate", NewCertificate::parse, |c, n| db::certificates::insert(c, n)),
        admin_delete::<Certificate>(Editors, "/admin/delete_certificate/{id}", db::certificates::delete, "Certificate Deleted"),
        admin_change::<Certificate, _, _>(Editors, "/admin/certificates/{id}/revocation", Revocation::parse, db::certificates::set_revoked, "Certificate revocation saved"),
        get("/admin/certificates/{id}/qr.svg", certificates::qr_svg),
        get("/admin/certificates/csv", certificates::csv),
        post("/admin/certificates/import", certificates::import),
        get("/admin/certificates/next-number", certificates::next_number),
        // After every /admin/certificates/<word> above: a resource matches by path first.
        admin_update(Editors, "/admin/certificates/{id}", CertificateChange::parse, db::certificates::update),

        get("/content", content::document),
        get("/donations/upi-qr.svg", donations::upi_qr),

        admin_add(Editors, "/admin/rosters", |b| RosterInput::parse(b, true), db::rosters::insert, "Team Created"),
        admin_reorder(Editors, "/admin/rosters/order", db::rosters::reorder),
        put("/admin/rosters/core", rosters::make_core),
        admin_change::<Roster, _, _>(Editors, "/admin/rosters/{id}", |b| RosterInput::parse(b, false), db::rosters::update, "Updated Successfully"),
        admin_delete::<Roster>(Editors, "/admin/rosters/{id}", db::rosters::delete, "Team deleted"),

        post("/admin/rosters/{id}/copy", rosters::copy),
        get("/admin/rosters/{id}/members", members::list),
        post("/admin/rosters/{id}/members", members::create),
        put("/admin/rosters/{id}/members/order", members::reorder),
        admin_change::<Member, _, _>(Editors, "/admin/members/{id}", |b| MemberInput::parse(b, false), db::members::update, "Updated Successfully"),
        admin_delete::<Member>(Editors, "/admin/members/{id}", db::members::delete, "Member deleted"),

        admin_add(Editors, "/admin/cards", |b| PictureInput::parse_card(b, true), db::cards::insert, "Card Created"),
        put("/admin/cards/{section}/order", cards::reorder),
        admin_change::<Card, _, _>(Editors, "/admin/cards/{id}", |b| PictureInput::parse_card(b, false), db::cards::update, "Updated Successfully"),
        admin_delete::<Card>(Editors, "/admin/cards/{id}", db::cards::delete, "Card deleted"),

        admin_add(Editors, "/admin/gallery", |b| PictureInput::parse_gallery_image(b, true), db::gallery_images::insert, "Image Added"),
        admin_reorder(Editors, "/admin/gallery/order", db::gallery_images::reorder),
        admin_change::<GalleryImage, _, _>(Editors, "/admin/gallery/{id}", |b| PictureInput::parse_gallery_image(b, false), db::gallery_images::update, "Updated Successfully"),
        admin_delete::<GalleryImage>(Editors, "/admin/gallery/{id}", db::gallery_images::delete, "Image deleted"),
    ]
}

/// The site itself: settings, Bengali texts, photos, backup, the bin and history, and email.
#[rustfmt::skip]
fn site_calls() -> Vec<Call> {
    vec![
        patch("/admin/settings", site_settings::update),
        get("/admin/settings/payment-hold", site_settings::payment_hold),
        delete("/admin/settings/payment-hold", site_settings::cancel_payment_hold),
        get("/admin/held-writes", held_writes::list),
        delete("/admin/held-writes/{id}", held_writes::cancel),
        get("/admin/sample-content", site_settings::still_sample),

        get("/admin/translations", translations::list),
        put("/admin/translations", translations::save),

        admin_list(Editors, "/admin/media", db::media::each, db::media::page, None),
        post("/admin/media", media::upload),
        admin_change::<Media, _, _>(Editors, "/admin/media/{id}", MediaChange::parse, db::media::update, "Photo saved"),
        delete("/admin/media/{id}", media::delete),

        get("/admin/backup", backup::download),

        get("/admin/bin", bin::list),
        post("/admin/bin/{kind}/{id}/restore", bin::restore),
        delete("/admin/bin/{kind}/{id}", bin::erase),
        get("/admin/history/{kind}/{id}", history::versions),
        post("/admin/history/{kind}/{id}/{version}/restore", history::restore),

        get("/admin/mail", mail::settings),
        patch("/admin/mail", mail::update),
        post("/admin/mail/test", mail::send_test),
        admin_list(Admins, "/admin/outbox", db::outbox::each, db::outbox::page, None),
        post("/admin/outbox/{id}/retry", mail::retry),
        delete("/admin/outbox/{id}", mail::delete),
    ]
}

/// `(method, path)` of every API call as registered, paths as `/api/admin/users/{id}`.
/// The access tests check their table against this list, so no call can be left out of them.
pub fn api_calls() -> Vec<(Method, String)> {
    api()
        .into_iter()
        .map(|call| (call.method, format!("/api{}", call.path)))
        .collect()
}

pub fn configure(cfg: &mut web::ServiceConfig, allow_origins: &[String]) {
    let mut scope = web::scope("/api")
        .wrap(ErrorHandlers::new().default_handler(json_error_body))
        .wrap(actix_web::middleware::Condition::new(
            !allow_origins.is_empty(),
            cross_origin(allow_origins),
        ));
    // One resource per path, so a known path with another method answers 405 with `Allow`.
    let mut calls = api();
    while !calls.is_empty() {
        let path = calls[0].path;
        let (same, rest): (Vec<Call>, Vec<Call>) =
            calls.into_iter().partition(|call| call.path == path);
        calls = rest;
        scope = scope.service(
            same.into_iter()
                .fold(web::resource(path), |resource, call| {
                    resource.route(call.route)
                }),
        );
    }
    cfg.app_data(json_config())
        .service(scope.default_service(web::to(|| async {
            Err::<HttpResponse, _>(ApiError::NotFound("No such API call"))
        })))
        .configure(health::scope)
        .configure(media::files)
        .configure(previews::files)
        .default_service(web::to(spa::serve));
}

/// CORS for the origins `--allow-origin` names, and no other: their pages may make every API
/// call with a token (no cookies are used, so no credentials are allowed).
fn cross_origin(origins: &[String]) -> actix_cors::Cors {
    origins
        .iter()
        .fold(actix_cors::Cors::default(), |cors, origin| {
            cors.allowed_origin(origin)
        })
        .allowed_methods([
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
        ])
        .allowed_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::ACCEPT])
        .expose_headers([header::CONTENT_DISPOSITION, header::RETRY_AFTER])
        .max_age(600)
}

fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT)
        .content_type_required(false)
        .error_handler(|err, _req| {
            match err {
                JsonPayloadError::Overflow { .. }
                | JsonPayloadError::OverflowKnownLength { .. } => ApiError::PayloadTooLarge,
                JsonPayloadError::Deserialize(err) if err.is_data() => body_refused(&err),
                JsonPayloadError::Deserialize(err) => {
                    ApiError::BadRequest(format!("Malformed JSON: {err}"))
                }
                other => ApiError::BadRequest(format!("Invalid request body: {other}")),
            }
            .into()
        })
}

/// Turns actix's own plain-text refusals under `/api` (wrong method, bad path) into the API's JSON shape.
fn json_error_body<B: MessageBody + 'static>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
    if is_json {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    let message = status.canonical_reason().unwrap_or("Request failed");
    let (req, old) = res.into_parts();
    let mut response = HttpResponse::build(status);
    if let Some(allow) = old.headers().get(header::ALLOW) {
        response.insert_header((header::ALLOW, allow.clone()));
    }
    let response = response.json(serde_json::json!({ "message": message }));
    Ok(ErrorHandlerResponse::Response(
        ServiceResponse::new(req, response).map_into_right_body(),
    ))
}

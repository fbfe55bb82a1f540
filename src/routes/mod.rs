//! The whole HTTP surface in one place: every API call in one table, then the health check,
//! photos and the embedded app.
//!
//! A request flows: actix matches a path here → the handler's extractors check access
//! (`AdminUser`), parse the path id (`PathId`) and the JSON body → a `domain` type parses the
//! input → `db::run` does the work on the blocking pool → the handler answers with JSON.

mod auth;
mod backup;
mod cards;
mod certificates;
mod contacts;
mod content;
mod gallery_images;
mod health;
mod media;
mod members;
mod notices;
mod rosters;
mod site_settings;
mod spa;
mod users;

use crate::error::ApiError;
use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceResponse};
use actix_web::error::JsonPayloadError;
use actix_web::http::{header, Method};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers};
use actix_web::{web, FromRequest, Handler, HttpRequest, HttpResponse, Responder};
use std::marker::PhantomData;

/// Largest JSON body accepted (DESIGN §4).
pub const JSON_LIMIT: usize = 64 * 1024;

/// Every API call, resource by resource. The order matters where paths overlap: a fixed path
/// (`/admin/rosters/order`) comes before the pattern that would also match it (`/admin/rosters/{id}`).
fn api() -> Vec<Call> {
    [
        auth::calls(),
        users::calls(),
        contacts::calls(),
        notices::calls(),
        certificates::calls(),
        content::calls(),
        rosters::calls(),
        members::calls(),
        cards::calls(),
        gallery_images::calls(),
        site_settings::calls(),
        media::calls(),
        backup::calls(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// `(method, path)` of every API call as registered, paths as `/api/admin/users/{id}`.
/// The access tests check their table against this list, so no call can be left out of them.
pub fn api_calls() -> Vec<(Method, String)> {
    api()
        .into_iter()
        .map(|call| (call.method, format!("/api{}", call.path)))
        .collect()
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    let mut scope = web::scope("/api").wrap(ErrorHandlers::new().default_handler(json_error_body));
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
        .default_service(web::to(spa::serve));
}

/// One API call: a method and a path under `/api`, and the handler that answers it.
pub struct Call {
    method: Method,
    path: &'static str,
    route: actix_web::Route,
}

impl Call {
    fn new<F, Args>(method: Method, path: &'static str, handler: F) -> Call
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        Call {
            route: web::method(method.clone()).to(handler),
            method,
            path,
        }
    }
}

macro_rules! call_with_method {
    ($($name:ident => $method:ident),*) => {$(
        fn $name<F, Args>(path: &'static str, handler: F) -> Call
        where
            F: Handler<Args>,
            Args: FromRequest + 'static,
            F::Output: Responder + 'static,
        {
            Call::new(Method::$method, path, handler)
        }
    )*};
}
call_with_method!(get => GET, post => POST, put => PUT, patch => PATCH, delete => DELETE);

/// A kind of record reached by id in a path; its 404 message when the id names none.
pub trait Record {
    const NOT_FOUND: &'static str;
}

/// The `{id}` of the path, parsed: anything but a positive integer is that record's 404,
/// exactly like an id that names no record.
pub struct PathId<R>(i64, PhantomData<R>);

impl<R> Clone for PathId<R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R> Copy for PathId<R> {}

impl<R: Record> PathId<R> {
    pub fn get(self) -> i64 {
        self.0
    }

    /// The record, or this kind's 404.
    pub fn found<T>(self, record: Option<T>) -> Result<T, ApiError> {
        record.ok_or(ApiError::NotFound(R::NOT_FOUND))
    }

    /// `{"msg": done}` when the change found its record, or this kind's 404.
    pub fn done(self, found: bool, done: &str) -> Result<HttpResponse, ApiError> {
        self.found(found.then_some(()))?;
        Ok(message(done))
    }
}

impl<R: Record> FromRequest for PathId<R> {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let id = req
            .match_info()
            .get("id")
            .and_then(crate::domain::Id::parse)
            .map(|id| PathId(id.get(), PhantomData))
            .ok_or(ApiError::NotFound(R::NOT_FOUND));
        std::future::ready(id)
    }
}

/// 200 with `{"msg": text}`, the spec's answer to a change.
pub fn message(text: &str) -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({ "msg": text }))
}

/// 201 with `{"_id": id, "msg": text}`, for the content calls that create a record.
pub fn created(id: i64, text: &str) -> HttpResponse {
    HttpResponse::Created().json(serde_json::json!({ "_id": id, "msg": text }))
}

fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT)
        .content_type_required(false)
        .error_handler(|err, _req| {
            match err {
                JsonPayloadError::Overflow { .. }
                | JsonPayloadError::OverflowKnownLength { .. } => ApiError::PayloadTooLarge,
                JsonPayloadError::Deserialize(err) if err.is_data() => {
                    match unknown_field(&err.to_string()) {
                        Some(field) => ApiError::field(field, "is not a field this call takes"),
                        None => ApiError::BadRequest(format!("Invalid request: {err}")),
                    }
                }
                JsonPayloadError::Deserialize(err) => {
                    ApiError::BadRequest(format!("Malformed JSON: {err}"))
                }
                other => ApiError::BadRequest(format!("Invalid request body: {other}")),
            }
            .into()
        })
}

/// The field serde named in an "unknown field `x`, expected …" refusal.
fn unknown_field(message: &str) -> Option<&str> {
    message.strip_prefix("unknown field `")?.split('`').next()
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

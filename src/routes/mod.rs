//! The whole HTTP surface, registered in one place: the API, health check and the SPA.

mod auth;
mod backup;
mod certificates;
mod contacts;
mod content;
mod health;
mod media;
mod notices;
mod site_content;
mod spa;
mod users;

use crate::error::ApiError;
use actix_web::body::MessageBody;
use actix_web::dev::ServiceResponse;
use actix_web::error::JsonPayloadError;
use actix_web::http::header;
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers};
use actix_web::{web, HttpRequest, HttpResponse};

/// Largest JSON body accepted (DESIGN §4).
pub const JSON_LIMIT: usize = 64 * 1024;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(json_config())
        .service(
            web::scope("/api")
                .wrap(ErrorHandlers::new().default_handler(json_error_body))
                .configure(auth::scope)
                .configure(backup::scope)
                .configure(users::scope)
                .configure(contacts::scope)
                .configure(notices::scope)
                .configure(certificates::scope)
                .configure(content::scope)
                .configure(site_content::scope)
                .configure(media::scope)
                .default_service(web::to(|| async {
                    Err::<HttpResponse, _>(ApiError::NotFound("No such API call"))
                })),
        )
        .configure(health::scope)
        .configure(media::files)
        .default_service(web::to(spa::serve));
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

/// Whether the request's `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for GET).
pub fn etag_matches(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|value| value.to_str().ok())
        .any(|value| {
            value
                .split(',')
                .map(str::trim)
                .any(|candidate| candidate == "*" || candidate.trim_start_matches("W/") == etag)
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

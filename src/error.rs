//! The one API error type: each variant is a status and a plain message; causes are only logged.

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// Field name → why its value was refused.
pub type FieldErrors = BTreeMap<String, String>;

#[derive(Debug)]
pub enum ApiError {
    /// 400: the request could not be understood (bad JSON, bad path value).
    BadRequest(String),
    /// 400: some fields were refused; each is named.
    Validation(FieldErrors),
    /// 400: a link (an invitation's) that no longer works; `reason` says why in one word
    /// (`used`, `withdrawn`, `expired`, `unknown`) for the page to offer the way on.
    LinkGone {
        message: String,
        reason: &'static str,
    },
    /// 401: no valid session.
    Unauthorized(&'static str),
    /// 403: signed in, but the account's role may not do this; the sentence says why.
    Forbidden(&'static str),
    /// 404: the thing asked for does not exist.
    NotFound(&'static str),
    /// 409: clashes with what is stored (a taken email, the last admin).
    Conflict(String),
    /// 413: body over the limit.
    PayloadTooLarge,
    /// 429: over a rate limit; retry after this many seconds.
    TooManyRequests(u64),
    /// 429 with its own sentence: a second step locked after wrong codes, for this many seconds.
    Locked(&'static str, u64),
    /// 503: the database cannot take writes right now (read-only, unreadable, busy); the cause
    /// is logged as a warning.
    Unavailable(String),
    /// 507: the disk holding the database is full, so nothing was saved; logged as a warning.
    DiskFull(String),
    /// 503: too much work of this kind is queued; retry after this many seconds.
    Busy(u64),
    /// 502: the mail server refused or could not be reached; the message says what it said.
    MailServer(String),
    /// 500: a bug or an unexpected fault; the cause goes to the log only.
    Internal(String),
}

impl ApiError {
    pub fn internal(cause: impl fmt::Display) -> Self {
        ApiError::Internal(cause.to_string())
    }

    pub fn field(field: &str, why: impl Into<String>) -> Self {
        ApiError::Validation(FieldErrors::from([(field.to_owned(), why.into())]))
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadRequest(message)
            | ApiError::LinkGone { message, .. }
            | ApiError::Conflict(message)
            | ApiError::MailServer(message) => f.write_str(message),
            ApiError::Validation(_) => f.write_str("Some fields are not valid"),
            ApiError::Unauthorized(message)
            | ApiError::NotFound(message)
            | ApiError::Forbidden(message)
            | ApiError::Locked(message, _) => f.write_str(message),
            ApiError::PayloadTooLarge => f.write_str("Request body is too large (64 KiB at most)"),
            ApiError::TooManyRequests(_) => {
                f.write_str("Too many requests, please try again later")
            }
            ApiError::Unavailable(_) => f.write_str(
                "The site cannot save changes right now, so nothing was saved; please try again later",
            ),
            ApiError::DiskFull(_) => f.write_str(
                "The server's disk is full, so nothing was saved; please try again later",
            ),
            ApiError::Busy(_) => f.write_str("The site is busy, please try again in a moment"),
            ApiError::Internal(_) => f.write_str("Something went wrong on our side"),
        }
    }
}

#[derive(Serialize)]
struct Body<'a> {
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a FieldErrors>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) | ApiError::Validation(_) | ApiError::LinkGone { .. } => {
                StatusCode::BAD_REQUEST
            }
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooManyRequests(_) | ApiError::Locked(..) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) | ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::DiskFull(_) => StatusCode::INSUFFICIENT_STORAGE,
            ApiError::MailServer(_) => StatusCode::BAD_GATEWAY,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            ApiError::Internal(cause) => log::error!("internal error: {cause}"),
            ApiError::Unavailable(cause) => {
                log::warn!("not saved: the database is unavailable: {cause}")
            }
            ApiError::DiskFull(cause) => log::warn!("not saved: the disk is full: {cause}"),
            _ => {}
        }
        let mut response = HttpResponse::build(self.status_code());
        if let ApiError::TooManyRequests(seconds)
        | ApiError::Busy(seconds)
        | ApiError::Locked(_, seconds) = self
        {
            response.insert_header((header::RETRY_AFTER, seconds.to_string()));
        }
        if let ApiError::Unauthorized(_) = self {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        let errors = match self {
            ApiError::Validation(errors) => Some(errors),
            _ => None,
        };
        let reason = match self {
            ApiError::LinkGone { reason, .. } => Some(*reason),
            _ => None,
        };
        response.json(Body {
            message: self.to_string(),
            errors,
            reason,
        })
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(err: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode::*;
        if let rusqlite::Error::SqliteFailure(e, _) = &err {
            if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_COMMITHOOK {
                return ApiError::Unavailable("the database file cannot be written".into());
            }
            if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY {
                return ApiError::Conflict(
                    "Something this refers to was deleted meanwhile; reload and try again".into(),
                );
            }
        }
        match err.sqlite_error_code() {
            Some(DiskFull) => ApiError::DiskFull(err.to_string()),
            Some(ReadOnly | DatabaseBusy | DatabaseLocked | CannotOpen | SystemIoFailure) => {
                ApiError::Unavailable(err.to_string())
            }
            _ => ApiError::internal(err),
        }
    }
}

impl From<r2d2::Error> for ApiError {
    fn from(err: r2d2::Error) -> Self {
        ApiError::Unavailable(err.to_string())
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(err: actix_web::error::BlockingError) -> Self {
        ApiError::internal(err)
    }
}

/// Why a JSON body does not fit its call: the field it should not have, or what serde said.
pub fn body_refused(err: &serde_json::Error) -> ApiError {
    match unknown_field(&err.to_string()) {
        Some(field) => ApiError::field(field, "is not a field this call takes"),
        None => ApiError::BadRequest(format!("Invalid request: {err}")),
    }
}

/// The field serde named in an "unknown field `x`, expected …" refusal.
fn unknown_field(message: &str) -> Option<&str> {
    message.strip_prefix("unknown field `")?.split('`').next()
}

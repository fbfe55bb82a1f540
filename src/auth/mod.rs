//! Sessions: JWTs, bcrypt on the blocking pool, and answers kept private to the signed-in.
//! (Who may make a call is `crate::access`, in the handlers' signatures.)

pub mod jwt;
pub mod password;
pub mod second_step;
pub mod totp;
pub mod webauthn;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;

/// Middleware: an API answer to a caller who sent a token is theirs alone, and so is the answer
/// to any write (a login, a registration or an accepted invitation carries a new session's
/// token), so no cache on the way (a proxy, the browser's disk) may keep it.
pub async fn private_answers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let write = !matches!(req.method().as_str(), "GET" | "HEAD");
    let private = req.path().starts_with("/api/")
        && (write || req.headers().contains_key(header::AUTHORIZATION));
    let mut response = next.call(req).await?;
    if private {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Ok(response)
}

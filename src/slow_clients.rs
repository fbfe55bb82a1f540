//! Limits against slow and greedy clients, so a few hundred stalled connections cannot hold the
//! site: a request body must keep arriving, and one address may have only so many requests in
//! progress at once. (Request heads and idle keep-alive have their own time limits, set where
//! the server is built.)

use crate::client::ClientIp;
use crate::state::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::rt::time::{sleep, Instant, Sleep};
use actix_web::web::Bytes;
use actix_web::{FromRequest, HttpMessage, ResponseError};
use futures_util::Stream;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

/// Longest a whole request body may take, for a body of unknown or small length.
pub const BODY_TOTAL: Duration = Duration::from_secs(120);

/// The slowest rate a long body is given time for (128 KiB/s, about 1 Mbit/s): a 32 MB photo
/// from a phone on a poor connection gets about six minutes.
const SLOWEST_BYTES_PER_SECOND: u64 = 128 * 1024;

/// Longest a whole body of `length` bytes (its Content-Length) may take.
fn total_for(length: Option<u64>) -> Duration {
    BODY_TOTAL + Duration::from_secs(length.unwrap_or(0) / SLOWEST_BYTES_PER_SECOND)
}

/// Middleware: counts the request against its address (429 and the connection closed past the
/// bound) and puts the body on a clock.
pub async fn guard(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let (http, payload) = req.parts_mut();
    let ip = ClientIp::from_request(http, payload).await?;
    let state = AppState::of(req.request())?;
    let _in_progress = match state.limits.requests.admit(ip.0) {
        Ok(permit) => permit,
        Err(refusal) => {
            let mut response = refusal.error_response();
            response.headers_mut().insert(
                header::CONNECTION,
                header::HeaderValue::from_static("close"),
            );
            return Ok(req.into_response(response).map_into_right_body());
        }
    };
    // A request without a body (most of them: every page, file and list) has nothing to time.
    let body = req.take_payload();
    if matches!(body, Payload::None) {
        req.set_payload(body);
    } else {
        let length = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok()?.parse::<u64>().ok())
            // Past the largest upload no call takes it anyway.
            .map(|length| length.min(crate::images::MAX_UPLOAD as u64 + 64 * 1024));
        let clocked: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(
            OnTheClock::new(body, state.config.body_deadline, total_for(length)),
        );
        req.set_payload(Payload::from(clocked));
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// A request body that fails once it pauses longer than `idle_for` or runs past its total.
struct OnTheClock {
    body: Payload,
    idle_for: Duration,
    idle: Pin<Box<Sleep>>,
    total: Pin<Box<Sleep>>,
}

impl OnTheClock {
    fn new(body: Payload, idle_for: Duration, total: Duration) -> OnTheClock {
        OnTheClock {
            body,
            idle_for,
            idle: Box::pin(sleep(idle_for)),
            total: Box::pin(sleep(total)),
        }
    }
}

impl Stream for OnTheClock {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = &mut *self;
        match Pin::new(&mut this.body).poll_next(cx) {
            Poll::Ready(Some(Ok(chunk))) => {
                this.idle.as_mut().reset(Instant::now() + this.idle_for);
                Poll::Ready(Some(Ok(chunk)))
            }
            Poll::Pending => {
                if this.idle.as_mut().poll(cx).is_ready() || this.total.as_mut().poll(cx).is_ready()
                {
                    return Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                        std::io::ErrorKind::TimedOut,
                        "the request body stopped arriving",
                    )))));
                }
                Poll::Pending
            }
            done => done,
        }
    }
}

/// Lets the process keep as many connections open as the system allows it, not the
/// conservative default of 1,024 descriptors.
pub fn raise_open_file_limit() {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct passed to them.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 && limit.rlim_cur < limit.rlim_max
        {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_body_gets_time_for_a_slow_phone_and_a_short_one_the_usual_two_minutes() {
        assert_eq!(total_for(None), BODY_TOTAL);
        assert_eq!(total_for(Some(4096)), BODY_TOTAL);
        let photo = total_for(Some(32 * 1024 * 1024));
        // 32 MB at 1 Mbit/s takes about 270 s.
        assert!(photo >= Duration::from_secs(270), "{photo:?}");
        assert!(photo <= Duration::from_secs(400), "{photo:?}");
    }
}

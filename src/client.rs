//! Who made a request and from where: the staff member the access check found ([`Actor`]) and
//! the client's address ([`ClientIp`]). Below the access check, so the activity log and the
//! guards that read them need not import it.

use crate::db;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use std::net::IpAddr;

/// Who made a request, as the access check found them (kept on the request).
#[derive(Debug, Clone)]
pub struct Actor {
    pub id: i64,
    pub name: String,
    pub role: crate::domain::Role,
}

impl Actor {
    pub fn of(user: &db::users::User) -> Actor {
        Actor {
            id: user.id,
            role: user.role,
            name: user.named(),
        }
    }
}

/// The client's address: the socket peer, or with `--trust-proxy` the address our own proxy
/// appended last to `X-Forwarded-For` (earlier entries are whatever the client claimed).
pub struct ClientIp(pub IpAddr);

impl FromRequest for ClientIp {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(client_ip(req).map(ClientIp))
    }
}

pub fn client_ip(req: &HttpRequest) -> Result<IpAddr, ApiError> {
    let state = AppState::of(req)?;
    if state.config.trust_proxy {
        let forwarded = req
            .headers()
            .get_all("x-forwarded-for")
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .last()
            .and_then(|entry| forwarded_address(entry.trim()));
        if let Some(ip) = forwarded {
            return Ok(ip);
        }
    }
    Ok(req
        .peer_addr()
        .map_or(IpAddr::from([127, 0, 0, 1]), |addr| addr.ip()))
}

/// An `X-Forwarded-For` entry: an address, or an address with a port (`203.0.113.7:1234`,
/// `[2001:db8::1]:443`) as some proxies write it.
fn forwarded_address(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<std::net::SocketAddr>().ok().map(|a| a.ip()))
}

//! The HTTPS port's connections: a TLS handshake has [`HANDSHAKE_TIME`] to finish and one
//! address may hold only [`HANDSHAKES_PER_ADDRESS`] unfinished ones, so connections that never
//! send a ClientHello cannot fill the server's handshake slots and hold everyone else's HTTPS
//! shut; then the same app as the plain port, with the same time limits.

use actix_http::{HttpService, KeepAlive, Protocol};
use actix_service::{
    fn_service, map_config, IntoServiceFactory, ServiceFactory, ServiceFactoryExt,
};
use actix_tls::accept::rustls_0_23::{Acceptor, TlsStream};
use actix_web::body::MessageBody;
use actix_web::dev::{AppConfig, ServiceResponse};
use actix_web::rt::net::TcpStream;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a client has to finish its TLS handshake.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(3);

/// Unfinished handshakes one address may have at once: a browser opens a few connections in
/// parallel, a school's shared address a few dozen.
pub const HANDSHAKES_PER_ADDRESS: u32 = 32;

pub use crate::config::Timeouts;

/// Unfinished handshakes by client address (an IPv6 client by its /64).
#[derive(Default)]
pub struct Handshakes(Mutex<HashMap<IpAddr, u32>>);

impl Handshakes {
    /// A place for one more handshake from `peer`, or `None` when it has too many.
    fn admit(self: &Arc<Self>, peer: IpAddr) -> Option<Handshaking> {
        let key = crate::rate_limit::client_key(peer);
        let mut counts = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let count = counts.entry(key).or_default();
        if *count >= HANDSHAKES_PER_ADDRESS {
            return None;
        }
        *count += 1;
        Some(Handshaking(self.clone(), key))
    }
}

/// One unfinished handshake; its place is given back when dropped.
struct Handshaking(Arc<Handshakes>, IpAddr);

impl Drop for Handshaking {
    fn drop(&mut self) {
        let mut counts = self.0 .0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = counts.get_mut(&self.1) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.1);
            }
        }
    }
}

/// Marks a request that came over the HTTPS port (see `https::guard`).
#[derive(Clone, Copy)]
pub struct OverTls;

/// The HTTPS service of one worker: the per-address cap, the TLS handshake with its time limit,
/// then `app` as HTTP/1.1.
pub fn service<F, S, B>(
    app: F,
    tls: rustls::ServerConfig,
    local: SocketAddr,
    handshakes: Arc<Handshakes>,
    timeouts: &Timeouts,
) -> impl ServiceFactory<TcpStream, Config = (), Response = (), Error = (), InitError = ()>
where
    F: IntoServiceFactory<S, actix_http::Request>,
    S: ServiceFactory<
            actix_http::Request,
            Config = AppConfig,
            Response = ServiceResponse<B>,
            Error = actix_web::Error,
            InitError = (),
        > + 'static,
    S::Future: 'static,
    B: MessageBody + 'static,
{
    let mut acceptor = Acceptor::new(tls);
    acceptor.set_handshake_timeout(HANDSHAKE_TIME);
    let http = HttpService::build()
        .keep_alive(KeepAlive::Timeout(timeouts.keep_alive))
        .client_request_timeout(timeouts.request_head)
        .client_disconnect_timeout(timeouts.disconnect)
        .local_addr(local)
        .on_connect_ext(|_: &TlsStream<TcpStream>, data| {
            data.insert(OverTls);
        })
        .finish(map_config(app.into_factory(), |_| AppConfig::default()));
    fn_service(move |stream: TcpStream| {
        let handshakes = handshakes.clone();
        async move {
            let peer = stream.peer_addr().map_err(|_| ())?;
            // Over the cap the connection is closed at once, before it takes a handshake slot.
            let place = handshakes.admit(peer.ip()).ok_or(())?;
            Ok::<_, ()>((stream, place))
        }
    })
    .and_then(acceptor_with_place(acceptor))
    .and_then(
        http.map_err(|err| log::debug!("an HTTPS connection ended with an error: {err:?}"))
            .map_init_err(|err| log::error!("cannot start the HTTPS service: {err:?}")),
    )
}

/// The TLS handshake, holding its place under the cap until it is done (or timed out).
fn acceptor_with_place(
    acceptor: Acceptor,
) -> impl ServiceFactory<
    (TcpStream, Handshaking),
    Config = (),
    Response = (TlsStream<TcpStream>, Protocol, Option<SocketAddr>),
    Error = (),
    InitError = (),
> {
    actix_service::apply_fn_factory(
        acceptor.map_init_err(|_| ()).map_err(|_| ()),
        |(stream, place): (TcpStream, Handshaking), tls| {
            let handshake = actix_service::Service::call(tls, stream);
            async move {
                let tls = handshake.await;
                drop(place);
                let tls = tls?;
                let peer = tls.get_ref().0.peer_addr().ok();
                Ok((tls, Protocol::Http1, peer))
            }
        },
    )
}

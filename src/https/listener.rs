//! The HTTPS port's connections: each TLS handshake runs as its connection's own task with
//! [`HANDSHAKE_TIME`] to finish, and unfinished handshakes are capped per address
//! ([`HANDSHAKES_PER_ADDRESS`]) and in all ([`HANDSHAKES_IN_ALL`]): a newcomer past a cap ends
//! the oldest connection that has sent nothing yet, else the oldest. So connections that never
//! finish a handshake, from one address or from many, can neither make the accept loop wait nor
//! keep a visitor out; then the same app as the plain port, with the same time limits.

use actix_http::{HttpService, KeepAlive, Protocol};
use actix_service::{
    fn_service, map_config, IntoServiceFactory, ServiceFactory, ServiceFactoryExt,
};
use actix_tls::accept::rustls_0_23::TlsStream;
use actix_web::body::MessageBody;
use actix_web::dev::{AppConfig, ServiceResponse};
use actix_web::rt::net::TcpStream;
use futures_util::future::{select, Either};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use tokio_rustls::TlsAcceptor;

/// How long a client has to finish its TLS handshake (one or two round trips, even on a slow
/// phone connection).
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(3);

/// Unfinished handshakes one address may have at once: a browser opens a few connections in
/// parallel, a school's shared address a few dozen. A newcomer past it ends the address's
/// oldest, so a carrier NAT's idle connections cannot keep out its other users.
pub const HANDSHAKES_PER_ADDRESS: usize = 32;

/// Unfinished handshakes in all. A newcomer past it ends the oldest anywhere: a visitor's
/// handshake takes milliseconds, a flood's idle connections wait to be ended.
pub const HANDSHAKES_IN_ALL: usize = 512;

/// How long a new connection has to send its first bytes before it counts as silent: its
/// ClientHello follows the TCP handshake within one trip, but a burst of newcomers can come
/// first, and ending the newest "silent" connections would end visitors who had no time to speak.
pub const TIME_TO_SPEAK: Duration = Duration::from_millis(500);

/// How long a handshake that has spoken may wait unfinished before it counts as stalled: the
/// rest of a visitor's handshake is one more trip, a flood's half-sent hello never finishes.
pub const TIME_TO_FINISH: Duration = Duration::from_millis(250);

pub use crate::config::Timeouts;

/// The unfinished handshakes, oldest first and by client address (see
/// [`crate::rate_limit::client_key`]).
#[derive(Default)]
pub struct Handshakes(Mutex<Unfinished>);

#[derive(Default)]
struct Unfinished {
    next: u64,
    /// By arrival, so the first is the oldest.
    all: BTreeMap<u64, Waiting>,
    by_address: HashMap<IpAddr, VecDeque<u64>>,
}

struct Waiting {
    key: IpAddr,
    /// Dropping it ends the handshake.
    _ender: oneshot::Sender<()>,
    /// Whether the client has sent anything: a visitor's ClientHello comes at once, an idle
    /// connection's never.
    spoke: bool,
    /// The connection's socket, to look whether its ClientHello has come though its task has
    /// not run yet (on a busy machine a burst of newcomers can come first).
    socket: Option<std::os::fd::RawFd>,
    /// When it was admitted.
    arrived: Instant,
}

impl Waiting {
    /// Whether the client has said nothing: not seen to, and nothing waiting in its socket.
    fn unspoken(&self) -> bool {
        !self.spoke && !self.socket.is_some_and(has_bytes)
    }

    /// Whether it has waited at least `long`.
    fn waited(&self, long: Duration, now: Instant) -> bool {
        now.saturating_duration_since(self.arrived) >= long
    }
}

/// Which handshakes a newcomer ends first, each rule's oldest before the next rule: those that
/// said nothing in [`TIME_TO_SPEAK`], those that spoke but stalled past [`TIME_TO_FINISH`], the
/// young that said nothing yet, and last the young that spoke (the visitors mid-handshake).
const TO_END_FIRST: [fn(&Waiting, Instant) -> bool; 3] = [
    |w, now| w.waited(TIME_TO_SPEAK, now) && w.unspoken(),
    |w, now| w.waited(TIME_TO_FINISH, now) && !w.unspoken(),
    |w, _| w.unspoken(),
];

/// Whether bytes wait to be read on the socket `fd`, without reading them or waiting.
fn has_bytes(fd: std::os::fd::RawFd) -> bool {
    let mut byte = [0u8; 1];
    // SAFETY: a one-byte peek into our own buffer; a closed or reused descriptor only answers
    // an error or another socket's state, which at worst ends the wrong idle connection.
    let read = unsafe {
        libc::recv(
            fd,
            byte.as_mut_ptr().cast(),
            1,
            libc::MSG_PEEK | libc::MSG_DONTWAIT,
        )
    };
    read > 0
}

impl Unfinished {
    /// Forgets handshake `id`; when it is still running, dropping its sender ends it.
    fn end(&mut self, id: u64) {
        let Some(Waiting { key, .. }) = self.all.remove(&id) else {
            return;
        };
        if let Some(ids) = self.by_address.get_mut(&key) {
            ids.retain(|&other| other != id);
            if ids.is_empty() {
                self.by_address.remove(&key);
            }
        }
    }

    /// The handshake to end for a newcomer from `key`: one of the address's when it is at its
    /// cap, else one of all when all places are taken; chosen by [`TO_END_FIRST`], else the
    /// oldest.
    fn to_end_for(&self, key: IpAddr, now: Instant) -> Option<u64> {
        if let Some(ids) = self
            .by_address
            .get(&key)
            .filter(|ids| ids.len() >= HANDSHAKES_PER_ADDRESS)
        {
            return self.first_to_end(ids.iter().copied(), now);
        }
        if self.all.len() < HANDSHAKES_IN_ALL {
            return None;
        }
        self.first_to_end(self.all.keys().copied(), now)
    }

    /// Of `ids`, oldest first, the one [`TO_END_FIRST`] picks.
    fn first_to_end(&self, ids: impl Iterator<Item = u64> + Clone, now: Instant) -> Option<u64> {
        TO_END_FIRST
            .iter()
            .find_map(|rule| {
                ids.clone()
                    .find(|id| self.all.get(id).is_some_and(|w| rule(w, now)))
            })
            .or_else(|| ids.clone().next())
    }
}

impl Handshakes {
    /// A place for a handshake from `peer`, ending an older one when the caps are reached; the
    /// receiver completes when this one is ended in turn.
    fn admit(
        self: &Arc<Self>,
        peer: IpAddr,
        socket: Option<std::os::fd::RawFd>,
    ) -> (Handshaking, oneshot::Receiver<()>) {
        self.admit_at(peer, socket, Instant::now())
    }

    fn admit_at(
        self: &Arc<Self>,
        peer: IpAddr,
        socket: Option<std::os::fd::RawFd>,
        now: Instant,
    ) -> (Handshaking, oneshot::Receiver<()>) {
        let key = crate::rate_limit::client_key(peer);
        let mut unfinished = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(oldest) = unfinished.to_end_for(key, now) {
            unfinished.end(oldest);
        }
        let id = unfinished.next;
        unfinished.next += 1;
        let (ender, ended) = oneshot::channel();
        let waiting = Waiting {
            key,
            _ender: ender,
            spoke: false,
            socket,
            arrived: now,
        };
        unfinished.all.insert(id, waiting);
        unfinished.by_address.entry(key).or_default().push_back(id);
        (Handshaking(self.clone(), id), ended)
    }

    #[cfg(test)]
    fn count(&self) -> usize {
        self.0.lock().unwrap().all.len()
    }
}

/// One unfinished handshake; its place is given back when dropped.
struct Handshaking(Arc<Handshakes>, u64);

impl Handshaking {
    /// The client has sent something: others go first when a place is needed.
    fn spoke(&self) {
        let mut unfinished = self.0 .0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(waiting) = unfinished.all.get_mut(&self.1) {
            waiting.spoke = true;
        }
    }
}

impl Drop for Handshaking {
    fn drop(&mut self) {
        let mut unfinished = self.0 .0.lock().unwrap_or_else(|p| p.into_inner());
        unfinished.end(self.1);
    }
}

/// Marks a request that came over the HTTPS port (see `https::guard`).
#[derive(Clone, Copy)]
pub struct OverTls;

/// The HTTPS service of one worker: the TLS handshake under the caps and its time limit, then
/// `app` as HTTP/1.1.
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
    let acceptor = TlsAcceptor::from(Arc::new(tls));
    let http = HttpService::build()
        .keep_alive(KeepAlive::Timeout(timeouts.keep_alive))
        .client_request_timeout(timeouts.request_head)
        .client_disconnect_timeout(timeouts.disconnect)
        .local_addr(local)
        .on_connect_ext(|_: &TlsStream<TcpStream>, data| {
            data.insert(OverTls);
        })
        .finish(map_config(app.into_factory(), |_| AppConfig::default()));
    // Always ready: the worker spawns each connection's task at once, so no number of
    // unfinished handshakes makes the accept loop wait (the caps end old ones instead).
    fn_service(move |stream: TcpStream| {
        let (acceptor, handshakes) = (acceptor.clone(), handshakes.clone());
        async move {
            let peer = stream.peer_addr().map_err(|_| ())?;
            let socket = std::os::fd::AsRawFd::as_raw_fd(&stream);
            let (place, ended) = handshakes.admit(peer.ip(), Some(socket));
            let finished = {
                let handshake = std::pin::pin!(async {
                    stream.readable().await?;
                    place.spoke();
                    acceptor.accept(stream).await
                });
                match actix_web::rt::time::timeout(HANDSHAKE_TIME, select(handshake, ended)).await {
                    Ok(Either::Left((Ok(tls), _))) => Some(tls),
                    // A failed handshake, one past its time, or one ended for a newcomer: the
                    // connection is closed as it is dropped.
                    _ => None,
                }
            };
            drop(place);
            let tls = finished.ok_or(())?;
            Ok((TlsStream::from(tls), Protocol::Http1, Some(peer)))
        }
    })
    .and_then(
        http.map_err(|err| log::debug!("an HTTPS connection ended with an error: {err:?}"))
            .map_init_err(|err| log::error!("cannot start the HTTPS service: {err:?}")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_newcomer_past_its_address_cap_ends_that_address_oldest_handshake() {
        let handshakes = Arc::new(Handshakes::default());
        let mut held: Vec<_> = (0..HANDSHAKES_PER_ADDRESS)
            .map(|_| handshakes.admit(ip("203.0.113.7"), None))
            .collect();
        let other = handshakes.admit(ip("198.51.100.1"), None);
        held[0].1.try_recv().expect_err("still running");

        let newcomer = handshakes.admit(ip("203.0.113.7"), None);
        assert!(
            matches!(
                held[0].1.try_recv(),
                Err(oneshot::error::TryRecvError::Closed)
            ),
            "the address's oldest is ended"
        );
        held[1].1.try_recv().expect_err("the next one runs on");
        drop(other);
        assert_eq!(handshakes.count(), HANDSHAKES_PER_ADDRESS);
        drop((held, newcomer));
        assert_eq!(handshakes.count(), 0, "every place is given back");
    }

    #[test]
    fn a_newcomer_past_the_overall_cap_ends_the_oldest_handshake_anywhere() {
        let handshakes = Arc::new(Handshakes::default());
        let mut held: Vec<_> = (0..HANDSHAKES_IN_ALL)
            .map(|n| handshakes.admit(ip(&format!("10.0.{}.{}", n / 16, n % 16)), None))
            .collect();
        let _newcomer = handshakes.admit(ip("192.0.2.1"), None);
        assert!(matches!(
            held[0].1.try_recv(),
            Err(oneshot::error::TryRecvError::Closed)
        ));
        held[1].1.try_recv().expect_err("the next one runs on");
        assert_eq!(handshakes.count(), HANDSHAKES_IN_ALL);
    }

    #[test]
    fn a_newcomer_ends_a_connection_that_sent_nothing_before_one_that_spoke() {
        let handshakes = Arc::new(Handshakes::default());
        let then = Instant::now();
        let mut held: Vec<_> = (0..HANDSHAKES_PER_ADDRESS)
            .map(|_| handshakes.admit_at(ip("203.0.113.7"), None, then))
            .collect();
        held[0].0.spoke();
        let _newcomer = handshakes.admit_at(ip("203.0.113.7"), None, then + TIME_TO_SPEAK);
        held[0]
            .1
            .try_recv()
            .expect_err("the visitor's handshake runs on");
        assert!(matches!(
            held[1].1.try_recv(),
            Err(oneshot::error::TryRecvError::Closed)
        ));
    }

    #[test]
    fn a_connection_too_new_to_have_spoken_is_not_ended_before_older_ones_that_spoke() {
        let handshakes = Arc::new(Handshakes::default());
        let then = Instant::now();
        let mut flood: Vec<_> = (0..HANDSHAKES_IN_ALL - 1)
            .map(|n| handshakes.admit_at(ip(&format!("10.1.{}.{}", n / 16, n % 16)), None, then))
            .collect();
        for (place, _) in &flood {
            place.spoke();
        }
        let soon = then + Duration::from_millis(300);
        let mut visitor = handshakes.admit_at(ip("192.0.2.9"), None, soon);
        assert!(flood.len() + 1 == HANDSHAKES_IN_ALL);
        let _newcomer = handshakes.admit_at(ip("10.9.9.9"), None, soon + Duration::from_millis(1));
        visitor
            .1
            .try_recv()
            .expect_err("the visitor's handshake runs on");
        assert!(matches!(
            flood[0].1.try_recv(),
            Err(oneshot::error::TryRecvError::Closed)
        ));
    }

    #[test]
    fn a_burst_of_new_connections_that_say_nothing_ends_them_before_a_visitor_mid_handshake() {
        let handshakes = Arc::new(Handshakes::default());
        let then = Instant::now();
        let nat = ip("203.0.113.9");
        let visitor = handshakes.admit_at(nat, None, then);
        visitor.0.spoke();
        let burst: Vec<_> = (0..3 * HANDSHAKES_PER_ADDRESS)
            .map(|n| handshakes.admit_at(nat, None, then + Duration::from_micros(n as u64)))
            .collect();
        let mut visitor = visitor;
        visitor
            .1
            .try_recv()
            .expect_err("the visitor's handshake runs on");
        assert_eq!(burst.len(), 3 * HANDSHAKES_PER_ADDRESS);
        assert_eq!(handshakes.count(), HANDSHAKES_PER_ADDRESS);
    }

    #[test]
    fn ipv6_clients_share_places_by_their_56() {
        let handshakes = Arc::new(Handshakes::default());
        let mut held: Vec<_> = (0..HANDSHAKES_PER_ADDRESS)
            .map(|n| handshakes.admit(ip(&format!("2001:db8:7:7{n:02x}::1")), None))
            .collect();
        let _newcomer = handshakes.admit(ip("2001:db8:7:7ff::1"), None);
        assert!(matches!(
            held[0].1.try_recv(),
            Err(oneshot::error::TryRecvError::Closed)
        ));
    }
}

//! Idle TLS connections from many addresses, from one address, connections that never say
//! hello and a flood of half-sent ClientHellos: none keeps another visitor from the site over
//! HTTPS.

use super::*;

/// Stores a certificate for [`NAMES`] from a CA of the test's own in the database at `db`, as
/// a past run would have; returns the CA's root.
fn store_certificate(db: &Path) -> CertificateDer<'static> {
    let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(DnType::CommonName, "jyoti test CA");
    let ca = CertifiedIssuer::self_signed(ca, KeyPair::generate().unwrap()).unwrap();
    let key = KeyPair::generate().unwrap();
    let leaf = CertificateParams::new(NAMES.map(String::from).to_vec())
        .unwrap()
        .signed_by(&key, &ca)
        .unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let pool = jyoti::db::open(db).unwrap();
    let mut domains = NAMES.to_vec();
    domains.sort();
    let stored = jyoti::db::tls::StoredCertificate {
        chain_pem: leaf.pem(),
        key_pem: key.serialize_pem(),
        not_before: now - 86_400,
        not_after: now + 80 * 86_400,
    };
    jyoti::db::tls::save_certificate(&pool.get().unwrap(), &domains.join(","), "test", &stored)
        .unwrap();
    CertificateDer::from_pem_slice(ca.pem().as_bytes()).unwrap()
}

/// A connection to 127.0.0.1:`port` from the loopback address 127.0.0.2.
fn connect_from_elsewhere(port: u16) -> Option<TcpStream> {
    connect_from([127, 0, 0, 2], port)
}

/// A connection to 127.0.0.1:`port` from the loopback address `from`.
fn connect_from(from: [u8; 4], port: u16) -> Option<TcpStream> {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).ok()?;
    socket
        .bind(&std::net::SocketAddr::from((from, 0)).into())
        .ok()?;
    socket
        .connect(&std::net::SocketAddr::from(([127, 0, 0, 1], port)).into())
        .ok()?;
    Some(socket.into())
}

/// Starts the site with a stored certificate; returns it, its HTTPS port and the CA's root.
fn serve_stored(dir: &Path) -> (Running, u16, CertificateDer<'static>) {
    let db = dir.join("flood.db");
    let root = store_certificate(&db);
    let (https_port, http_port) = (free_port(), free_port());
    let server = serve_https(&db, https_port, http_port, None);
    server.wait_for("serving the stored certificate", Duration::from_secs(20));
    (server, https_port, root)
}

/// From each of `addresses`, `per_address` connections that never send a ClientHello, held
/// open; every 3 s those the server closed are opened anew, until `stop` (bounded in count and
/// time: loopback only). Returns how many it opened in all.
fn idle_flood(
    addresses: Vec<[u8; 4]>,
    per_address: usize,
    port: u16,
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> std::thread::JoinHandle<usize> {
    std::thread::spawn(move || {
        let mut held: Vec<([u8; 4], Option<TcpStream>)> = addresses
            .iter()
            .flat_map(|&from| std::iter::repeat_n(from, per_address))
            .map(|from| (from, None))
            .collect();
        let mut opened = 0;
        for _round in 0..10 {
            for (from, socket) in &mut held {
                if !socket.as_ref().is_some_and(still_open) {
                    *socket = connect_from(*from, port);
                    opened += usize::from(socket.is_some());
                }
            }
            for _ in 0..30 {
                if stop.load(std::sync::atomic::Ordering::Relaxed) {
                    return opened;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        opened
    })
}

/// Whether the server has not closed `socket` (it sends nothing before a ClientHello).
fn still_open(socket: &TcpStream) -> bool {
    socket.set_nonblocking(true).unwrap();
    let open = matches!(
        socket.peek(&mut [0u8; 1]),
        Err(err) if err.kind() == std::io::ErrorKind::WouldBlock
    );
    socket.set_nonblocking(false).unwrap();
    open
}

/// `count` visits to the site over HTTPS from `from`, half a second apart: how many got the
/// page within 2 s, and what happened to the others.
fn probes(
    from: [u8; 4],
    port: u16,
    root: &CertificateDer<'static>,
    count: usize,
) -> (usize, Vec<String>) {
    let mut failed = Vec::new();
    for probe in 0..count {
        let started = std::time::Instant::now();
        let answer = connect_from(from, port)
            .ok_or_else(|| "cannot connect".to_string())
            .and_then(|socket| {
                try_https_get(socket, "jyoti.test", "/", std::slice::from_ref(root))
            });
        let took = started.elapsed();
        match answer {
            Ok((head, _)) if head.starts_with("http/1.1 200") && took <= Duration::from_secs(2) => {
            }
            Ok((head, _)) => failed.push(format!(
                "probe {probe}: {} after {took:?}",
                head.lines().next().unwrap_or("")
            )),
            Err(err) => failed.push(format!("probe {probe}: {err} after {took:?}")),
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    (count - failed.len(), failed)
}

#[test]
fn idle_tls_connections_from_many_addresses_do_not_keep_a_visitor_from_the_site() {
    let dir = tempfile::tempdir().unwrap();
    let (server, https_port, root) = serve_stored(dir.path());

    // 40 addresses each holding 30 connections that never say hello, renewed every 3 s: more
    // than the server may have unfinished.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let addresses = (10..50).map(|n| [127, 0, 0, n]).collect();
    let flood = idle_flood(addresses, 30, https_port, stop.clone());
    std::thread::sleep(Duration::from_millis(1500));
    let (fine, failed) = probes([127, 0, 0, 1], https_port, &root, 20);
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let opened = flood.join().unwrap();
    assert!(opened >= 1200, "the flood got going ({opened} connections)");
    assert!(
        fine >= 19,
        "{fine} of 20 visits got the page within 2 s: {failed:?}"
    );
    drop(server);
}

#[test]
fn one_address_idle_tls_connections_do_not_keep_out_others_behind_that_address() {
    let dir = tempfile::tempdir().unwrap();
    let (server, https_port, root) = serve_stored(dir.path());

    // A carrier NAT's address: 200 connections that never say hello, renewed every 3 s, and
    // a real visitor behind the same address.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flood = idle_flood(vec![[127, 0, 0, 3]], 200, https_port, stop.clone());
    std::thread::sleep(Duration::from_millis(1500));
    let (fine, failed) = probes([127, 0, 0, 3], https_port, &root, 8);
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let opened = flood.join().unwrap();
    assert!(opened >= 200, "the flood got going ({opened} connections)");
    assert_eq!(fine, 8, "visits from the flooding address: {failed:?}");
    drop(server);
}

#[test]
fn connections_that_never_say_hello_do_not_hold_another_visitors_https_shut() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("flood.db");
    let root = store_certificate(&db);
    let (https_port, http_port) = (free_port(), free_port());
    let server = serve_https(&db, https_port, http_port, None);
    server.wait_for("serving the stored certificate", Duration::from_secs(20));
    let (head, _) = https_get(https_port, "jyoti.test", "/", std::slice::from_ref(&root));
    assert!(head.starts_with("http/1.1 200"), "{head}");

    // From one address: 500 more connections every 3 s that never send a ClientHello, all held
    // open, for 12 s (bounded in count and time, loopback only).
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flood = std::thread::spawn({
        let stop = stop.clone();
        move || {
            let mut held: Vec<TcpStream> = Vec::new();
            for _ in 0..4 {
                held.extend((0..500).filter_map(|_| connect_from_elsewhere(https_port)));
                for _ in 0..30 {
                    if stop.load(std::sync::atomic::Ordering::Relaxed) {
                        return held.len();
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
            }
            held.len()
        }
    });
    std::thread::sleep(Duration::from_millis(1500));
    let mut slow = Vec::new();
    for probe in 0..4 {
        let started = std::time::Instant::now();
        let (head, _) = https_get(https_port, "jyoti.test", "/", std::slice::from_ref(&root));
        let took = started.elapsed();
        assert!(head.starts_with("http/1.1 200"), "probe {probe}: {head}");
        if took > Duration::from_secs(2) {
            slow.push((probe, took));
        }
        std::thread::sleep(Duration::from_secs(1));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let opened = flood.join().unwrap();
    assert!(opened >= 1000, "the flood got going ({opened} connections)");
    assert!(slow.is_empty(), "pages over 2 s during the flood: {slow:?}");
    drop(server);
}

#[test]
fn a_handshake_that_stalls_is_closed_once_its_deadline_passes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stall.db");
    store_certificate(&db);
    let (https_port, http_port) = (free_port(), free_port());
    let server = serve_https(&db, https_port, http_port, None);
    server.wait_for("serving the stored certificate", Duration::from_secs(20));
    let opened = std::time::Instant::now();
    let silent = connect_from_elsewhere(https_port).expect("a connection");
    // One byte of a TLS record: it has spoken, and then stalls.
    let mut stalled = connect_from_elsewhere(https_port).expect("a connection");
    stalled.write_all(&[0x16]).unwrap();
    std::thread::sleep(Duration::from_secs(1));
    assert!(
        still_open(&silent) && still_open(&stalled),
        "not closed at once"
    );
    while (still_open(&silent) || still_open(&stalled)) && opened.elapsed() < Duration::from_secs(8)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    let took = opened.elapsed();
    assert!(
        !still_open(&silent) && !still_open(&stalled),
        "still open after {took:?}"
    );
    assert!(took < Duration::from_millis(4500), "closed after {took:?}");
    drop(server);
}

/// The first 60 bytes of a TLS 1.2/1.3 ClientHello: a record header that promises 512 bytes,
/// the handshake header and the client's version and random; the rest never comes.
fn partial_client_hello() -> [u8; 60] {
    let mut hello = [0x5au8; 60];
    hello[..11].copy_from_slice(&[
        0x16, 0x03, 0x01, 0x02, 0x00, // handshake record, 512 bytes to come
        0x01, 0x00, 0x01, 0xfc, // ClientHello, 508 bytes to come
        0x03, 0x03, // TLS 1.2 as the legacy version, then the random
    ]);
    hello
}

/// From `addresses` in turn, `per_second` connections a second that each send
/// [`partial_client_hello`] and stall, each held until the server closes it or 4 s pass, for
/// `lasting` (bounded in count and time: loopback only). Returns how many it opened in all.
fn partial_hello_flood(
    addresses: Vec<[u8; 4]>,
    per_second: usize,
    lasting: Duration,
    port: u16,
) -> std::thread::JoinHandle<usize> {
    // Four senders, each a quarter of the rate, so one slow connect does not slow the flood.
    const SENDERS: usize = 4;
    let senders: Vec<_> = (0..SENDERS)
        .map(|sender| {
            let addresses = addresses.clone();
            std::thread::spawn(move || {
                let started = std::time::Instant::now();
                let gap = Duration::from_secs(1) / (per_second / SENDERS) as u32;
                let mut held: std::collections::VecDeque<(std::time::Instant, TcpStream)> =
                    Default::default();
                let mut opened = 0usize;
                while started.elapsed() < lasting {
                    let from = addresses[(opened * SENDERS + sender) % addresses.len()];
                    if let Some(mut socket) = connect_from(from, port) {
                        if socket.write_all(&partial_client_hello()).is_ok() {
                            opened += 1;
                            held.push_back((std::time::Instant::now(), socket));
                        }
                    }
                    while held
                        .front()
                        .is_some_and(|(at, _)| at.elapsed() > Duration::from_secs(4))
                    {
                        held.pop_front();
                    }
                    // Keep to the rate: the next one when its time comes.
                    let due = gap * opened as u32;
                    if let Some(wait) = due.checked_sub(started.elapsed()) {
                        std::thread::sleep(wait);
                    }
                }
                opened
            })
        })
        .collect();
    std::thread::spawn(move || senders.into_iter().map(|s| s.join().unwrap()).sum())
}

#[test]
fn a_flood_of_half_sent_client_hellos_from_many_addresses_keeps_visitors_served() {
    let dir = tempfile::tempdir().unwrap();
    let (server, https_port, root) = serve_stored(dir.path());

    // 1,000 connections a second from 100 addresses (about 30 unfinished from each at any time,
    // under the per-address cap), each sending 60 bytes of a ClientHello and then nothing, for
    // 12 s; a visitor's page every quarter second meanwhile.
    let addresses = (0..100u8).map(|n| [127, 0, 1, n + 1]).collect();
    let lasting = Duration::from_secs(12);
    let flood = partial_hello_flood(addresses, 1000, lasting, https_port);
    std::thread::sleep(Duration::from_millis(1500));
    let mut failed = Vec::new();
    let mut count = 0;
    let probing = std::time::Instant::now();
    while probing.elapsed() < Duration::from_secs(9) {
        count += 1;
        let started = std::time::Instant::now();
        let answer = connect_from([127, 0, 0, 1], https_port)
            .ok_or_else(|| "cannot connect".to_string())
            .and_then(|socket| {
                try_https_get(socket, "jyoti.test", "/", std::slice::from_ref(&root))
            });
        let took = started.elapsed();
        match answer {
            Ok((head, _)) if head.starts_with("http/1.1 200") && took <= Duration::from_secs(2) => {
            }
            Ok((head, _)) => failed.push(format!(
                "{} after {took:?}",
                head.lines().next().unwrap_or("")
            )),
            Err(err) => failed.push(format!("{err} after {took:?}")),
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    let opened = flood.join().unwrap();
    let rate = opened as f64 / lasting.as_secs_f64();
    assert!(
        rate >= 600.0,
        "the flood reached {rate:.0} connections a second"
    );
    let served = count - failed.len();
    assert!(
        served * 100 >= count * 95,
        "{served} of {count} visits got the page within 2 s during the flood: {failed:?}"
    );
    drop(server);
}

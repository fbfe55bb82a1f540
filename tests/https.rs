//! Built-in HTTPS against a real ACME CA: Debian's `pebble` (with `pebble-challtestsrv` as its
//! DNS, answering 127.0.0.1 for every name) runs on loopback, `jyoti serve --domain` gets a
//! certificate from it over HTTP-01, serves the site with it, redirects plain HTTP and sends HSTS,
//! and after a restart serves the stored certificate without the CA.

use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, DnType, IsCa, KeyPair};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
#[path = "support/process.rs"]
mod process;

use process::{free_port, spawn, wait_for_port, Running};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_jyoti");
const NAMES: [&str; 2] = ["jyoti.test", "www.jyoti.test"];

/// Starts `program args` with `envs`.
fn start(program: &str, args: &[&str], envs: &[(&str, &str)]) -> Running {
    spawn(Command::new(program).args(args).envs(envs.iter().copied()))
}

/// A CA of the test's own and a certificate from it for pebble's own HTTPS on 127.0.0.1.
fn pebble_identity(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(DnType::CommonName, "jyoti test CA for pebble");
    let ca = CertifiedIssuer::self_signed(ca, KeyPair::generate().unwrap()).unwrap();
    let key = KeyPair::generate().unwrap();
    let cert = CertificateParams::new(vec!["127.0.0.1".to_string(), "localhost".to_string()])
        .unwrap()
        .signed_by(&key, &ca)
        .unwrap();
    let paths = (
        dir.join("ca.pem"),
        dir.join("pebble.pem"),
        dir.join("pebble.key"),
    );
    std::fs::write(&paths.0, ca.pem()).unwrap();
    std::fs::write(&paths.1, cert.pem()).unwrap();
    std::fs::write(&paths.2, key.serialize_pem()).unwrap();
    paths
}

/// A test ACME CA on loopback whose HTTP-01 checks go to `http_port` on 127.0.0.1.
struct Pebble {
    _dns: Running,
    _ca: Running,
    directory: String,
    management: u16,
    ca_root: PathBuf,
}

fn start_pebble(dir: &Path, http_port: u16) -> Pebble {
    let (ca_root, cert, key) = pebble_identity(dir);
    let (dns_port, dns_admin, listen, management) =
        (free_port(), free_port(), free_port(), free_port());
    let dns = start(
        "pebble-challtestsrv",
        &[
            "-dns01",
            &format!("127.0.0.1:{dns_port}"),
            "-http01",
            "",
            "-https01",
            "",
            "-tlsalpn01",
            "",
            "-management",
            &format!("127.0.0.1:{dns_admin}"),
            "-defaultIPv4",
            "127.0.0.1",
            "-defaultIPv6",
            "",
        ],
        &[],
    );
    wait_for_port(dns_admin);
    let config = dir.join("pebble.json");
    std::fs::write(
        &config,
        serde_json::json!({"pebble": {
            "listenAddress": format!("127.0.0.1:{listen}"),
            "managementListenAddress": format!("127.0.0.1:{management}"),
            "certificate": cert,
            "privateKey": key,
            "httpPort": http_port,
            "tlsPort": free_port(),
            "ocspResponderURL": "",
            "externalAccountBindingRequired": false,
        }})
        .to_string(),
    )
    .unwrap();
    let ca = start(
        "pebble",
        &[
            "-config",
            config.to_str().unwrap(),
            "-dnsserver",
            &format!("127.0.0.1:{dns_port}"),
        ],
        &[("PEBBLE_VA_NOSLEEP", "1"), ("PEBBLE_WFE_NONCEREJECT", "0")],
    );
    wait_for_port(listen);
    Pebble {
        _dns: dns,
        _ca: ca,
        directory: format!("https://127.0.0.1:{listen}/dir"),
        management,
        ca_root,
    }
}

/// One HTTP/1.1 exchange over TLS to 127.0.0.1:`port` for `name`, trusting only `roots`.
/// Returns the status line and headers (lowercased names) and the body.
fn https_get(
    port: u16,
    name: &str,
    path: &str,
    roots: &[CertificateDer<'static>],
) -> (String, String) {
    let socket = TcpStream::connect(("127.0.0.1", port)).unwrap();
    try_https_get(socket, name, path, roots)
        .unwrap_or_else(|e| panic!("TLS to {name} on port {port}: {e}"))
}

/// One HTTP/1.1 exchange over TLS on `socket`, or why it failed.
fn try_https_get(
    socket: TcpStream,
    name: &str,
    path: &str,
    roots: &[CertificateDer<'static>],
) -> Result<(String, String), String> {
    let mut store = rustls::RootCertStore::empty();
    for root in roots {
        store.add(root.clone()).unwrap();
    }
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(store)
    .with_no_client_auth();
    let server_name = ServerName::try_from(name.to_string()).unwrap();
    let connection = rustls::ClientConnection::new(Arc::new(config), server_name).unwrap();
    socket
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut tls = rustls::StreamOwned::new(connection, socket);
    write!(
        tls,
        "GET {path} HTTP/1.1\r\nHost: {name}\r\nConnection: close\r\n\r\n"
    )
    .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    // A server may close without close_notify after `Connection: close`; what arrived counts.
    if let Err(err) = tls.read_to_end(&mut raw) {
        if raw.is_empty() {
            return Err(format!("no answer over TLS: {err}"));
        }
    }
    if !raw.windows(4).any(|w| w == b"\r\n\r\n") {
        return Err("an incomplete answer".into());
    }
    Ok(split_response(&raw))
}

/// One plain HTTP/1.1 exchange with 127.0.0.1:`port`, as `Host: host`.
fn http_get(port: u16, host: &str, method: &str, path: &str) -> (String, String) {
    let mut socket = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        socket,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    socket.read_to_end(&mut raw).unwrap();
    split_response(&raw)
}

fn split_response(raw: &[u8]) -> (String, String) {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text.split_once("\r\n\r\n").expect("a complete HTTP answer");
    (head.to_ascii_lowercase(), body.to_string())
}

/// The root pebble issues from, which it makes anew at every start.
fn pebble_root(pebble: &Pebble) -> CertificateDer<'static> {
    let ca = CertificateDer::from_pem_file(&pebble.ca_root).unwrap();
    let (head, body) = https_get(pebble.management, "127.0.0.1", "/roots/0", &[ca]);
    assert!(head.starts_with("http/1.1 200"), "{head}");
    CertificateDer::from_pem_slice(body.as_bytes()).expect("a PEM root from pebble")
}

fn serve_https(db: &Path, https_port: u16, http_port: u16, pebble: Option<&Pebble>) -> Running {
    let (https_port, http_port) = (https_port.to_string(), http_port.to_string());
    let (directory, ca_root) = match pebble {
        Some(pebble) => (
            pebble.directory.clone(),
            pebble.ca_root.display().to_string(),
        ),
        // A CA that is not there: the stored certificate must do.
        None => (
            format!("https://127.0.0.1:{}/dir", free_port()),
            "/nonexistent".into(),
        ),
    };
    let mut args = vec![
        "serve",
        "--db",
        db.to_str().unwrap(),
        "--bind",
        "127.0.0.1",
        "--port",
        &https_port,
        "--http-port",
        &http_port,
        "--acme-email",
        "volunteers@example.org",
        "--acme-directory",
        &directory,
        "--acme-ca-root",
        &ca_root,
    ];
    for name in NAMES {
        args.extend(["--domain", name]);
    }
    start(BIN, &args, &[("JYOTI_BCRYPT_COST", "10")])
}

#[test]
fn a_certificate_from_an_acme_ca_serves_the_site_over_https_with_a_redirect_and_hsts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jyoti.db");
    let (https_port, http_port) = (free_port(), free_port());
    let pebble = start_pebble(dir.path(), http_port);

    let server = serve_https(&db, https_port, http_port, Some(&pebble));
    let first = server.wait_for("listening on", Duration::from_secs(20));
    assert_eq!(
        first,
        format!("listening on https://127.0.0.1:{https_port} and http://127.0.0.1:{http_port}")
    );
    server.wait_for(
        "certificate for jyoti.test, www.jyoti.test obtained",
        Duration::from_secs(90),
    );

    let root = pebble_root(&pebble);
    for name in NAMES {
        let (head, body) = https_get(https_port, name, "/", std::slice::from_ref(&root));
        assert!(head.starts_with("http/1.1 200"), "{name}: {head}");
        assert!(
            head.contains("strict-transport-security: max-age=31536000"),
            "{head}"
        );
        assert!(body.contains("<div id=\"root\">"), "the app's page: {body}");
    }
    let (head, body) = https_get(
        https_port,
        "jyoti.test",
        "/healthz",
        std::slice::from_ref(&root),
    );
    assert!(head.starts_with("http/1.1 200"), "{head}");
    let health: serde_json::Value = serde_json::from_str(body.trim()).expect("JSON");
    assert_eq!(health["status"], "ok", "{body}");
    // The certificate's days left, as its check reports them.
    let https = &health["checks"]["https"];
    assert_eq!(https["state"], "ok", "{body}");
    assert!(
        https["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("The HTTPS certificate is valid for ")
                && m.ends_with(" more days.")),
        "{body}"
    );

    // Plain HTTP goes to https, on one of our names only, keeping path and query.
    let (head, _) = http_get(http_port, "www.jyoti.test", "GET", "/notice?page=2");
    assert!(head.starts_with("http/1.1 301"), "{head}");
    assert!(
        head.contains(&format!(
            "location: https://www.jyoti.test:{https_port}/notice?page=2"
        )),
        "{head}"
    );
    let (head, _) = http_get(http_port, "attacker.example", "POST", "/api/auth/login");
    assert!(head.starts_with("http/1.1 308"), "{head}");
    assert!(
        head.contains(&format!(
            "location: https://jyoti.test:{https_port}/api/auth/login"
        )),
        "{head}"
    );
    assert!(
        !head.contains("strict-transport-security"),
        "HSTS only over https: {head}"
    );
    let (head, _) = http_get(
        http_port,
        "jyoti.test",
        "GET",
        "/.well-known/acme-challenge/unknown",
    );
    assert!(head.starts_with("http/1.1 404"), "{head}");

    // The account and the certificate are in the database, so a backup holds them.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (domains, chain): (String, String) = conn
        .query_row(
            "SELECT domains, chain_pem FROM tls_certificates",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap();
    assert_eq!(domains, "jyoti.test,www.jyoti.test");
    assert!(
        chain.matches("BEGIN CERTIFICATE").count() >= 2,
        "leaf and intermediate"
    );
    let accounts: i64 = conn
        .query_row(
            "SELECT count(*) FROM acme_accounts WHERE directory = ?1",
            [&pebble.directory],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(accounts, 1);

    // With a third of its life left, a restart serves it and renews it with the same account.
    drop(server);
    let day = 86_400;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    conn.execute(
        "UPDATE tls_certificates SET not_before = ?1, not_after = ?2",
        [now - 80 * day, now + 10 * day],
    )
    .unwrap();
    let server = serve_https(&db, https_port, http_port, Some(&pebble));
    let log = server.wait_for_all("obtained; valid until", Duration::from_secs(90));
    assert!(
        log.iter()
            .any(|l| l.contains("serving the stored certificate")),
        "{log:?}"
    );
    assert!(
        !log.iter().any(|l| l.contains("opened an account")),
        "{log:?}"
    );
    let renewed: String = conn
        .query_row("SELECT chain_pem FROM tls_certificates", [], |row| {
            row.get(0)
        })
        .unwrap();
    assert_ne!(renewed, chain, "a new certificate is stored");
    drop(conn);

    // Restarted with the CA gone, it serves the stored certificate at once.
    drop(server);
    drop(pebble);
    let server = serve_https(&db, https_port, http_port, None);
    server.wait_for("serving the stored certificate", Duration::from_secs(20));
    let (head, _) = https_get(https_port, "jyoti.test", "/", &[root]);
    assert!(head.starts_with("http/1.1 200"), "{head}");
}

#[test]
fn while_the_ca_cannot_be_reached_the_site_redirects_and_the_log_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jyoti.db");
    let (https_port, http_port) = (free_port(), free_port());
    let server = serve_https(&db, https_port, http_port, None);
    server.wait_for("listening on https://", Duration::from_secs(20));
    let line = server.wait_for("could not get a certificate", Duration::from_secs(30));
    assert!(line.contains("trying again in 1 minute"), "{line}");
    let (head, _) = http_get(http_port, "jyoti.test", "GET", "/");
    assert!(head.starts_with("http/1.1 301"), "{head}");
}

#[test]
fn a_domain_that_cannot_have_a_certificate_is_refused_with_a_reason() {
    for (bad, why) in [
        ("*.example.org", "wildcards cannot be used"),
        ("203.0.113.7", "is an IP address"),
    ] {
        let out = Command::new(BIN)
            .args(["serve", "--domain", bad, "--db", "/nonexistent/j.db"])
            .output()
            .unwrap();
        assert!(!out.status.success());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(why), "{bad}: {stderr}");
    }
}

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

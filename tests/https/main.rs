//! Built-in HTTPS against a real ACME CA: Debian's `pebble` (with `pebble-challtestsrv` as its
//! DNS, answering 127.0.0.1 for every name) runs on loopback, `jyoti serve --domain` gets a
//! certificate from it over HTTP-01, serves the site with it, redirects plain HTTP and sends HSTS,
//! and after a restart serves the stored certificate without the CA (`acme.rs`); idle and silent
//! TLS connections keep no visitor out (`flood.rs`). Here: pebble, the server, and HTTP(S) clients.

mod acme;
mod flood;

use jyoti_test_support::process;
use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, DnType, IsCa, KeyPair};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};

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

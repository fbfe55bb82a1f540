//! The files in `deploy/` work as docs/running.md installs them: the systemd units' command lines
//! start the server, the units are hardened (`systemd-analyze security`), and the nginx snippet
//! passes a 10 MB photo and the visitor's address.

use jyoti_test_support::process;

use process::{free_port, spawn, wait_for_port};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// How long the server and nginx get to start.
const START: Duration = Duration::from_secs(20);

const BIN: &str = env!("CARGO_BIN_EXE_jyoti");
const DEPLOY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/deploy");

fn deploy_file(name: &str) -> String {
    std::fs::read_to_string(Path::new(DEPLOY).join(name)).unwrap()
}

/// The arguments of a unit's `ExecStart=` after the program, with the data folder moved to `data`.
fn exec_start(unit: &str, data: &Path) -> Vec<String> {
    let line = deploy_file(unit)
        .lines()
        .find_map(|line| line.strip_prefix("ExecStart=").map(str::to_owned))
        .expect("an ExecStart line");
    let mut words = line.split_whitespace();
    assert_eq!(words.next(), Some("/usr/local/bin/jyoti"), "{line}");
    words
        .map(|word| word.replace("/var/lib/jyoti", data.to_str().unwrap()))
        .collect()
}

#[test]
fn both_units_score_as_hardened_in_systemd_analyze_security() {
    for unit in ["jyoti.service", "jyoti-behind-proxy.service"] {
        let output = Command::new("systemd-analyze")
            .args(["security", "--offline=yes", "--no-pager"])
            .arg(Path::new(DEPLOY).join(unit))
            .output()
            .expect("systemd-analyze (Debian's systemd package; .ci/run installs it)");
        let text = String::from_utf8_lossy(&output.stdout);
        let score: f32 = text
            .lines()
            .find_map(|line| line.split_once("Overall exposure level for "))
            .and_then(|(_, rest)| rest.split(": ").nth(1))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|number| number.parse().ok())
            .unwrap_or_else(|| panic!("no overall score in {text}"));
        assert!(score <= 2.0, "{unit}: exposure {score}\n{text}");
        for setting in [
            "UMask=0077",
            "PrivateTmp=true",
            "ProtectHome=true",
            "RestrictAddressFamilies=",
        ] {
            assert!(
                deploy_file(unit).contains(setting),
                "{unit} lacks {setting}"
            );
        }
    }
    assert!(deploy_file("jyoti.service").contains("AmbientCapabilities=CAP_NET_BIND_SERVICE"));
}

#[test]
fn the_behind_proxy_units_command_line_serves_the_site_on_loopback() {
    let data = tempfile::tempdir().unwrap();
    let mut args = exec_start("jyoti-behind-proxy.service", data.path());
    let port = args.iter().position(|a| a == "--port").unwrap() + 1;
    args[port] = "0".into();
    let server = spawn(Command::new(BIN).args(&args).env("JYOTI_BCRYPT_COST", "10"));
    let line = server.wait_for("listening on", START);
    assert!(line.starts_with("listening on http://127.0.0.1:"), "{line}");
    server.wait_for("backing up into", START);
    assert!(data.path().join("jyoti.db").exists());
    assert!(data.path().join("backups").is_dir());
}

#[test]
fn the_https_units_command_line_with_the_environment_file_serves_https_and_redirects() {
    let data = tempfile::tempdir().unwrap();
    let args = exec_start("jyoti.service", data.path());
    let mut command = Command::new(BIN);
    command.args(&args).env("JYOTI_BCRYPT_COST", "10");
    for line in deploy_file("jyoti.env").lines() {
        if let Some((name, value)) = line.split_once('=').filter(|_| !line.starts_with('#')) {
            command.env(name, value);
        }
    }
    let http_port = free_port();
    // Free ports instead of 443 and 80, and a CA that is not there (no Let's Encrypt from tests).
    command
        .env("JYOTI_PORT", "0")
        .env("JYOTI_HTTP_PORT", http_port.to_string())
        .env(
            "JYOTI_ACME_DIRECTORY",
            format!("https://127.0.0.1:{}/dir", free_port()),
        );
    let server = spawn(&mut command);
    let line = server.wait_for("listening on", START);
    assert!(line.starts_with("listening on https://0.0.0.0:"), "{line}");
    let mut socket = TcpStream::connect(("127.0.0.1", http_port)).unwrap();
    write!(
        socket,
        "GET /team HTTP/1.1\r\nHost: jyoti.example.org\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    socket.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 301"), "{answer}");
    assert!(
        answer
            .to_ascii_lowercase()
            .contains("location: https://jyoti.example.org:"),
        "{answer}"
    );
}

#[test]
fn the_nginx_snippet_passes_a_10_mb_photo_and_the_visitors_address() {
    let data = tempfile::tempdir().unwrap();
    let server = spawn(
        Command::new(BIN)
            .args([
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--trust-proxy",
                "--db",
            ])
            .arg(data.path().join("jyoti.db"))
            .env("JYOTI_BCRYPT_COST", "10"),
    );
    let line = server.wait_for("listening on", START);
    let upstream: SocketAddr = line
        .trim_start_matches("listening on http://")
        .parse()
        .unwrap();

    let nginx_port = free_port();
    let site = deploy_file("nginx.conf")
        .replace("listen [::]:80;", "")
        .replace("listen 80;", &format!("listen 127.0.0.1:{nginx_port};"))
        .replace("127.0.0.1:8080", &upstream.to_string());
    let dir = data.path();
    std::fs::write(
        dir.join("nginx.conf"),
        format!(
            "daemon off; master_process off; pid {pid}; error_log {dir}/error.log;
             events {{}}
             http {{ access_log off; client_body_temp_path {dir}/body; proxy_temp_path {dir}/proxy;
                     {site} }}",
            pid = dir.join("nginx.pid").display(),
            dir = dir.display(),
        ),
    )
    .unwrap();
    // One process (no master with workers): killing it at the end, or when the test fails,
    // leaves no worker behind listening.
    let nginx = spawn(
        Command::new("nginx")
            .arg("-c")
            .arg(dir.join("nginx.conf"))
            .arg("-p")
            .arg(dir),
    );
    wait_for_port(nginx_port);

    // A 9.5 MB upload from the visitor at 127.0.0.2 reaches jyoti (which answers it, 401 without
    // a session) instead of nginx's 413; jyoti's log names the visitor, not nginx.
    let body = vec![b'x'; 9 * 1024 * 1024 + 512 * 1024];
    let mut socket = connect_from("127.0.0.2", nginx_port);
    write!(
        socket,
        "POST /api/admin/media HTTP/1.1\r\nHost: jyoti.example.org\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    let _ = socket.write_all(&body);
    let mut answer = String::new();
    let _ = socket.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
    let logged = server.wait_for("POST /api/admin/media", START);
    assert!(logged.contains("127.0.0.2 \"POST"), "{logged}");
    drop(nginx);
    assert!(
        TcpStream::connect(("127.0.0.1", nginx_port)).is_err(),
        "nothing listens on nginx's port {nginx_port} once it is stopped"
    );
}

/// A connection to 127.0.0.1:`port` from the loopback address `from`.
fn connect_from(from: &str, port: u16) -> TcpStream {
    // Binding the client side to another loopback address needs a socket made by hand.
    use std::os::fd::FromRawFd;
    let from: std::net::Ipv4Addr = from.parse().unwrap();
    // SAFETY: plain socket calls on a descriptor this function owns; sockaddr_in is plain data.
    unsafe {
        let fd = libc::socket(libc::AF_INET, libc::SOCK_STREAM, 0);
        assert!(fd >= 0);
        let mut local: libc::sockaddr_in = std::mem::zeroed();
        local.sin_family = libc::AF_INET as libc::sa_family_t;
        local.sin_addr.s_addr = u32::from(from).to_be();
        let size = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
        assert_eq!(
            libc::bind(fd, &local as *const _ as *const libc::sockaddr, size),
            0
        );
        let mut remote = local;
        remote.sin_addr.s_addr = u32::from(std::net::Ipv4Addr::LOCALHOST).to_be();
        remote.sin_port = port.to_be();
        assert_eq!(
            libc::connect(fd, &remote as *const _ as *const libc::sockaddr, size),
            0
        );
        TcpStream::from_raw_fd(fd)
    }
}

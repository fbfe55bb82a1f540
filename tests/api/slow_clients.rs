//! Slow and greedy clients: a body that stops arriving is cut off, and one address cannot hold
//! more than its share of requests in progress.

use crate::helpers::{spawn_app_with, test_config};
use jyoti::config::Config;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Starts a request whose body never comes (one byte of a promised hundred), from `forwarded`.
fn stalled_request(addr: std::net::SocketAddr, forwarded: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr).expect("connect");
    write!(
        stream,
        "POST /api/form/contact HTTP/1.1\r\nHost: test\r\nX-Forwarded-For: {forwarded}\r\n\
         Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{{"
    )
    .expect("send the head");
    stream
}

#[test]
fn a_request_body_that_stops_arriving_is_answered_and_the_connection_closed() {
    let deadline = Duration::from_secs(1);
    let app = spawn_app_with(Config {
        body_deadline: deadline,
        ..test_config()
    });
    let mut stream = stalled_request(app.addr, "10.0.0.1");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let started = Instant::now();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let waited = started.elapsed();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(
        waited >= deadline / 2 && waited < deadline + Duration::from_secs(10),
        "cut off after the idle limit, not held forever: {waited:?}"
    );
}

#[test]
fn one_address_cannot_hold_more_than_its_share_of_requests_while_others_are_served() {
    let app = spawn_app_with(Config {
        trust_proxy: true,
        ..test_config()
    });
    let held: Vec<TcpStream> = (0..128)
        .map(|_| stalled_request(app.addr, "203.0.113.9"))
        .collect();
    // Give the server a moment to take all of them in.
    std::thread::sleep(Duration::from_millis(500));
    let refused = app
        .get("/api/content")
        .header("X-Forwarded-For", "203.0.113.9")
        .send();
    assert_eq!(refused.status, 429);
    assert!(refused.header("retry-after").is_some());
    assert_eq!(refused.header("connection"), Some("close"));
    let other = app
        .get("/api/content")
        .header("X-Forwarded-For", "198.51.100.4")
        .send();
    assert_eq!(other.status, 200, "another address is served meanwhile");
    drop(held);
}

/// An app whose connections have `head` to send their request head and `idle` between requests.
fn app_with_timeouts(head: Duration, idle: Duration) -> crate::helpers::TestApp {
    spawn_app_with(Config {
        timeouts: jyoti::config::Timeouts {
            request_head: head,
            keep_alive: idle,
            disconnect: Duration::from_secs(1),
        },
        ..test_config()
    })
}

/// Reads until the server closes the connection (or `within` passes); how long that took and
/// what came.
fn until_closed(stream: &mut TcpStream, within: Duration) -> (Duration, String) {
    let started = Instant::now();
    stream.set_read_timeout(Some(within)).unwrap();
    let mut got = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buffer[..n]),
        }
    }
    (
        started.elapsed(),
        String::from_utf8_lossy(&got).into_owned(),
    )
}

#[test]
fn a_request_head_that_never_ends_is_cut_off_after_its_time() {
    let app = app_with_timeouts(Duration::from_secs(1), Duration::from_secs(30));
    let mut stream = TcpStream::connect(app.addr).unwrap();
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        .unwrap();
    let (took, answer) = until_closed(&mut stream, Duration::from_secs(10));
    assert!(took < Duration::from_secs(5), "closed after {took:?}");
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "{answer}"
    );
    // Others are served meanwhile and after.
    assert_eq!(app.get("/healthz").send().status, 200);
}

#[test]
fn an_idle_kept_alive_connection_is_closed_after_its_time() {
    let app = app_with_timeouts(Duration::from_secs(5), Duration::from_secs(1));
    let mut stream = TcpStream::connect(app.addr).unwrap();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let (took, answer) = until_closed(&mut stream, Duration::from_secs(10));
    assert!(answer.starts_with("HTTP/1.1 "), "{answer}");
    assert!(
        (Duration::from_millis(500)..Duration::from_secs(5)).contains(&took),
        "the idle connection was closed after {took:?}"
    );
}

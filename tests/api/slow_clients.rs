//! Slow and greedy clients: a body that stops arriving is cut off, and one address cannot hold
//! more than its share of requests in progress.

use crate::helpers::{spawn_app, spawn_app_with, test_config};
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
    let app = spawn_app();
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
        waited >= jyoti::slow_clients::BODY_IDLE - Duration::from_secs(1)
            && waited < jyoti::slow_clients::BODY_IDLE + Duration::from_secs(10),
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

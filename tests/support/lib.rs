//! Test support shared by the suites: a tiny HTTP/1.1 client over a real socket, an SMTP
//! server to receive the site's email, and files made immutable.

pub mod process;
pub mod smtp;

use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "body is not JSON ({e}), status {}: {}",
                self.status,
                self.text()
            )
        })
    }
}

/// One request being put together: `Request::new(addr, "GET", "/x").bearer(t).send()`.
pub struct Request {
    addr: SocketAddr,
    method: String,
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Request {
    pub fn new(addr: SocketAddr, method: &str, path: &str) -> Request {
        Request {
            addr,
            method: method.into(),
            path: path.into(),
            headers: Vec::new(),
            body: Vec::new(),
        }
    }

    pub fn header(mut self, name: &str, value: &str) -> Request {
        self.headers.push((name.into(), value.into()));
        self
    }

    pub fn bearer(self, token: &str) -> Request {
        self.header("Authorization", &format!("Bearer {token}"))
    }

    pub fn json(self, body: &Value) -> Request {
        self.raw_body("application/json", body.to_string().into_bytes())
    }

    pub fn raw_body(mut self, content_type: &str, body: Vec<u8>) -> Request {
        self.headers
            .push(("Content-Type".into(), content_type.into()));
        self.body = body;
        self
    }

    pub fn send(self) -> Response {
        let mut stream = TcpStream::connect(self.addr).expect("connect to the test server");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("set a timeout");
        // The head and the body go in two writes: with Nagle's algorithm the body would wait for
        // the server's delayed acknowledgement of the head, some 40 ms a request.
        stream
            .set_nodelay(true)
            .expect("turn off Nagle's algorithm");
        let mut head = format!("{} {} HTTP/1.1\r\n", self.method, self.path);
        // The address it is sent to, unless the request names a host of its own.
        if !self
            .headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("host"))
        {
            head.push_str(&format!("Host: {}\r\n", self.addr));
        }
        head.push_str("Connection: close\r\n");
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if !self.body.is_empty() || matches!(self.method.as_str(), "POST" | "PATCH" | "PUT") {
            head.push_str(&format!("Content-Length: {}\r\n", self.body.len()));
        }
        head.push_str("\r\n");
        stream
            .write_all(head.as_bytes())
            .expect("send the request head");
        // A server may answer (413) before reading a large body; a failed write is then expected.
        let _ = stream.write_all(&self.body);
        let head_only = self.method == "HEAD";
        parse(&read_response(&mut stream, head_only), head_only)
    }
}

/// The bytes of one response, read until it is whole by its own measure (its Content-Length, or
/// the last chunk), or else until the server closes. Not to the close alone: a server that
/// answered before reading the body closes only once the client has gone, or its disconnect
/// timeout (2 s) has passed, as a browser, which reads by the length, never notices.
fn read_response(stream: &mut TcpStream, head_only: bool) -> Vec<u8> {
    let mut raw = Vec::new();
    let mut buffer = [0u8; 16 * 1024];
    while !whole(&raw, head_only) {
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(read) => raw.extend_from_slice(&buffer[..read]),
        }
    }
    raw
}

/// Whether `raw` holds a whole response: its head and the body the head announces.
fn whole(raw: &[u8], head_only: bool) -> bool {
    let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
        return false;
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let body = &raw[split + 4..];
    let status = head.split(' ').nth(1).unwrap_or_default();
    if head_only || status.starts_with('1') || status == "204" || status == "304" {
        return true;
    }
    let header = |name: &str| {
        head.split("\r\n")
            .filter_map(|line| line.split_once(':'))
            .find(|(n, _)| n.trim() == name)
            .map(|(_, v)| v.trim().to_owned())
    };
    if let Some(length) = header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        return body.len() >= length;
    }
    if header("transfer-encoding").is_some_and(|v| v.contains("chunked")) {
        return last_chunk_read(body);
    }
    false
}

/// Whether a chunked body has come up to and with its last (empty) chunk.
fn last_chunk_read(mut data: &[u8]) -> bool {
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let Ok(size) = usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16)
        else {
            return false;
        };
        if size == 0 {
            return data[end + 2..].starts_with(b"\r\n");
        }
        let next = end + 2 + size + 2;
        if data.len() < next {
            return false;
        }
        data = &data[next..];
    }
    false
}

fn parse(raw: &[u8], head_only: bool) -> Response {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a complete response head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let status = status_line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status code");
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    if chunked && !head_only {
        body = dechunk(&body);
    }
    Response {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size =
            usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[end + 2 + size + 2..];
    }
    out
}

/// Files made immutable (`chattr +i`: not even root may write them) until dropped.
pub struct Immutable(Vec<std::path::PathBuf>);

impl Immutable {
    pub fn make(paths: Vec<std::path::PathBuf>) -> Immutable {
        for path in &paths {
            let status = std::process::Command::new("chattr")
                .arg("+i")
                .arg(path)
                .status();
            assert!(
                status.is_ok_and(|s| s.success()),
                "chattr +i {} (the tests run as root)",
                path.display()
            );
        }
        Immutable(paths)
    }
}

impl Drop for Immutable {
    fn drop(&mut self) {
        for path in &self.0 {
            // The temp dir cannot be removed while a file in it stays immutable.
            let _ = std::process::Command::new("chattr")
                .arg("-i")
                .arg(path)
                .status();
        }
    }
}

//! A small SMTP server on 127.0.0.1 for the email tests: it speaks EHLO/HELO, AUTH (PLAIN and
//! LOGIN, any account), MAIL FROM, RCPT TO, DATA (with dot-unstuffing), RSET, NOOP and QUIT, and
//! keeps every mail it was given: the envelope and the raw message.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// One mail as the server received it.
#[derive(Debug, Clone)]
pub struct Mail {
    pub from: String,
    pub to: Vec<String>,
    /// The message as sent, dot-unstuffed, with CRLF line ends.
    pub data: String,
    /// The account it was sent with (AUTH), if any.
    pub login: Option<(String, String)>,
}

impl Mail {
    /// A header's value (unfolded), matched without regard to case.
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.data.split("\r\n\r\n").next().unwrap_or_default();
        let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
        unfolded.split("\r\n").find_map(|line| {
            let (field, value) = line.split_once(':')?;
            field
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
    }

    /// The Subject, its RFC 2047 base64 words (`=?utf-8?b?…?=`, as a subject beyond ASCII is
    /// sent) decoded.
    pub fn subject(&self) -> String {
        let raw = self.header("Subject").unwrap_or_default();
        let mut bytes = Vec::new();
        let mut plain = String::new();
        for word in raw.split(' ') {
            let encoded = word
                .strip_prefix("=?utf-8?b?")
                .or_else(|| word.strip_prefix("=?UTF-8?B?"))
                .and_then(|rest| rest.strip_suffix("?="));
            match encoded {
                Some(encoded) => bytes.extend(base64_decoded(encoded)),
                None => {
                    plain.push_str(&String::from_utf8_lossy(&std::mem::take(&mut bytes)));
                    if !plain.is_empty() {
                        plain.push(' ');
                    }
                    plain.push_str(word);
                }
            }
        }
        plain.push_str(&String::from_utf8_lossy(&bytes));
        plain
    }

    /// Whether this mail tells the alert `subject`: alone, under that subject, or among others
    /// (a mail of several alerts lists each as "— subject (time)"). A test machine's own nearly
    /// full disk is an alert too, and may share the mail of the one a test makes.
    pub fn tells(&self, subject: &str) -> bool {
        self.subject() == subject || self.body().contains(&format!("— {subject} ("))
    }

    /// The body, decoded from quoted-printable or base64 when the message says so, with LF line
    /// ends.
    pub fn body(&self) -> String {
        let body = self.data.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        let encoding = self
            .header("Content-Transfer-Encoding")
            .unwrap_or_default()
            .to_ascii_lowercase();
        let body = match encoding.as_str() {
            "quoted-printable" => unquote(body),
            "base64" => String::from_utf8_lossy(&base64_decoded(body)).into_owned(),
            _ => body.to_owned(),
        };
        body.replace("\r\n", "\n")
    }
}

fn unquote(text: &str) -> String {
    let joined = text.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 3 <= bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(byte) = u8::from_str_radix(hex, 16) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

type Inbox = Arc<(Mutex<Vec<Mail>>, Condvar)>;

/// A running server; it stops (and frees its port) when dropped.
pub struct SmtpServer {
    pub port: u16,
    inbox: Inbox,
    stop: Arc<AtomicBool>,
    policy: Arc<Policy>,
}

/// How the server answers `MAIL FROM`.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Accept,
    Refuse,
}

/// What the server takes: everything, nothing (while `refuse` is set), or mail until its
/// inbox holds `quota` (a free plan's daily quota, spent).
struct Policy {
    refuse: AtomicBool,
    quota: std::sync::atomic::AtomicUsize,
}

impl SmtpServer {
    /// A server on a free port that takes every mail.
    pub fn start() -> SmtpServer {
        SmtpServer::on(0, Mode::Accept)
    }

    /// A server on `port` (one a test chose earlier, e.g. while "the mail server was down").
    pub fn start_on(port: u16) -> SmtpServer {
        SmtpServer::on(port, Mode::Accept)
    }

    /// A server that refuses every mail with `554 5.7.1 Relay access denied`.
    pub fn refusing() -> SmtpServer {
        SmtpServer::on(0, Mode::Refuse)
    }

    /// A server that takes `quota` mails, then refuses every other one as over its daily quota.
    pub fn with_quota(quota: usize) -> SmtpServer {
        let server = SmtpServer::on(0, Mode::Accept);
        server.policy.quota.store(quota, Ordering::SeqCst);
        server
    }

    /// From now on refuses (`true`) or takes (`false`) every mail.
    pub fn set_refusing(&self, refuse: bool) {
        self.policy.refuse.store(refuse, Ordering::SeqCst);
    }

    fn on(port: u16, mode: Mode) -> SmtpServer {
        let listener = TcpListener::bind(("127.0.0.1", port)).expect("bind the SMTP test server");
        let port = listener.local_addr().unwrap().port();
        let inbox: Inbox = Arc::default();
        let stop = Arc::new(AtomicBool::new(false));
        let policy = Arc::new(Policy {
            refuse: AtomicBool::new(mode == Mode::Refuse),
            quota: std::sync::atomic::AtomicUsize::new(usize::MAX),
        });
        let (kept, stopping, rules) = (inbox.clone(), stop.clone(), policy.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (inbox, rules) = (kept.clone(), rules.clone());
                std::thread::spawn(move || {
                    let _ = session(stream, &inbox, &rules);
                });
            }
        });
        SmtpServer {
            port,
            inbox,
            stop,
            policy,
        }
    }

    /// The `--smtp-url` of this server (plain SMTP, no TLS).
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}?tls=none", self.port)
    }

    /// Every mail received so far.
    pub fn mails(&self) -> Vec<Mail> {
        self.inbox.0.lock().unwrap().clone()
    }

    /// Waits until at least `count` mails arrived; panics with what came after `within`.
    pub fn wait_for(&self, count: usize, within: Duration) -> Vec<Mail> {
        self.wait_until(within, |mails| mails.len() >= count)
    }

    /// Waits until the mails so far satisfy `enough`; panics with what came after `within`.
    pub fn wait_until(&self, within: Duration, enough: impl Fn(&[Mail]) -> bool) -> Vec<Mail> {
        let deadline = Instant::now() + within;
        let (lock, arrived) = &*self.inbox;
        let mut mails = lock.lock().unwrap();
        while !enough(&mails) {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                panic!(
                    "after {within:?}, {} mails arrived: {mails:#?}",
                    mails.len()
                );
            };
            mails = arrived.wait_timeout(mails, left).unwrap().0;
        }
        mails.clone()
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accept loop so it sees the flag and drops the listener.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

fn session(stream: TcpStream, inbox: &Inbox, policy: &Policy) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut out = stream.try_clone()?;
    let mut lines = BufReader::new(stream);
    let mut say = |text: &str| out.write_all(format!("{text}\r\n").as_bytes());
    say("220 test.smtp ESMTP ready")?;
    let (mut from, mut to, mut login) = (None::<String>, Vec::new(), None);
    let read = |lines: &mut BufReader<TcpStream>| -> std::io::Result<Option<String>> {
        let mut line = String::new();
        Ok((lines.read_line(&mut line)? > 0)
            .then(|| line.trim_end_matches(['\r', '\n']).to_owned()))
    };
    while let Some(line) = read(&mut lines)? {
        let upper = line.to_ascii_uppercase();
        let verb = upper.split(' ').next().unwrap_or_default();
        match verb {
            "EHLO" => say("250-test.smtp\r\n250-AUTH PLAIN LOGIN\r\n250-8BITMIME\r\n250 SMTPUTF8")?,
            "HELO" => say("250 test.smtp")?,
            "AUTH" => {
                let words: Vec<&str> = line.split(' ').collect();
                let account = match words.get(1).map(|w| w.to_ascii_uppercase()).as_deref() {
                    Some("PLAIN") => {
                        let encoded = match words.get(2) {
                            Some(encoded) => encoded.to_string(),
                            None => {
                                say("334 ")?;
                                read(&mut lines)?.unwrap_or_default()
                            }
                        };
                        let decoded = base64_decode(&encoded);
                        let parts: Vec<&str> = decoded.split('\0').collect();
                        (parts.len() == 3).then(|| (parts[1].to_owned(), parts[2].to_owned()))
                    }
                    Some("LOGIN") => {
                        say("334 VXNlcm5hbWU6")?;
                        let user = base64_decode(&read(&mut lines)?.unwrap_or_default());
                        say("334 UGFzc3dvcmQ6")?;
                        let password = base64_decode(&read(&mut lines)?.unwrap_or_default());
                        Some((user, password))
                    }
                    _ => None,
                };
                match account {
                    Some(account) => {
                        login = Some(account);
                        say("235 2.7.0 Authentication successful")?;
                    }
                    None => say("504 5.5.4 Unrecognized authentication type")?,
                }
            }
            "MAIL" if policy.refuse.load(Ordering::SeqCst) => say("554 5.7.1 Relay access denied")?,
            "MAIL" if inbox.0.lock().unwrap().len() >= policy.quota.load(Ordering::SeqCst) => {
                say("554 5.7.0 Daily sending quota exceeded")?
            }
            "MAIL" => {
                from = Some(address(&line));
                to.clear();
                say("250 2.1.0 OK")?;
            }
            "RCPT" if from.is_some() => {
                to.push(address(&line));
                say("250 2.1.5 OK")?;
            }
            "RCPT" => say("503 5.5.1 MAIL first")?,
            "DATA" if !to.is_empty() => {
                say("354 End data with <CR><LF>.<CR><LF>")?;
                let mut data = String::new();
                loop {
                    let Some(line) = read(&mut lines)? else {
                        return Ok(());
                    };
                    if line == "." {
                        break;
                    }
                    let line = line.strip_prefix('.').unwrap_or(&line);
                    data.push_str(line);
                    data.push_str("\r\n");
                }
                let mail = Mail {
                    from: from.take().unwrap_or_default(),
                    to: std::mem::take(&mut to),
                    data,
                    login: login.clone(),
                };
                let (lock, arrived) = &**inbox;
                lock.lock().unwrap().push(mail);
                arrived.notify_all();
                say("250 2.0.0 OK queued")?;
            }
            "DATA" => say("503 5.5.1 RCPT first")?,
            "RSET" => {
                from = None;
                to.clear();
                say("250 2.0.0 OK")?;
            }
            "NOOP" => say("250 2.0.0 OK")?,
            "QUIT" => {
                say("221 2.0.0 Bye")?;
                return Ok(());
            }
            _ => say("502 5.5.2 Command not recognized")?,
        }
    }
    Ok(())
}

/// The address in `MAIL FROM:<a@b> …` or `RCPT TO:<a@b>`.
fn address(line: &str) -> String {
    let start = line.find('<').map_or(0, |i| i + 1);
    let end = line[start..].find('>').map_or(line.len(), |i| start + i);
    line[start..end].to_owned()
}

fn base64_decode(text: &str) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for byte in text.trim().bytes() {
        let Some(value) = ALPHABET.iter().position(|b| *b == byte) else {
            continue;
        };
        bits = (bits << 6) | value as u32;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Standard base64 (with padding) decoded; characters outside its alphabet are skipped.
fn base64_decoded(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let values: Vec<u32> = text
        .bytes()
        .filter_map(|b| ALPHABET.iter().position(|&a| a == b).map(|v| v as u32))
        .collect();
    let mut out = Vec::new();
    for chunk in values.chunks(4) {
        let joined = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, v)| acc | (v << (18 - 6 * i)));
        let bytes = joined.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}

//! The command line, one file per part: the server (`serve.rs`), the build it names
//! (`version.rs`), the account commands (`accounts.rs`), backups (`backups.rs`), and the
//! database's files and owners (`files.rs`). Here: starting the binary and reading what it says.

use jyoti_test_support as support;

mod accounts;
mod backups;
mod files;
mod serve;
mod version;

use serde_json::json;
use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;
use support::{Request, Response};
use tempfile::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_jyoti");

/// A running server, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
    first_line: String,
    /// The log lines after the first, as the server writes them; closed when it exits.
    log: mpsc::Receiver<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn request(&self, method: &str, path: &str) -> Request {
        Request::new(self.addr, method, path)
    }

    fn login(&self, email: &str, password: &str) -> Response {
        self.request("POST", "/api/auth/login")
            .json(&json!({ "email": email, "password": password }))
            .send()
    }

    /// The status of the admin-only user list for `token`.
    fn user_list_status(&self, token: &str) -> u16 {
        let request = self.request("GET", "/api/admin/users").bearer(token);
        request.send().status
    }

    /// Sends a contact message numbered `n` and returns the status.
    fn contact(&self, n: usize) -> u16 {
        contact(self.addr, n)
    }

    /// Sends the server `signal` (`-TERM`, `-KILL`).
    fn signal(&self, signal: &str) {
        let pid = self.child.id().to_string();
        let status = Command::new("kill").args([signal, &pid]).status();
        assert!(status.expect("run kill").success(), "kill {signal} {pid}");
    }
}

/// Starts `jyoti args` with `envs` and waits for its first log line.
fn start(args: &[&str], envs: &[(&str, &str)]) -> Server {
    let mut child = Command::new(BIN)
        .args(args)
        .envs(envs.iter().copied())
        .env("JYOTI_BCRYPT_COST", "10")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start jyoti");
    let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
    let first_line = lines
        .next()
        .expect("a first log line")
        .expect("readable stderr");
    let addr = first_line
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line: {first_line}"))
        .parse()
        .expect("an address");
    // Keep draining the log so the server never blocks on a full pipe.
    let (lines_out, log) = mpsc::channel();
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            let _ = lines_out.send(line);
        }
    });
    Server {
        child,
        addr,
        first_line,
        log,
    }
}

/// The flags that serve the database `db` on `port` of 127.0.0.1.
fn serve_flags<'a>(db: &'a str, port: &'a str) -> [&'a str; 6] {
    ["--bind", "127.0.0.1", "--port", port, "--db", db]
}

/// The server on a free port of 127.0.0.1 with the database at `db`, plus `extra` flags.
fn serve(db: &str, extra: &[&str]) -> Server {
    start(&[&serve_flags(db, "0")[..], extra].concat(), &[])
}

/// Runs `jyoti args` to its end with `stdin` as its input.
fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .env("JYOTI_BCRYPT_COST", "10")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start jyoti");
    let written = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes());
    // A command that refuses its arguments may exit before it reads its input.
    if let Err(err) = written {
        assert_eq!(
            err.kind(),
            std::io::ErrorKind::BrokenPipe,
            "write stdin: {err}"
        );
    }
    child.wait_with_output().expect("jyoti finished")
}

/// Runs `jyoti args` to its end with nothing to read.
fn jyoti(args: &[&str]) -> Output {
    run(args, "")
}

/// `jyoti <command> --email <email> --db <db>` with `input` typed at the password prompt.
/// (`create-admin` with `--create`: the database may be new.)
fn account(command: &str, email: &str, db: &str, input: &str) -> Output {
    match command {
        "create-admin" => run(&[command, "--email", email, "--db", db, "--create"], input),
        _ => run(&[command, "--email", email, "--db", db], input),
    }
}

fn backup(db: &str, out: &str) -> Output {
    jyoti(&["backup", "--db", db, out])
}

fn restore(from: &str, db: &str) -> Output {
    jyoti(&["restore", from, "--db", db])
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_ok(output: &Output) {
    assert!(output.status.success(), "{}", stderr(output));
}

/// The command failed, without a panic, and said `words`; returns what it said.
fn assert_refused(output: &Output, words: &str) -> String {
    let stderr = stderr(output);
    assert!(!output.status.success(), "it went ahead: {stderr}");
    assert!(stderr.contains(words), "{words:?} in {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// The path of `name` in `dir`, as the flags take it.
fn file(dir: &TempDir, name: &str) -> String {
    dir.path()
        .join(name)
        .to_str()
        .expect("a UTF-8 path")
        .to_owned()
}

fn temp_dir() -> TempDir {
    tempfile::tempdir().expect("a temp dir")
}

/// The rows of `table` in the database file `db`.
fn count(db: impl AsRef<Path>, table: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
        .unwrap()
}

/// Sends contact message number `n` to the server at `addr` and returns the status; a free
/// function so that writer threads need only the address.
fn contact(addr: SocketAddr, n: usize) -> u16 {
    Request::new(addr, "POST", "/api/form/contact")
        .json(
            &json!({"name": format!("Writer {n}"), "email": "w@example.org",
            "telephone": "1234567890", "subject": "4star", "message": format!("message {n}")}),
        )
        .send()
        .status
}

/// Waits up to `seconds` for `ready`.
fn wait_until(seconds: u64, mut ready: impl FnMut() -> bool) -> bool {
    let deadline = std::time::Instant::now() + Duration::from_secs(seconds);
    while std::time::Instant::now() < deadline {
        if ready() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    ready()
}

/// Runs `jyoti args` on a new pseudo-terminal, typing each of `answers` after the prompt that
/// contains the matching entry of `prompts`. Returns everything the terminal showed and whether
/// the command succeeded.
fn at_terminal(args: &[&str], prompts: &[&str], answers: &[&str]) -> (String, bool) {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two new descriptors into the given integers; the rest may be null.
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "openpty");
    // SAFETY: both descriptors were just opened and are owned by these files alone.
    let (mut master, slave) = unsafe {
        (
            std::fs::File::from_raw_fd(master),
            std::fs::File::from_raw_fd(slave),
        )
    };
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(slave.try_clone().unwrap())
        .stdout(slave.try_clone().unwrap())
        .stderr(slave)
        .spawn()
        .expect("start jyoti on a terminal");
    let (shown_tx, shown) = mpsc::channel::<Vec<u8>>();
    let mut reader = master.try_clone().unwrap();
    std::thread::spawn(move || {
        let mut chunk = [0u8; 1024];
        // Ends with EIO once the command has exited and closed the terminal.
        while let Ok(n @ 1..) = reader.read(&mut chunk) {
            let _ = shown_tx.send(chunk[..n].to_vec());
        }
    });
    let mut screen = String::new();
    for (prompt, answer) in prompts.iter().zip(answers) {
        while !screen.contains(prompt) {
            let chunk = shown
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("no prompt {prompt:?}; the terminal showed {screen:?}"));
            screen.push_str(&String::from_utf8_lossy(&chunk));
        }
        // The next prompt must be told apart from this one.
        screen = screen.replacen(prompt, "<asked>", 1);
        master.write_all(format!("{answer}\n").as_bytes()).unwrap();
    }
    let status = child.wait().unwrap();
    while let Ok(chunk) = shown.recv_timeout(Duration::from_secs(2)) {
        screen.push_str(&String::from_utf8_lossy(&chunk));
    }
    (screen, status.success())
}

/// `jyoti args` run to its end with `envs` set.
fn run_with_env(args: &[&str], envs: &[(&str, &str)]) -> Output {
    Command::new(BIN)
        .args(args)
        .envs(envs.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("run jyoti")
}

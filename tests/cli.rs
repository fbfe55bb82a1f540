//! The command line: flags, environment variables, the first log line, signals, clear errors, create-admin.

#[path = "support/mod.rs"]
mod support;

use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use support::Request;

const BIN: &str = env!("CARGO_BIN_EXE_jyoti");

struct Server {
    child: Child,
    addr: SocketAddr,
    first_line: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(args: &[&str], envs: &[(&str, &str)]) -> Server {
    let mut child = Command::new(BIN)
        .args(args)
        .envs(envs.iter().copied())
        .env("JYOTI_BCRYPT_COST", "10")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start jyoti");
    let stderr = child.stderr.take().expect("stderr");
    let mut lines = BufReader::new(stderr).lines();
    let first_line = lines.next().expect("a first log line").expect("readable stderr");
    let addr = first_line
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line: {first_line}"))
        .parse()
        .expect("an address");
    // Keep draining the log so the server never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    Server { child, addr, first_line }
}

fn run(args: &[&str], stdin: &str) -> std::process::Output {
    let mut child = Command::new(BIN)
        .args(args)
        .env("JYOTI_BCRYPT_COST", "10")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start jyoti");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("jyoti finished")
}

#[test]
fn port_zero_picks_a_free_port_and_the_first_log_line_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("j.db");
    let server = start(&["--bind", "127.0.0.1", "--port", "0", "--db", db.to_str().unwrap()], &[]);
    assert_ne!(server.addr.port(), 0);
    assert!(server.first_line.starts_with("listening on http://127.0.0.1:"));
    assert_eq!(Request::new(server.addr, "GET", "/healthz").send().text(), "ok");
    assert!(db.exists(), "the database file was created");
}

#[test]
fn every_flag_can_come_from_its_environment_variable() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("env.db");
    let server = start(
        &[],
        &[("JYOTI_BIND", "127.0.0.1"), ("JYOTI_PORT", "0"), ("JYOTI_DB", db.to_str().unwrap()), ("JYOTI_NO_RATE_LIMIT", "true")],
    );
    assert!(db.exists());
    for _ in 0..65 {
        let status = Request::new(server.addr, "GET", "/api/certificate/get_certificate/1").send().status;
        assert_eq!(status, 404, "no rate limit");
    }
}

#[test]
fn the_serve_subcommand_takes_the_same_flags() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s.db");
    let server = start(&["serve", "--bind", "127.0.0.1", "--port", "0", "--db", db.to_str().unwrap()], &[]);
    assert_eq!(Request::new(server.addr, "GET", "/healthz").send().status, 200);
}

#[test]
fn sigterm_drains_and_exits_zero_and_every_request_is_logged() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let mut child = Command::new(BIN)
        .args(["--bind", "127.0.0.1", "--port", "0", "--db", db.to_str().unwrap()])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let addr: SocketAddr = first.trim_start_matches("listening on http://").parse().unwrap();
    Request::new(addr, "GET", "/api/admin/servicelist").send();
    Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "exit status {status}");
    let log: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(log.iter().any(|l| l.contains("GET /api/admin/servicelist") && l.contains(" 200 ")), "{log:?}");
}

#[test]
fn a_port_in_use_is_one_clear_sentence() {
    let holder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = holder.local_addr().unwrap().port().to_string();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let output = run(&["--bind", "127.0.0.1", "--port", &port, "--db", db.to_str().unwrap()], "");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("already in use"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_database_in_a_missing_or_read_only_folder_is_one_clear_sentence() {
    let output = run(&["--port", "0", "--db", "/no/such/folder/j.db"], "");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("does not exist"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    let dir = tempfile::tempdir().unwrap();
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    let mut perms = std::fs::metadata(&locked).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o500);
    std::fs::set_permissions(&locked, perms).unwrap();
    let probe = locked.join("probe");
    if std::fs::write(&probe, "x").is_ok() {
        // Running as root: permissions do not stop us, so this case cannot be shown here.
        return;
    }
    let output = run(&["--port", "0", "--db", locked.join("j.db").to_str().unwrap()], "");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("error: cannot"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn create_admin_creates_an_admin_who_can_log_in_and_promotes_an_existing_user() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let db = db.to_str().unwrap();
    let output = run(&["create-admin", "--email", "Chief@Example.org", "--db", db], "a strong password\n");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));

    let server = start(&["--bind", "127.0.0.1", "--port", "0", "--db", db], &[]);
    let login = Request::new(server.addr, "POST", "/api/auth/login")
        .json(&serde_json::json!({"email": "chief@example.org", "password": "a strong password"}))
        .send();
    assert_eq!(login.status, 200, "{}", login.text());
    let token = login.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(Request::new(server.addr, "GET", "/api/admin/users").bearer(&token).send().status, 200);

    let register = Request::new(server.addr, "POST", "/api/auth/register")
        .json(&serde_json::json!({"firstname": "M", "email": "member@example.org", "password": "member password"}))
        .send();
    let member_token = register.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(Request::new(server.addr, "GET", "/api/admin/users").bearer(&member_token).send().status, 403);
    let output = run(&["create-admin", "--email", "member@example.org", "--db", db], "");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(Request::new(server.addr, "GET", "/api/admin/users").bearer(&member_token).send().status, 200);
}

#[test]
fn create_admin_refuses_a_short_password_and_a_bad_email() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("b.db");
    let db = db.to_str().unwrap();
    let output = run(&["create-admin", "--email", "x@example.org", "--db", db], "short\n");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("password"));
    let output = run(&["create-admin", "--email", "not-an-email", "--db", db], "long enough password\n");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("email"));
}

#[test]
fn a_new_server_without_an_admin_says_how_to_create_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("n.db");
    let mut child = Command::new(BIN)
        .args(["--bind", "127.0.0.1", "--port", "0", "--db", db.to_str().unwrap()])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let _listening = lines.next();
    let hint = lines.next().unwrap().unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(hint.contains("jyoti create-admin --email"), "{hint}");
    std::thread::sleep(Duration::from_millis(10));
}

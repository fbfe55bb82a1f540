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
    std::thread::spawn(move || lines.for_each(drop));
    Server {
        child,
        addr,
        first_line,
    }
}

/// The server on a free port of 127.0.0.1 with the database at `db`, plus `extra` flags.
fn serve(db: &str, extra: &[&str]) -> Server {
    let mut args = vec!["--bind", "127.0.0.1", "--port", "0", "--db", db];
    args.extend_from_slice(extra);
    start(&args, &[])
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
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("jyoti finished")
}

#[test]
fn port_zero_picks_a_free_port_and_the_first_log_line_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("j.db");
    let server = serve(db.to_str().unwrap(), &[]);
    assert_ne!(server.addr.port(), 0);
    assert!(server
        .first_line
        .starts_with("listening on http://127.0.0.1:"));
    assert_eq!(
        Request::new(server.addr, "GET", "/healthz").send().text(),
        "ok"
    );
    assert!(db.exists(), "the database file was created");
}

#[test]
fn every_flag_can_come_from_its_environment_variable() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("env.db");
    let server = start(
        &[],
        &[
            ("JYOTI_BIND", "127.0.0.1"),
            ("JYOTI_PORT", "0"),
            ("JYOTI_DB", db.to_str().unwrap()),
            ("JYOTI_NO_RATE_LIMIT", "true"),
        ],
    );
    assert!(db.exists());
    for _ in 0..65 {
        let status = Request::new(server.addr, "GET", "/api/certificate/get_certificate/1")
            .send()
            .status;
        assert_eq!(status, 404, "no rate limit");
    }
}

#[test]
fn the_serve_subcommand_takes_the_same_flags() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s.db");
    let server = start(
        &[
            "serve",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            db.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(
        Request::new(server.addr, "GET", "/healthz").send().status,
        200
    );
}

#[test]
fn sigterm_drains_and_exits_zero_and_every_request_is_logged() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let mut child = Command::new(BIN)
        .args([
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            db.to_str().unwrap(),
        ])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let addr: SocketAddr = first
        .trim_start_matches("listening on http://")
        .parse()
        .unwrap();
    Request::new(addr, "GET", "/api/admin/servicelist").send();
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "exit status {status}");
    let log: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(
        log.iter()
            .any(|l| l.contains("GET /api/admin/servicelist") && l.contains(" 200 ")),
        "{log:?}"
    );
}

#[test]
fn a_port_in_use_is_one_clear_sentence() {
    let holder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = holder.local_addr().unwrap().port().to_string();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let output = run(
        &[
            "--bind",
            "127.0.0.1",
            "--port",
            &port,
            "--db",
            db.to_str().unwrap(),
        ],
        "",
    );
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
    let output = run(
        &["--port", "0", "--db", locked.join("j.db").to_str().unwrap()],
        "",
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("error: cannot"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn create_admin_creates_an_admin_and_takes_over_an_existing_account_with_the_typed_password() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let db = db.to_str().unwrap();
    let output = run(
        &["create-admin", "--email", "Chief@Example.org", "--db", db],
        "a strong password\n",
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );

    let server = serve(db, &[]);
    let login = Request::new(server.addr, "POST", "/api/auth/login")
        .json(&serde_json::json!({"email": "chief@example.org", "password": "a strong password"}))
        .send();
    assert_eq!(login.status, 200, "{}", login.text());
    let token = login.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(
        Request::new(server.addr, "GET", "/api/admin/users")
            .bearer(&token)
            .send()
            .status,
        200
    );

    let register = Request::new(server.addr, "POST", "/api/auth/register")
        .json(&serde_json::json!({"firstname": "M", "email": "member@example.org", "password": "member password"}))
        .send();
    let member_token = register.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(
        Request::new(server.addr, "GET", "/api/admin/users")
            .bearer(&member_token)
            .send()
            .status,
        403
    );
    let output = run(
        &["create-admin", "--email", "member@example.org", "--db", db],
        "the typed admin password\n",
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("sessions are signed out"),
        "it says what it did to the existing account"
    );
    // Whoever registered the email first loses their sessions and their password.
    assert_eq!(
        Request::new(server.addr, "GET", "/api/admin/users")
            .bearer(&member_token)
            .send()
            .status,
        401
    );
    let old_password = Request::new(server.addr, "POST", "/api/auth/login")
        .json(&serde_json::json!({"email": "member@example.org", "password": "member password"}))
        .send();
    assert_eq!(old_password.status, 401);
    let login = Request::new(server.addr, "POST", "/api/auth/login")
        .json(&serde_json::json!({"email": "member@example.org", "password": "the typed admin password"}))
        .send();
    assert_eq!(login.status, 200);
    let admin_token = login.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(
        Request::new(server.addr, "GET", "/api/admin/users")
            .bearer(&admin_token)
            .send()
            .status,
        200
    );
}

#[test]
fn create_admin_refuses_a_short_password_and_a_bad_email() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("b.db");
    let db = db.to_str().unwrap();
    let output = run(
        &["create-admin", "--email", "x@example.org", "--db", db],
        "short\n",
    );
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("password"));
    let output = run(
        &["create-admin", "--email", "not-an-email", "--db", db],
        "long enough password\n",
    );
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("email"));
}

#[test]
fn a_new_server_without_an_admin_says_how_to_create_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("n.db");
    let mut child = Command::new(BIN)
        .args([
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            db.to_str().unwrap(),
        ])
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

fn count(db: &std::path::Path, table: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
        .unwrap()
}

fn contact(addr: SocketAddr, n: usize) -> u16 {
    Request::new(addr, "POST", "/api/form/contact")
        .json(
            &serde_json::json!({"name": format!("Writer {n}"), "email": "w@example.org",
            "telephone": "1234567890", "subject": "4star", "message": format!("message {n}")}),
        )
        .send()
        .status
}

#[test]
fn backup_makes_a_consistent_copy_while_the_server_keeps_writing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("live.db");
    let server = serve(db.to_str().unwrap(), &["--no-rate-limit"]);
    let addr = server.addr;
    let writer = std::thread::spawn(move || (0..150).filter(|n| contact(addr, *n) == 201).count());
    std::thread::sleep(Duration::from_millis(50));
    let out = dir.path().join("copy.db");
    let output = run(
        &[
            "backup",
            "--db",
            db.to_str().unwrap(),
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let written = writer.join().unwrap();
    assert_eq!(written, 150);
    jyoti::db::backup::check(&out).expect("the backup is a sound database");
    let copied = count(&out, "contacts");
    assert!(copied <= 150, "{copied}");
    let conn = rusqlite::Connection::open(&out).unwrap();
    let max: i64 = conn
        .query_row("SELECT coalesce(max(id), 0) FROM contacts", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(
        max, copied,
        "a prefix of the writes, with no gaps: a consistent snapshot"
    );
    let again = run(
        &[
            "backup",
            "--db",
            db.to_str().unwrap(),
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        !again.status.success(),
        "an existing file is never overwritten"
    );
}

#[test]
fn restore_puts_a_good_backup_in_place_and_keeps_the_replaced_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("site.db");
    let backup = dir.path().join("backup.db");
    {
        let server = serve(db.to_str().unwrap(), &[]);
        assert_eq!(contact(server.addr, 1), 201);
        let output = run(
            &[
                "backup",
                "--db",
                db.to_str().unwrap(),
                backup.to_str().unwrap(),
            ],
            "",
        );
        assert!(output.status.success());
        assert_eq!(contact(server.addr, 2), 201);

        let refused = run(
            &[
                "restore",
                backup.to_str().unwrap(),
                "--db",
                db.to_str().unwrap(),
            ],
            "",
        );
        assert!(
            !refused.status.success(),
            "restore must refuse while a server holds the database"
        );
        assert!(String::from_utf8_lossy(&refused.stderr).contains("stop it first"));
    }
    assert_eq!(count(&db, "contacts"), 2);
    let output = run(
        &[
            "restore",
            backup.to_str().unwrap(),
            "--db",
            db.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(count(&db, "contacts"), 1, "the backup's state");
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains(".replaced-"))
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        count(&kept[0], "contacts"),
        2,
        "the replaced database is kept whole"
    );
    let server = serve(db.to_str().unwrap(), &[]);
    assert_eq!(contact(server.addr, 3), 201);
}

#[test]
fn restore_refuses_a_corrupt_or_foreign_file_and_leaves_the_database_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("site.db");
    {
        let server = serve(db.to_str().unwrap(), &[]);
        assert_eq!(contact(server.addr, 1), 201);
    }
    let before = std::fs::read(&db).unwrap();

    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "not a database at all, just words ".repeat(100)).unwrap();
    let foreign = dir.path().join("foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE other (x); INSERT INTO other VALUES (1);")
        .unwrap();
    let truncated = dir.path().join("truncated.db");
    std::fs::write(&truncated, &before[..before.len() / 2]).unwrap();
    let mut flipped = before.clone();
    for byte in flipped.iter_mut().skip(4096).take(2048) {
        *byte = !*byte;
    }
    let corrupt = dir.path().join("corrupt.db");
    std::fs::write(&corrupt, &flipped).unwrap();

    for bad in [
        &text,
        &foreign,
        &truncated,
        &corrupt,
        &dir.path().join("missing.db"),
    ] {
        let output = run(
            &[
                "restore",
                bad.to_str().unwrap(),
                "--db",
                db.to_str().unwrap(),
            ],
            "",
        );
        assert!(!output.status.success(), "{} was restored", bad.display());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with("error: ") && !stderr.contains("panicked"),
            "{stderr}"
        );
        assert_eq!(
            std::fs::read(&db).unwrap(),
            before,
            "{} changed the database",
            bad.display()
        );
    }
}

#[test]
fn reset_password_sets_a_new_password_and_signs_sessions_out() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    let db = db.to_str().unwrap();
    assert!(run(
        &["create-admin", "--email", "boss@example.org", "--db", db],
        "first secret pass\n"
    )
    .status
    .success());
    let server = serve(db, &[]);
    let login = |password: &str| {
        Request::new(server.addr, "POST", "/api/auth/login")
            .json(&serde_json::json!({"email": "boss@example.org", "password": password}))
            .send()
    };
    let old_token = login("first secret pass").json()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let output = run(
        &["reset-password", "--email", "boss@example.org", "--db", db],
        "second secret pass\n",
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        Request::new(server.addr, "GET", "/api/auth/user")
            .bearer(&old_token)
            .send()
            .status,
        401
    );
    assert_eq!(login("first secret pass").status, 401);
    assert_eq!(login("second secret pass").status, 200);

    let unknown = run(
        &["reset-password", "--email", "ghost@example.org", "--db", db],
        "whatever pass 1\n",
    );
    assert!(!unknown.status.success());
    let common = run(
        &["reset-password", "--email", "boss@example.org", "--db", db],
        "password123\n",
    );
    assert!(!common.status.success());
    assert!(String::from_utf8_lossy(&common.stderr).contains("common"));
}

#[test]
fn two_servers_cannot_share_one_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("one.db");
    let _first = serve(db.to_str().unwrap(), &[]);
    let output = run(
        &[
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            db.to_str().unwrap(),
        ],
        "",
    );
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("stop it first"));
}

#[test]
fn kill_9_loses_no_write_that_was_answered() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("durable.db");
    let server = serve(db.to_str().unwrap(), &["--no-rate-limit"]);
    let addr = server.addr;
    let pid = server.child.id();
    let writer = std::thread::spawn(move || {
        let mut answered = 0;
        for n in 0..100_000 {
            let outcome = std::panic::catch_unwind(|| contact(addr, n));
            match outcome {
                Ok(201) => answered += 1,
                _ => break,
            }
        }
        answered
    });
    std::thread::sleep(Duration::from_millis(700));
    Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .unwrap();
    let answered = writer.join().unwrap();
    drop(server);
    assert!(answered > 10, "the writer got going ({answered})");
    let restarted = serve(db.to_str().unwrap(), &[]);
    drop(restarted);
    let stored = count(&db, "contacts");
    assert!(
        stored >= answered as i64,
        "{answered} writes were answered 201 but only {stored} survived"
    );
}

#[test]
fn scheduled_backups_are_written_while_serving_and_only_the_newest_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("served.db");
    let backups = dir.path().join("backups");
    let server = serve(
        db.to_str().unwrap(),
        &[
            "--backup-dir",
            backups.to_str().unwrap(),
            "--backup-every",
            "1s",
            "--backup-keep",
            "2",
        ],
    );
    assert_eq!(contact(server.addr, 1), 201);
    std::thread::sleep(Duration::from_millis(4500));
    let files: Vec<_> = std::fs::read_dir(&backups)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    assert_eq!(files.len(), 2, "{files:?}");
    for file in &files {
        jyoti::db::backup::check(file).expect("each scheduled backup is a sound database");
        assert_eq!(count(file, "contacts"), 1);
    }
}

#[test]
fn a_bad_backup_interval_is_refused() {
    let output = run(
        &[
            "--port",
            "0",
            "--db",
            "/tmp/x.db",
            "--backup-dir",
            "/tmp",
            "--backup-every",
            "soon",
        ],
        "",
    );
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a duration"));
}

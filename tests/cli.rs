//! The command line: flags, environment variables, the first log line, signals, clear errors, and
//! the commands create-admin, reset-password, backup and restore.

#[path = "support/mod.rs"]
mod support;

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

#[test]
fn port_zero_picks_a_free_port_and_the_first_log_line_names_it() {
    let dir = temp_dir();
    let db = file(&dir, "j.db");
    let server = serve(&db, &[]);
    assert_ne!(server.addr.port(), 0);
    assert!(server
        .first_line
        .starts_with("listening on http://127.0.0.1:"));
    assert_eq!(
        server.request("GET", "/healthz").send().json()["status"],
        "ok"
    );
    assert!(Path::new(&db).exists(), "the database file was created");
}

#[test]
fn every_flag_can_come_from_its_environment_variable() {
    let dir = temp_dir();
    let db = file(&dir, "env.db");
    let server = start(
        &[],
        &[
            ("JYOTI_BIND", "127.0.0.1"),
            ("JYOTI_PORT", "0"),
            ("JYOTI_DB", &db),
            ("JYOTI_NO_RATE_LIMIT", "true"),
        ],
    );
    assert!(Path::new(&db).exists());
    for _ in 0..65 {
        let lookup = server.request("GET", "/api/certificate/get_certificate/1");
        assert_eq!(lookup.send().status, 404, "no rate limit");
    }
}

#[test]
fn the_serve_subcommand_takes_the_same_flags() {
    let dir = temp_dir();
    let db = file(&dir, "s.db");
    let flags = serve_flags(&db, "0");
    let server = start(&[&["serve"][..], &flags].concat(), &[]);
    assert_eq!(server.request("GET", "/healthz").send().status, 200);
}

#[test]
fn sigterm_drains_and_exits_zero_and_every_request_is_logged() {
    let dir = temp_dir();
    let mut server = serve(&file(&dir, "t.db"), &[]);
    server.request("GET", "/api/admin/servicelist").send();
    server.signal("-TERM");
    let status = server.child.wait().unwrap();
    assert!(status.success(), "exit status {status}");
    let log: Vec<String> = server.log.iter().collect();
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
    let dir = temp_dir();
    assert_refused(
        &jyoti(&serve_flags(&file(&dir, "p.db"), &port)),
        "already in use",
    );
}

#[test]
fn a_database_in_a_missing_or_read_only_folder_is_one_clear_sentence() {
    let missing = jyoti(&["--port", "0", "--db", "/no/such/folder/j.db"]);
    assert_refused(&missing, "does not exist");

    let dir = temp_dir();
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    let mut perms = std::fs::metadata(&locked).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o500);
    std::fs::set_permissions(&locked, perms).unwrap();
    if std::fs::write(locked.join("probe"), "x").is_ok() {
        // Running as root: permissions do not stop us, so this case cannot be shown here.
        return;
    }
    let output = jyoti(&["--port", "0", "--db", &file(&dir, "locked/j.db")]);
    let stderr = assert_refused(&output, "cannot");
    assert!(stderr.starts_with("error: cannot"), "{stderr}");
}

#[test]
fn create_admin_creates_an_admin_and_takes_over_an_existing_account_with_the_typed_password() {
    let dir = temp_dir();
    let db = file(&dir, "a.db");
    let created = account(
        "create-admin",
        "Chief@Example.org",
        &db,
        "a strong password\n",
    );
    assert_ok(&created);

    let server = serve(&db, &[]);
    let login = server.login("chief@example.org", "a strong password");
    assert_eq!(login.status, 200, "{}", login.text());
    let token = login.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(server.user_list_status(&token), 200);

    let register = server
        .request("POST", "/api/auth/register")
        .json(&json!({"firstname": "M", "email": "member@example.org", "password": "member password"}))
        .send();
    let member_token = register.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(server.user_list_status(&member_token), 403);
    let promoted = account(
        "create-admin",
        "member@example.org",
        &db,
        "the typed admin password\n",
    );
    assert_ok(&promoted);
    assert!(
        String::from_utf8_lossy(&promoted.stdout).contains("sessions are signed out"),
        "it says what it did to the existing account"
    );
    // Whoever registered the email first loses their sessions and their password.
    assert_eq!(server.user_list_status(&member_token), 401);
    assert_eq!(
        server.login("member@example.org", "member password").status,
        401
    );
    let login = server.login("member@example.org", "the typed admin password");
    assert_eq!(login.status, 200);
    let admin_token = login.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(server.user_list_status(&admin_token), 200);
}

#[test]
fn create_admin_refuses_a_short_password_and_a_bad_email() {
    let dir = temp_dir();
    let db = file(&dir, "b.db");
    let short = account("create-admin", "x@example.org", &db, "short\n");
    assert_refused(&short, "password");
    let bad_email = account(
        "create-admin",
        "not-an-email",
        &db,
        "long enough password\n",
    );
    assert_refused(&bad_email, "email");
}

#[test]
fn a_new_server_without_an_admin_says_how_to_create_one() {
    let dir = temp_dir();
    let server = serve(&file(&dir, "n.db"), &[]);
    let said = |line: &String| line.contains("jyoti create-admin --email");
    let lines: Vec<String> = (0..2)
        .map_while(|_| server.log.recv_timeout(Duration::from_secs(30)).ok())
        .collect();
    assert!(lines.iter().any(said), "{lines:?}");
}

/// `jyoti 0.1.0 (commit 4e2215b21c3a, built 2026-11-22)` → ("0.1.0", "4e2215b21c3a", "2026-11-22").
fn build_line(line: &str) -> (String, String, String) {
    let rest = line
        .split_once("jyoti ")
        .unwrap_or_else(|| panic!("no `jyoti ` in {line:?}"))
        .1;
    let (version, rest) = rest.split_once(" (commit ").expect("a commit");
    let (commit, rest) = rest.split_once(", built ").expect("a build date");
    let built = rest.strip_suffix(')').expect("a closing parenthesis");
    (version.into(), commit.into(), built.into())
}

/// The commit build.rs should have found: `JYOTI_BUILD_COMMIT`, else HEAD when this source is a
/// git work tree of its own; None when that cannot be told here.
fn checked_out_commit() -> Option<String> {
    if let Some(commit) = option_env!("JYOTI_BUILD_COMMIT").filter(|c| !c.trim().is_empty()) {
        return Some(commit.trim().to_owned());
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let git = |args: &[&str]| {
        let output = Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .ok()?;
        let text = String::from_utf8(output.stdout).ok()?;
        output.status.success().then(|| text.trim().to_owned())
    };
    let top = git(&["rev-parse", "--show-toplevel"])?;
    let same =
        |a: &str, b: &str| Path::new(a).canonicalize().ok() == Path::new(b).canonicalize().ok();
    same(&top, root).then(|| git(&["rev-parse", "--short=12", "HEAD"]))?
}

#[test]
fn version_names_the_version_the_commit_and_the_build_date() {
    for flag in ["--version", "-V"] {
        let output = jyoti(&[flag]);
        assert_ok(&output);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let (version, commit, built) = build_line(stdout.trim_end());
        assert_eq!(version, env!("CARGO_PKG_VERSION"));
        let hex = commit.strip_suffix("-dirty").unwrap_or(&commit);
        assert!(
            commit == "unknown" || (hex.len() >= 7 && hex.chars().all(|c| c.is_ascii_hexdigit())),
            "{commit}"
        );
        if let Some(head) = checked_out_commit() {
            assert_eq!(commit, head, "the commit checked out");
        }
        assert_eq!(built.len(), 10, "{built}");
        let date: Result<jiff::civil::Date, _> = built.parse();
        assert!(date.is_ok(), "{built} is a YYYY-MM-DD date");
    }
}

#[test]
fn healthz_and_the_second_log_line_name_the_build_as_version_does() {
    let output = jyoti(&["--version"]);
    let named = build_line(String::from_utf8_lossy(&output.stdout).trim_end());
    let dir = temp_dir();
    let server = serve(&file(&dir, "v.db"), &[]);
    let second = server.log.recv_timeout(Duration::from_secs(30)).unwrap();
    assert_eq!(build_line(&second), named, "{second}");
    let (version, commit, built) = named;
    let health = server.request("GET", "/healthz").send();
    assert_eq!(health.status, 200);
    let body = health.json();
    let build = json!({"status": body["status"], "version": body["version"],
        "commit": body["commit"], "built": body["built"]});
    assert_eq!(
        build,
        json!({"status": "ok", "version": version, "commit": commit, "built": built})
    );
}

#[test]
fn backup_makes_a_consistent_copy_while_the_server_keeps_writing() {
    let dir = temp_dir();
    let (db, out) = (file(&dir, "live.db"), file(&dir, "copy.db"));
    let server = serve(&db, &["--no-rate-limit"]);
    let addr = server.addr;
    let writer = std::thread::spawn(move || (0..150).filter(|n| contact(addr, *n) == 201).count());
    std::thread::sleep(Duration::from_millis(50));
    assert_ok(&backup(&db, &out));
    let written = writer.join().unwrap();
    assert_eq!(written, 150);
    jyoti::db::backup::check(Path::new(&out)).expect("the backup is a sound database");
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
    let again = backup(&db, &out);
    assert!(
        !again.status.success(),
        "an existing file is never overwritten"
    );
}

#[test]
fn restore_puts_a_good_backup_in_place_and_keeps_the_replaced_file() {
    let dir = temp_dir();
    let (db, saved) = (file(&dir, "site.db"), file(&dir, "backup.db"));
    {
        let server = serve(&db, &[]);
        assert_eq!(server.contact(1), 201);
        assert_ok(&backup(&db, &saved));
        assert_eq!(server.contact(2), 201);
        // A server holds the database.
        assert_refused(&restore(&saved, &db), "stop it first");
    }
    assert_eq!(count(&db, "contacts"), 2);
    assert_ok(&restore(&saved, &db));
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
    assert_eq!(serve(&db, &[]).contact(3), 201);
}

#[test]
fn a_database_of_the_first_schema_is_upgraded_on_start_and_its_accounts_sign_in_as_before() {
    // Made by the program of schema version 1 itself (tests/fixtures/README.md).
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema-v1.db");
    let dir = temp_dir();
    let db = file(&dir, "site.db");
    std::fs::copy(fixture, &db).unwrap();
    let mut server = serve(&db, &[]);
    let note = std::iter::from_fn(|| server.log.recv_timeout(Duration::from_secs(30)).ok())
        .find(|line| line.contains("upgrading the database"))
        .expect("the log says it upgrades the database");
    assert!(note.contains("from schema version 1"), "{note}");
    let copies: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("site.db.before-v"))
        .collect();
    assert_eq!(copies.len(), 1, "{copies:?}");
    assert!(note.contains(&copies[0].display().to_string()), "{note}");
    assert_eq!(
        count(&copies[0], "users"),
        3,
        "the copy is the old database"
    );

    let admin = server.login("admin@jyoti.example", "lantern at the night school");
    assert_eq!(admin.status, 200, "{}", admin.text());
    let admin = admin.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(server.user_list_status(&admin), 200);
    let visitor = server.login("ananya.roy@jyoti.example", "evening class for everyone");
    assert_eq!(visitor.status, 200, "{}", visitor.text());
    let visitor = visitor.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(server.user_list_status(&visitor), 403);

    server.signal("-TERM");
    assert!(server.child.wait().unwrap().success());
    let conn = rusqlite::Connection::open(&db).unwrap();
    let version: u32 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert!(version > 1, "still version {version}");
}

#[test]
fn restore_refuses_a_corrupt_or_foreign_file_or_the_database_itself_and_leaves_it_untouched() {
    let dir = temp_dir();
    let db = file(&dir, "site.db");
    assert_eq!(serve(&db, &[]).contact(1), 201);
    let before = std::fs::read(&db).unwrap();

    let text = file(&dir, "notes.txt");
    std::fs::write(&text, "not a database at all, just words ".repeat(100)).unwrap();
    let foreign = file(&dir, "foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE other (x); INSERT INTO other VALUES (1);")
        .unwrap();
    let truncated = file(&dir, "truncated.db");
    std::fs::write(&truncated, &before[..before.len() / 2]).unwrap();
    let mut flipped = before.clone();
    for byte in flipped.iter_mut().skip(4096).take(2048) {
        *byte = !*byte;
    }
    let corrupt = file(&dir, "corrupt.db");
    std::fs::write(&corrupt, &flipped).unwrap();

    for bad in [text, foreign, truncated, corrupt, file(&dir, "missing.db")] {
        let stderr = assert_refused(&restore(&bad, &db), "error: ");
        assert!(stderr.starts_with("error: "), "{bad}: {stderr}");
        let unchanged = std::fs::read(&db).unwrap() == before;
        assert!(unchanged, "{bad} changed the database");
    }
    // The database itself, spelt another way, is no backup of it.
    let itself = format!("{}/./site.db", dir.path().display());
    assert_refused(&restore(&itself, &db), "is the database itself");
    assert!(std::fs::read(&db).unwrap() == before, "itself changed it");
}

#[test]
fn reset_password_sets_a_new_password_and_signs_sessions_out() {
    let dir = temp_dir();
    let db = file(&dir, "r.db");
    let boss = "boss@example.org";
    assert_ok(&account("create-admin", boss, &db, "first secret pass\n"));
    let server = serve(&db, &[]);
    let old_token = server.login(boss, "first secret pass").json()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_ok(&account(
        "reset-password",
        boss,
        &db,
        "second secret pass\n",
    ));
    let me = server.request("GET", "/api/auth/user").bearer(&old_token);
    assert_eq!(me.send().status, 401);
    assert_eq!(server.login(boss, "first secret pass").status, 401);
    assert_eq!(server.login(boss, "second secret pass").status, 200);

    let ghost = account(
        "reset-password",
        "ghost@example.org",
        &db,
        "whatever pass 1\n",
    );
    assert!(!ghost.status.success(), "{}", stderr(&ghost));
    let common = account("reset-password", boss, &db, "password123\n");
    assert_refused(&common, "common");
}

#[test]
fn two_servers_cannot_share_one_database() {
    let dir = temp_dir();
    let db = file(&dir, "one.db");
    let _first = serve(&db, &[]);
    assert_refused(&jyoti(&serve_flags(&db, "0")), "stop it first");
}

#[test]
fn kill_9_loses_no_write_that_was_answered() {
    let dir = temp_dir();
    let db = file(&dir, "durable.db");
    let server = serve(&db, &["--no-rate-limit"]);
    let addr = server.addr;
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
    server.signal("-KILL");
    let answered = writer.join().unwrap();
    drop(server);
    assert!(answered > 10, "the writer got going ({answered})");
    drop(serve(&db, &[]));
    let stored = count(&db, "contacts");
    assert!(
        stored >= answered as i64,
        "{answered} writes were answered 201 but only {stored} survived"
    );
}

#[test]
fn after_a_clean_stop_the_database_file_alone_holds_every_write() {
    let dir = temp_dir();
    let db = file(&dir, "alone.db");
    let mut server = serve(&db, &[]);
    for n in 0..5 {
        assert_eq!(server.contact(n), 201);
    }
    server.signal("-TERM");
    assert!(server.child.wait().unwrap().success());
    // What a volunteer copies off the machine: the .db file, without its -wal.
    let elsewhere = temp_dir();
    let copy = elsewhere.path().join("alone.db");
    std::fs::copy(&db, &copy).unwrap();
    assert_eq!(count(&copy, "contacts"), 5);
}

/// The `jyoti-*.db` files in the folder `dir`. (A backup being written is a `.partial` file until it is whole.)
fn scheduled_backups(dir: &str) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "db"))
                .collect()
        })
        .unwrap_or_default()
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

#[test]
fn a_server_started_without_a_recent_backup_takes_one_at_once_and_otherwise_waits() {
    let dir = temp_dir();
    let backups = file(&dir, "backups");
    let schedule = ["--backup-dir", &backups, "--backup-every", "1h"];
    let server = serve(&file(&dir, "daily.db"), &schedule);
    assert!(
        wait_until(10, || scheduled_backups(&backups).len() == 1),
        "no backup at start: {:?}",
        scheduled_backups(&backups)
    );
    let health = server.request("GET", "/healthz").send().json();
    assert_eq!(health["checks"]["backups"]["state"], "ok", "{health}");
    drop(server);
    // Restarted within the hour: the backup of the first start is recent enough.
    let _again = serve(&file(&dir, "daily.db"), &schedule);
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(scheduled_backups(&backups).len(), 1);
}

#[test]
fn a_failing_scheduled_backup_shows_in_healthz() {
    let dir = temp_dir();
    let backups = file(&dir, "backups");
    std::fs::create_dir(&backups).unwrap();
    // Not even root may add a file to an immutable folder.
    let frozen = support::Immutable::make(vec![backups.clone().into()]);
    let server = serve(
        &file(&dir, "failing.db"),
        &["--backup-dir", &backups, "--backup-every", "1h"],
    );
    let failed = wait_until(10, || {
        let health = server.request("GET", "/healthz").send().json();
        health["checks"]["backups"]["state"] == "fail"
    });
    drop(frozen);
    assert!(failed, "the failed backup is not reported");
    let health = server.request("GET", "/healthz").send();
    assert_eq!(health.status, 200, "the site still saves");
}

#[test]
fn a_problem_that_lasts_is_mailed_to_each_admin_once_a_day() {
    let dir = temp_dir();
    let db = file(&dir, "alerting.db");
    let backups = file(&dir, "backups");
    std::fs::create_dir(&backups).unwrap();
    let frozen = support::Immutable::make(vec![backups.clone().into()]);
    let smtp = support::smtp::SmtpServer::start();
    let url = smtp.url();
    let server = serve(
        &db,
        &[
            "--backup-dir",
            &backups,
            "--backup-every",
            "1h",
            "--smtp-url",
            &url,
            "--mail-from",
            "site@example.org",
            "--alert-after",
            "2s",
        ],
    );
    for admin in ["first@example.org", "second@example.org"] {
        assert_ok(&account(
            "create-admin",
            admin,
            &db,
            "a long enough password\n",
        ));
    }
    let mails = smtp.wait_for(2, Duration::from_secs(20));
    std::thread::sleep(Duration::from_secs(2));
    drop(frozen);
    assert_eq!(smtp.mails().len(), 2, "once a day, not at every check");
    let mut to: Vec<String> = mails.iter().flat_map(|mail| mail.to.clone()).collect();
    to.sort();
    assert_eq!(to, ["first@example.org", "second@example.org"]);
    for mail in &mails {
        assert_eq!(mail.to.len(), 1, "no admin sees another's address");
        let subject = mail.header("Subject").unwrap_or_default();
        assert!(subject.contains("needs attention: backups"), "{subject}");
        assert!(mail.body().contains("backup"), "{}", mail.body());
    }
    drop(server);
}

#[test]
fn create_admin_refuses_a_database_that_is_not_there_unless_asked_and_names_the_file() {
    let dir = temp_dir();
    let mistyped = file(&dir, "jyoit.db");
    let refused = run(
        &[
            "create-admin",
            "--email",
            "a@example.org",
            "--db",
            &mistyped,
        ],
        "a long password\n",
    );
    assert_refused(&refused, "there is no database at");
    assert!(
        stderr(&refused).contains("--create"),
        "{}",
        stderr(&refused)
    );
    assert!(!Path::new(&mistyped).exists(), "nothing was made");
    let reset = run(
        &[
            "reset-password",
            "--email",
            "a@example.org",
            "--db",
            &mistyped,
        ],
        "a long password\n",
    );
    assert_refused(&reset, "there is no database at");
    assert_refused(
        &jyoti(&["rotate-secret", "--db", &mistyped]),
        "there is no database at",
    );
    assert!(!Path::new(&mistyped).exists(), "nothing was made");

    let created = account(
        "create-admin",
        "a@example.org",
        &mistyped,
        "a long password\n",
    );
    assert_ok(&created);
    let said = String::from_utf8_lossy(&created.stdout).into_owned();
    assert!(
        said.contains(&format!("created admin a@example.org in {mistyped}")),
        "{said}"
    );
}

/// uid and gid of `path`.
fn owner(path: &Path) -> (u32, u32) {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).unwrap();
    (meta.uid(), meta.gid())
}

#[test]
fn commands_run_as_root_leave_files_the_service_user_owns() {
    let dir = temp_dir();
    let home = dir.path().join("lib");
    std::fs::create_dir(&home).unwrap();
    let service = (65534, 65534);
    std::os::unix::fs::chown(&home, Some(service.0), Some(service.1)).unwrap();
    let db = home.join("jyoti.db");
    let db = db.to_str().unwrap();
    assert_ok(&account(
        "create-admin",
        "a@example.org",
        db,
        "a long password\n",
    ));
    assert_ok(&account(
        "reset-password",
        "a@example.org",
        db,
        "another long password\n",
    ));
    assert_ok(&jyoti(&["rotate-secret", "--db", db]));
    let copy = home.join("copy.db");
    assert_ok(&backup(db, copy.to_str().unwrap()));
    assert_ok(&restore(copy.to_str().unwrap(), db));
    let files: Vec<_> = std::fs::read_dir(&home)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(files.len() >= 3, "{files:?}");
    for path in &files {
        assert_eq!(
            owner(path),
            service,
            "{} belongs to the folder's owner",
            path.display()
        );
    }
}

/// `jyoti --port 0 --db <db>` started by the service's user (nobody), as systemd would.
fn serve_as_nobody(db: &Path) -> Output {
    Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", BIN])
        .args(["--port", "0", "--db"])
        .arg(db)
        .output()
        .expect("setpriv")
}

/// A folder `lib` that others may enter, in a new temp dir, with a database made in it by root.
fn database_made_by_root() -> (TempDir, std::path::PathBuf, std::path::PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir();
    let open = std::fs::Permissions::from_mode(0o755);
    std::fs::set_permissions(dir.path(), open.clone()).unwrap();
    let home = dir.path().join("lib");
    std::fs::create_dir(&home).unwrap();
    std::fs::set_permissions(&home, open).unwrap();
    let db = home.join("jyoti.db");
    assert_ok(&account(
        "create-admin",
        "a@example.org",
        db.to_str().unwrap(),
        "a long password\n",
    ));
    (dir, home, db)
}

#[test]
fn a_database_file_of_another_user_is_named_with_the_fix_at_start() {
    let (_dir, home, db) = database_made_by_root();
    let wal = home.join("jyoti.db-wal");
    std::fs::write(&wal, b"").unwrap();
    std::os::unix::fs::chown(&home, Some(65534), Some(65534)).unwrap();
    std::os::unix::fs::chown(&db, Some(65534), Some(65534)).unwrap();
    // The service's user (nobody) starts the server; the -wal is root's.
    let said = assert_refused(
        &serve_as_nobody(&db),
        "belongs to root, not to nobody who runs jyoti",
    );
    assert!(
        said.contains(&format!("chown nobody: {}*", db.display())),
        "{said}"
    );
    assert!(said.contains("jyoti.db-wal"), "{said}");
}

#[test]
fn a_folder_a_read_only_file_or_an_immutable_file_is_named_with_the_fix_at_start() {
    use std::os::unix::fs::PermissionsExt;
    let (_dir, home, db) = database_made_by_root();
    for entry in std::fs::read_dir(&home).unwrap() {
        std::os::unix::fs::chown(entry.unwrap().path(), Some(65534), Some(65534)).unwrap();
    }
    // The folder is still root's: SQLite could not make the -wal there.
    let home_shown = home.display();
    assert_refused(
        &serve_as_nobody(&db),
        &format!("its folder {home_shown} belongs to root, not to nobody who runs jyoti; fix it with: chown nobody: {home_shown}"),
    );

    std::os::unix::fs::chown(&home, Some(65534), Some(65534)).unwrap();
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    assert_refused(
        &serve_as_nobody(&db),
        &format!(
            "is read-only (mode 444); fix it with: chmod u+w {}",
            db.display()
        ),
    );

    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o600)).unwrap();
    let _frozen = support::Immutable::make(vec![db.clone()]);
    // Even root cannot write it, and no chown would help.
    let said = assert_refused(
        &jyoti(&["--port", "0", "--db", db.to_str().unwrap()]),
        &format!("is immutable; fix it with: chattr -i {}", db.display()),
    );
    assert!(!said.contains("chown"), "{said}");
}

#[test]
fn a_file_root_cannot_give_to_the_folder_owner_fails_the_command_with_the_fix() {
    let (_dir, home, db) = database_made_by_root();
    std::os::unix::fs::chown(&home, Some(65534), Some(65534)).unwrap();
    let stuck = home.join("jyoti.db.replaced-20250101-000000");
    std::fs::write(&stuck, b"an old copy").unwrap();
    let _frozen = support::Immutable::make(vec![stuck.clone()]);
    let output = account(
        "reset-password",
        "a@example.org",
        db.to_str().unwrap(),
        "another long password\n",
    );
    let (stuck, home) = (stuck.display(), home.display());
    assert_refused(&output, &format!("cannot give {stuck} to nobody"));
    assert_refused(
        &output,
        &format!("fix it with: chown --reference={home} {stuck}"),
    );
    assert_eq!(
        owner(&db),
        (65534, 65534),
        "the others are given all the same"
    );
}

#[test]
fn files_an_older_build_left_readable_by_all_are_made_private_at_start() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir();
    let db = file(&dir, "old.db");
    let backups = file(&dir, "backups");
    drop(serve(&db, &[]));
    std::fs::create_dir(&backups).unwrap();
    std::fs::write(format!("{backups}/jyoti-20250101-000000.db"), b"x").unwrap();
    let open = |path: &str, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    open(&db, 0o644);
    open(&backups, 0o755);
    open(&format!("{backups}/jyoti-20250101-000000.db"), 0o644);
    let start = || serve(&db, &["--backup-dir", &backups, "--backup-every", "1h"]);
    // The log of a start, once it has had its say.
    let log_of = |server: &Server| {
        let line = server.log.recv_timeout(Duration::from_secs(10)).unwrap();
        let mut lines = vec![line];
        while let Ok(line) = server.log.recv_timeout(Duration::from_millis(500)) {
            lines.push(line);
        }
        lines
    };
    let server = start();
    let lines = log_of(&server);
    for name in ["old.db", "old.db-wal", "old.db-shm"] {
        let said = format!("made {} private (mode 644 → 600)", file(&dir, name));
        assert!(lines.iter().any(|l| l.contains(&said)), "{said}: {lines:?}");
    }
    let mode = |path: &str| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    for private in [&db, &format!("{db}-wal"), &format!("{db}-shm")] {
        assert_eq!(mode(private), 0o600, "{private}");
    }
    assert_eq!(mode(&backups), 0o700);
    assert_eq!(mode(&format!("{backups}/jyoti-20250101-000000.db")), 0o600);
    drop(server);

    let lines = log_of(&start());
    assert!(
        !lines.iter().any(|l| l.contains("private")),
        "nothing left to say: {lines:?}"
    );
}

#[test]
fn scheduled_backups_are_written_while_serving_and_only_the_newest_kept() {
    let dir = temp_dir();
    let backups = file(&dir, "backups");
    let schedule = [
        "--backup-dir",
        &backups,
        "--backup-every",
        "1s",
        "--backup-keep",
        "2",
    ];
    let server = serve(&file(&dir, "served.db"), &schedule);
    assert_eq!(server.contact(1), 201);
    std::thread::sleep(Duration::from_millis(4500));
    let files: Vec<_> = std::fs::read_dir(&backups)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    assert_eq!(files.len(), 2, "{files:?}");
    for copy in &files {
        jyoti::db::backup::check(copy).expect("each scheduled backup is a sound database");
        assert_eq!(count(copy, "contacts"), 1);
    }
}

#[test]
fn a_bad_backup_interval_is_refused() {
    let output = jyoti(&[
        "--port",
        "0",
        "--db",
        "/tmp/x.db",
        "--backup-dir",
        "/tmp",
        "--backup-every",
        "soon",
    ]);
    assert_refused(&output, "not a duration");
}

#[test]
fn rotate_secret_signs_everyone_out_and_waits_for_the_server_to_stop() {
    let dir = temp_dir();
    let db = file(&dir, "r.db");
    let token = {
        let server = serve(&db, &[]);
        let register = server
            .request("POST", "/api/auth/register")
            .json(
                &json!({"firstname": "R", "email": "r@example.org", "password": "member password"}),
            )
            .send();
        let token = register.json()["token"].as_str().unwrap().to_owned();
        assert_refused(&jyoti(&["rotate-secret", "--db", &db]), "stop it first");
        token
    };
    let rotated = jyoti(&["rotate-secret", "--db", &db]);
    assert_ok(&rotated);
    assert!(String::from_utf8_lossy(&rotated.stdout).contains("signed out"));
    let server = serve(&db, &[]);
    let me = server
        .request("GET", "/api/auth/user")
        .bearer(&token)
        .send();
    assert_eq!(me.status, 401, "the old token no longer works");
    assert_eq!(server.login("r@example.org", "member password").status, 200);
}

#[test]
fn files_the_program_writes_are_private_and_a_restore_keeps_the_owner_and_mode() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &str| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let dir = temp_dir();
    let (db, saved) = (file(&dir, "p.db"), file(&dir, "p-backup.db"));
    {
        let server = serve(&db, &[]);
        assert_eq!(server.contact(1), 201);
        assert_eq!(mode(&db), 0o600, "the database");
        assert_eq!(mode(&format!("{db}-wal")), 0o600, "its write-ahead log");
        assert_ok(&backup(&db, &saved));
        assert_eq!(mode(&saved), 0o600, "a backup");
    }
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o640)).unwrap();
    assert_ok(&restore(&saved, &db));
    assert_eq!(
        mode(&db),
        0o640,
        "the restored file keeps the replaced file's mode"
    );
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

#[test]
fn create_admin_at_a_terminal_asks_twice_and_never_shows_the_password() {
    let dir = temp_dir();
    let db = file(&dir, "tty.db");
    let args = [
        "create-admin",
        "--email",
        "tty@example.org",
        "--db",
        &db,
        "--create",
    ];
    let prompts = ["Password", "again"];

    let (screen, ok) = at_terminal(&args, &prompts, &["first typing", "second typing"]);
    assert!(!ok, "{screen}");
    assert!(screen.contains("the two passwords differ"), "{screen}");

    let (screen, ok) = at_terminal(&args, &prompts, &["typed at a terminal"; 2]);
    assert!(ok, "{screen}");
    assert!(!screen.contains("typed at a terminal"), "echoed: {screen}");
    assert!(!screen.contains("typing"), "echoed: {screen}");
    let server = serve(&db, &[]);
    assert_eq!(
        server
            .login("tty@example.org", "typed at a terminal")
            .status,
        200
    );
}

#[test]
fn the_listening_line_is_on_stdout_for_scripts_and_said_once_where_stdout_and_stderr_meet() {
    let dir = temp_dir();
    let db = file(&dir, "once.db");
    // stdout and stderr into one pipe, as in a terminal or the journal.
    let mut child = Command::new("sh")
        .args([
            "-c",
            "exec \"$0\" --bind 127.0.0.1 --port 0 --db \"$1\" 2>&1",
            BIN,
            &db,
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut seen = Vec::new();
    // The first-admin hint is logged after the listening line and the start-up notes.
    while let Some(Ok(line)) = lines.next() {
        let done = line.contains("no admin account yet");
        seen.push(line);
        if done {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        seen[0].starts_with("listening on http://127.0.0.1:"),
        "{seen:?}"
    );
    assert_eq!(
        seen.iter().filter(|l| l.contains("listening on")).count(),
        1,
        "{seen:?}"
    );

    // Apart, each says it once: scripts read stdout, the log keeps its first line.
    let mut child = Command::new(BIN)
        .args(["--bind", "127.0.0.1", "--port", "0", "--db", &db])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let first_out = BufReader::new(child.stdout.take().unwrap()).lines().next();
    let first_err = BufReader::new(child.stderr.take().unwrap()).lines().next();
    let _ = child.kill();
    let _ = child.wait();
    let (first_out, first_err) = (first_out.unwrap().unwrap(), first_err.unwrap().unwrap());
    assert!(
        first_out.starts_with("listening on http://127.0.0.1:"),
        "{first_out}"
    );
    assert_eq!(first_out, first_err);
}

#[test]
fn the_request_log_names_the_address_a_trusted_proxy_forwarded() {
    let dir = temp_dir();
    for (flags, client) in [
        (&["--trust-proxy"][..], "203.0.113.9"),
        (&[][..], "127.0.0.1"),
    ] {
        let mut server = serve(&file(&dir, "proxy.db"), flags);
        let status = server
            .request("GET", "/healthz")
            .header("X-Forwarded-For", "198.51.100.1, 203.0.113.9")
            .send()
            .status;
        assert_eq!(status, 200);
        server.signal("-TERM");
        server.child.wait().unwrap();
        let log: Vec<String> = server.log.iter().collect();
        let line = log
            .iter()
            .find(|l| l.contains("GET /healthz"))
            .unwrap_or_else(|| panic!("{log:?}"));
        assert!(
            line.contains(&format!(" {client} \"GET /healthz")),
            "{line}"
        );
    }
}

#[test]
fn a_bad_smtp_url_or_sender_is_refused_without_repeating_the_password() {
    let dir = temp_dir();
    let db = file(&dir, "mail.db");
    for url in [
        "http://club:hunter22@mail.example.org",
        "smtps://club:hunter22@mail.example.org?tls=none",
    ] {
        let output = jyoti(&["--port", "0", "--db", &db, "--smtp-url", url]);
        let said = assert_refused(&output, "--smtp-url (or JYOTI_SMTP_URL) is not usable");
        assert!(
            !said.contains("hunter22"),
            "the password is not repeated: {said}"
        );
    }
    let output = run_with_env(
        &["--port", "0", "--db", &db],
        &[("JYOTI_SMTP_URL", "smtp://?x")],
    );
    assert_refused(&output, "JYOTI_SMTP_URL");
    let output = jyoti(&["--port", "0", "--db", &db, "--mail-from", "not an address"]);
    assert_refused(&output, "not an email address");
    let help = String::from_utf8_lossy(&jyoti(&["--help"]).stdout).into_owned();
    assert!(
        help.contains("--smtp-url") && help.contains("--mail-from"),
        "{help}"
    );
    assert!(
        !help.contains("retry-base"),
        "the test-only wait is not offered: {help}"
    );
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

#[test]
fn the_mail_server_and_sender_from_the_environment_carry_contact_mail_to_the_admins() {
    let smtp = support::smtp::SmtpServer::start();
    let dir = temp_dir();
    let db = file(&dir, "mail.db");
    assert_ok(&account(
        "create-admin",
        "admin@example.org",
        &db,
        "a long admin password\n",
    ));
    let url = smtp.url();
    let server = start(
        &serve_flags(&db, "0"),
        &[
            ("JYOTI_SMTP_URL", &url),
            ("JYOTI_MAIL_FROM", "school@example.org"),
        ],
    );
    assert_eq!(server.contact(1), 201);
    let mail = smtp.wait_for(1, Duration::from_secs(15)).remove(0);
    assert_eq!(
        (mail.from.as_str(), mail.to.as_slice()),
        ("school@example.org", &["admin@example.org".to_owned()][..])
    );
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("New message on the Jyoti site from Writer 1")
    );
}

/// The activity log's entries made by the server's commands, oldest first: `(actor, action)`.
fn command_entries(db: &str) -> Vec<(String, String)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT actor, action FROM audit_log WHERE actor_id IS NULL ORDER BY id")
        .unwrap();
    stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn the_server_commands_are_recorded_in_the_activity_log() {
    let dir = temp_dir();
    let (db, saved) = (file(&dir, "site.db"), file(&dir, "backup.db"));
    assert_ok(&account(
        "create-admin",
        "chief@example.org",
        &db,
        "a strong password\n",
    ));
    assert_ok(&account(
        "reset-password",
        "chief@example.org",
        &db,
        "another strong one\n",
    ));
    assert_ok(&jyoti(&["rotate-secret", "--db", &db]));
    assert_ok(&backup(&db, &saved));
    assert_ok(&restore(&saved, &db));
    let actions: Vec<String> = command_entries(&db)
        .into_iter()
        .map(|(actor, action)| {
            assert_eq!(actor, "server command");
            action
        })
        .collect();
    assert_eq!(
        actions,
        [
            "admin created (create-admin)",
            "password reset (reset-password)",
            "session secret rotated (rotate-secret)",
            "database restored (restore)",
        ]
    );
    // A password is never in the log, only that it changed.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let leaked: i64 = conn
        .query_row(
            "SELECT count(*) FROM audit_log WHERE changes LIKE '%strong%'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(leaked, 0);
}

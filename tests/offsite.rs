//! Off-site copies against a real S3 server: PyPI's `moto[server]` on loopback, started here as
//! pebble is for HTTPS. Uploads after a scheduled backup, encryption (read back with PyPI's
//! `pyrage`, as `age -d` would), keeping the newest N under the prefix only, restoring the latest
//! copy into an empty folder, a wrong passphrase, and the S3 server down then back.

#[path = "support/process.rs"]
mod process;
// The alert test uses only part of the SMTP server's helpers.
#[allow(dead_code)]
#[path = "support/smtp.rs"]
mod smtp;

use process::{free_port, spawn, wait_for_port, Running};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_jyoti");
const BUCKET: &str = "club-backups";
const PASSPHRASE: &str = "a long club passphrase";

/// An S3 server on loopback with an empty bucket.
struct S3 {
    _server: Running,
    port: u16,
}

impl S3 {
    fn start() -> S3 {
        S3::start_on(free_port())
    }

    fn start_on(port: u16) -> S3 {
        let port_text = port.to_string();
        let args = ["-m", "moto.server", "-H", "127.0.0.1", "-p", &port_text];
        let server = spawn(Command::new("python3").args(args));
        wait_for_port(port);
        let s3 = S3 {
            _server: server,
            port,
        };
        // moto checks no signature: plain requests set the test up and look at what arrived.
        let created = s3.agent().put(&s3.url(&format!("/{BUCKET}"))).send_empty();
        assert!(
            created.is_ok_and(|r| r.status() == 200),
            "create the bucket"
        );
        s3
    }

    fn agent(&self) -> ureq::Agent {
        ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into()
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    fn put(&self, key: &str, body: &[u8]) {
        let response = self
            .agent()
            .put(&self.url(&format!("/{BUCKET}/{key}")))
            .send(body)
            .unwrap();
        assert_eq!(response.status(), 200, "put {key}");
    }

    /// An object, read with the program's own key (moto keeps what a key uploaded to its account).
    fn get(&self, key: &str) -> Vec<u8> {
        use rusty_s3::S3Action;
        let bucket = rusty_s3::Bucket::new(
            self.url("").parse().unwrap(),
            rusty_s3::UrlStyle::Path,
            BUCKET,
            "us-east-1",
        )
        .unwrap();
        let credentials = rusty_s3::Credentials::new("test-key", "test-secret");
        let url = bucket
            .get_object(Some(&credentials), key)
            .sign(Duration::from_secs(60));
        let response = self.agent().get(url.as_str()).call().unwrap();
        assert_eq!(response.status(), 200, "get {key}");
        response
            .into_body()
            .with_config()
            .limit(1 << 30)
            .read_to_vec()
            .unwrap()
    }

    /// Every object's key, sorted.
    fn keys(&self) -> Vec<String> {
        let response = self
            .agent()
            .get(&self.url(&format!("/{BUCKET}?list-type=2")))
            .call()
            .unwrap();
        let text = response.into_body().read_to_string().unwrap();
        let mut keys: Vec<String> = text
            .split("<Key>")
            .skip(1)
            .filter_map(|part| part.split("</Key>").next())
            .map(str::to_owned)
            .collect();
        keys.sort();
        keys
    }

    /// The environment of a jyoti using this bucket under `prefix`.
    fn env(&self, prefix: &str) -> Vec<(String, String)> {
        [
            ("JYOTI_OFFSITE", format!("s3://{BUCKET}/{prefix}")),
            ("JYOTI_OFFSITE_ENDPOINT", self.url("")),
            ("JYOTI_OFFSITE_KEY_ID", "test-key".into()),
            ("JYOTI_OFFSITE_SECRET", "test-secret".into()),
            ("JYOTI_OFFSITE_PASSPHRASE", PASSPHRASE.into()),
            ("JYOTI_OFFSITE_RETRY_BASE", "300ms".into()),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value))
        .collect()
    }
}

/// Runs `jyoti args` with `env` to its end.
fn jyoti(args: &[&str], env: &[(String, String)], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .env("JYOTI_BCRYPT_COST", "10")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn said(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn assert_ok(output: &Output) -> String {
    assert!(output.status.success(), "{}", said(output));
    said(output)
}

/// A database with an admin, messages and a photo, made as a site would be.
fn site_with_records(db: &Path) {
    let db = db.to_str().unwrap();
    assert_ok(&jyoti(
        &[
            "create-admin",
            "--email",
            "admin@example.org",
            "--db",
            db,
            "--create",
        ],
        &[],
        "a long password\n",
    ));
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch(
        "INSERT INTO contacts (name, email, telephone, rating, message)
             VALUES ('Mira Sen', 'mira@example.org', '+91 98765 43210', 5, 'Thank you');
         INSERT INTO media (hash, width, height, alt) VALUES ('0123456789abcdef', 2, 1, 'A photo');
         INSERT INTO media_variants (media_id, width, height, data)
             VALUES (last_insert_rowid(), 2, 1, x'52494646000000005745425056503820');",
    )
    .unwrap();
}

/// Every row of every table of the database at `db`, as text.
fn every_row(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut rows = Vec::new();
    for table in tables {
        let mut select = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
        let columns = select.column_count();
        let found: Vec<String> = select
            .query_map([], |row| {
                let values: Vec<String> = (0..columns)
                    .map(|i| format!("{:?}", row.get::<_, rusqlite::types::Value>(i).unwrap()))
                    .collect();
                Ok(format!("{table}: {}", values.join(" | ")))
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        rows.extend(found);
    }
    rows
}

/// The files in `dir` other than the database `db` and its `-wal` and `-shm`.
fn files_besides(dir: &Path, db: &str) -> Vec<String> {
    let companions = [db.to_owned(), format!("{db}-wal"), format!("{db}-shm")];
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !companions.contains(name))
        .collect()
}

/// Decrypts an age file with the passphrase by PyPI's pyrage, not by this program.
fn decrypt_elsewhere(sealed: &[u8], passphrase: &str, out: &Path) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("copy.age");
    std::fs::write(&input, sealed).unwrap();
    let script = "import sys, pyrage; data = open(sys.argv[1], 'rb').read(); \
                  open(sys.argv[3], 'wb').write(pyrage.passphrase.decrypt(data, sys.argv[2]))";
    let status = Command::new("python3")
        .args([
            "-c",
            script,
            input.to_str().unwrap(),
            passphrase,
            out.to_str().unwrap(),
        ])
        .status()
        .expect("python3 with pyrage");
    assert!(status.success(), "pyrage decrypts the copy");
}

/// `jyoti` serving the database at `db` with hourly backups into `backups`, plus `extra` flags
/// and `env`; the server and its address.
fn serve_with_backups(
    db: &Path,
    backups: &Path,
    extra: &[&str],
    env: &[(String, String)],
) -> (Running, String) {
    let server = spawn(
        Command::new(BIN)
            .args(["--bind", "127.0.0.1", "--port", "0", "--db"])
            .arg(db)
            .args([
                "--backup-dir",
                backups.to_str().unwrap(),
                "--backup-every",
                "1h",
            ])
            .args(extra)
            .envs(env.iter().map(|(k, v)| (k, v))),
    );
    let first = server.wait_for("listening on http://", Duration::from_secs(30));
    let address = first.rsplit("http://").next().unwrap().trim().to_owned();
    (server, address)
}

/// What `/healthz` of the server at `address` answers.
fn healthz(address: &str) -> serde_json::Value {
    let text = ureq::get(&format!("http://{address}/healthz"))
        .call()
        .unwrap()
        .into_body()
        .read_to_string()
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn each_scheduled_backup_goes_up_encrypted_and_only_the_newest_copies_under_the_prefix_stay() {
    let s3 = S3::start();
    for day in 1..=3 {
        s3.put(
            &format!("club/jyoti-2026-01-0{day}T0300Z.db.age"),
            b"an old copy",
        );
    }
    s3.put(
        "elsewhere/jyoti-2026-01-01T0300Z.db.age",
        b"not ours to delete",
    );
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jyoti.db");
    site_with_records(&db);
    let backups = dir.path().join("backups");
    let mut env = s3.env("club");
    env.push(("JYOTI_OFFSITE_KEEP".into(), "2".into()));
    let (server, address) = serve_with_backups(&db, &backups, &[], &env);
    server.wait_for(
        "uploaded to s3://club-backups/club",
        Duration::from_secs(30),
    );
    let health = healthz(&address);
    assert_eq!(health["checks"]["offsite"]["state"], "ok", "{health}");

    let keys = s3.keys();
    let ours: Vec<&String> = keys.iter().filter(|k| k.starts_with("club/")).collect();
    assert_eq!(ours.len(), 2, "the newest two are kept: {keys:?}");
    assert_eq!(ours[0], "club/jyoti-2026-01-03T0300Z.db.age");
    let today = jiff::Timestamp::now()
        .strftime("club/jyoti-%Y-%m-%dT")
        .to_string();
    assert!(ours[1].starts_with(&today), "{keys:?}");
    assert!(keys.contains(&"elsewhere/jyoti-2026-01-01T0300Z.db.age".to_string()));

    let sealed = s3.get(ours[1]);
    assert!(
        !sealed.starts_with(b"SQLite format 3"),
        "never a plain copy"
    );
    assert!(sealed.starts_with(b"age-encryption.org/v1"));
    let opened = dir.path().join("opened.db");
    decrypt_elsewhere(&sealed, PASSPHRASE, &opened);
    assert_eq!(
        every_row(&opened),
        every_row(&backups.read_dir().unwrap().next().unwrap().unwrap().path())
    );
    drop(server);
}

/// A site with records in a folder of its own, uploaded with `jyoti backup --offsite` under the
/// prefix `jyoti`: the bucket, the command's environment, the folder, the database, what it said.
fn a_site_copied_off_site() -> (
    S3,
    Vec<(String, String)>,
    tempfile::TempDir,
    PathBuf,
    String,
) {
    let s3 = S3::start();
    let env = s3.env("jyoti");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("site.db");
    site_with_records(&db);
    let uploaded = assert_ok(&jyoti(
        &["backup", "--offsite", "--db", db.to_str().unwrap()],
        &env,
        "",
    ));
    (s3, env, dir, db, uploaded)
}

#[test]
fn the_latest_copy_restores_into_an_empty_folder_with_every_record_and_photo() {
    let (_s3, env, dir, db, uploaded) = a_site_copied_off_site();
    assert!(
        uploaded.contains("uploaded to s3://club-backups/jyoti"),
        "{uploaded}"
    );
    let left = files_besides(dir.path(), "site.db");
    assert!(left.is_empty(), "no plain copy is left behind: {left:?}");

    let listed = assert_ok(&jyoti(&["offsite", "list"], &env, ""));
    assert!(
        listed.contains(".db.age") && listed.contains("UTC"),
        "{listed}"
    );

    let new_machine = tempfile::tempdir().unwrap();
    let restored = new_machine.path().join("jyoti.db");
    let said = assert_ok(&jyoti(
        &[
            "restore",
            "--offsite",
            "latest",
            "--db",
            restored.to_str().unwrap(),
        ],
        &env,
        "",
    ));
    assert!(
        said.contains("restored") && said.contains("off-site copy"),
        "{said}"
    );
    // Every row as it was, and the restore itself in the activity log.
    let (noted, kept): (Vec<String>, Vec<String>) = every_row(&restored)
        .into_iter()
        .partition(|row| row.starts_with("audit_log:") && row.contains("database restored"));
    assert_eq!(kept, every_row(&db));
    assert_eq!(noted.len(), 1, "{noted:?}");
    let left = files_besides(new_machine.path(), "jyoti.db");
    assert!(
        left.is_empty(),
        "nothing else is left in the folder: {left:?}"
    );
}

#[test]
fn a_wrong_passphrase_says_so_and_replaces_nothing() {
    let (_s3, env, dir, db, _) = a_site_copied_off_site();
    let before = std::fs::read(&db).unwrap();
    let mut wrong = env.clone();
    wrong.retain(|(name, _)| name != "JYOTI_OFFSITE_PASSPHRASE");
    wrong.push((
        "JYOTI_OFFSITE_PASSPHRASE".into(),
        "not the club passphrase".into(),
    ));
    let refused = jyoti(
        &[
            "restore",
            "--offsite",
            "latest",
            "--db",
            db.to_str().unwrap(),
        ],
        &wrong,
        "",
    );
    assert!(!refused.status.success());
    let text = said(&refused);
    assert!(
        text.contains("the passphrase does not open this copy"),
        "{text}"
    );
    assert_eq!(text.trim().lines().count(), 1, "one sentence: {text}");
    assert_eq!(
        std::fs::read(&db).unwrap(),
        before,
        "the database is as it was"
    );
    let left = files_besides(dir.path(), "site.db");
    assert!(left.is_empty(), "no download is left behind: {left:?}");
}

#[test]
fn an_upload_while_the_s3_server_is_down_goes_through_once_it_is_back() {
    let port = free_port();
    let down = S3 {
        _server: spawn(&mut Command::new("true")),
        port,
    };
    let env = down.env("jyoti");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("site.db");
    site_with_records(&db);
    let back = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(700));
        S3::start_on(port)
    });
    let uploaded = jyoti(
        &["backup", "--offsite", "--db", db.to_str().unwrap()],
        &env,
        "",
    );
    let s3 = back.join().unwrap();
    let text = assert_ok(&uploaded);
    assert!(
        text.contains("trying again"),
        "it said it would retry: {text}"
    );
    assert_eq!(s3.keys().len(), 1, "{:?}", s3.keys());
}

#[test]
fn copies_taken_within_a_minute_keep_names_of_their_own_and_the_newest_restores() {
    let (s3, mut env, _dir, db, _) = a_site_copied_off_site();
    env.push(("JYOTI_OFFSITE_KEEP".into(), "2".into()));
    let upload = || {
        assert_ok(&jyoti(
            &["backup", "--offsite", "--db", db.to_str().unwrap()],
            &env,
            "",
        ))
    };
    upload();
    // The last copy holds a message the others do not.
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute(
            "INSERT INTO contacts (name, email, telephone, rating, message)
             VALUES ('Last Writer', 'last@example.org', '+91 98765 43211', 4, 'The newest')",
            [],
        )
        .unwrap();
    upload();
    let keys = s3.keys();
    assert_eq!(keys.len(), 2, "three copies, the newest two kept: {keys:?}");
    assert!(keys
        .iter()
        .all(|key| key.starts_with("jyoti/jyoti-") && key.ends_with(".db.age")));

    let new_machine = tempfile::tempdir().unwrap();
    let restored = new_machine.path().join("jyoti.db");
    assert_ok(&jyoti(
        &[
            "restore",
            "--offsite",
            "latest",
            "--db",
            restored.to_str().unwrap(),
        ],
        &env,
        "",
    ));
    let conn = rusqlite::Connection::open(&restored).unwrap();
    let newest: i64 = conn
        .query_row(
            "SELECT count(*) FROM contacts WHERE name = 'Last Writer'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(newest, 1, "latest is the copy taken last");
}

#[test]
fn off_site_copies_failing_show_in_healthz_without_the_bucket_and_are_mailed_to_the_admins() {
    // Nothing listens where the bucket should be.
    let down = S3 {
        _server: spawn(&mut Command::new("true")),
        port: free_port(),
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jyoti.db");
    site_with_records(&db);
    let backups = dir.path().join("backups");
    let mail = smtp::SmtpServer::start();
    let url = mail.url();
    let flags = [
        "--smtp-url",
        &url,
        "--mail-from",
        "site@example.org",
        "--alert-after",
        "1s",
    ];
    let (server, address) = serve_with_backups(&db, &backups, &flags, &down.env("club"));
    let alerts = mail.wait_for(1, Duration::from_secs(60));
    assert_eq!(alerts[0].to, ["admin@example.org"]);
    assert_eq!(
        alerts[0].header("Subject").as_deref(),
        Some("The Jyoti site needs attention: off-site copies failing for a day")
    );
    assert!(
        alerts[0].body().contains("off-site copy failed"),
        "{}",
        alerts[0].body()
    );

    let health = healthz(&address);
    let offsite = &health["checks"]["offsite"];
    assert_eq!(offsite["state"], "fail", "{health}");
    let message = offsite["message"].as_str().unwrap();
    assert!(
        message.contains("The last upload of an off-site copy failed"),
        "{message}"
    );
    assert!(
        message.contains("No off-site copy has been uploaded"),
        "{message}"
    );
    assert!(
        !message.contains(BUCKET),
        "the public answer names no bucket: {message}"
    );
    drop(server);
}

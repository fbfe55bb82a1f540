//! What the off-site tests share: a real S3 server (PyPI's `moto[server]` on loopback), running
//! `jyoti` with its environment, a site with records, and reading copies back with PyPI's
//! `pyrage`, as `age -d` would.

use crate::process::{free_port, spawn, wait_for_port, Running};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_jyoti");
pub(crate) const BUCKET: &str = "club-backups";
pub(crate) const PASSPHRASE: &str = "a long club passphrase";

/// An S3 server on loopback with an empty bucket.
pub(crate) struct S3 {
    pub(crate) _server: Running,
    pub(crate) port: u16,
}

impl S3 {
    pub(crate) fn start() -> S3 {
        S3::start_on(free_port())
    }

    pub(crate) fn start_on(port: u16) -> S3 {
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

    pub(crate) fn agent(&self) -> ureq::Agent {
        ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into()
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub(crate) fn put(&self, key: &str, body: &[u8]) {
        let response = self
            .agent()
            .put(&self.url(&format!("/{BUCKET}/{key}")))
            .send(body)
            .unwrap();
        assert_eq!(response.status(), 200, "put {key}");
    }

    /// An object, read with the program's own key (moto keeps what a key uploaded to its account).
    pub(crate) fn get(&self, key: &str) -> Vec<u8> {
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
    pub(crate) fn keys(&self) -> Vec<String> {
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
    pub(crate) fn env(&self, prefix: &str) -> Vec<(String, String)> {
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
pub(crate) fn jyoti(args: &[&str], env: &[(String, String)], stdin: &str) -> Output {
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

pub(crate) fn said(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

pub(crate) fn assert_ok(output: &Output) -> String {
    assert!(output.status.success(), "{}", said(output));
    said(output)
}

/// A database with an admin, messages and a photo, made as a site would be.
pub(crate) fn site_with_records(db: &Path) {
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
pub(crate) fn every_row(db: &Path) -> Vec<String> {
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
pub(crate) fn files_besides(dir: &Path, db: &str) -> Vec<String> {
    let companions = [db.to_owned(), format!("{db}-wal"), format!("{db}-shm")];
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !companions.contains(name))
        .collect()
}

/// Decrypts an age file with the passphrase by PyPI's pyrage, not by this program.
pub(crate) fn decrypt_elsewhere(sealed: &[u8], passphrase: &str, out: &Path) {
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
pub(crate) fn serve_with_backups(
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
pub(crate) fn healthz(address: &str) -> serde_json::Value {
    let text = ureq::get(&format!("http://{address}/healthz"))
        .call()
        .unwrap()
        .into_body()
        .read_to_string()
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A site with records in a folder of its own, uploaded with `jyoti backup --offsite` under the
/// prefix `jyoti`: the bucket, the command's environment, the folder, the database, what it said.
pub(crate) fn a_site_copied_off_site() -> (
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

//! What the off-site tests share: a real S3 server (PyPI's `moto[server]` on loopback, one for
//! the run, a bucket per test), running
//! `jyoti` with its environment, a site with records, and reading copies back with PyPI's
//! `pyrage`, as `age -d` would.

use crate::process::{free_port, spawn, wait_for_port, Running};
use std::net::TcpStream;
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_jyoti");
pub(crate) const PASSPHRASE: &str = "a long club passphrase";

/// A bucket of its own for a test, on the S3 server the suite shares (see [`shared_server`]).
pub(crate) struct S3 {
    pub(crate) port: u16,
    pub(crate) bucket: String,
}

impl S3 {
    /// A new empty bucket on the shared server.
    pub(crate) fn start() -> S3 {
        let s3 = S3::at(shared_server());
        // moto checks no signature: plain requests set the test up and look at what arrived.
        let created = s3
            .agent()
            .put(&s3.url(&format!("/{}", s3.bucket)))
            .send_empty();
        assert!(
            created.is_ok_and(|r| r.status() == 200),
            "create the bucket"
        );
        s3
    }

    /// A bucket at `port` of 127.0.0.1, where nothing need listen.
    pub(crate) fn at(port: u16) -> S3 {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let bucket = format!("club-{}-{n}", std::process::id());
        S3 { port, bucket }
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
            .put(&self.url(&format!("/{}/{key}", self.bucket)))
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
            self.bucket.clone(),
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
            .get(&self.url(&format!("/{}?list-type=2", self.bucket)))
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

    /// The environment of a jyoti using this bucket under `prefix`, retrying after 300 ms.
    pub(crate) fn env(&self, prefix: &str) -> Vec<(String, String)> {
        let mut env = bucket_env(self.port, &self.bucket, prefix);
        env.push(("JYOTI_OFFSITE_RETRY_BASE".into(), "300ms".into()));
        env
    }

    /// `s3://BUCKET/prefix`, as jyoti names where it uploads.
    pub(crate) fn describe(&self, prefix: &str) -> String {
        format!("s3://{}/{prefix}", self.bucket)
    }
}

/// The environment of a jyoti using `bucket` under `prefix` at `port` of 127.0.0.1.
pub(crate) fn bucket_env(port: u16, bucket: &str, prefix: &str) -> Vec<(String, String)> {
    [
        ("JYOTI_OFFSITE", format!("s3://{bucket}/{prefix}")),
        ("JYOTI_OFFSITE_ENDPOINT", format!("http://127.0.0.1:{port}")),
        ("JYOTI_OFFSITE_KEY_ID", "test-key".into()),
        ("JYOTI_OFFSITE_SECRET", "test-secret".into()),
        ("JYOTI_OFFSITE_PASSPHRASE", PASSPHRASE.into()),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value))
    .collect()
}

/// What keeps moto running while its suite runs, and ends it after: a thread that polls the
/// suite's process and exits (removing the files named after it) once that is gone.
const MOTO: &str = "import os, sys, threading, time
port, owner, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def watch():
    while os.path.exists(f'/proc/{owner}'):
        time.sleep(0.2)
    for name in files:
        try:
            os.remove(name)
        except OSError:
            pass
    os._exit(0)
threading.Thread(target=watch, daemon=True).start()
from moto.server import main
main(['-H', '127.0.0.1', '-p', port])";

/// The port of the one moto server of this run of the suite, started by the first test that
/// asks. nextest runs each test in a process of its own, so the server is shared through a file
/// named after the run's process (nextest's, or under `cargo test` this binary's), and a lock
/// keeps two tests from both starting one. It outlives the test that started it, and ends with
/// the run: see [`MOTO`].
fn shared_server() -> u16 {
    static PORT: OnceLock<u16> = OnceLock::new();
    *PORT.get_or_init(|| {
        let owner = match std::env::var_os("NEXTEST_RUN_ID") {
            Some(_) => std::os::unix::process::parent_id(),
            None => std::process::id(),
        };
        let folder = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let named = |what: &str| folder.join(format!("moto-{owner}.{what}"));
        let (lock, port_file, log) = (named("lock"), named("port"), named("log"));
        let lock_file = std::fs::File::create(&lock).expect("the moto lock file");
        // SAFETY: flock on a descriptor this function holds open; the lock ends when it closes.
        let locked = unsafe { libc::flock(lock_file.as_raw_fd(), libc::LOCK_EX) };
        assert_eq!(locked, 0, "lock {}", lock.display());
        let running = std::fs::read_to_string(&port_file)
            .ok()
            .and_then(|text| text.trim().parse::<u16>().ok())
            .filter(|port| TcpStream::connect(("127.0.0.1", *port)).is_ok());
        if let Some(port) = running {
            return port;
        }
        let port = free_port();
        let server = Command::new("python3")
            .args(["-c", MOTO, &port.to_string(), &owner.to_string()])
            .args([&lock, &port_file, &log])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("moto's log"))
            // Its own process group: nextest ending a test's group does not end the server.
            .process_group(0)
            .spawn()
            .expect("python3 with moto[server]; .ci/run installs it");
        // Not waited for: it outlives this process, which leaves it to init.
        std::mem::forget(server);
        wait_for_port(port);
        std::fs::write(&port_file, port.to_string()).expect("note moto's port");
        port
    })
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

/// Runs `jyoti args` with `env` to its end, handing `heard` each line it writes to stderr as it
/// comes (what it is about to do next).
pub(crate) fn jyoti_heard(
    args: &[&str],
    env: &[(String, String)],
    mut heard: impl FnMut(&str),
) -> Output {
    use std::io::{BufRead, Read};
    let mut child = Command::new(BIN)
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .env("JYOTI_BCRYPT_COST", "10")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let printed = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).map(|_| bytes)
    });
    let mut stderr = Vec::new();
    for line in std::io::BufReader::new(child.stderr.take().unwrap()).lines() {
        let line = line.unwrap();
        heard(&line);
        stderr.extend_from_slice(line.as_bytes());
        stderr.push(b'\n');
    }
    let status = child.wait().unwrap();
    let stdout = printed.join().unwrap().unwrap();
    Output {
        status,
        stdout,
        stderr,
    }
}

/// Listens on `port` of 127.0.0.1 from now on and relays each connection to `to`, while the
/// listener lives (the thread holds it: for the rest of the test).
pub(crate) fn relay_to(port: u16, to: u16) {
    let listener = std::net::TcpListener::bind(("127.0.0.1", port)).unwrap();
    std::thread::spawn(move || {
        for client in listener.incoming().flatten() {
            let Ok(server) = TcpStream::connect(("127.0.0.1", to)) else {
                continue;
            };
            for (mut from, mut into) in [
                (client.try_clone().unwrap(), server.try_clone().unwrap()),
                (server, client),
            ] {
                std::thread::spawn(move || {
                    // A closed side ends the copy; the other direction ends with it.
                    let _ = std::io::copy(&mut from, &mut into);
                    let _ = into.shutdown(std::net::Shutdown::Write);
                });
            }
        }
    });
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

/// A site with records (see [`site_with_records`]) in a folder of its own: the folder and the
/// database, `site.db`.
pub(crate) fn a_site() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("site.db");
    site_with_records(&db);
    (dir, db)
}

/// `jyoti backup --offsite` of the database `db` with `env`, to its end.
pub(crate) fn backup_offsite(db: &Path, env: &[(String, String)]) -> Output {
    jyoti(
        &["backup", "--offsite", "--db", db.to_str().unwrap()],
        env,
        "",
    )
}

/// `jyoti restore --offsite latest` into the database `db` with `env`, to its end.
pub(crate) fn restore_latest(db: &Path, env: &[(String, String)]) -> Output {
    jyoti(
        &[
            "restore",
            "--offsite",
            "latest",
            "--db",
            db.to_str().unwrap(),
        ],
        env,
        "",
    )
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
    let (dir, db) = a_site();
    let uploaded = assert_ok(&backup_offsite(&db, &env));
    (s3, env, dir, db, uploaded)
}

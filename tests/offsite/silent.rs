//! A bucket that does not answer (a listener that accepts and never says a word): local backups
//! go on, `/healthz` says uploads fail, a backup by hand says so within half a minute, and no
//! plain copy is ever left behind — also when the command is stopped half-way.

use crate::support::*;
use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// An endpoint that takes connections and never answers; it keeps them open while it lives.
struct Silent {
    port: u16,
    _held: std::sync::Arc<std::sync::Mutex<Vec<std::net::TcpStream>>>,
}

impl Silent {
    fn start() -> Silent {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let held = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let keep = held.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                keep.lock().unwrap().push(stream);
            }
        });
        Silent { port, _held: held }
    }

    fn env(&self, extra: &[(&str, &str)]) -> Vec<(String, String)> {
        let mut env = bucket_env(self.port, "club-backups", "jyoti");
        env.extend(
            extra
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
        );
        env
    }
}

fn local_backups(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.starts_with("jyoti-") && name.ends_with(".db")
        })
        .count()
}

#[test]
fn local_backups_go_on_while_the_bucket_hangs_and_healthz_says_uploads_fail() {
    let silent = Silent::start();
    let (dir, db) = a_site();
    let backups = dir.path().join("backups");
    std::fs::create_dir(&backups).unwrap();
    let env = silent.env(&[
        ("JYOTI_OFFSITE_DEADLINE", "1s"),
        ("JYOTI_OFFSITE_RETRY_BASE", "20s"),
    ]);
    let started = Instant::now();
    let server = crate::process::spawn(
        Command::new(BIN)
            .args(["--bind", "127.0.0.1", "--port", "0", "--db"])
            .arg(&db)
            .arg("--backup-dir")
            .arg(&backups)
            .args(["--backup-every", "1s"])
            .envs(env),
    );
    let first = server.wait_for("listening on http://", Duration::from_secs(30));
    let address = first.rsplit("http://").next().unwrap().trim().to_owned();
    // A backup a second: three come within seconds (more on a busy machine), uploads or not.
    let deadline = Instant::now() + Duration::from_secs(15);
    while local_backups(&backups) < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        local_backups(&backups) >= 3,
        "backups every second go on while an upload waits: {}",
        local_backups(&backups)
    );
    // The first attempt's deadline passes (with time for the copy's size): then it shows.
    let deadline = Instant::now() + Duration::from_secs(15);
    let mut health = healthz(&address);
    while health["checks"]["offsite"]["state"] != "fail" && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(200));
        health = healthz(&address);
    }
    assert_eq!(
        health["checks"]["offsite"]["state"], "fail",
        "a timed-out upload is a failed one: {health}"
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    drop(server);
}

#[test]
fn at_start_the_due_local_backup_comes_before_any_upload() {
    let silent = Silent::start();
    let (dir, db) = a_site();
    let backups = dir.path().join("backups");
    std::fs::create_dir(&backups).unwrap();
    // An old backup: the next one is due at once, and the bucket has no copy as recent.
    let old = backups.join("jyoti-20200101-000000.db");
    std::fs::copy(&db, &old).unwrap();
    let long_ago = std::time::SystemTime::now() - Duration::from_secs(7 * 86_400);
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(long_ago)
        .unwrap();
    let env = silent.env(&[("JYOTI_OFFSITE_DEADLINE", "30s")]);
    let (server, _) = serve_with_backups(&db, &backups, &[], &env);
    let deadline = Instant::now() + Duration::from_secs(5);
    while local_backups(&backups) < 2 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(
        local_backups(&backups),
        2,
        "the due backup is taken at once"
    );
    drop(server);
}

#[test]
fn a_backup_by_hand_says_the_bucket_is_silent_within_half_a_minute_and_leaves_no_copy() {
    let silent = Silent::start();
    let (dir, db) = a_site();
    let started = Instant::now();
    let failed = backup_offsite(&db, &silent.env(&[]));
    let took = started.elapsed();
    assert!(!failed.status.success());
    assert!(took < Duration::from_secs(30), "it took {took:?}");
    let text = said(&failed);
    assert!(text.contains("did not answer in time"), "{text}");
    assert!(text.contains("trying once more"), "one quick retry: {text}");
    assert!(
        files_besides(dir.path(), "site.db").is_empty(),
        "{:?}",
        files_besides(dir.path(), "site.db")
    );
}

#[test]
fn a_backup_by_hand_stopped_while_it_copies_leaves_no_plain_copy() {
    let silent = Silent::start();
    let (dir, db) = a_site();
    // 100 MB to copy: the plain `.partial` copy and its journal exist for a while.
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch(
            "CREATE TABLE filler (b BLOB);
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
             INSERT INTO filler SELECT randomblob(1048576) FROM n;",
        )
        .unwrap();
    let copying = |files: &[String]| {
        files
            .iter()
            .any(|name| name.ends_with(".partial") && !name.ends_with(".age.partial"))
    };
    for signal in [libc::SIGINT, libc::SIGTERM] {
        stop_backup_when(
            &dir,
            &db,
            &silent,
            signal,
            copying,
            Duration::from_millis(2),
        );
    }
}

#[test]
fn a_backup_by_hand_stopped_half_way_leaves_no_plain_copy_and_the_server_clears_old_ones() {
    let silent = Silent::start();
    let (dir, db) = a_site();
    // Until the plain copy and its sealed one are written, and the upload hangs. (While the plain
    // copy is being made, its `.partial` and journal are two files too.)
    let both_written = |files: &[String]| {
        files.len() == 2
            && files.iter().any(|name| name.ends_with(".age.partial"))
            && files.iter().any(|name| !name.contains("partial"))
    };
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let files = stop_backup_when(
            &dir,
            &db,
            &silent,
            signal,
            both_written,
            Duration::from_millis(50),
        );
        assert!(both_written(&files), "both files on the way: {files:?}");
    }
    // What a command killed outright (SIGKILL) left, the server removes at start.
    let left = dir.path().join("site.db.offsite-20260101-000000-4000000");
    std::fs::write(&left, b"a plain copy").unwrap();
    std::fs::write(
        dir.path()
            .join("site.db.offsite-20260101-000000-4000000.age.partial"),
        b"x",
    )
    .unwrap();
    let backups = dir.path().join("backups");
    std::fs::create_dir(&backups).unwrap();
    let (server, _) = serve_with_backups(&db, &backups, &[], &[]);
    assert!(!left.exists(), "the stale plain copy is gone");
    assert!(files_besides(dir.path(), "site.db")
        .iter()
        .all(|name| name == "backups"));
    drop(server);
}

/// Starts `jyoti backup --offsite` of `db` against the silent bucket, waits (at most 10 s, looking
/// every `poll`) until the files beside the database pass `ready`, and stops it with `signal`: it
/// fails and leaves nothing beside the database. Answers the files there when it was stopped.
fn stop_backup_when(
    dir: &tempfile::TempDir,
    db: &std::path::Path,
    silent: &Silent,
    signal: libc::c_int,
    ready: impl Fn(&[String]) -> bool,
    poll: Duration,
) -> Vec<String> {
    let child = Command::new(BIN)
        .args(["backup", "--offsite", "--db", db.to_str().unwrap()])
        .envs(silent.env(&[]))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !ready(&files_besides(dir.path(), "site.db")) && Instant::now() < deadline {
        std::thread::sleep(poll);
    }
    let files = files_besides(dir.path(), "site.db");
    // SAFETY: kill only sends a signal to the child this test started.
    unsafe {
        libc::kill(child.id() as libc::pid_t, signal);
    }
    let status = child.wait_with_output().unwrap().status;
    assert!(!status.success());
    assert!(
        files_besides(dir.path(), "site.db").is_empty(),
        "signal {signal}: {:?}",
        files_besides(dir.path(), "site.db")
    );
    files
}

//! What the worst day still hid: the recovery commands on a refused or silent bucket say what
//! to check within the by-hand deadline, `/healthz` keeps the truth of the uploads across a
//! restart, and the first off-site copy is of fresh data.

use crate::support::*;
use std::net::TcpListener;
use std::process::Command;
use std::time::{Duration, Instant};

/// A port nothing listens on: connections to it are refused.
fn refused_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// A port that takes connections and never answers, while the listener lives.
fn silent_port() -> (u16, std::thread::JoinHandle<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let held = std::thread::spawn(move || {
        let mut kept = Vec::new();
        for stream in listener.incoming().flatten() {
            kept.push(stream);
        }
    });
    (port, held)
}

#[test]
fn recovery_commands_name_the_bucket_and_give_up_within_the_deadline() {
    let (silent, _held) = silent_port();
    for port in [refused_port(), silent] {
        let env = bucket_env(port, "club-backups", "jyoti");
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("new.db");
        for args in [
            vec!["offsite", "list"],
            vec![
                "restore",
                "--offsite",
                "latest",
                "--db",
                db.to_str().unwrap(),
            ],
        ] {
            let started = Instant::now();
            let done = jyoti(&args, &env, "");
            let took = started.elapsed();
            assert!(!done.status.success());
            let text = said(&done);
            assert!(
                took < Duration::from_secs(25),
                "{args:?} took {took:?}: {text}"
            );
            assert!(
                text.contains("s3://club-backups/jyoti")
                    && text.contains(&format!("127.0.0.1:{port}"))
                    && text.contains("Check JYOTI_OFFSITE_ENDPOINT"),
                "{args:?}: {text}"
            );
        }
    }
}

/// `jyoti` serving `db` with backups every `every` into `backups` and `env`; its address.
fn serve(
    db: &std::path::Path,
    backups: &std::path::Path,
    every: &str,
    env: &[(String, String)],
) -> (crate::process::Running, String) {
    let server = crate::process::spawn(
        Command::new(BIN)
            .args(["--bind", "127.0.0.1", "--port", "0", "--db"])
            .arg(db)
            .arg("--backup-dir")
            .arg(backups)
            .args(["--backup-every", every])
            .envs(env.iter().map(|(k, v)| (k, v))),
    );
    let first = server.wait_for("listening on http://", Duration::from_secs(30));
    let address = first.rsplit("http://").next().unwrap().trim().to_owned();
    (server, address)
}

/// Waits until the off-site check of `address` is in `state`; answers its message.
fn offsite_becomes(address: &str, state: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let health = healthz(address);
        if health["checks"]["offsite"]["state"] == state {
            return health["checks"]["offsite"]["message"]
                .as_str()
                .unwrap()
                .to_owned();
        }
        assert!(Instant::now() < deadline, "{health}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn after_a_restart_during_an_outage_healthz_says_how_long_uploads_fail_and_how_old_the_copy_is() {
    let s3 = S3::start();
    let (dir, db) = a_site();
    let backups = dir.path().join("backups");
    std::fs::create_dir(&backups).unwrap();
    let env = s3.env("restart");
    // Off-site copies just turned on, with a backup of half an hour ago in the folder (not yet
    // due again): the first copy is of a backup taken now, and its age is its data's.
    let old = backups.join("jyoti-20200101-000000.db");
    assert_ok(&jyoti(
        &[
            "backup",
            "--db",
            db.to_str().unwrap(),
            old.to_str().unwrap(),
        ],
        &[],
        "",
    ));
    let half_an_hour_ago = std::time::SystemTime::now() - Duration::from_secs(1800);
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(half_an_hour_ago)
        .unwrap();
    let (server, address) = serve(&db, &backups, "1h", &env);
    let said = offsite_becomes(&address, "ok");
    assert!(said.contains("second"), "{said}");
    drop(server);
    let local = std::fs::read_dir(&backups)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().ends_with(".db"))
        .count();
    assert_eq!(local, 2, "a fresh backup was taken for the first copy");

    // The bucket goes away; the server restarts during the outage.
    let gone = bucket_env(refused_port(), &s3.bucket, "restart");
    let mut env = gone;
    env.push(("JYOTI_OFFSITE_RETRY_BASE".into(), "300ms".into()));
    let (server, address) = serve(&db, &backups, "1s", &env);
    let failing = offsite_becomes(&address, "fail");
    assert!(failing.contains("The newest off-site copy is"), "{failing}");
    std::thread::sleep(Duration::from_secs(3));
    drop(server);
    let (_server, address) = serve(&db, &backups, "1s", &env);
    // From its first answer: failing for the whole outage, and the copy the bucket has.
    let health = healthz(&address);
    let said = health["checks"]["offsite"]["message"].as_str().unwrap();
    assert_eq!(health["checks"]["offsite"]["state"], "fail", "{health}");
    assert!(!said.contains("first one is under way"), "{said}");
    assert!(said.contains("The newest off-site copy is"), "{said}");
    let seconds: u64 = said
        .split("failed for ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(seconds >= 3, "failing since before the restart: {said}");
}

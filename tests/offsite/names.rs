//! A bucket others can write to: copies are trusted for the time sealed inside them, not for
//! their names. An old copy under a newer name, a name in the future, a copy far larger than
//! the others and a copy that brings triggers of its own are all caught.

use crate::support::*;
use std::path::Path;
use std::process::Command;

/// Encrypts the file at `plain` with the passphrase by PyPI's pyrage, not by this program.
fn encrypt_elsewhere(plain: &Path, passphrase: &str) -> Vec<u8> {
    let script = "import sys, pyrage; data = open(sys.argv[1], 'rb').read(); \
                  sys.stdout.buffer.write(pyrage.passphrase.encrypt(data, sys.argv[2]))";
    let output = Command::new("python3")
        .args(["-c", script, plain.to_str().unwrap(), passphrase])
        .output()
        .expect("python3 with pyrage");
    assert!(output.status.success(), "pyrage encrypts");
    output.stdout
}

/// A copy's name for `minutes` after now.
fn named_in(minutes: i64) -> String {
    let at = jiff::Timestamp::now() + jiff::SignedDuration::from_mins(minutes);
    format!("jyoti-{}.db.age", at.strftime("%Y-%m-%dT%H%MZ"))
}

/// A backup of `db` that says it was taken at `taken` and may bring `sql` of its own.
fn doctored_backup(db: &Path, dir: &Path, taken: &str, sql: &str) -> std::path::PathBuf {
    let out = dir.join(format!("doctored-{}.db", taken.len() + sql.len()));
    assert_ok(&jyoti(
        &[
            "backup",
            "--db",
            db.to_str().unwrap(),
            out.to_str().unwrap(),
        ],
        &[],
        "",
    ));
    let conn = rusqlite::Connection::open(&out).unwrap();
    conn.execute(
        "UPDATE settings SET value = ?1 WHERE key = 'backup_taken_at'",
        [taken],
    )
    .unwrap();
    conn.execute_batch(sql).unwrap();
    out
}

#[test]
fn an_old_copy_under_a_newer_name_is_skipped_by_latest_and_refused_by_name() {
    let (s3, env, dir, db, _) = a_site_copied_off_site();
    let old = doctored_backup(&db, dir.path(), "2026-01-02T03:04:05Z", "");
    let name = named_in(1);
    s3.put(
        &format!("jyoti/{name}"),
        &encrypt_elsewhere(&old, PASSPHRASE),
    );
    let restored = dir.path().join("restored.db");
    let restored = restored.to_str().unwrap();
    let done = jyoti(
        &["restore", "--offsite", "latest", "--db", restored],
        &env,
        "",
    );
    let text = assert_ok(&done);
    assert!(
        text.contains(&format!(
            "skipping {name} was taken 2 January 2026 03:04 UTC"
        )),
        "{text}"
    );
    assert!(
        text.contains("was taken") && text.contains("restored"),
        "{text}"
    );
    let other = dir.path().join("other.db");
    let other = other.to_str().unwrap();
    let refused = jyoti(&["restore", "--offsite", &name, "--db", other], &env, "");
    assert!(!refused.status.success());
    assert!(
        said(&refused).contains("give --trust-name"),
        "{}",
        said(&refused)
    );
    let trusted = jyoti(
        &["restore", "--offsite", &name, "--trust-name", "--db", other],
        &env,
        "",
    );
    assert!(assert_ok(&trusted).contains("taken 2 January 2026 03:04 UTC"));
}

#[test]
fn a_name_in_the_future_is_flagged_skipped_and_never_makes_pruning_drop_a_new_copy() {
    let (s3, env, dir, db, _) = a_site_copied_off_site();
    let copy = s3.get(&s3.keys()[0]);
    s3.put("jyoti/jyoti-2099-01-01T0000Z.db.age", &copy);
    let listed = assert_ok(&jyoti(&["offsite", "list"], &env, ""));
    assert!(
        listed.contains("jyoti-2099-01-01T0000Z.db.age") && listed.contains("named in the future"),
        "{listed}"
    );
    let restored = dir.path().join("restored.db");
    let text = assert_ok(&restore_latest(&restored, &env));
    assert!(
        text.contains("skipping jyoti-2099-01-01T0000Z.db.age"),
        "{text}"
    );

    // Keeping one copy: the one just uploaded stays, whatever sorts after it.
    let mut keep_one = env.clone();
    keep_one.push(("JYOTI_OFFSITE_KEEP".into(), "1".into()));
    let uploaded = assert_ok(&backup_offsite(&db, &keep_one));
    let name = uploaded
        .split("encrypted copy ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the uploaded copy's name")
        .to_owned();
    assert!(
        s3.keys().contains(&format!("jyoti/{name}")),
        "{name} is kept: {:?}",
        s3.keys()
    );
    // The name in the future is no copy of ours: it neither counts nor pushes the real one out,
    // and the older real copy is what keeping one drops.
    assert_eq!(
        s3.keys(),
        [
            "jyoti/jyoti-2099-01-01T0000Z.db.age".to_owned(),
            format!("jyoti/{name}")
        ]
        .into_iter()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect::<Vec<_>>(),
    );
}

#[test]
fn a_backup_uploaded_an_hour_after_it_was_taken_is_named_for_its_time_and_restores_as_latest() {
    let s3 = S3::start();
    let env = s3.env("jyoti");
    let (dir, db) = a_site();
    let backups = dir.path().join("backups");
    std::fs::create_dir(&backups).unwrap();
    // The newest local backup, taken 50 minutes ago and never uploaded: a server started now
    // (backups hourly) takes no new one yet, and uploads this one as the bucket's newest copy is
    // three hours old. (A bucket with no copy at all gets a fresh backup: see restarts.rs.)
    let taken = jiff::Timestamp::now() - jiff::SignedDuration::from_mins(50);
    let older = jiff::Timestamp::now() - jiff::SignedDuration::from_hours(3);
    let planted = format!("jyoti/jyoti-{}.db.age", older.strftime("%Y-%m-%dT%H%MZ"));
    s3.put(&planted, &vec![7u8; 300_000]);
    let doctored = doctored_backup(&db, dir.path(), &taken.to_string(), "");
    let local = backups.join(format!("jyoti-{}.db", taken.strftime("%Y%m%d-%H%M%S")));
    std::fs::rename(&doctored, &local).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&local)
        .unwrap()
        .set_modified(std::time::SystemTime::from(taken))
        .unwrap();
    let (server, _) = serve_with_backups(&db, &backups, &[], &env);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while s3.keys().len() < 2 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    drop(server);
    let name = format!("jyoti/jyoti-{}.db.age", taken.strftime("%Y-%m-%dT%H%MZ"));
    assert_eq!(s3.keys(), [planted, name], "named for when it was taken");
    let restored = dir.path().join("restored.db");
    let text = assert_ok(&restore_latest(&restored, &env));
    assert!(
        text.contains(&format!(
            "was taken {}",
            taken.strftime("%-d %B %Y %H:%M UTC")
        )),
        "{text}"
    );
    assert!(!text.contains("skipping"), "{text}");
}

#[test]
fn a_copy_far_larger_than_the_others_is_not_downloaded_unless_asked() {
    let (s3, env, dir, _, _) = a_site_copied_off_site();
    let size = s3.get(&s3.keys()[0]).len();
    let name = named_in(1);
    s3.put(&format!("jyoti/{name}"), &vec![7u8; size * 5]);
    let restored = dir.path().join("restored.db");
    let restored = restored.to_str().unwrap();
    let refused = jyoti(
        &["restore", "--offsite", "latest", "--db", restored],
        &env,
        "",
    );
    assert!(!refused.status.success());
    let text = said(&refused);
    assert!(
        text.contains("not downloaded") && text.contains("--any-size"),
        "{text}"
    );
    let tried = jyoti(
        &[
            "restore",
            "--offsite",
            "latest",
            "--any-size",
            "--db",
            restored,
        ],
        &env,
        "",
    );
    assert!(!tried.status.success(), "junk does not decrypt");
    assert!(!Path::new(restored).exists());
}

#[test]
fn triggers_and_views_no_version_of_jyoti_makes_are_dropped_from_a_restored_copy() {
    let (s3, env, dir, db, _) = a_site_copied_off_site();
    let now = jiff::Timestamp::now().to_string();
    let doctored = doctored_backup(
        &db,
        dir.path(),
        &now,
        "CREATE TRIGGER wipe AFTER INSERT ON contacts BEGIN DELETE FROM users; END;
         CREATE VIEW leak AS SELECT email, password_hash FROM users;",
    );
    let name = named_in(1);
    s3.put(
        &format!("jyoti/{name}"),
        &encrypt_elsewhere(&doctored, PASSPHRASE),
    );
    let restored = dir.path().join("restored.db");
    let text = assert_ok(&jyoti(
        &[
            "restore",
            "--offsite",
            &name,
            "--db",
            restored.to_str().unwrap(),
        ],
        &env,
        "",
    ));
    assert!(text.contains("dropped the trigger wipe"), "{text}");
    assert!(text.contains("dropped the view leak"), "{text}");
    let conn = rusqlite::Connection::open(&restored).unwrap();
    let foreign: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_schema WHERE name IN ('wipe', 'leak')",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(foreign, 0);
    let guards: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_schema WHERE name = 'audit_log_never_changes'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(guards, 1, "the site's own triggers stay");
}

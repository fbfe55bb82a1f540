//! Backups: `jyoti backup` while serving, `jyoti restore`, an old schema upgraded, the scheduled backups.

use super::*;

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
fn a_backup_of_a_busy_50_mb_database_ends_while_two_clients_keep_writing() {
    let dir = temp_dir();
    let (db, out) = (file(&dir, "busy.db"), file(&dir, "busy-copy.db"));
    let server = serve(&db, &["--no-rate-limit"]);
    {
        // Years of messages: about 50 MB.
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.busy_timeout(Duration::from_secs(10)).unwrap();
        conn.execute_batch(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000)
             INSERT INTO contacts (name, email, telephone, rating, message)
             SELECT 'Old ' || i, 'old@example.org', '+91 98765 43210', 5, hex(randomblob(2000))
             FROM n;",
        )
        .unwrap();
    }
    let size = std::fs::metadata(&db).unwrap().len()
        + std::fs::metadata(format!("{db}-wal")).map_or(0, |m| m.len());
    assert!(size > 45_000_000, "{size} bytes");
    let addr = server.addr;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writers: Vec<_> = (0..2)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut n = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    assert_eq!(contact(addr, n), 201);
                    n += 1;
                }
                n
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let started = std::time::Instant::now();
    assert_ok(&backup(&db, &out));
    let took = started.elapsed();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let written: usize = writers.into_iter().map(|w| w.join().unwrap()).sum();
    assert!(written > 0, "the writes went on");
    assert!(took < Duration::from_secs(30), "the backup took {took:?}");
    jyoti::db::backup::check(Path::new(&out)).expect("the backup is a sound database");
    assert!(count(&out, "contacts") >= 12_000);
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
    let again = serve(&file(&dir, "daily.db"), &schedule);
    let waits = std::iter::from_fn(|| again.log.recv_timeout(Duration::from_secs(30)).ok())
        .find(|line| line.contains("the newest backup is recent"));
    let waits = waits.expect("the schedule says it waits");
    assert!(
        waits.contains("due in 5") && waits.ends_with(" minutes"),
        "{waits}"
    );
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
    // Three backups written after the message: the first may have begun before it was stored,
    // the next two began after (one backup at a time), so the newest two kept hold it. The log
    // says when each is written; lines of backups done before the message are dropped first.
    while server.log.try_recv().is_ok() {}
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let mut written = 0;
    while written < 3 {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let line = server
            .log
            .recv_timeout(left)
            .expect("three backups written within a minute");
        if line.contains("backup written to") {
            written += 1;
        }
    }
    // A backup a second: the folder is read between two, when none is on its way (its
    // `.partial` files) and the oldest is pruned, and what it held is copied aside at once,
    // before the next backup can prune one of them.
    let kept = tempfile::tempdir().unwrap();
    let mut seen = Vec::new();
    let quiet = wait_until(10, || {
        for earlier in std::fs::read_dir(kept.path()).unwrap() {
            std::fs::remove_file(earlier.unwrap().path()).unwrap();
        }
        seen = std::fs::read_dir(&backups)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        seen.len() == 2
            && seen
                .iter()
                .all(|path| !path.to_string_lossy().contains("partial"))
            && seen.iter().all(|path| {
                let name = path.file_name().unwrap();
                std::fs::copy(path, kept.path().join(name)).is_ok()
            })
    });
    assert!(quiet, "only the newest two are kept: {seen:?}");
    for copy in std::fs::read_dir(kept.path()).unwrap() {
        let copy = copy.unwrap().path();
        jyoti::db::backup::check(&copy).expect("each scheduled backup is a sound database");
        assert_eq!(count(&copy, "contacts"), 1);
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

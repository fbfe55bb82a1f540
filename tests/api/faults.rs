//! Storage faults: when the database cannot be written (a full disk, files made read-only while
//! serving), every write call says so with 507 or 503 and a sentence, and no call answers as if it
//! had saved; reads keep working and `/healthz` tells.
//!
//! The calls come from the access table, which is checked against the registered routes: a new
//! write route is tested here without being listed again.

use crate::access::{every_row, table, Call, Fixtures, Who};
use crate::helpers::{contact, spawn_app_on, spawn_app_with_admin, TestApp};
use crate::support::Immutable;
use std::process::Command;

/// Calls of the table that store nothing even when they succeed, so they may succeed on a
/// database that cannot be written: a login, a delete of ids that do not exist, a test email, and
/// the table's orders, which are the orders already saved (SQLite writes no page for them).
const STORE_NOTHING: &[&str] = &[
    "POST /api/auth/login",
    "POST /api/auth/invitation/details",
    "POST /api/admin/contacts/delete",
    "POST /api/admin/mail/test",
    "PUT /api/admin/rosters/order",
    "PUT /api/admin/cards/{section}/order",
    "PUT /api/admin/gallery/order",
    // A passkey ceremony's challenge lives in memory; the access table's requests of the calls
    // after it are refused before any write (a new visitor has no app, passkey or ceremony).
    "POST /api/auth/passkeys/register/options",
    "POST /api/auth/passkeys/sign-in/options",
    "POST /api/auth/totp/confirm",
    "DELETE /api/auth/totp",
    "POST /api/auth/recovery-codes",
    "POST /api/auth/passkeys/register",
    "POST /api/auth/passkeys/sign-in",
    "PATCH /api/auth/passkeys/{id}",
    "DELETE /api/auth/passkeys/{id}",
    // Without a token there is no follower to remove.
    "POST /api/followers/unsubscribe",
    // The table's subscription was refused (507) just before: there is none to end.
    "DELETE /api/push/subscriptions",
];

fn run(program: &str, args: &[&str]) {
    let status = Command::new(program)
        .args(args)
        .status()
        .unwrap_or_else(|e| panic!("{program} {args:?}: {e} (the storage tests run as root)"));
    assert!(status.success(), "{program} {args:?}: {status}");
}

/// A small tmpfs mounted on a temp dir, unmounted when dropped.
struct SmallDisk(tempfile::TempDir);

impl SmallDisk {
    fn mount(megabytes: u32) -> (SmallDisk, tempfile::TempDir) {
        let mount = tempfile::tempdir().unwrap();
        let size = format!("size={megabytes}m");
        run(
            "mount",
            &[
                "-t",
                "tmpfs",
                "-o",
                &size,
                "tmpfs",
                mount.path().to_str().unwrap(),
            ],
        );
        // The app's own dir lives on the small disk; the TempDir removes it before the unmount.
        let dir = tempfile::tempdir_in(mount.path()).unwrap();
        (SmallDisk(mount), dir)
    }

    /// Fills what is left of the disk.
    fn fill(&self) {
        use std::io::Write;
        let mut filler = std::fs::File::create(self.0.path().join("filler")).unwrap();
        let block = vec![0u8; 64 * 1024];
        while filler.write_all(&block).is_ok() {}
        // Whatever fit in the last block.
        while filler.write_all(&block[..512]).is_ok() {}
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        // Lazily: the server's thread still holds the database open.
        let _ = Command::new("umount").arg("-l").arg(self.0.path()).status();
    }
}

/// An app with the access table's records, an admin's and a visitor's token, and the table's
/// calls: all made while the database can still be written.
fn app_with_calls() -> (TestApp, String, String, Vec<Call>) {
    let (app, admin) = spawn_app_with_admin();
    finish_app(app, admin)
}

fn finish_app(app: TestApp, admin: String) -> (TestApp, String, String, Vec<Call>) {
    let fixtures = Fixtures::create(&app, &admin);
    let visitor = app.register("writer@example.org").1;
    // The alerts the set-up raised are mailed first. The mail thread's own writes (an alert
    // marked mailed, a mail marked sent) are no refused call's doing: on a busy machine they
    // came during the calls and looked like one. And on the full disk each mail sent is a write,
    // whose log pages would leave room for a later write.
    app.settle_alerts();
    (app, admin, visitor, table(&fixtures))
}

/// Sends every call of the access table that writes, as someone it is open to, and checks the
/// answer is `status` with a message saying nothing was saved, and the database is as it was.
fn every_write_is_refused_with(app: &TestApp, tokens: (&str, &str), calls: Vec<Call>, status: u16) {
    let (admin, visitor) = tokens;
    let before = every_row(app);
    let mut wrong = Vec::new();
    for call in calls {
        if call.name.starts_with("GET ") || STORE_NOTHING.contains(&call.name) {
            continue;
        }
        let token = match call.who {
            Who::Anyone => None,
            Who::SignedIn => Some(visitor),
            Who::Editor | Who::Admin => Some(admin),
        };
        let response = call.send(app, token);
        let message = serde_json::from_slice::<serde_json::Value>(&response.body)
            .ok()
            .and_then(|body| body["message"].as_str().map(str::to_owned));
        if response.status != status || !message.is_some_and(|m| m.contains("nothing was saved")) {
            wrong.push(format!(
                "{}: {} {}",
                call.name,
                response.status,
                response.text()
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "calls that did not answer {status} saying nothing was saved:\n{}",
        wrong.join("\n")
    );
    let after = every_row(app);
    let changed: Vec<String> = after
        .iter()
        .filter(|table| !before.contains(table))
        .map(|(name, rows)| format!("{name}: {rows:?}"))
        .collect();
    assert!(
        changed.is_empty(),
        "a refused write changed the database:\n{}",
        changed.join("\n")
    );
}

/// Reads still work, and `/healthz` answers 503 naming the database.
fn reads_work_and_health_fails(app: &TestApp) {
    assert_eq!(app.get("/api/admin/servicelist").send().status, 200);
    assert_eq!(app.get("/api/content").send().status, 200);
    assert_eq!(app.get("/").send().status, 200);
    let health = app.get("/healthz").send();
    assert_eq!(health.status, 503, "{}", health.text());
    assert_eq!(
        health.json()["checks"]["database"]["state"],
        "fail",
        "{}",
        health.text()
    );
}

#[test]
fn a_database_made_read_only_while_serving_refuses_every_write_with_503() {
    let (app, admin, visitor, calls) = app_with_calls();
    // Asked just before, `/healthz` was fine; asked just after, it tells at once (no answer
    // kept from before the change).
    assert_eq!(app.get("/healthz").send().status, 200);
    let files = ["jyoti.db", "jyoti.db-wal"].map(|name| app.dir.path().join(name));
    let _frozen = Immutable::make(files.to_vec());
    let health = app.get("/healthz").send();
    assert_eq!(health.status, 503, "{}", health.text());
    every_write_is_refused_with(&app, (&admin, &visitor), calls, 503);
    reads_work_and_health_fails(&app);
}

/// The app on a database of its own on a small disk (filled when the test says so).
fn app_on_a_small_disk() -> (SmallDisk, TestApp) {
    let (disk, dir) = SmallDisk::mount(16);
    let pool = jyoti::db::open(&dir.path().join("jyoti.db")).unwrap();
    (disk, spawn_app_on(dir, pool))
}

#[test]
fn a_database_file_made_read_only_beside_a_writable_log_refuses_every_write_with_503() {
    // The log would take the writes, but they could never reach the file: refused as well.
    let (app, admin, visitor, calls) = app_with_calls();
    let _frozen = Immutable::make(vec![app.dir.path().join("jyoti.db")]);
    every_write_is_refused_with(&app, (&admin, &visitor), calls, 503);
    reads_work_and_health_fails(&app);
}

#[test]
fn a_full_disk_refuses_every_write_with_507() {
    let (disk, app) = app_on_a_small_disk();
    let (_, admin) = app.admin("admin@example.org");
    let (app, admin, visitor, calls) = finish_app(app, admin);
    // Every write now needs new room in the write-ahead log, and there is none.
    app.query::<i64>("PRAGMA wal_checkpoint(TRUNCATE)");
    assert_eq!(app.get("/healthz").send().status, 200);
    disk.fill();
    let health = app.get("/healthz").send();
    assert_eq!(health.status, 503, "{}", health.text());
    every_write_is_refused_with(&app, (&admin, &visitor), calls, 507);
    reads_work_and_health_fails(&app);
}

#[test]
fn contact_messages_answered_201_in_parallel_are_all_stored_until_the_disk_fills() {
    let (disk, app) = app_on_a_small_disk();
    disk.fill();
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let sent: Vec<_> = (0..20)
            .map(|n| {
                let app = &app;
                scope.spawn(move || {
                    app.send_contact(contact(&format!("{n} {}", "x".repeat(4900))))
                        .status
                })
            })
            .collect();
        sent.into_iter().map(|s| s.join().unwrap()).collect()
    });
    assert!(
        statuses.iter().all(|s| *s == 201 || *s == 507),
        "{statuses:?}"
    );
    let answered_saved = statuses.iter().filter(|s| **s == 201).count() as i64;
    assert_eq!(
        app.query::<i64>("SELECT count(*) FROM contacts"),
        answered_saved
    );
}

//! Backups: consistent copies of the live database with SQLite's online backup API (in one step,
//! from one read snapshot), checks of a
//! backup before it is trusted, restore, and the lock that tells a running server (the schedule
//! is `backups.rs`). Restore and the lock are in `backup/restoring.rs`.

use super::migrations;
use rusqlite::{Connection, OpenFlags};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::time::Duration;

mod restoring;

pub use restoring::{restore, ServerLock};

/// The key of the `settings` row a backup holds: when it was taken (RFC 3339, UTC).
pub const TAKEN_AT: &str = "backup_taken_at";

/// When the backup at `path` was taken, as it says itself (`None` for a copy made before
/// backups said so, or a file that is no backup).
pub fn taken_at(path: &Path) -> Option<jiff::Timestamp> {
    let conn = open_read_only(path).ok()?;
    let text: String = conn
        .query_row(
            "SELECT value FROM settings WHERE key = ?1",
            [TAKEN_AT],
            |row| row.get(0),
        )
        .ok()?;
    text.parse().ok()
}

/// Drops every trigger and view of the database at `path` that `schema` (a database this
/// program made) does not have: a copy from a bucket others can write to must not bring code
/// of its own into the site. Answers what was dropped.
pub fn drop_foreign_code(path: &Path, schema: &Connection) -> Result<Vec<String>, String> {
    let code = |conn: &Connection| -> rusqlite::Result<Vec<(String, String, Option<String>)>> {
        conn.prepare("SELECT type, name, sql FROM sqlite_schema WHERE type IN ('trigger', 'view')")?
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
            .collect()
    };
    let ours = code(schema).map_err(|e| e.to_string())?;
    let conn = Connection::open(path).map_err(|e| e.to_string())?;
    let mut dropped = Vec::new();
    for (kind, name, sql) in code(&conn).map_err(|e| e.to_string())? {
        if ours.contains(&(kind.clone(), name.clone(), sql)) {
            continue;
        }
        let quoted = name.replace('"', "\"\"");
        conn.execute_batch(&format!("DROP {} \"{quoted}\"", kind.to_uppercase()))
            .map_err(|e| format!("cannot drop the {kind} {name}: {e}"))?;
        dropped.push(format!("{kind} {name}"));
    }
    Ok(dropped)
}

/// A backup step that copies every page.
const ALL_PAGES: std::ffi::c_int = -1;

/// UTC time for file names, e.g. `20261121-083212`.
pub fn stamp() -> String {
    jiff::Timestamp::now().strftime("%Y%m%d-%H%M%S").to_string()
}

fn open_read_only(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(Duration::from_secs(5))?;
    Ok(conn)
}

/// Copies the database at `db` to `out` while a server may keep writing. Writes to a `.partial`
/// file first, so a failed backup never leaves a half file under the real name.
/// The copy says when it was taken (see [`TAKEN_AT`]).
pub fn backup(db: &Path, out: &Path) -> Result<(), String> {
    copy_file(db, out, true)
}

/// [`backup`] page for page, saying nothing of its own (the copy kept before a migration).
pub fn exact_copy(db: &Path, out: &Path) -> Result<(), String> {
    copy_file(db, out, false)
}

fn copy_file(db: &Path, out: &Path, stamped: bool) -> Result<(), String> {
    if !db.is_file() {
        return Err(format!("there is no database at {}", db.display()));
    }
    if out.exists() {
        return Err(format!(
            "{} already exists; choose a new file name",
            out.display()
        ));
    }
    let source = open_read_only(db).map_err(|e| format!("cannot read {}: {e}", db.display()))?;
    copy(&source, out, stamped)
}

/// A copy of the live database as an open file (with its length) whose name is already gone,
/// so nothing is left behind however the download ends.
pub fn snapshot(conn: &Connection) -> Result<(File, u64), crate::error::ApiError> {
    use crate::error::ApiError;
    let db_path = conn
        .path()
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ApiError::internal("database has no file"))?;
    // Parallel downloads within one second each need a name of their own.
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let copy_path = PathBuf::from(format!(
        "{db_path}.download-{}-{}-{}",
        stamp(),
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    copy(conn, &copy_path, true).map_err(ApiError::Unavailable)?;
    if let Err(err) = keep_server_addresses_out(&copy_path) {
        let _ = fs::remove_file(&copy_path);
        return Err(ApiError::Unavailable(err));
    }
    let file = File::open(&copy_path).map_err(ApiError::internal)?;
    fs::remove_file(&copy_path).map_err(ApiError::internal)?;
    let length = file.metadata().map_err(ApiError::internal)?.len();
    Ok((file, length))
}

/// An admin's download holds no mail to the addresses the server's command line sets
/// (`--alert-to`): no admin can read who else is alerted. Their rows are erased, their bytes
/// overwritten.
fn keep_server_addresses_out(path: &Path) -> Result<(), String> {
    let conn = Connection::open(path).map_err(|e| format!("the backup failed: {e}"))?;
    conn.pragma_update(None, "secure_delete", "ON")
        .and_then(|_| conn.execute("DELETE FROM outbox WHERE kind = 'server-alert'", []))
        .and_then(|erased| match erased {
            0 => Ok(()),
            _ => conn.execute_batch("VACUUM"),
        })
        .map_err(|e| format!("the backup failed: {e}"))?;
    conn.close()
        .map_err(|(_, e)| format!("the backup failed: {e}"))
}

/// Copies the database behind `source` to `out` (through a `.partial` file) as one self-contained file.
/// With `stamped`, the copy says when it was taken.
pub fn copy(source: &Connection, out: &Path, stamped: bool) -> Result<(), String> {
    let partial = PathBuf::from(format!("{}.partial", out.display()));
    let result = (|| {
        let mut target = Connection::open(&partial)
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        copy_pages(source, &mut target).map_err(|e| format!("the backup failed: {e}"))?;
        // The copy says when it was taken, inside itself: an off-site copy is encrypted with
        // it, so a name changed in the bucket cannot pass an old copy off as a new one.
        if stamped {
            target
                .execute(
                    "INSERT OR REPLACE INTO settings (key, value) VALUES (?1, ?2)",
                    [TAKEN_AT, &jiff::Timestamp::now().to_string()],
                )
                .map_err(|e| format!("the backup failed: {e}"))?;
        }
        // One self-contained file, whatever journal mode the copy inherited.
        target
            .pragma_update(None, "journal_mode", "DELETE")
            .map_err(|e| e.to_string())?;
        target.close().map_err(|(_, e)| e.to_string())?;
        fs::rename(&partial, out).map_err(|e| format!("cannot write {}: {e}", out.display()))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&partial);
    }
    result
}

/// Copies every page of `source` into `target` in one step, from one read snapshot: in WAL mode
/// the site's writes go on meanwhile. (Copied in small steps, each write of another connection
/// between two steps started the copy over, and a busy site's backup never ended.)
fn copy_pages(source: &Connection, target: &mut Connection) -> Result<(), String> {
    let backup = rusqlite::backup::Backup::new(source, target).map_err(|e| e.to_string())?;
    match backup.step(ALL_PAGES).map_err(|e| e.to_string())? {
        rusqlite::backup::StepResult::Done => Ok(()),
        other => Err(format!("the copy did not finish ({other:?})")),
    }
}

/// Checks that `path` is a sound jyoti database this program can use; returns its schema version.
pub fn check(path: &Path) -> Result<u32, String> {
    let shown = path.display();
    if !path.is_file() {
        return Err(format!("there is no file at {shown}"));
    }
    let not_ours = |why: String| format!("{shown} is not a usable jyoti backup: {why}");
    let conn = open_read_only(path).map_err(|e| not_ours(e.to_string()))?;
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .map_err(|e| not_ours(e.to_string()))?;
    if integrity != "ok" {
        return Err(not_ours(format!(
            "the integrity check failed ({integrity})"
        )));
    }
    let version = migrations::version(&conn).map_err(|e| not_ours(e.to_string()))?;
    if version == 0 || version > migrations::LATEST {
        return Err(not_ours(format!(
            "its schema version is {version}, this program knows 1 to {}",
            migrations::LATEST
        )));
    }
    let has_users: bool = conn
        .query_row(
            "SELECT count(*) > 0 FROM sqlite_schema WHERE type = 'table' AND name = 'users'",
            [],
            |row| row.get(0),
        )
        .map_err(|e| not_ours(e.to_string()))?;
    if !has_users {
        return Err(not_ours("it has no users table".into()));
    }
    Ok(version)
}

//! Backups: consistent copies of the live database with SQLite's online backup API (in one step,
//! from one read snapshot), checks of a
//! backup before it is trusted, restore, and the lock that tells a running server (the schedule
//! is `backups.rs`).

use super::{configure, migrations};
use rusqlite::{Connection, OpenFlags};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::time::Duration;

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

/// Puts the backup at `from` in place of the database at `db`. Refuses while a server holds the
/// database and before the backup passes [`check`]; the replaced file is kept beside it.
/// Returns where the replaced file went, if there was one.
pub fn restore(from: &Path, db: &Path) -> Result<Option<PathBuf>, String> {
    check(from)?;
    if same_file(from, db) {
        return Err(format!(
            "{} is the database itself: give the backup file to restore",
            from.display()
        ));
    }
    let existed = db.is_file() && fs::metadata(db).is_ok_and(|m| m.len() > 0);
    // The restored file gets the replaced one's owner and mode: a restore run as root must not
    // leave a database the service's own user can no longer open.
    let owner = fs::metadata(db).ok();
    let _lock = ServerLock::acquire(db)?;
    let kept = if existed {
        // Fold the write-ahead log into the file so the kept copy is complete on its own.
        let conn =
            Connection::open(db).map_err(|e| format!("cannot open {}: {e}", db.display()))?;
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .map_err(|e| e.to_string())?;
        conn.pragma_update(None, "journal_mode", "DELETE")
            .map_err(|e| e.to_string())?;
        drop(conn);
        let kept = PathBuf::from(format!("{}.replaced-{}", db.display(), stamp()));
        fs::rename(db, &kept).map_err(|e| format!("cannot move {} aside: {e}", db.display()))?;
        for companion in ["-wal", "-shm"] {
            // The log is folded into the kept file and SQLite removed it with the journal mode;
            // a leftover index holds no rows, and the restored file's first open rebuilds it.
            let _ = fs::remove_file(format!("{}{companion}", db.display()));
        }
        Some(kept)
    } else {
        // Only the empty file the lock made.
        let _ = fs::remove_file(db);
        None
    };
    let copied = (|| {
        let source = open_read_only(from).map_err(|e| e.to_string())?;
        if let Some(owner) = &owner {
            use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
            File::options()
                .write(true)
                .create(true)
                .truncate(true)
                .mode(owner.mode() & 0o777)
                .open(db)
                .map_err(|e| e.to_string())?;
            fs::set_permissions(db, fs::Permissions::from_mode(owner.mode() & 0o777))
                .map_err(|e| e.to_string())?;
            std::os::unix::fs::chown(db, Some(owner.uid()), Some(owner.gid()))
                .map_err(|e| format!("cannot give the restored file its owner back: {e}"))?;
        }
        let mut target = Connection::open(db).map_err(|e| e.to_string())?;
        copy_pages(&source, &mut target)?;
        // When the backup was taken is the copy's own business, not the restored site's.
        target
            .execute("DELETE FROM settings WHERE key = ?1", [TAKEN_AT])
            .map_err(|e| e.to_string())?;
        configure(&target).map_err(|e| e.to_string())
    })();
    copied.map_err(|err| put_back(kept.as_deref(), db, &err))?;
    Ok(kept)
}

/// Whether the two paths name one file (another spelling, a link).
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// After a failed restore: puts the replaced database (moved to `kept`) back at `db`, and says
/// what became of it, so that a failed put-back is never told as a database left as it was.
fn put_back(kept: Option<&Path>, db: &Path, err: &str) -> String {
    // The half-restored file goes first. Removing it fails only when there is none (or when
    // something else is in the way); the rename below fails then, and says so.
    let _ = fs::remove_file(db);
    let Some(kept) = kept else {
        return format!("the restore failed and the database was left as it was: {err}");
    };
    match fs::rename(kept, db) {
        Ok(()) => format!("the restore failed and the database was left as it was: {err}"),
        Err(why) => format!(
            "the restore failed ({err}), and the old database could not be put back ({why}): \
             it is kept at {kept}; put it back with: mv {kept} {db}",
            kept = kept.display(),
            db = db.display()
        ),
    }
}

/// An exclusive lock on the database file, held by `serve` for its whole life and taken by
/// `restore`, so the two never meet. The OS drops it when the process dies, even by `kill -9`.
pub struct ServerLock {
    /// Held, never read: the lock lasts as long as the open file.
    _file: File,
}

impl ServerLock {
    pub fn acquire(db: &Path) -> Result<ServerLock, String> {
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(db)
            .map_err(|e| format!("cannot open {}: {e}", db.display()))?;
        match file.try_lock() {
            Ok(()) => Ok(ServerLock { _file: file }),
            Err(fs::TryLockError::WouldBlock) => Err(format!(
                "a jyoti server is using {}; stop it first",
                db.display()
            )),
            Err(fs::TryLockError::Error(e)) => Err(format!("cannot lock {}: {e}", db.display())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `jyoti.db` and the name its replaced file was moved to, in a new folder.
    fn database_and_kept() -> (tempfile::TempDir, PathBuf, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("jyoti.db");
        let kept = dir.path().join("jyoti.db.replaced-1");
        fs::write(&kept, b"old").unwrap();
        (dir, db, kept)
    }

    #[test]
    fn a_failed_restore_puts_the_old_database_back_and_says_so() {
        let (_dir, db, kept) = database_and_kept();
        fs::write(&db, b"half").unwrap();
        let said = put_back(Some(&kept), &db, "disk full");
        assert_eq!(
            said,
            "the restore failed and the database was left as it was: disk full"
        );
        assert_eq!(fs::read(&db).unwrap(), b"old");
        assert!(!kept.exists());
    }

    #[test]
    fn a_restore_that_cannot_put_the_old_database_back_says_where_it_is_and_how() {
        let (_dir, db, kept) = database_and_kept();
        // In the way of the rename, and not a file that removing the half copy would clear.
        fs::create_dir(&db).unwrap();
        fs::write(db.join("other"), b"").unwrap();
        let said = put_back(Some(&kept), &db, "disk full");
        assert!(!said.contains("left as it was"), "{said}");
        let (kept_shown, db_shown) = (kept.display(), db.display());
        assert!(said.contains("disk full"), "{said}");
        assert!(
            said.contains(&format!("it is kept at {kept_shown}")),
            "{said}"
        );
        assert!(
            said.contains(&format!("mv {kept_shown} {db_shown}")),
            "{said}"
        );
        assert_eq!(fs::read(&kept).unwrap(), b"old");
    }
}

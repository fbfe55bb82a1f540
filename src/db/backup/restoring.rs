//! Restore: a backup that passed the checks put in place of the database, the replaced file kept
//! beside it, and the lock that keeps a restore and a running server apart.

use super::super::configure;
use super::{check, copy_pages, open_read_only, stamp, TAKEN_AT};
use rusqlite::Connection;
use std::fs::{self, File};
use std::path::{Path, PathBuf};

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

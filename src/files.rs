//! The files of a database (the `.db`, its `-wal` and `-shm`, the copies kept beside it) and of
//! the backup folder: who owns them and who may read them.
//!
//! The service runs as its own user, but volunteers run the maintenance commands as root. A file
//! those commands create or replace is given to the owner of its folder, so the service can still
//! open it; and the server makes the files private at start, also after an upgrade from a build
//! that wrote them readable by all (they hold password hashes, the session secret and the SMTP
//! password).

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The folder a file is in (`.` for a bare name).
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// The database's own files: the `.db`, its side files and the copies kept beside it
/// (`jyoti.db.before-v10-….bak`, `jyoti.db.replaced-…`), all named after it.
fn database_files(db: &Path) -> Vec<PathBuf> {
    let Some(name) = db.file_name().and_then(|n| n.to_str()) else {
        return Vec::new();
    };
    let Ok(entries) = fs::read_dir(folder_of(db)) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter(|entry| {
            entry
                .file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(name))
        })
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
        .map(|entry| entry.path())
        .collect()
}

fn running_as_root() -> bool {
    // SAFETY: geteuid only reads the process's user id.
    unsafe { libc::geteuid() == 0 }
}

/// Gives `files` the owner and group of their folder when root made them: a command run as
/// root must not leave files the service's own user cannot open. Says what it changed.
fn give_to_folder_owner(files: &[PathBuf]) -> Vec<String> {
    if !running_as_root() {
        return Vec::new();
    }
    let mut changed = Vec::new();
    for file in files {
        let (Ok(meta), Ok(folder)) = (fs::metadata(file), fs::metadata(folder_of(file))) else {
            continue;
        };
        if (meta.uid(), meta.gid()) == (folder.uid(), folder.gid()) {
            continue;
        }
        match std::os::unix::fs::chown(file, Some(folder.uid()), Some(folder.gid())) {
            Ok(()) => changed.push(format!(
                "{} now belongs to {}",
                file.display(),
                user_name(folder.uid())
            )),
            Err(err) => changed.push(format!(
                "cannot give {} to {}: {err}",
                file.display(),
                user_name(folder.uid())
            )),
        }
    }
    changed
}

/// After a command that opened the database at `db`: its files belong to their folder's owner.
pub fn settle_database(db: &Path) {
    for note in give_to_folder_owner(&database_files(db)) {
        eprintln!("{note}");
    }
}

/// After a command that wrote `file` elsewhere (a backup): it belongs to its folder's owner.
pub fn settle_file(file: &Path) {
    for note in give_to_folder_owner(&[file.to_path_buf()]) {
        eprintln!("{note}");
    }
}

/// Makes the database's files (0600) and the backup folder (0700) with its files (0600)
/// private to their owner; says what it changed, for the log.
pub fn make_private(db: &Path, backup_dir: Option<&Path>) -> Vec<String> {
    let mut files = database_files(db);
    let mut notes = Vec::new();
    if let Some(dir) = backup_dir.filter(|dir| dir.is_dir()) {
        set_mode(dir, 0o700, &mut notes);
        if let Ok(entries) = fs::read_dir(dir) {
            files.extend(
                entries
                    .filter_map(Result::ok)
                    .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
                    .map(|entry| entry.path()),
            );
        }
    }
    for file in &files {
        set_mode(file, 0o600, &mut notes);
    }
    notes
}

fn set_mode(path: &Path, mode: u32, notes: &mut Vec<String>) {
    let Ok(meta) = fs::metadata(path) else {
        return;
    };
    let old = meta.permissions().mode() & 0o777;
    if old == mode {
        return;
    }
    match fs::set_permissions(path, fs::Permissions::from_mode(mode)) {
        Ok(()) => notes.push(format!(
            "made {} private (mode {old:o} → {mode:o})",
            path.display()
        )),
        Err(err) => notes.push(format!("cannot make {} private: {err}", path.display())),
    }
}

/// Why this process cannot write the database at `db`, when one of its files belongs to
/// another user: whose file it is, and the command that fixes it.
pub fn not_writable(db: &Path) -> Option<String> {
    // SAFETY: geteuid only reads the process's user id.
    let me = unsafe { libc::geteuid() };
    let side = |suffix: &str| PathBuf::from(format!("{}{suffix}", db.display()));
    for file in [db.to_path_buf(), side("-wal"), side("-shm")] {
        let Ok(meta) = fs::metadata(&file) else {
            continue;
        };
        if meta.uid() != me && !can_write(&file) {
            let (owner, runner) = (user_name(meta.uid()), user_name(me));
            return Some(format!(
                "cannot open the database {}: its file {} belongs to {owner}, not to {runner} who runs jyoti; \
                 fix it with: chown {runner}: {}*",
                db.display(),
                file.display(),
                db.display()
            ));
        }
    }
    None
}

/// Whether this process may write `file`, asked without opening it.
pub fn can_write(file: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(path) = std::ffi::CString::new(file.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: access only reads the NUL-terminated path.
    unsafe { libc::access(path.as_ptr(), libc::W_OK) == 0 }
}

/// The user's name, or their number when the system has no name for it.
pub fn user_name(uid: u32) -> String {
    let mut record: libc::passwd = unsafe { std::mem::zeroed() };
    let mut buffer = vec![0 as libc::c_char; 4096];
    let mut found: *mut libc::passwd = std::ptr::null_mut();
    // SAFETY: getpwuid_r fills `record` with pointers into `buffer`, which outlives their use.
    let status = unsafe {
        libc::getpwuid_r(
            uid,
            &mut record,
            buffer.as_mut_ptr(),
            buffer.len(),
            &mut found,
        )
    };
    if status != 0 || found.is_null() || record.pw_name.is_null() {
        return format!("user {uid}");
    }
    // SAFETY: pw_name points at a NUL-terminated string inside `buffer`.
    unsafe { std::ffi::CStr::from_ptr(record.pw_name) }
        .to_string_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_of_a_database_are_those_named_after_it() {
        let dir = tempfile::tempdir().unwrap();
        for name in [
            "jyoti.db",
            "jyoti.db-wal",
            "jyoti.db.replaced-1",
            "other.db",
        ] {
            fs::write(dir.path().join(name), b"x").unwrap();
        }
        let mut names: Vec<String> = database_files(&dir.path().join("jyoti.db"))
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["jyoti.db", "jyoti.db-wal", "jyoti.db.replaced-1"]);
    }

    #[test]
    fn files_readable_by_all_are_made_private_and_said_so() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("jyoti.db");
        let backups = dir.path().join("backups");
        fs::create_dir(&backups).unwrap();
        for file in [db.clone(), backups.join("jyoti-1.db")] {
            fs::write(&file, b"x").unwrap();
            fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();
        }
        fs::set_permissions(&backups, fs::Permissions::from_mode(0o755)).unwrap();
        let notes = make_private(&db, Some(&backups));
        assert_eq!(notes.len(), 3, "{notes:?}");
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&db), 0o600);
        assert_eq!(mode(&backups), 0o700);
        assert_eq!(mode(&backups.join("jyoti-1.db")), 0o600);
        assert!(
            make_private(&db, Some(&backups)).is_empty(),
            "nothing left to change"
        );
    }

    #[test]
    fn root_is_named_and_an_unknown_user_is_a_number() {
        assert_eq!(user_name(0), "root");
        assert_eq!(user_name(4_000_000), "user 4000000");
    }
}

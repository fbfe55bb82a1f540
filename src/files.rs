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
/// (`jyoti.db.before-v10-….bak`, `jyoti.db.replaced-…`), all named after it and a `-` or `.`
/// (another database, `jyoti.db2`, is not its).
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
                .and_then(|n| n.strip_prefix(name))
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['-', '.']))
        })
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
        .map(|entry| entry.path())
        .collect()
}

fn running_as_root() -> bool {
    current_uid() == 0
}

/// Gives `files` the owner and group of their folder when root made them: a command run as
/// root must not leave files the service's own user cannot open. Says on stderr what it
/// changed; a file it could not give away fails the command, which would otherwise end as if
/// the service could use it.
fn give_to_folder_owner(files: &[PathBuf]) -> Result<(), String> {
    if !running_as_root() {
        return Ok(());
    }
    let mut refused = Vec::new();
    for file in files {
        // A file gone since it was listed needs no owner.
        let (Ok(meta), Ok(folder)) = (fs::metadata(file), fs::metadata(folder_of(file))) else {
            continue;
        };
        if (meta.uid(), meta.gid()) == (folder.uid(), folder.gid()) {
            continue;
        }
        let owner = user_name(folder.uid());
        match std::os::unix::fs::chown(file, Some(folder.uid()), Some(folder.gid())) {
            Ok(()) => eprintln!("{} now belongs to {owner}", file.display()),
            Err(err) => refused.push(format!(
                "cannot give {file} to {owner} ({err}), so the service cannot open it; fix it with: chown --reference={folder} {file}",
                file = file.display(),
                folder = folder_of(file).display()
            )),
        }
    }
    match refused.is_empty() {
        true => Ok(()),
        false => Err(refused.join("; ")),
    }
}

/// After a command that opened the database at `db`: its files belong to their folder's owner.
pub fn settle_database(db: &Path) -> Result<(), String> {
    give_to_folder_owner(&database_files(db))
}

/// After a command that wrote `file` elsewhere (a backup): it belongs to its folder's owner.
pub fn settle_file(file: &Path) -> Result<(), String> {
    give_to_folder_owner(&[file.to_path_buf()])
}

/// Makes the database's files (0600) and the backups (0600) in the backup folder private to
/// their owner, and the folder itself (0700) when it holds nothing else; says what it changed,
/// for the log. A backup folder pointed at a shared folder by mistake (`/var/backups`, `/etc`)
/// keeps its own mode and every file that is not a backup of ours.
pub fn make_private(db: &Path, backup_dir: Option<&Path>) -> Vec<String> {
    let mut files = database_files(db);
    let mut notes = Vec::new();
    if let Some(dir) = backup_dir.filter(|dir| dir.is_dir()) {
        let Ok(entries) = fs::read_dir(dir) else {
            return notes;
        };
        let entries: Vec<fs::DirEntry> = entries.filter_map(Result::ok).collect();
        let ours = |entry: &fs::DirEntry| {
            entry.file_type().is_ok_and(|t| t.is_file())
                && entry
                    .file_name()
                    .to_str()
                    .is_some_and(|name| name.starts_with("jyoti-") && name.contains(".db"))
        };
        if entries.iter().all(ours) {
            set_mode(dir, 0o700, &mut notes);
        }
        files.extend(
            entries
                .iter()
                .filter(|entry| ours(entry))
                .map(fs::DirEntry::path),
        );
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

/// Why this process cannot write the database at `db`, asked before SQLite tries (its own error
/// would only wonder about the folder): the first of the database's files, or its folder, that
/// this user may not write, whose it is, and the command that fixes it.
pub fn not_writable(db: &Path) -> Option<String> {
    let side = |suffix: &str| PathBuf::from(format!("{}{suffix}", db.display()));
    let folder = folder_of(db).to_path_buf();
    // The folder too: SQLite makes the side files there, and the server its copies.
    for path in [db.to_path_buf(), side("-wal"), side("-shm"), folder.clone()] {
        let Ok(meta) = fs::metadata(&path) else {
            continue;
        };
        let Err(refused) = write_access(&path) else {
            continue;
        };
        let what = match path == folder {
            true => "folder",
            false => "file",
        };
        let shown = path.display();
        let why = match refused.raw_os_error() {
            Some(libc::EPERM) => {
                format!("is immutable; fix it with: chattr -i {shown}")
            }
            Some(libc::EROFS) => "is on a file system this process may only read (a read-only mount, or outside the service's ReadWritePaths)".to_string(),
            _ if meta.uid() != current_uid() => {
                let (owner, runner) = (user_name(meta.uid()), user_name(current_uid()));
                let fix = match path == folder {
                    true => shown.to_string(),
                    false => format!("{}*", db.display()),
                };
                format!("belongs to {owner}, not to {runner} who runs jyoti; fix it with: chown {runner}: {fix}")
            }
            _ => format!(
                "is read-only (mode {:o}); fix it with: chmod u+w {shown}",
                meta.permissions().mode() & 0o777
            ),
        };
        return Some(format!(
            "cannot open the database {}: its {what} {shown} {why}",
            db.display()
        ));
    }
    None
}

fn current_uid() -> u32 {
    // SAFETY: geteuid only reads the process's user id.
    unsafe { libc::geteuid() }
}

/// Whether this process may write `file`, asked without opening it.
pub fn can_write(file: &Path) -> bool {
    write_access(file).is_ok()
}

/// [`can_write`], with the reason of a refusal: `EPERM` for an immutable file (even to root),
/// `EROFS` for a read-only file system, `EACCES` for the owner and mode.
fn write_access(file: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(file.as_os_str().as_bytes())
        .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))?;
    // SAFETY: access only reads the NUL-terminated path.
    match unsafe { libc::access(path.as_ptr(), libc::W_OK) } {
        0 => Ok(()),
        _ => Err(std::io::Error::last_os_error()),
    }
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
            "jyoti.db2",
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

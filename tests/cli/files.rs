//! The database's files: owners after commands run as root, the start-up error that names a file it
//! cannot write with the fix, private modes.

use super::*;

/// uid and gid of `path`.
fn owner(path: &Path) -> (u32, u32) {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).unwrap();
    (meta.uid(), meta.gid())
}

#[test]
fn commands_run_as_root_leave_files_the_service_user_owns() {
    let dir = temp_dir();
    let home = dir.path().join("lib");
    std::fs::create_dir(&home).unwrap();
    let service = (65534, 65534);
    std::os::unix::fs::chown(&home, Some(service.0), Some(service.1)).unwrap();
    let db = home.join("jyoti.db");
    let db = db.to_str().unwrap();
    assert_ok(&account(
        "create-admin",
        "a@example.org",
        db,
        "a long password\n",
    ));
    assert_ok(&account(
        "reset-password",
        "a@example.org",
        db,
        "another long password\n",
    ));
    assert_ok(&jyoti(&["rotate-secret", "--db", db]));
    let copy = home.join("copy.db");
    assert_ok(&backup(db, copy.to_str().unwrap()));
    assert_ok(&restore(copy.to_str().unwrap(), db));
    let files: Vec<_> = std::fs::read_dir(&home)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(files.len() >= 3, "{files:?}");
    for path in &files {
        assert_eq!(
            owner(path),
            service,
            "{} belongs to the folder's owner",
            path.display()
        );
    }
}

/// `jyoti --port 0 --db <db>` started by the service's user (nobody), as systemd would.
fn serve_as_nobody(db: &Path) -> Output {
    Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", BIN])
        .args(["--port", "0", "--db"])
        .arg(db)
        .output()
        .expect("setpriv")
}

/// A folder `lib` that others may enter, in a new temp dir, with a database made in it by root.
fn database_made_by_root() -> (TempDir, std::path::PathBuf, std::path::PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir();
    let open = std::fs::Permissions::from_mode(0o755);
    std::fs::set_permissions(dir.path(), open.clone()).unwrap();
    let home = dir.path().join("lib");
    std::fs::create_dir(&home).unwrap();
    std::fs::set_permissions(&home, open).unwrap();
    let db = home.join("jyoti.db");
    assert_ok(&account(
        "create-admin",
        "a@example.org",
        db.to_str().unwrap(),
        "a long password\n",
    ));
    (dir, home, db)
}

#[test]
fn a_database_file_of_another_user_is_named_with_the_fix_at_start() {
    let (_dir, home, db) = database_made_by_root();
    let wal = home.join("jyoti.db-wal");
    std::fs::write(&wal, b"").unwrap();
    std::os::unix::fs::chown(&home, Some(65534), Some(65534)).unwrap();
    std::os::unix::fs::chown(&db, Some(65534), Some(65534)).unwrap();
    // The service's user (nobody) starts the server; the -wal is root's.
    let said = assert_refused(
        &serve_as_nobody(&db),
        "belongs to root, not to nobody who runs jyoti",
    );
    assert!(
        said.contains(&format!("chown nobody: {}*", db.display())),
        "{said}"
    );
    assert!(said.contains("jyoti.db-wal"), "{said}");
}

#[test]
fn a_folder_a_read_only_file_or_an_immutable_file_is_named_with_the_fix_at_start() {
    use std::os::unix::fs::PermissionsExt;
    let (_dir, home, db) = database_made_by_root();
    for entry in std::fs::read_dir(&home).unwrap() {
        std::os::unix::fs::chown(entry.unwrap().path(), Some(65534), Some(65534)).unwrap();
    }
    // The folder is still root's: SQLite could not make the -wal there.
    let home_shown = home.display();
    assert_refused(
        &serve_as_nobody(&db),
        &format!("its folder {home_shown} belongs to root, not to nobody who runs jyoti; fix it with: chown nobody: {home_shown}"),
    );

    std::os::unix::fs::chown(&home, Some(65534), Some(65534)).unwrap();
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    assert_refused(
        &serve_as_nobody(&db),
        &format!(
            "is read-only (mode 444); fix it with: chmod u+w {}",
            db.display()
        ),
    );

    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o600)).unwrap();
    let _frozen = support::Immutable::make(vec![db.clone()]);
    // Even root cannot write it, and no chown would help.
    let said = assert_refused(
        &jyoti(&["--port", "0", "--db", db.to_str().unwrap()]),
        &format!("is immutable; fix it with: chattr -i {}", db.display()),
    );
    assert!(!said.contains("chown"), "{said}");
}

#[test]
fn a_file_root_cannot_give_to_the_folder_owner_fails_the_command_with_the_fix() {
    let (_dir, home, db) = database_made_by_root();
    std::os::unix::fs::chown(&home, Some(65534), Some(65534)).unwrap();
    let stuck = home.join("jyoti.db.replaced-20250101-000000");
    std::fs::write(&stuck, b"an old copy").unwrap();
    let _frozen = support::Immutable::make(vec![stuck.clone()]);
    let output = account(
        "reset-password",
        "a@example.org",
        db.to_str().unwrap(),
        "another long password\n",
    );
    let (stuck, home) = (stuck.display(), home.display());
    assert_refused(&output, &format!("cannot give {stuck} to nobody"));
    assert_refused(
        &output,
        &format!("fix it with: chown --reference={home} {stuck}"),
    );
    assert_eq!(
        owner(&db),
        (65534, 65534),
        "the others are given all the same"
    );
}

#[test]
fn files_an_older_build_left_readable_by_all_are_made_private_at_start() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir();
    let db = file(&dir, "old.db");
    let backups = file(&dir, "backups");
    drop(serve(&db, &[]));
    std::fs::create_dir(&backups).unwrap();
    std::fs::write(format!("{backups}/jyoti-20250101-000000.db"), b"x").unwrap();
    let open = |path: &str, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    open(&db, 0o644);
    open(&backups, 0o755);
    open(&format!("{backups}/jyoti-20250101-000000.db"), 0o644);
    let start = || serve(&db, &["--backup-dir", &backups, "--backup-every", "1h"]);
    // The log of a start, once it has had its say.
    let log_of = |server: &Server| {
        let line = server.log.recv_timeout(Duration::from_secs(10)).unwrap();
        let mut lines = vec![line];
        while let Ok(line) = server.log.recv_timeout(Duration::from_millis(500)) {
            lines.push(line);
        }
        lines
    };
    let server = start();
    let lines = log_of(&server);
    for name in ["old.db", "old.db-wal", "old.db-shm"] {
        let said = format!("made {} private (mode 644 → 600)", file(&dir, name));
        assert!(lines.iter().any(|l| l.contains(&said)), "{said}: {lines:?}");
    }
    let mode = |path: &str| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    for private in [&db, &format!("{db}-wal"), &format!("{db}-shm")] {
        assert_eq!(mode(private), 0o600, "{private}");
    }
    assert_eq!(mode(&backups), 0o700);
    assert_eq!(mode(&format!("{backups}/jyoti-20250101-000000.db")), 0o600);
    drop(server);

    let lines = log_of(&start());
    assert!(
        !lines.iter().any(|l| l.contains("private")),
        "nothing left to say: {lines:?}"
    );
}

#[test]
fn files_the_program_writes_are_private_and_a_restore_keeps_the_owner_and_mode() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &str| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let dir = temp_dir();
    let (db, saved) = (file(&dir, "p.db"), file(&dir, "p-backup.db"));
    {
        let server = serve(&db, &[]);
        assert_eq!(server.contact(1), 201);
        assert_eq!(mode(&db), 0o600, "the database");
        assert_eq!(mode(&format!("{db}-wal")), 0o600, "its write-ahead log");
        assert_ok(&backup(&db, &saved));
        assert_eq!(mode(&saved), 0o600, "a backup");
    }
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o640)).unwrap();
    assert_ok(&restore(&saved, &db));
    assert_eq!(
        mode(&db),
        0o640,
        "the restored file keeps the replaced file's mode"
    );
}

#[test]
fn a_backup_folder_shared_with_other_programs_keeps_their_files_and_its_own_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir();
    let db = file(&dir, "shared.db");
    let shared = file(&dir, "var-backups");
    std::fs::create_dir_all(format!("{shared}/apt")).unwrap();
    let theirs = format!("{shared}/dpkg.status.0");
    let ours = format!("{shared}/jyoti-20250101-000000.db");
    std::fs::write(&theirs, b"another program's file").unwrap();
    std::fs::write(&ours, b"x").unwrap();
    let set = |path: &str, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    set(&shared, 0o755);
    set(&theirs, 0o644);
    set(&ours, 0o644);
    let server = serve(&db, &["--backup-dir", &shared, "--backup-every", "1h"]);
    let mode = |path: &str| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert!(
        wait_until(10, || mode(&ours) == 0o600),
        "our backup is made private"
    );
    assert_eq!(mode(&theirs), 0o644, "another program's file is left alone");
    assert_eq!(mode(&format!("{shared}/apt")), 0o755);
    assert_eq!(mode(&shared), 0o755, "a shared folder keeps its mode");
    drop(server);
}

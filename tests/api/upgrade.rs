//! Upgrading a database made by an earlier schema: rows kept, content seeded once, backup first.

use crate::helpers::{open_and_execute, query, temp_db};
use jyoti::db;
use rusqlite::Connection;

/// A database as schema version 1 left it, with a few rows.
fn version_one(path: &std::path::Path) {
    let conn = Connection::open(path).unwrap();
    conn.execute_batch(include_str!("../../schema.sql"))
        .unwrap();
    conn.execute_batch(
        "PRAGMA user_version = 1;
         INSERT INTO users (firstname, email, password_hash, is_admin) VALUES ('Old', 'old@example.org', 'x', 1);
         INSERT INTO notices (title, date) VALUES ('Old notice', '2023-04-05');
         INSERT INTO certificates (name, certinumber) VALUES ('Old holder', 77);
         INSERT INTO contacts (name, email, telephone, rating, message) VALUES ('Old', 'o@example.org', '1234567', 3, 'hi');",
    )
    .unwrap();
}

#[test]
fn a_version_one_database_is_backed_up_then_migrated_with_every_row_intact() {
    let (dir, path) = temp_db();
    version_one(&path);
    let (pool, notes) = db::open_noting(&path).unwrap();
    let conn = pool.get().unwrap();
    assert_eq!(
        db::migrations::version(&conn).unwrap(),
        db::migrations::LATEST
    );
    for (sql, kept) in [
        ("SELECT email FROM users", "old@example.org"),
        ("SELECT title FROM notices", "Old notice"),
        ("SELECT name FROM certificates", "Old holder"),
        ("SELECT message FROM contacts", "hi"),
    ] {
        assert_eq!(query::<String>(&conn, sql), kept);
    }
    let members: i64 = query(&conn, "SELECT count(*) FROM members");
    assert_eq!(members, 47, "default content seeded by the new step");

    assert_eq!(notes.len(), 1, "{notes:?}");
    let backup = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().contains(".before-v"))
        .expect("a backup before migrating");
    assert!(
        notes[0].contains(&backup.display().to_string()),
        "the log says where: {notes:?}"
    );
    assert_eq!(
        jyoti::db::backup::check(&backup).unwrap(),
        1,
        "the backup is the old version"
    );
}

#[test]
fn the_default_content_is_seeded_once_and_never_over_edits() {
    let (_dir, path) = temp_db();
    open_and_execute(
        &path,
        "UPDATE members SET name = 'Edited by the club' WHERE id = 1;
         DELETE FROM cards WHERE section = 'works';",
    );
    let (pool, notes) = db::open_noting(&path).unwrap();
    assert!(notes.is_empty(), "no migration, no backup: {notes:?}");
    let conn = pool.get().unwrap();
    let name: String = query(&conn, "SELECT name FROM members WHERE id = 1");
    assert_eq!(name, "Edited by the club");
    let works: i64 = query(&conn, "SELECT count(*) FROM cards WHERE section = 'works'");
    assert_eq!(works, 0);
    let rosters: i64 = query(&conn, "SELECT count(*) FROM rosters");
    assert_eq!(rosters, 3);
}

#[test]
fn a_fresh_database_and_an_upgraded_one_have_the_same_schema() {
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("fresh.db");
    let old = dir.path().join("old.db");
    version_one(&old);
    let schema = |path: &std::path::Path| -> Vec<String> {
        let pool = db::open(path).unwrap();
        let conn = pool.get().unwrap();
        let mut stmt = conn
            .prepare("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name")
            .unwrap();
        stmt.query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    assert_eq!(schema(&fresh), schema(&old));
}

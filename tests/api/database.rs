//! The database file: PRAGMAs on every connection, migrations, clear errors.

use crate::helpers::{open_and_execute, query, temp_db};
use jyoti::db;
use rusqlite::Connection;

#[test]
fn every_pooled_connection_has_the_pragmas_in_force() {
    let (_dir, path) = temp_db();
    let pool = db::open(&path).unwrap();
    let connections: Vec<_> = (0..3).map(|_| pool.get().unwrap()).collect();
    for conn in &connections {
        let pragma = |name: &str| match query(conn, &format!("PRAGMA {name}")) {
            rusqlite::types::Value::Integer(i) => i.to_string(),
            rusqlite::types::Value::Text(t) => t,
            other => format!("{other:?}"),
        };
        assert_eq!(pragma("busy_timeout"), "5000");
        assert_eq!(pragma("journal_mode"), "wal");
        assert_eq!(pragma("synchronous"), "2", "FULL");
        assert_eq!(pragma("foreign_keys"), "1");
    }
}

#[test]
fn a_new_database_is_at_the_latest_schema_version() {
    let (_dir, path) = temp_db();
    let pool = db::open(&path).unwrap();
    let conn = pool.get().unwrap();
    assert_eq!(
        db::migrations::version(&conn).unwrap(),
        db::migrations::LATEST
    );
}

#[test]
fn opening_again_keeps_every_row_and_runs_no_step_twice() {
    let (_dir, path) = temp_db();
    open_and_execute(
        &path,
        "INSERT INTO notices (title, date) VALUES ('kept', '2025-01-01')",
    );
    let pool = db::open(&path).unwrap();
    let title: String = query(&pool.get().unwrap(), "SELECT title FROM notices");
    assert_eq!(title, "kept");
}

#[test]
fn a_database_from_a_newer_program_is_refused_untouched() {
    let (_dir, path) = temp_db();
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(&format!(
        "CREATE TABLE t (x); PRAGMA user_version = {};",
        db::migrations::LATEST + 5
    ))
    .unwrap();
    drop(conn);
    let Err(err) = db::open(&path) else {
        panic!("refused")
    };
    assert!(err.contains("newer"), "{err}");
}

#[test]
fn a_missing_folder_is_one_clear_sentence() {
    let Err(err) = db::open(std::path::Path::new("/definitely/not/here/jyoti.db")) else {
        panic!("refused")
    };
    assert!(err.contains("does not exist"), "{err}");
}

#[test]
fn a_file_that_is_not_sqlite_is_refused_with_a_sentence() {
    let (_dir, path) = temp_db();
    std::fs::write(
        &path,
        "this is not a database, just some text that is long enough to matter",
    )
    .unwrap();
    let Err(err) = db::open(&path) else {
        panic!("refused")
    };
    assert!(err.starts_with("cannot"), "{err}");
}

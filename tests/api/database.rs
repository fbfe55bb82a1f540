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

#[test]
fn writes_by_another_process_show_at_once_in_paged_lists_and_the_content() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    let page = || {
        app.get("/api/admin/users?page=1&size=50")
            .bearer(&admin)
            .send()
            .json()
    };
    assert_eq!(page()["total"], 1, "the kept ids are read");
    let before = app.content();
    // Another process, as `jyoti create-admin` would be: its own connection to the file.
    let other = Connection::open(app.dir.path().join("jyoti.db")).unwrap();
    other
        .execute_batch(
            "INSERT INTO users (firstname, email, password_hash, role)
                 VALUES ('Second', 'second@example.org', 'x', 'admin');
             UPDATE site_settings SET value = 'Changed elsewhere' WHERE key = 'heroTitle';",
        )
        .unwrap();
    let listed = page();
    assert_eq!(listed["total"], 2, "{listed}");
    let emails: Vec<&str> = listed["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|user| user["email"].as_str())
        .collect();
    assert!(emails.contains(&"second@example.org"), "{emails:?}");
    assert_ne!(app.content(), before, "the content document is built again");
}

//! `GET /api/admin/backup`: an admin downloads the whole database as one sound SQLite file.

use crate::helpers::{query, spawn_app_with_admin};
use serde_json::json;

#[test]
fn an_admin_downloads_a_backup_that_is_a_sound_database() {
    let (app, admin) = spawn_app_with_admin();
    let notice = json!({"title": "In the backup", "date": "2025-05-05"});
    app.create_notice(&admin, notice);
    let response = app.get("/api/admin/backup").bearer(&admin).send();
    assert_eq!(response.status, 200);
    let disposition = response.header("content-disposition").unwrap();
    assert!(disposition.contains(".db"), "{disposition}");
    assert!(response.body.starts_with(b"SQLite format 3\0"));
    let file = app.dir.path().join("fetched.db");
    std::fs::write(&file, &response.body).unwrap();
    assert!(jyoti::db::backup::check(&file).is_ok());
    let conn = rusqlite::Connection::open(&file).unwrap();
    let title: String = query(&conn, "SELECT title FROM notices");
    assert_eq!(title, "In the backup");
    let leftovers: Vec<_> = std::fs::read_dir(app.dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains("download"))
        .collect();
    assert!(leftovers.is_empty(), "temporary copies are removed");
}

#[test]
fn parallel_downloads_each_get_a_whole_copy() {
    let (app, admin) = spawn_app_with_admin();
    let statuses: Vec<(u16, bool)> = std::thread::scope(|scope| {
        let downloads: Vec<_> = (0..8)
            .map(|_| scope.spawn(|| app.get("/api/admin/backup").bearer(&admin).send()))
            .collect();
        downloads
            .into_iter()
            .map(|d| {
                let response = d.join().unwrap();
                (
                    response.status,
                    response.body.starts_with(b"SQLite format 3\0"),
                )
            })
            .collect()
    });
    assert_eq!(statuses, [(200, true); 8]);
}

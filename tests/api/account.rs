//! Password change, CSV export of messages, and the admin backup download.

use crate::helpers::{contact, spawn_app};
use serde_json::json;

#[test]
fn changing_the_password_needs_the_current_one_and_signs_other_sessions_out() {
    let app = spawn_app();
    let (_, first_session) = app.register("me@example.org");
    let second_session = app.login("me@example.org", "long enough password").json()["token"]
        .as_str()
        .unwrap()
        .to_owned();

    let wrong = app
        .post("/api/auth/password")
        .bearer(&first_session)
        .json(&json!({"currentPassword": "not it at all", "newPassword": "a brand new secret"}))
        .send();
    assert_eq!(wrong.status, 400);
    assert!(wrong.json()["errors"]["currentPassword"].is_string());

    let common = app
        .post("/api/auth/password")
        .bearer(&first_session)
        .json(&json!({"currentPassword": "long enough password", "newPassword": "password123"}))
        .send();
    assert_eq!(common.status, 400);
    assert!(common.json()["errors"]["newPassword"]
        .as_str()
        .unwrap()
        .contains("common"));

    let changed = app
        .post("/api/auth/password")
        .bearer(&first_session)
        .json(&json!({"currentPassword": "long enough password", "newPassword": "a brand new secret"}))
        .send();
    assert_eq!(changed.status, 200, "{}", changed.text());
    let fresh = changed.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(app.get("/api/auth/user").bearer(&fresh).send().status, 200);
    assert_eq!(
        app.get("/api/auth/user")
            .bearer(&first_session)
            .send()
            .status,
        401
    );
    assert_eq!(
        app.get("/api/auth/user")
            .bearer(&second_session)
            .send()
            .status,
        401
    );
    assert_eq!(
        app.login("me@example.org", "long enough password").status,
        401
    );
    assert_eq!(
        app.login("me@example.org", "a brand new secret").status,
        200
    );
}

#[test]
fn a_password_change_needs_a_session() {
    let app = spawn_app();
    let response = app
        .post("/api/auth/password")
        .json(&json!({"currentPassword": "x", "newPassword": "y"}))
        .send();
    assert_eq!(response.status, 401);
}

#[test]
fn registration_refuses_a_common_password_with_a_clear_message() {
    let app = spawn_app();
    let response = app
        .post("/api/auth/register")
        .json(&json!({"firstname": "C", "email": "c@example.org", "password": "Password123"}))
        .send();
    assert_eq!(response.status, 400);
    assert!(response.json()["errors"]["password"]
        .as_str()
        .unwrap()
        .contains("common"));
}

#[test]
fn contacts_export_as_csv_with_quoting_and_formulas_neutralised() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let (_, visitor) = app.register("visitor@example.org");
    let mut tricky = contact("Hello, \"friends\"\nsecond line");
    tricky["name"] = json!("=HYPERLINK(\"http://evil.example\")");
    assert_eq!(app.send_contact(tricky).status, 201);

    assert_eq!(app.get("/api/admin/contacts/csv").send().status, 401);
    assert_eq!(
        app.get("/api/admin/contacts/csv")
            .bearer(&visitor)
            .send()
            .status,
        403
    );
    let response = app.get("/api/admin/contacts/csv").bearer(&admin).send();
    assert_eq!(response.status, 200);
    assert!(response
        .header("content-type")
        .unwrap()
        .starts_with("text/csv"));
    assert!(response
        .header("content-disposition")
        .unwrap()
        .starts_with("attachment"));
    let csv = response.text();
    let mut lines = csv.split("\r\n");
    assert_eq!(
        lines.next(),
        Some("Name,Email,Telephone,Rating,Message,Sent at")
    );
    let row = lines.next().unwrap();
    assert!(row.starts_with("\"'=HYPERLINK(\"\"http://evil.example\"\")\",visitor@example.org,'+91 98765 43210,5star,"), "{row}");
    assert!(
        csv.contains("\"Hello, \"\"friends\"\"\nsecond line\""),
        "{csv}"
    );
}

#[test]
fn an_admin_downloads_a_backup_that_is_a_sound_database() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let (_, visitor) = app.register("visitor@example.org");
    app.create_notice(
        &admin,
        json!({"title": "In the backup", "date": "2025-05-05"}),
    );
    assert_eq!(app.get("/api/admin/backup").send().status, 401);
    assert_eq!(
        app.get("/api/admin/backup").bearer(&visitor).send().status,
        403
    );
    let response = app.get("/api/admin/backup").bearer(&admin).send();
    assert_eq!(response.status, 200);
    assert!(response
        .header("content-disposition")
        .unwrap()
        .contains(".db"));
    assert!(response.body.starts_with(b"SQLite format 3\0"));
    let file = app.dir.path().join("fetched.db");
    std::fs::write(&file, &response.body).unwrap();
    assert!(jyoti::db::backup::check(&file).is_ok());
    let conn = rusqlite::Connection::open(&file).unwrap();
    let title: String = conn
        .query_row("SELECT title FROM notices", [], |r| r.get(0))
        .unwrap();
    assert_eq!(title, "In the backup");
    let leftovers: Vec<_> = std::fs::read_dir(app.dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains("download"))
        .collect();
    assert!(leftovers.is_empty(), "temporary copies are removed");
}

//! The contact form, and the messages it leaves for admins: list, delete and CSV export.

use crate::helpers::{assert_deleted_once, assert_fields_refused, contact, id, len};
use crate::helpers::{spawn_app, spawn_app_with_admin};
use serde_json::json;

#[test]
fn a_visitor_sends_a_message_and_an_admin_reads_it_newest_first_then_deletes_it() {
    let (app, admin) = spawn_app_with_admin();
    let first = app.send_contact(contact("first"));
    assert_eq!(first.status, 201, "{}", first.text());
    assert_eq!(first.json()["subject"], "5star");
    let mut second = contact("second");
    second["subject"] = json!("2star");
    app.send_contact(second);
    let messages = || app.get("/api/admin/contacts").bearer(&admin).send().json();
    let list = messages();
    assert_eq!(len(&list), 2);
    assert_eq!(list[0]["message"], "second");
    assert_eq!(list[0]["subject"], "2star");
    assert_eq!(list[1]["message"], "first");
    for field in ["_id", "name", "email", "telephone", "subject", "message"] {
        assert!(list[0].get(field).is_some(), "{field}");
    }
    let path = format!("/api/admin/contacts_delete/{}", id(&list[0]));
    assert_deleted_once(&app, &admin, &path);
    assert_eq!(len(&messages()), 1);
}

#[test]
fn every_bad_contact_field_is_named() {
    let app = spawn_app();
    let bad = json!({"name": " ", "email": "not-an-email", "telephone": "12", "subject": "9star", "message": ""});
    let fields = ["name", "email", "telephone", "subject", "message"];
    assert_fields_refused(app.post("/api/form/contact"), bad, &fields);
    let missing = app.send_contact(json!({}));
    assert_eq!(missing.status, 400);
    assert_eq!(missing.json()["errors"].as_object().unwrap().len(), 5);
}

#[test]
fn limits_on_contact_field_lengths_hold() {
    let app = spawn_app();
    let mut long = contact(&"x".repeat(5001));
    assert_eq!(app.send_contact(long.clone()).status, 400);
    long["message"] = json!("x".repeat(5000));
    assert_eq!(app.send_contact(long.clone()).status, 201);
    long["name"] = json!("n".repeat(101));
    assert!(app.send_contact(long).json()["errors"]["name"].is_string());
}

#[test]
fn markup_in_a_message_is_stored_as_text() {
    let (app, admin) = spawn_app_with_admin();
    let markup = "<img src=x onerror=alert(1)>";
    assert_eq!(app.send_contact(contact(markup)).status, 201);
    let list = app.get("/api/admin/contacts").bearer(&admin).send().json();
    assert_eq!(list[0]["message"], markup);
}

#[test]
fn contacts_export_as_csv_with_quoting_and_formulas_neutralised() {
    let (app, admin) = spawn_app_with_admin();
    let mut tricky = contact("Hello, \"friends\"\nsecond line");
    tricky["name"] = json!("=HYPERLINK(\"http://evil.example\")");
    assert_eq!(app.send_contact(tricky).status, 201);

    let response = app.get("/api/admin/contacts/csv").bearer(&admin).send();
    assert_eq!(response.status, 200);
    let content_type = response.header("content-type").unwrap();
    assert!(content_type.starts_with("text/csv"), "{content_type}");
    let disposition = response.header("content-disposition").unwrap();
    assert!(disposition.starts_with("attachment"), "{disposition}");
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
fn a_csv_cell_with_a_semicolon_or_tab_is_quoted_for_locales_that_split_on_them() {
    let (app, admin) = spawn_app_with_admin();
    let mut tricky = contact("tab\there");
    tricky["name"] = json!("x;=1+1");
    assert_eq!(app.send_contact(tricky).status, 201);
    let csv = app
        .get("/api/admin/contacts/csv")
        .bearer(&admin)
        .send()
        .text();
    assert!(csv.contains("\r\n\"x;=1+1\","), "{csv}");
    assert!(csv.contains(",\"tab\there\","), "{csv}");
}

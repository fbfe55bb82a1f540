//! The contact form and the admin list of messages.

use crate::helpers::{contact, spawn_app};
use serde_json::json;

#[test]
fn a_visitor_sends_a_message_and_an_admin_reads_it_newest_first_then_deletes_it() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let first = app.send_contact(contact("first"));
    assert_eq!(first.status, 201, "{}", first.text());
    assert_eq!(first.json()["subject"], "5star");
    let mut second = contact("second");
    second["subject"] = json!("2star");
    app.send_contact(second);
    let list = app.get("/api/admin/contacts").bearer(&admin).send().json();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["message"], "second");
    assert_eq!(list[0]["subject"], "2star");
    assert_eq!(list[1]["message"], "first");
    for field in ["_id", "name", "email", "telephone", "subject", "message"] {
        assert!(list[0].get(field).is_some(), "{field}");
    }
    let id = list[0]["_id"].as_i64().unwrap();
    assert_eq!(
        app.delete(&format!("/api/admin/contacts_delete/{id}"))
            .bearer(&admin)
            .send()
            .status,
        200
    );
    assert_eq!(
        app.delete(&format!("/api/admin/contacts_delete/{id}"))
            .bearer(&admin)
            .send()
            .status,
        404
    );
    assert_eq!(
        app.get("/api/admin/contacts")
            .bearer(&admin)
            .send()
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn every_bad_contact_field_is_named() {
    let app = spawn_app();
    let response = app
        .send_contact(json!({"name": " ", "email": "not-an-email", "telephone": "12", "subject": "9star", "message": ""}));
    assert_eq!(response.status, 400);
    let errors = &response.json()["errors"];
    for field in ["name", "email", "telephone", "subject", "message"] {
        assert!(errors[field].is_string(), "{field} in {errors}");
    }
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
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let markup = "<img src=x onerror=alert(1)>";
    assert_eq!(app.send_contact(contact(markup)).status, 201);
    let list = app.get("/api/admin/contacts").bearer(&admin).send().json();
    assert_eq!(list[0]["message"], markup);
}

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

/// An app without the per-address limits (so a test can send many messages) and an admin.
fn unlimited() -> (crate::helpers::TestApp, String) {
    let app = crate::helpers::spawn_app_with(jyoti::config::Config {
        rate_limit: false,
        ..crate::helpers::test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    (app, admin)
}

/// A paged admin call's answer.
fn paged(app: &crate::helpers::TestApp, admin: &str, path: &str) -> serde_json::Value {
    let response = app.get(path).bearer(admin).send();
    assert_eq!(response.status, 200, "{path}: {}", response.text());
    response.json()
}

#[test]
fn contacts_come_in_pages_with_a_total_a_sort_and_a_full_text_search() {
    let (app, admin) = unlimited();
    for n in 0..25 {
        let mut message = contact(&format!("message number {n} about the evening class"));
        message["name"] = json!(format!("Sender {n:02}"));
        if n % 5 == 0 {
            message["message"] = json!(format!("Win a prize now {n}"));
        }
        assert_eq!(app.send_contact(message).status, 201);
    }
    let whole = app.get("/api/admin/contacts").bearer(&admin).send().json();
    assert_eq!(
        len(&whole),
        25,
        "without parameters: the spec's whole array"
    );

    let first = paged(&app, &admin, "/api/admin/contacts?page=1&size=10");
    assert_eq!(
        (
            first["total"].as_i64(),
            first["page"].as_i64(),
            first["size"].as_i64()
        ),
        (Some(25), Some(1), Some(10))
    );
    assert_eq!(len(&first["items"]), 10);
    assert_eq!(first["items"][0]["name"], "Sender 24", "newest first");
    assert_eq!(first["items"][0]["read"], false);
    let last = paged(&app, &admin, "/api/admin/contacts?page=3&size=10");
    assert_eq!(len(&last["items"]), 5);

    let by_name = paged(&app, &admin, "/api/admin/contacts?sort=name&size=3");
    assert_eq!(by_name["items"][0]["name"], "Sender 00");
    let spam = paged(&app, &admin, "/api/admin/contacts?q=prize");
    assert_eq!(spam["total"], 5);
    let prefix = paged(&app, &admin, "/api/admin/contacts?q=priz%20WIN");
    assert_eq!(prefix["total"], 5, "words match as prefixes, in any case");
    let odd = paged(&app, &admin, "/api/admin/contacts?q=%22%20NOT%20*");
    assert_eq!(
        odd["total"], 0,
        "query syntax typed in the box is only text"
    );

    let bad = app
        .get("/api/admin/contacts?page=0&sort=age")
        .bearer(&admin)
        .send();
    assert_eq!(bad.status, 400);
    assert!(bad.json()["errors"]["page"].is_string() && bad.json()["errors"]["sort"].is_string());
}

#[test]
fn a_deep_page_follows_every_new_and_deleted_message_at_once() {
    let (app, admin) = unlimited();
    for n in 0..30 {
        let mut message = contact("a message about the evening class");
        message["name"] = json!(format!("Sender {n:02}"));
        assert_eq!(app.send_contact(message).status, 201);
    }
    let names = |page: &serde_json::Value| -> Vec<String> {
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item["name"].as_str().unwrap().to_string())
            .collect()
    };
    let third = "/api/admin/contacts?sort=name&size=10&page=3";
    let before = paged(&app, &admin, third);
    assert_eq!(before["total"], 30);
    assert_eq!(
        names(&before).first().map(String::as_str),
        Some("Sender 20")
    );

    let mut first_by_name = contact("a message about the evening class");
    first_by_name["name"] = json!("Aaa first by name");
    assert_eq!(app.send_contact(first_by_name).status, 201);
    let after_new = paged(&app, &admin, third);
    assert_eq!(after_new["total"], 31, "the total counts the new message");
    assert_eq!(
        names(&after_new),
        (19..29)
            .map(|n| format!("Sender {n:02}"))
            .collect::<Vec<_>>(),
        "the new message moved every later page by one"
    );

    let last_id = after_new["items"][9]["_id"].as_i64().unwrap();
    let deleted = app
        .delete(&format!("/api/admin/contacts_delete/{last_id}"))
        .bearer(&admin)
        .send();
    assert_eq!(deleted.status, 200);
    let after_delete = paged(&app, &admin, third);
    assert_eq!(after_delete["total"], 30);
    assert_eq!(
        names(&after_delete).last().map(String::as_str),
        Some("Sender 29")
    );

    let beyond = paged(
        &app,
        &admin,
        "/api/admin/contacts?sort=name&size=10&page=40",
    );
    assert_eq!(
        (len(&beyond["items"]), beyond["total"].as_i64()),
        (0, Some(30))
    );
}

#[test]
fn an_admin_marks_a_message_read_and_unread() {
    let (app, admin) = spawn_app_with_admin();
    let sent = id(&app.send_contact(contact("read me")).json());
    let mark = |read: bool| {
        app.patch_json(
            &admin,
            &format!("/api/admin/contacts/{sent}"),
            &json!({ "read": read }),
        )
    };
    let read = mark(true);
    assert_eq!(read.status, 200);
    assert_eq!(read.json()["read"], true);
    assert_eq!(
        paged(&app, &admin, "/api/admin/contacts?page=1")["items"][0]["read"],
        true
    );
    assert_eq!(mark(false).json()["read"], false);
    let missing = app.patch_json(&admin, "/api/admin/contacts/999999", &json!({"read": true}));
    assert_eq!(missing.status, 404);
}

#[test]
fn spam_is_deleted_by_picked_ids_or_by_everything_matching_a_search() {
    let (app, admin) = spawn_app_with_admin();
    let ids: Vec<i64> = (0..6)
        .map(|n| {
            let text = if n < 4 {
                format!("cheap pills {n}")
            } else {
                format!("a real question {n}")
            };
            id(&app.send_contact(contact(&text)).json())
        })
        .collect();
    let delete = |body: serde_json::Value| {
        app.post("/api/admin/contacts/delete")
            .bearer(&admin)
            .json(&body)
            .send()
    };
    let picked = delete(json!({"ids": [ids[0], ids[1], 999999]}));
    assert_eq!(picked.status, 200);
    assert_eq!(picked.json()["deleted"], 2);
    assert_eq!(picked.json()["msg"], "2 messages deleted");
    let matching = delete(json!({"q": "pills"}));
    assert_eq!(matching.json()["deleted"], 2);
    assert_eq!(
        paged(&app, &admin, "/api/admin/contacts?q=pills")["total"],
        0
    );
    assert_eq!(
        paged(&app, &admin, "/api/admin/contacts?page=1")["total"],
        2,
        "the real questions stay"
    );
    assert_eq!(
        delete(json!({"ids": [1], "q": "x"})).status,
        400,
        "one or the other"
    );
    assert_eq!(
        paged(&app, &admin, "/api/admin/contacts?q=%22%20*")["total"],
        0
    );
    assert_eq!(
        delete(json!({"q": "\" *"})).json()["deleted"],
        0,
        "punctuation alone is no search for everything"
    );
    assert_eq!(
        delete(json!({"q": ""})).json()["deleted"],
        2,
        "an empty search means all"
    );
}

#[test]
fn the_csv_export_takes_the_search_and_large_lists_come_gzipped() {
    let (app, admin) = unlimited();
    for n in 0..30 {
        let text = if n % 3 == 0 {
            format!("lottery winner {n}")
        } else {
            format!("hello there {n}, a long enough message to matter")
        };
        assert_eq!(app.send_contact(contact(&text)).status, 201);
    }
    let csv = app
        .get("/api/admin/contacts/csv?q=lottery")
        .bearer(&admin)
        .send()
        .text();
    assert_eq!(
        csv.lines().filter(|l| l.contains("lottery winner")).count(),
        10,
        "{csv}"
    );
    assert!(!csv.contains("hello there"));
    let all = app
        .get("/api/admin/contacts/csv")
        .bearer(&admin)
        .send()
        .text();
    assert_eq!(all.split("\r\n").filter(|l| !l.is_empty()).count(), 31);
    let gzipped = app
        .get("/api/admin/contacts")
        .bearer(&admin)
        .header("Accept-Encoding", "gzip")
        .send();
    assert_eq!(gzipped.header("content-encoding"), Some("gzip"));
    assert_eq!(gzipped.header("vary"), Some("Accept-Encoding"));
}

#[test]
fn a_search_with_a_control_character_is_refused_everywhere_a_list_is_searched() {
    let (app, admin) = spawn_app_with_admin();
    app.send_contact(contact("a message"));
    for path in [
        "/api/admin/contacts?q=a%00b",
        "/api/admin/contacts/csv?q=a%00b",
        "/api/admin/users?q=a%00b",
        "/api/admin/servicelist?q=a%01b",
        "/api/admin/feedback?q=a%00b",
        "/api/admin/media?q=a%00b",
        "/api/admin/rosters/1/members?q=a%00b",
        "/api/admin/display_certificate?q=a%00b",
        "/api/admin/outbox?q=a%00b",
    ] {
        let response = app.get(path).bearer(&admin).send();
        assert_eq!(response.status, 400, "{path}: {}", response.text());
    }
    let delete = app
        .post("/api/admin/contacts/delete")
        .bearer(&admin)
        .json(&json!({"q": "a\u{0}b"}))
        .send();
    assert_eq!(delete.status, 400, "{}", delete.text());
    assert_eq!(app.query::<i64>("SELECT count(*) FROM contacts"), 1);
}

#[test]
fn the_unread_count_falls_as_messages_are_read() {
    let (app, admin) = spawn_app_with_admin();
    let unread = || {
        let answer = app.get("/api/admin/contacts/unread").bearer(&admin).send();
        assert_eq!(answer.status, 200, "{}", answer.text());
        answer.json()["unread"].as_i64().unwrap()
    };
    let before = unread();
    let sent = app
        .post("/api/form/contact")
        .json(&contact("Unread Sender"))
        .send();
    assert_eq!(sent.status, 201, "{}", sent.text());
    assert_eq!(unread(), before + 1);
    let sent_id = id(&sent.json());
    app.change(
        &admin,
        &format!("/api/admin/contacts/{sent_id}"),
        &json!({"read": true}),
    );
    assert_eq!(unread(), before);
    assert_eq!(app.get("/api/admin/contacts/unread").send().status, 401);
}

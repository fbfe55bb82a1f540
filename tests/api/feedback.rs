//! The feedback form's answers: kept, checked field by field, limited, listed and deleted by admins.

use crate::helpers::{assert_deleted_once, assert_fields_refused, id, len};
use crate::helpers::{spawn_app, spawn_app_with_admin};
use serde_json::{json, Value};
use std::thread;

fn answers() -> Value {
    json!({
        "name": "A Parent", "email": "Parent@Example.org", "mobile": "+91 98765 43210",
        "gender": "female", "interested": true, "rating": "4",
        "suggestion": "More <b>maths</b> classes, please"
    })
}

#[test]
fn an_answer_is_kept_as_sent_and_admins_read_it_newest_first() {
    let (app, admin) = spawn_app_with_admin();
    let sent = app.post("/api/form/feedback").json(&answers()).send();
    assert_eq!(sent.status, 201, "{}", sent.text());
    let only_a_rating = app
        .post("/api/form/feedback")
        .json(&json!({"rating": 5}))
        .send();
    assert_eq!(only_a_rating.status, 201, "{}", only_a_rating.text());

    let list = app.get("/api/admin/feedback").bearer(&admin).send().json();
    assert_eq!(len(&list), 2, "without parameters: the whole array");
    assert_eq!(list[0]["rating"], 5);
    assert_eq!(list[0]["name"], "");
    assert_eq!(list[0]["interested"], false);
    let first = &list[1];
    assert_eq!(first["name"], "A Parent");
    assert_eq!(first["email"], "parent@example.org");
    assert_eq!(first["mobile"], "+91 98765 43210");
    assert_eq!(first["gender"], "female");
    assert_eq!(first["interested"], true);
    assert_eq!(first["rating"], 4);
    assert_eq!(
        first["suggestion"], "More <b>maths</b> classes, please",
        "text, as typed"
    );
    assert!(first["createdAt"]
        .as_str()
        .is_some_and(|at| at.ends_with('Z')));

    let page = app
        .get("/api/admin/feedback?q=maths&size=5")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!((page["total"].as_i64(), len(&page["items"])), (Some(1), 1));
    let oldest = app
        .get("/api/admin/feedback?sort=oldest")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(oldest["items"][0]["name"], "A Parent");

    assert_deleted_once(&app, &admin, &format!("/api/admin/feedback/{}", id(first)));
    assert_eq!(
        len(&app.get("/api/admin/feedback").bearer(&admin).send().json()),
        1
    );
}

#[test]
fn every_bad_answer_is_named_and_a_form_without_answers_is_refused() {
    let app = spawn_app();
    let bad = json!({
        "name": "x".repeat(101), "email": "not-an-email", "mobile": "12", "gender": "robot",
        "rating": 9, "suggestion": "y".repeat(5001)
    });
    let fields = ["name", "email", "mobile", "gender", "rating", "suggestion"];
    assert_fields_refused(app.post("/api/form/feedback"), bad, &fields);
    let blank =
        json!({"name": " ", "email": " ", "suggestion": "  ", "rating": "", "interested": false});
    let refused = app.post("/api/form/feedback").json(&blank).send();
    assert_eq!(refused.status, 400, "{}", refused.text());
    assert_eq!(
        refused.json()["message"],
        "Fill in at least one answer before submitting."
    );
    let only_a_name = app
        .post("/api/form/feedback")
        .json(&json!({"name": "Someone"}))
        .send();
    assert_eq!(only_a_name.status, 201, "any one answer is an answer");
    let unknown = app
        .post("/api/form/feedback")
        .json(&json!({"rating": 3, "admin": true}))
        .send();
    assert_eq!(unknown.status, 400);
}

#[test]
fn only_admins_read_the_answers() {
    let (app, _) = spawn_app_with_admin();
    assert_eq!(app.get("/api/admin/feedback").send().status, 401);
    let (_, visitor) = app.register("visitor@example.org");
    assert_eq!(
        app.get("/api/admin/feedback")
            .bearer(&visitor)
            .send()
            .status,
        403
    );
}

#[test]
fn answers_are_limited_to_twenty_an_hour_from_one_address_even_when_sent_at_once() {
    let app = spawn_app();
    let statuses: Vec<u16> = thread::scope(|scope| {
        let sends: Vec<_> = (0..30)
            .map(|_| {
                scope.spawn(|| {
                    app.post("/api/form/feedback")
                        .json(&json!({"rating": 5}))
                        .send()
                        .status
                })
            })
            .collect();
        sends.into_iter().map(|send| send.join().unwrap()).collect()
    });
    assert_eq!(statuses.iter().filter(|status| **status == 201).count(), 20);
    assert_eq!(statuses.iter().filter(|status| **status == 429).count(), 10);
    let late = app
        .post("/api/form/feedback")
        .json(&json!({"rating": 1}))
        .send();
    assert_eq!(late.status, 429);
    assert!(late.header("retry-after").is_some());
}

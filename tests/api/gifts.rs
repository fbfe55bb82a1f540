//! "After paying, tell us": donors name a payment on the Support page; admins list the notes,
//! mark each gift received once it is on the statement, and the donor is thanked by mail once.

use crate::helpers::{assert_deleted_once, assert_fields_refused, id, len};
use crate::helpers::{spawn_app, spawn_app_mailing, spawn_app_with_admin, TestApp};
use crate::support::smtp::SmtpServer;
use serde_json::{json, Value};
use std::thread;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(15);

fn gift(name: &str, reference: &str) -> Value {
    json!({"name": name, "email": "donor@example.org", "amount": "1,500.50", "reference": reference})
}

fn tell(app: &TestApp, body: &Value) -> Value {
    let told = app.post("/api/form/gift").json(body).send();
    assert_eq!(told.status, 201, "{}", told.text());
    told.json()
}

fn mark(app: &TestApp, admin: &str, id: i64, received: bool) -> Value {
    let path = format!("/api/admin/gifts/{id}");
    app.change(admin, &path, &json!({ "received": received }))
        .json()
}

#[test]
fn a_gift_is_kept_with_its_amount_and_reference_as_a_bank_would_write_them() {
    let (app, admin) = spawn_app_with_admin();
    let told = tell(
        &app,
        &json!({"name": "  A Donor ", "email": "Donor@Example.org", "amount": "₹ 1,500.50",
                "reference": "4123 5678-9012"}),
    );
    assert_eq!(told["name"], "A Donor");
    assert_eq!(told["email"], "donor@example.org");
    assert_eq!(told["amount"], 1500.5, "rupees in the JSON, kept in paise");
    assert_eq!(told["reference"], "412356789012");
    assert_eq!(told["receivedAt"], Value::Null);
    assert_eq!(told["thankedAt"], Value::Null);
    let second = tell(
        &app,
        &json!({"name": "No Email", "amount": 500, "reference": "sbinr52024112500001"}),
    );
    assert_eq!(
        (second["amount"].as_f64(), second["email"].as_str()),
        (Some(500.0), Some(""))
    );
    assert_eq!(second["reference"], "SBINR52024112500001");
    assert_eq!(
        app.query::<i64>("SELECT amount_paise FROM gifts WHERE name = 'A Donor'"),
        150_050
    );

    let list = app.get("/api/admin/gifts").bearer(&admin).send().json();
    assert_eq!(
        len(&list),
        2,
        "without parameters: the whole array, newest first"
    );
    assert_eq!(list[0]["name"], "No Email");
    let page = app
        .get("/api/admin/gifts?q=412356&size=5")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!((page["total"].as_i64(), len(&page["items"])), (Some(1), 1));
    assert_eq!(page["items"][0]["name"], "A Donor");
    let waiting = app
        .get("/api/admin/gifts/waiting")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(waiting, json!({"waiting": 2}));

    mark(&app, &admin, id(&second), true);
    let waiting_first = app
        .get("/api/admin/gifts?sort=waiting")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(
        waiting_first["items"][0]["name"], "A Donor",
        "not yet received first"
    );
    let waiting = app
        .get("/api/admin/gifts/waiting")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(waiting["waiting"], 1);

    assert_deleted_once(&app, &admin, &format!("/api/admin/gifts/{}", id(&told)));
    assert_eq!(
        len(&app.get("/api/admin/gifts").bearer(&admin).send().json()),
        1
    );
}

#[test]
fn every_wrong_field_is_named() {
    let app = spawn_app();
    let bad =
        json!({"name": " ", "email": "not-an-email", "amount": "12.345", "reference": "12345"});
    assert_fields_refused(
        app.post("/api/form/gift"),
        bad,
        &["name", "email", "amount", "reference"],
    );
    for amount in [
        json!("0.50"),
        json!("-5"),
        json!("1e3"),
        json!("five hundred"),
        json!(10_000_000.01),
        json!(""),
    ] {
        let body = json!({"name": "A", "amount": amount, "reference": "412356789012"});
        assert_fields_refused(app.post("/api/form/gift"), body, &["amount"]);
    }
    for reference in ["UTR: 412356789012", "12345", &"1".repeat(36)] {
        let body = json!({"name": "A", "amount": 10, "reference": reference});
        assert_fields_refused(app.post("/api/form/gift"), body, &["reference"]);
    }
    let unknown = app
        .post("/api/form/gift")
        .json(&json!({"name": "A", "amount": 10, "reference": "412356789012", "receivedAt": "now"}))
        .send();
    assert_eq!(
        unknown.status, 400,
        "a donor cannot mark their own gift received"
    );
    assert_eq!(app.query::<i64>("SELECT count(*) FROM gifts"), 0);
}

#[test]
fn only_admins_read_and_mark_gifts() {
    let (app, _) = spawn_app_with_admin();
    let told = tell(&app, &gift("A Donor", "412356789012"));
    let (_, editor) = app.editor("editor@example.org");
    let (_, visitor) = app.register("visitor@example.org");
    let path = format!("/api/admin/gifts/{}", id(&told));
    for token in [None, Some(&visitor), Some(&editor)] {
        let expected = if token.is_some() { 403 } else { 401 };
        let with = |request: crate::helpers::Request| match token {
            Some(token) => request.bearer(token),
            None => request,
        };
        assert_eq!(with(app.get("/api/admin/gifts")).send().status, expected);
        assert_eq!(
            with(app.get("/api/admin/gifts/waiting")).send().status,
            expected
        );
        let marked = with(app.patch(&path))
            .json(&json!({"received": true}))
            .send();
        assert_eq!(marked.status, expected);
        assert_eq!(with(app.delete(&path)).send().status, expected);
    }
    assert_eq!(
        app.query::<Option<String>>("SELECT received_at FROM gifts"),
        None
    );
}

#[test]
fn notes_are_limited_to_ten_an_hour_from_one_address_even_when_sent_at_once() {
    let app = spawn_app();
    let body = gift("A Donor", "412356789012");
    let statuses: Vec<u16> = thread::scope(|scope| {
        let sends: Vec<_> = (0..16)
            .map(|_| scope.spawn(|| app.post("/api/form/gift").json(&body).send().status))
            .collect();
        sends.into_iter().map(|send| send.join().unwrap()).collect()
    });
    assert_eq!(statuses.iter().filter(|status| **status == 201).count(), 10);
    assert_eq!(statuses.iter().filter(|status| **status == 429).count(), 6);
    assert_eq!(app.query::<i64>("SELECT count(*) FROM gifts"), 10);
    let late = app.post("/api/form/gift").json(&body).send();
    assert_eq!(late.status, 429);
    assert!(late.header("retry-after").is_some());
}

#[test]
fn a_received_gift_is_thanked_by_mail_once() {
    let smtp = SmtpServer::start();
    let (app, admin) = spawn_app_mailing(&smtp.url());
    let told = tell(&app, &gift("মৌমিতা Donor", "4123 5678 9012"));
    let quiet = tell(
        &app,
        &json!({"name": "No Email", "amount": "100", "reference": "412356789013"}),
    );
    assert!(smtp.mails().is_empty(), "no mail before the money is found");

    let marked = mark(&app, &admin, id(&told), true);
    assert!(marked["receivedAt"].is_string());
    assert!(marked["thankedAt"].is_string());
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert_eq!(mail.to, ["donor@example.org"]);
    let body = mail.body();
    assert!(body.contains("Dear মৌমিতা Donor"), "{body}");
    assert!(
        body.contains("₹1,500.50") && body.contains("412356789012"),
        "{body}"
    );

    // Unmarked and marked again (a slip of the finger): the received time is new, no new mail.
    let unmarked = mark(&app, &admin, id(&told), false);
    assert_eq!(unmarked["receivedAt"], Value::Null);
    assert_eq!(unmarked["thankedAt"], marked["thankedAt"]);
    mark(&app, &admin, id(&told), true);
    let no_email = mark(&app, &admin, id(&quiet), true);
    assert!(no_email["receivedAt"].is_string());
    assert_eq!(
        no_email["thankedAt"],
        Value::Null,
        "nobody to thank by mail"
    );
    assert!(
        app.state.mail.wait_idle(Duration::from_secs(10)),
        "the outbox settles"
    );
    assert_eq!(smtp.mails().len(), 1);
    assert_eq!(app.query::<i64>("SELECT count(*) FROM outbox"), 0);

    let missing = app
        .patch("/api/admin/gifts/999")
        .bearer(&admin)
        .json(&json!({"received": true}))
        .send();
    assert_eq!(missing.status, 404);
    let not_a_flag = app
        .patch(&format!("/api/admin/gifts/{}", id(&told)))
        .bearer(&admin)
        .json(&json!({"received": "yes"}))
        .send();
    assert_eq!(not_a_flag.status, 400);
}

#[test]
fn without_email_a_received_gift_is_only_marked() {
    let (app, admin) = spawn_app_with_admin();
    let told = tell(&app, &gift("A Donor", "412356789012"));
    let marked = mark(&app, &admin, id(&told), true);
    assert!(marked["receivedAt"].is_string());
    assert_eq!(marked["thankedAt"], Value::Null);
    assert_eq!(app.query::<i64>("SELECT count(*) FROM outbox"), 0);
}

#[test]
fn a_donor_who_wrote_in_bengali_is_thanked_in_bengali() {
    let smtp = SmtpServer::start();
    let (app, admin) = spawn_app_mailing(&smtp.url());
    let mut body = gift("মৌমিতা দাস", "412356789014");
    body["lang"] = json!("bn");
    let told = tell(&app, &body);
    assert_eq!(told["lang"], "bn");
    let refused = app
        .post("/api/form/gift")
        .json(&json!({"name": "A", "amount": "100", "reference": "412356789015", "lang": "fr"}))
        .send();
    assert_eq!(refused.status, 400, "{}", refused.text());
    assert_eq!(refused.json()["errors"]["lang"], "must be en or bn");

    mark(&app, &admin, id(&told), true);
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert_eq!(mail.subject(), "জ্যোতির পাশে দাঁড়ানোর জন্য ধন্যবাদ");
    let text = mail.body();
    assert!(text.contains("প্রিয় মৌমিতা দাস"), "{text}");
    assert!(
        text.contains("₹১,৫০০.৫০") && text.contains("412356789014"),
        "{text}"
    );
    assert!(!text.contains("Thank you"), "{text}");
}

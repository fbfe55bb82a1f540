//! The cooling-off period for payment details: a change waits out `--payment-hold` before
//! donors see it, every admin is alerted at once, any admin can cancel, a second change
//! restarts the hold, and a site's first real details apply at once.

use crate::helpers::{assert_error, spawn_app_with, test_config, TestApp};
use jyoti::config::Config;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn app_holding(hold: Duration) -> (TestApp, String) {
    let app = spawn_app_with(Config {
        payment_hold: hold,
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    (app, admin)
}

fn upi(app: &TestApp) -> Value {
    app.content()["settings"]["upiId"].clone()
}

fn pending(app: &TestApp, admin: &str) -> Value {
    let answer = app
        .get("/api/admin/settings/payment-hold")
        .bearer(admin)
        .send();
    assert_eq!(answer.status, 200, "{}", answer.text());
    answer.json()["pending"].clone()
}

fn alert_subjects(app: &TestApp) -> Vec<String> {
    let conn = app.state.pool.get().unwrap();
    let mut stmt = conn
        .prepare("SELECT subject FROM alerts ORDER BY id")
        .unwrap();
    stmt.query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn a_change_waits_out_the_hold_while_donors_see_the_old_details_and_any_admin_can_cancel() {
    let (app, admin) = app_holding(Duration::from_secs(24 * 3600));
    let (_, second) = app.admin("second@example.org");
    // The sample details are no one's: the first real ones apply at once.
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "jyoti.real@sbi"}),
    );
    assert_eq!(upi(&app), "jyoti.real@sbi");
    assert_eq!(pending(&app, &admin), Value::Null);

    let saved = app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "someone.else@upi", "heroTitle": "Also saved"}),
    );
    let answer = saved.json();
    assert_eq!(answer["msg"], "Updated Successfully");
    assert_eq!(upi(&app), "jyoti.real@sbi", "donors keep the old details");
    assert_eq!(
        app.content()["settings"]["heroTitle"],
        "Also saved",
        "the rest applies"
    );
    let held = pending(&app, &second);
    assert_eq!(held, answer["pending"]);
    assert_eq!(
        held["changes"],
        json!([{"field": "upiId", "old": "jyoti.real@sbi", "new": "someone.else@upi"}])
    );
    assert!(held["by"].as_str().unwrap().contains("admin@example.org"));
    let due = jiff::Timestamp::from_str_exact(held["takesEffectAt"].as_str().unwrap());
    let wait = due.as_second() - jiff::Timestamp::now().as_second();
    assert!((86_390..=86_400).contains(&wait), "a day from now: {wait}");
    let qr = app.get("/api/donations/upi-qr.svg").send().text();
    assert!(!qr.is_empty());
    assert!(
        alert_subjects(&app).contains(&"Jyoti site: the payment details changed".to_owned()),
        "alerted at once: {:?}",
        alert_subjects(&app)
    );

    let cancelled = app
        .delete("/api/admin/settings/payment-hold")
        .bearer(&second)
        .send();
    assert_eq!(cancelled.status, 200, "{}", cancelled.text());
    assert_eq!(
        cancelled.json()["msg"],
        "The new payment details are cancelled"
    );
    assert_eq!(pending(&app, &admin), Value::Null);
    assert_eq!(upi(&app), "jyoti.real@sbi");
    assert!(alert_subjects(&app)
        .contains(&"Jyoti site: a change of the payment details was cancelled".to_owned()));
    let action: String =
        app.query("SELECT action FROM audit_log WHERE kind = 'payment' ORDER BY id DESC LIMIT 1");
    assert_eq!(action, "payment details change cancelled");
    assert_error(
        &app.delete("/api/admin/settings/payment-hold")
            .bearer(&second)
            .send(),
        404,
        "nothing left to cancel",
    );
}

trait FromStrExact {
    fn from_str_exact(text: &str) -> jiff::Timestamp;
}

impl FromStrExact for jiff::Timestamp {
    fn from_str_exact(text: &str) -> jiff::Timestamp {
        text.parse().expect("an RFC 3339 time")
    }
}

#[test]
fn a_held_change_takes_effect_when_its_hold_is_over_and_a_second_change_restarts_it() {
    let (app, admin) = app_holding(Duration::from_secs(4));
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "first@sbi"}),
    );
    let start = Instant::now();
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "second@sbi"}),
    );
    std::thread::sleep(Duration::from_millis(2_500));
    // Within the hold, another change: the hold starts again from now (to the second).
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiPayee": "Jyoti Night School"}),
    );
    let held = pending(&app, &admin);
    assert_eq!(held["changes"].as_array().unwrap().len(), 2, "{held}");
    while start.elapsed() < Duration::from_millis(5_000) {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(
        upi(&app),
        "first@sbi",
        "the first hold is over, not the restarted one"
    );
    app.eventually(|| (upi(&app) == "second@sbi").then_some(()));
    assert_eq!(app.content()["settings"]["upiPayee"], "Jyoti Night School");
    assert_eq!(pending(&app, &admin), Value::Null);
    let action: String =
        app.query("SELECT action FROM audit_log WHERE kind = 'payment' ORDER BY id DESC LIMIT 1");
    assert_eq!(action, "payment details took effect");
    assert!(alert_subjects(&app)
        .contains(&"Jyoti site: new payment details now shown to donors".to_owned()));
}

#[test]
fn with_no_hold_a_change_applies_at_once_and_is_alerted() {
    let (app, admin) = app_holding(Duration::ZERO);
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "first@sbi"}),
    );
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "second@sbi"}),
    );
    assert_eq!(upi(&app), "second@sbi");
    assert_eq!(pending(&app, &admin), Value::Null);
    let alerted = alert_subjects(&app)
        .iter()
        .filter(|s| *s == "Jyoti site: the payment details changed")
        .count();
    assert_eq!(alerted, 2);
}

#[test]
fn editors_touch_neither_payment_details_nor_what_donors_read_beside_them() {
    let (app, admin) = app_holding(Duration::from_secs(3600));
    let (_, editor) = app.editor("editor@example.org");
    for field in [
        json!({"upiId": "thief@upi"}),
        json!({"donationAccount": "123456789"}),
        json!({"donationAppeal": "Send money to my own account"}),
        json!({"donationPhone": "+91 98765 43210"}),
        json!({"donationRegistration": "x"}),
        json!({"donationTax": "x"}),
    ] {
        let refused = app.patch_json(&editor, "/api/admin/settings", &field);
        assert_error(&refused, 403, &field.to_string());
    }
    assert_error(
        &app.get("/api/admin/settings/payment-hold")
            .bearer(&editor)
            .send(),
        403,
        "an editor reads the hold",
    );
    let _ = admin;
}

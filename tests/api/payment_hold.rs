//! The cooling-off period for payment details: a change waits out `--payment-hold` before
//! donors see it, every admin is alerted at once, any admin can cancel, a second change
//! restarts the hold, and a site's first real details apply at once.

use crate::helpers::{assert_error, spawn_app_with, test_config, TestApp};
use jyoti::config::Config;
use jyoti::payment_hold::Due;
use serde_json::{json, Value};
use std::time::Duration;

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
    let qr_shown = app.get("/api/donations/upi-qr.svg").send().text();

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
    assert!(qr.contains("<svg"), "{qr}");
    assert_eq!(qr, qr_shown, "the QR code keeps paying the old UPI ID");
    assert!(
        app.alert_subjects()
            .contains(&"Jyoti site: the payment details changed".to_owned()),
        "alerted at once: {:?}",
        app.alert_subjects()
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
    assert!(app
        .alert_subjects()
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
    // A day's hold on the server's clock, which the test moves on instead of waiting: a look of
    // the worker's is made at once (`payment_hold::check`), so what did not happen yet is checked
    // after a look that would have made it happen. (The server's own worker looks too, each
    // second, on the same clock.)
    let (app, admin) = app_holding(Duration::from_secs(24 * 3600));
    let clock = app.state.config.clock.clone();
    let look = || {
        jyoti::payment_hold::check(&app.state.pool, &app.state.mail, &clock)
            .expect("the worker's look")
    };
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
    clock.move_on(Duration::from_secs(10 * 3600));
    assert_eq!(look(), Due::Nothing, "ten hours into the day's hold");
    // Within the hold, another change: the hold starts again from now (to the second).
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiPayee": "Jyoti Night School"}),
    );
    let held = pending(&app, &admin);
    assert_eq!(held["changes"].as_array().unwrap().len(), 2, "{held}");
    clock.move_on(Duration::from_secs(20 * 3600));
    assert_eq!(
        look(),
        Due::Nothing,
        "the first hold is over, not the restarted one"
    );
    assert_eq!(upi(&app), "first@sbi");
    clock.move_on(Duration::from_secs(5 * 3600));
    // Applied by this look, or by the worker's just before it.
    look();
    assert_eq!(upi(&app), "second@sbi", "the restarted hold is over");
    assert_eq!(app.content()["settings"]["upiPayee"], "Jyoti Night School");
    assert_eq!(pending(&app, &admin), Value::Null);
    let action: String =
        app.query("SELECT action FROM audit_log WHERE kind = 'payment' ORDER BY id DESC LIMIT 1");
    assert_eq!(action, "payment details took effect");
    assert!(app
        .alert_subjects()
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
    let alerted = app
        .alert_subjects()
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
        json!({"supportPhoto": "1"}),
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

/// How many alerts say the payment details changed.
fn changed_alerts(app: &TestApp) -> usize {
    app.alert_subjects()
        .iter()
        .filter(|s| *s == "Jyoti site: the payment details changed")
        .count()
}

#[test]
fn every_change_within_the_same_second_is_alerted_and_the_last_one_waits() {
    let (app, admin) = app_holding(Duration::from_secs(24 * 3600));
    app.change(&admin, "/api/admin/settings", &json!({"upiId": "real@sbi"}));
    assert_eq!(changed_alerts(&app), 1);
    for upi_id in ["a1@upi", "a2@upi", "a3@upi"] {
        app.change(&admin, "/api/admin/settings", &json!({"upiId": upi_id}));
    }
    assert_eq!(changed_alerts(&app), 4, "{:?}", app.alert_subjects());
    let held = pending(&app, &admin);
    assert_eq!(
        held["changes"],
        json!([{"field": "upiId", "old": "real@sbi", "new": "a3@upi"}])
    );
    let last: String = app.query("SELECT body FROM alerts ORDER BY id DESC LIMIT 1");
    assert!(last.contains("a3@upi"), "{last}");
}

#[test]
fn changing_the_details_back_cancels_the_waiting_change_alerted_and_logged() {
    let (app, admin) = app_holding(Duration::from_secs(24 * 3600));
    app.change(&admin, "/api/admin/settings", &json!({"upiId": "real@sbi"}));
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "thief@upi"}),
    );
    assert_ne!(pending(&app, &admin), Value::Null);
    app.change(&admin, "/api/admin/settings", &json!({"upiId": "real@sbi"}));
    assert_eq!(pending(&app, &admin), Value::Null);
    assert_eq!(upi(&app), "real@sbi");
    assert_eq!(
        app.alert_subjects().last().map(String::as_str),
        Some("Jyoti site: a change of the payment details was cancelled")
    );
    let (kind, action): (String, String) = {
        let conn = app.state.pool.get().unwrap();
        conn.query_row(
            "SELECT kind, action FROM audit_log ORDER BY id DESC LIMIT 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap()
    };
    assert_eq!(
        (kind.as_str(), action.as_str()),
        ("payment", "payment details change cancelled")
    );
}

#[test]
fn clearing_the_payment_details_is_a_change_like_any_other() {
    let (app, admin) = app_holding(Duration::from_secs(24 * 3600));
    app.change(&admin, "/api/admin/settings", &json!({"upiId": "real@sbi"}));
    app.change(&admin, "/api/admin/settings", &json!({"upiId": ""}));
    assert_eq!(upi(&app), "real@sbi", "donors keep the details meanwhile");
    assert_eq!(
        pending(&app, &admin)["changes"],
        json!([{"field": "upiId", "old": "real@sbi", "new": ""}])
    );
    assert_eq!(changed_alerts(&app), 2);
}

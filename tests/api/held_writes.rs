//! An admin's write that names another UPI ID where visitors read it (a notice, a gallery photo
//! of a UPI QR code) is not refused but held like a change of the payment details: every admin
//! is alerted, any admin can cancel it, and when the hold is over the server makes the call as
//! that admin, unless they are no longer one. Editors are refused, as before.

use crate::alarm::qr_photo;
use crate::helpers::{id, spawn_app_with, test_config, TestApp};
use jyoti::config::Config;
use jyoti::held_writes::Why;
use serde_json::{json, Value};
use std::time::Duration;

const DAY: Duration = Duration::from_secs(24 * 3600);

fn app() -> (TestApp, String) {
    let app = spawn_app_with(Config {
        payment_hold: DAY,
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    // The first real payment details apply at once.
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "jyoti.real@sbi"}),
    );
    (app, admin)
}

/// Posts a notice titled `title` as `token`, which the server holds: its 202 answer.
fn held_notice(app: &TestApp, token: &str, title: &str) -> crate::helpers::Response {
    let notice = json!({"title": title, "date": "2026-11-28"});
    let answer = app
        .post("/api/admin/service")
        .bearer(token)
        .json(&notice)
        .send();
    assert_eq!(answer.status, 202, "{}", answer.text());
    answer
}

fn held(app: &TestApp, admin: &str) -> Vec<Value> {
    let answer = app.get("/api/admin/held-writes").bearer(admin).send();
    assert_eq!(answer.status, 200, "{}", answer.text());
    answer.json()["held"].as_array().unwrap().clone()
}

fn notice_titles(app: &TestApp) -> Vec<String> {
    let list = app.get("/api/admin/servicelist").send().json();
    list.as_array()
        .unwrap()
        .iter()
        .map(|notice| notice["title"].as_str().unwrap().to_owned())
        .collect()
}

fn captions(app: &TestApp) -> Vec<String> {
    app.content()["gallery"]
        .as_array()
        .unwrap()
        .iter()
        .map(|image| image["caption"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn an_admins_notice_naming_another_upi_id_waits_out_the_hold_then_is_posted_as_them() {
    let (app, admin) = app();
    let (_, editor) = app.editor("editor@example.org");
    let answer = held_notice(&app, &admin, "Fees: pay thief@ybl today");
    let said = answer.json();
    let why = said["message"].as_str().unwrap();
    assert!(
        why.starts_with("Held: this names the UPI ID thief@ybl") && why.contains("Settings"),
        "{why}"
    );
    assert!(!notice_titles(&app).contains(&"Fees: pay thief@ybl today".to_owned()));
    // Listed for admins, with who made it and when it takes effect; not for editors.
    let waiting = held(&app, &admin);
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0]["_id"], said["held"]["_id"]);
    assert_eq!(waiting[0]["upiId"], "thief@ybl");
    assert_eq!(waiting[0]["field"], "title");
    assert_eq!(waiting[0]["call"], "POST /api/admin/service");
    assert!(waiting[0]["by"]
        .as_str()
        .unwrap()
        .contains("admin@example.org"));
    assert_eq!(waiting[0]["takesEffectAt"], said["held"]["takesEffectAt"]);
    let refused = app.get("/api/admin/held-writes").bearer(&editor).send();
    assert_eq!(refused.status, 403, "{}", refused.text());
    // Every admin is alerted, pinned; the log says it was held.
    let alerts = app
        .get("/api/admin/alerts?page=1&size=10")
        .bearer(&admin)
        .send()
        .json();
    let alert = alerts["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|alert| {
            alert["subject"]
                .as_str()
                .unwrap()
                .contains("waits to be shown")
        })
        .unwrap_or_else(|| panic!("no alert of the held notice: {alerts}"))
        .clone();
    assert_eq!(alert["pinned"], true, "{alert}");
    assert!(alert["body"].as_str().unwrap().contains("thief@ybl"));
    let action: String = app.query(
        "SELECT action FROM audit_log WHERE kind = 'payment' AND action LIKE '%held%' LIMIT 1",
    );
    assert!(action.contains("thief@ybl"), "{action}");

    // When the hold is over, the notice is posted as the admin.
    app.state.config.clock.move_on(DAY);
    app.eventually(|| {
        notice_titles(&app)
            .contains(&"Fees: pay thief@ybl today".to_owned())
            .then_some(())
    });
    app.eventually(|| held(&app, &admin).is_empty().then_some(()));
    assert!(app
        .alert_subjects()
        .contains(&"Jyoti site: a text naming the UPI ID thief@ybl is now shown".to_owned()));
    let made: String = app.query(
        "SELECT actor FROM audit_log WHERE action = 'notice added' ORDER BY id DESC LIMIT 1",
    );
    assert!(made.contains("admin@example.org"), "{made}");
}

#[test]
fn a_gallery_photo_of_another_upi_qr_code_is_held_for_admins_refused_for_editors_and_cancelled() {
    let (app, admin) = app();
    let (_, second) = app.admin("second@example.org");
    let (_, editor) = app.editor("editor@example.org");
    // An editor's photo of another UPI ID's QR code is refused at upload; an admin's is kept.
    let refused = app.upload(&editor, "qr.png", &qr_photo("thief@ybl"));
    assert_eq!(refused.status, 400, "{}", refused.text());
    let kept = app.upload(&admin, "qr.png", &qr_photo("thief@ybl"));
    assert_eq!(kept.status, 201, "{}", kept.text());
    let photo = id(&kept.json());
    let image = json!({"caption": "Scan to give", "photoId": photo});
    let refused = app
        .post("/api/admin/gallery")
        .bearer(&editor)
        .json(&image)
        .send();
    assert_eq!(refused.status, 403, "{}", refused.text());
    let answer = app
        .post("/api/admin/gallery")
        .bearer(&admin)
        .json(&image)
        .send();
    assert_eq!(answer.status, 202, "{}", answer.text());
    assert!(!captions(&app).contains(&"Scan to give".to_owned()));
    // As the Home banner's photo too: the settings wait whole, the photo is not shown.
    let banner = app.patch_json(&admin, "/api/admin/settings", &json!({"heroPhoto": photo}));
    assert_eq!(banner.status, 202, "{}", banner.text());
    let shown = app.content()["settings"]["heroPhoto"].to_string();
    assert!(!shown.contains(&format!("/media/{photo}-")), "{shown}");
    let refused = app.patch_json(&editor, "/api/admin/settings", &json!({"heroPhoto": photo}));
    assert_eq!(refused.status, 403, "{}", refused.text());
    let waiting = held(&app, &second);
    assert_eq!(waiting.len(), 2, "{waiting:?}");
    assert_eq!(waiting[1]["field"], "heroPhoto");
    assert_eq!(waiting[0]["field"], "photoId");
    assert_eq!(waiting[0]["upiId"], "thief@ybl");
    // Another admin cancels it: never made, alerted, logged; a second cancel finds nothing.
    let path = format!("/api/admin/held-writes/{}", waiting[0]["_id"]);
    let cancelled = app.delete(&path).bearer(&second).send();
    assert_eq!(cancelled.status, 200, "{}", cancelled.text());
    assert_eq!(app.delete(&path).bearer(&second).send().status, 404);
    assert_eq!(app.delete(&path).bearer(&editor).send().status, 403);
    let left = held(&app, &admin);
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!(left[0]["field"], "heroPhoto");
    assert!(app
        .alert_subjects()
        .contains(&"Jyoti site: a held text naming the UPI ID thief@ybl was cancelled".to_owned()));
    let action: String =
        app.query("SELECT action FROM audit_log WHERE action LIKE 'held write cancelled%'");
    assert!(action.contains("thief@ybl"), "{action}");
    // The site's own QR code is welcome from anyone.
    let ours = app.upload(&editor, "qr.png", &qr_photo("jyoti.real@sbi"));
    let image = json!({"caption": "Our own code", "photoId": id(&ours.json())});
    let made = app
        .post("/api/admin/gallery")
        .bearer(&editor)
        .json(&image)
        .send();
    assert_eq!(made.status, 201, "{}", made.text());
}

#[test]
fn a_held_write_is_not_made_once_its_admin_is_no_longer_one() {
    let (app, admin) = app();
    let (second_id, second) = app.admin("second@example.org");
    held_notice(&app, &second, "Give to thief@ybl");
    let path = format!("/api/admin/users/update/{second_id}");
    app.change(&admin, &path, &json!({"role": "editor"}));
    app.state.config.clock.move_on(DAY + Duration::from_secs(1));
    app.eventually(|| held(&app, &admin).is_empty().then_some(()));
    assert!(!notice_titles(&app).contains(&"Give to thief@ybl".to_owned()));
    assert!(app
        .alert_subjects()
        .contains(&"Jyoti site: a held text naming the UPI ID thief@ybl was not made".to_owned()));
}

#[test]
fn with_no_payment_hold_an_admins_notice_naming_another_upi_id_is_posted_at_once_and_alerted() {
    // `--payment-hold 0` applies new payment details at once; such a notice goes at once too.
    let app = spawn_app_with(Config {
        payment_hold: Duration::ZERO,
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    let (_, editor) = app.editor("editor@example.org");
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "jyoti.real@sbi"}),
    );
    let notice = json!({"title": "Pay thief@ybl", "date": "2026-11-28"});
    let refused = app
        .post("/api/admin/service")
        .bearer(&editor)
        .json(&notice)
        .send();
    assert_eq!(refused.status, 403, "{}", refused.text());
    let made = app
        .post("/api/admin/service")
        .bearer(&admin)
        .json(&notice)
        .send();
    assert_eq!(made.status, 201, "{}", made.text());
    assert!(notice_titles(&app).contains(&"Pay thief@ybl".to_owned()));
    assert!(held(&app, &admin).is_empty());
    assert!(app.alert_subjects().contains(
        &"Jyoti site: a text naming the UPI ID thief@ybl is shown (no payment hold is set)"
            .to_owned()
    ));
}

#[test]
fn a_cancel_and_the_servers_own_making_of_a_held_write_never_cross() {
    let (app, admin) = app();
    let (_, second) = app.admin("second@example.org");
    let answer = held_notice(&app, &admin, "Pay thief@ybl now");
    let write = id(&answer.json()["held"]);
    let path = format!("/api/admin/held-writes/{write}");
    let message = |answer: &crate::helpers::Response| {
        answer.json()["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    // While the server makes it, a Cancel is too late, says so, and removes nothing.
    {
        let _making = app.state.releasing.claim(write, Why::Made).unwrap();
        let late = app.delete(&path).bearer(&second).send();
        assert_eq!(late.status, 409, "{}", late.text());
        assert!(
            message(&late).starts_with("Too late to cancel"),
            "{}",
            late.text()
        );
        assert_eq!(held(&app, &admin).len(), 1);
    }
    // While an admin's Cancel is being saved, the server does not make it, though its hold is
    // over (it looks every second), and a second Cancel is told another admin is at it.
    {
        let _cancelling = app.state.releasing.claim(write, Why::Cancelled).unwrap();
        app.state.config.clock.move_on(DAY);
        let other = app.delete(&path).bearer(&admin).send();
        assert_eq!(other.status, 409, "{}", other.text());
        assert!(
            message(&other).contains("Another admin is cancelling"),
            "{}",
            other.text()
        );
        std::thread::sleep(Duration::from_millis(2500));
        assert!(!notice_titles(&app).contains(&"Pay thief@ybl now".to_owned()));
    }
    // Let go, the server makes it once, and a Cancel then finds nothing waiting.
    app.eventually(|| {
        notice_titles(&app)
            .contains(&"Pay thief@ybl now".to_owned())
            .then_some(())
    });
    app.eventually(|| held(&app, &admin).is_empty().then_some(()));
    assert_eq!(app.delete(&path).bearer(&second).send().status, 404);
    let made: i64 = app.query("SELECT count(*) FROM notices WHERE title = 'Pay thief@ybl now'");
    assert_eq!(made, 1);
}

//! Alerts as records: stored with their cause whatever the mail settings, shown to every admin
//! until read, mailed once email works (merged a minute apart), also to the server's
//! `--alert-to` addresses, and through the old mail settings when those are replaced.

use crate::helpers::{assert_error, spawn_app_with, test_config, TestApp};
use crate::limits::in_parallel;
use crate::support::smtp::{Mail, SmtpServer};
use jyoti::config::Config;
use jyoti::mail::MailOptions;
use serde_json::{json, Value};
use std::time::Duration;

/// An app with no mail server on its command line, alerts also to `alert_to`, alerts merged
/// `window` apart, and its admin's token.
fn app_alerting(alert_to: &[&str], window: Duration) -> (TestApp, String) {
    let app = spawn_app_with(Config {
        rate_limit: false,
        mail: MailOptions {
            alert_to: alert_to.iter().map(|a| (*a).to_owned()).collect(),
            alert_window: window,
            ..MailOptions::default()
        },
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    (app, admin)
}

/// A new SMTP server that the admin points the app's mail at through the Email screen, from
/// `school@example.org` (a change that is itself an alert).
fn mail_through_a_new_server(app: &TestApp, admin: &str) -> SmtpServer {
    let smtp = SmtpServer::start();
    let settings = json!({"host": "127.0.0.1", "port": smtp.port, "security": "none",
        "sender": "school@example.org", "siteAddress": "https://jyoti.example"});
    app.change(admin, "/api/admin/mail", &settings);
    smtp
}

/// Everyone the mails went to, each mail to one address.
fn recipients(mails: &[Mail]) -> Vec<String> {
    let mut to: Vec<String> = mails
        .iter()
        .map(|mail| {
            assert_eq!(mail.to.len(), 1, "one address a mail");
            mail.to[0].clone()
        })
        .collect();
    to.sort();
    to
}

fn alerts(app: &TestApp, token: &str) -> Value {
    let page = app
        .get("/api/admin/alerts?page=1&size=50")
        .bearer(token)
        .send();
    assert_eq!(page.status, 200, "{}", page.text());
    page.json()
}

/// Waits until every alert is queued as mail and the outbox has sent what it could: a mail that
/// comes later than this came too late.
fn all_mailed(app: &TestApp) {
    app.eventually(|| {
        let waiting: i64 = app.query("SELECT count(*) FROM alerts WHERE delivered_at IS NULL");
        (waiting == 0).then_some(())
    });
    assert!(app.state.mail.wait_idle(Duration::from_secs(10)));
}

fn unread(app: &TestApp, token: &str) -> i64 {
    let answer = app.get("/api/admin/alerts/unread").bearer(token).send();
    assert_eq!(answer.status, 200, "{}", answer.text());
    answer.json()["unread"].as_i64().unwrap()
}

#[test]
fn an_alert_raised_while_email_is_off_is_kept_shown_and_mailed_once_email_works() {
    let (app, admin) = app_alerting(&[], Duration::from_millis(300));
    let (second_id, second) = app.admin("second@example.org");
    let (id, _) = app.register("promoted@example.org");
    // Email is off: the change is still alerted, as a record.
    app.change(
        &admin,
        &format!("/api/admin/users/update/{id}"),
        &json!({"role": "editor"}),
    );
    let list = alerts(&app, &second);
    assert_eq!(list["unread"], 1);
    assert_eq!(list["alsoTo"], 0);
    let alert = &list["items"][0];
    assert_eq!(
        alert["subject"],
        "Jyoti site: the role of Test Visitor <promoted@example.org> changed"
    );
    assert!(alert["body"]
        .as_str()
        .unwrap()
        .contains("role: user → editor"));
    assert_eq!(alert["read"], false);
    // Each admin reads for themselves.
    let read = app
        .post("/api/admin/alerts/read")
        .bearer(&second)
        .json(&json!({"all": true}))
        .send();
    assert_eq!(read.status, 200, "{}", read.text());
    assert_eq!(unread(&app, &second), 0);
    assert_eq!(unread(&app, &admin), 1, "the other admin has not read it");
    let _ = second_id;

    // Email on: the held alert goes out, and the change of the settings, an alert too, in a
    // mail of its own.
    let smtp = mail_through_a_new_server(&app, &admin);
    let mails = smtp.wait_for(4, Duration::from_secs(10));
    let roles: Vec<Mail> = mails
        .into_iter()
        .filter(|mail| mail.body().contains("role: user → editor"))
        .collect();
    assert!(roles
        .iter()
        .all(|mail| !mail.body().contains("email settings")));
    assert_eq!(
        recipients(&roles),
        ["admin@example.org", "second@example.org"]
    );
}

#[test]
fn the_alert_to_addresses_get_every_alert_and_no_call_shows_them() {
    let (app, admin) = app_alerting(
        &["treasurer@example.org", "president@example.org"],
        Duration::from_millis(300),
    );
    let smtp = mail_through_a_new_server(&app, &admin);
    let mails = smtp.wait_for(3, Duration::from_secs(10));
    assert_eq!(
        recipients(&mails),
        [
            "admin@example.org",
            "president@example.org",
            "treasurer@example.org"
        ],
        "one mail each: nobody sees who else is told"
    );
    let list = alerts(&app, &admin);
    assert_eq!(list["alsoTo"], 2, "how many, never which");
    for path in [
        "/api/admin/alerts",
        "/api/admin/mail",
        "/api/admin/settings/payment-hold",
    ] {
        let text = app.get(path).bearer(&admin).send().text();
        assert!(
            !text.contains("treasurer@"),
            "{path} shows an --alert-to address"
        );
    }
}

#[test]
fn a_change_of_the_mail_server_is_also_mailed_through_the_old_one() {
    let (app, admin) = app_alerting(&[], Duration::from_millis(300));
    let old = mail_through_a_new_server(&app, &admin);
    old.wait_for(1, Duration::from_secs(10));
    // A rogue admin points the mail at a server of their own.
    let rogue = mail_through_a_new_server(&app, &admin);
    let told = old.wait_for(2, Duration::from_secs(10));
    let body = told[1].body();
    assert!(body.contains("the email settings"), "{body}");
    assert!(
        body.contains(&format!("Port: {} → {}", old.port, rogue.port)),
        "{body}"
    );
    // Clearing the server altogether is told through the old one too.
    let cleared = json!({"host": "", "sender": "school@example.org"});
    app.change(&admin, "/api/admin/mail", &cleared);
    app.eventually(|| {
        let told = rogue.mails();
        told.iter()
            .any(|mail| mail.body().contains("SMTP server: 127.0.0.1 → (empty)"))
            .then_some(())
    });
}

#[test]
fn alerts_a_minute_apart_are_merged_and_none_waits_longer_than_the_window() {
    let (app, admin) = app_alerting(&[], Duration::from_secs(4));
    // Registered before the window opens (with the first mail), and changed all at once: the
    // burst is the 30 changes alone, well within the window also on a busy machine.
    let ids: Vec<i64> = (0..30)
        .map(|n| app.register(&format!("burst{n}@example.org")).0)
        .collect();
    let smtp = mail_through_a_new_server(&app, &admin);
    smtp.wait_for(1, Duration::from_secs(10));
    let statuses = in_parallel(ids.len(), |n| {
        let path = format!("/api/admin/users/update/{}", ids[n]);
        app.patch_json(&admin, &path, &json!({"role": "editor"}))
    });
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    let mails = smtp.wait_for(2, Duration::from_secs(15));
    all_mailed(&app);
    let mails_now = smtp.mails();
    assert_eq!(
        mails_now.len(),
        mails.len(),
        "the burst is one mail: {}",
        mails_now.len()
    );
    let merged = mails_now[1].body();
    assert_eq!(
        merged.matches("role: user → editor").count(),
        30,
        "{merged}"
    );
    assert_eq!(
        mails_now[1].header("subject").as_deref(),
        Some("Jyoti site: 30 alerts")
    );
    assert!(
        merged.contains("Alerts: https://jyoti.example/admin/alerts"),
        "{merged}"
    );
}

#[test]
fn whoever_loses_the_admin_role_is_alerted_too_and_a_long_address_never_drops_the_alert() {
    let (app, admin) = app_alerting(&[], Duration::from_millis(200));
    let smtp = mail_through_a_new_server(&app, &admin);
    smtp.wait_for(1, Duration::from_secs(10));
    let label = "d".repeat(57);
    let long = format!("{}@{label}.{label}.{label}.example.org", "l".repeat(64));
    assert_eq!(long.len(), 250);
    let (id, _) = app.admin(&long);
    app.change(
        &admin,
        &format!("/api/admin/users/update/{id}"),
        &json!({"role": "editor"}),
    );
    // The mail settings' alert went to the one admin; this one to both admins.
    let mails = smtp.wait_for(3, Duration::from_secs(10));
    assert!(
        recipients(&mails[1..]).contains(&long),
        "the demoted admin hears of it: {:?}",
        recipients(&mails)
    );
    let subject: String = app.query("SELECT subject FROM alerts ORDER BY id DESC LIMIT 1");
    assert!(subject.chars().count() <= 200, "{subject}");
    // Deleted admins too.
    let (gone, _) = app.admin("leaving@example.org");
    let deleted = app
        .delete(&format!("/api/admin/users/delete/{gone}"))
        .bearer(&admin)
        .send();
    assert_eq!(deleted.status, 200, "{}", deleted.text());
    let mails = smtp.wait_for(5, Duration::from_secs(10));
    assert!(recipients(&mails[3..]).contains(&"leaving@example.org".to_owned()));
}

#[test]
fn alerts_are_for_admins_alone() {
    let (app, _admin) = app_alerting(&[], Duration::from_secs(60));
    let (_, editor) = app.editor("editor@example.org");
    for path in ["/api/admin/alerts", "/api/admin/alerts/unread"] {
        assert_eq!(app.get(path).bearer(&editor).send().status, 403, "{path}");
    }
}

#[test]
fn mail_to_the_alert_to_addresses_is_neither_listed_found_retried_nor_deleted() {
    let (app, admin) = app_alerting(&["treasurer@example.org"], Duration::from_millis(200));
    // A mail server that refuses: the alerts' mail stays in the outbox.
    let refusing = SmtpServer::refusing();
    let settings = json!({"host": "127.0.0.1", "port": refusing.port, "security": "none",
        "sender": "school@example.org"});
    app.change(&admin, "/api/admin/mail", &settings);
    let id: i64 = app.eventually(|| {
        let id: i64 =
            app.query("SELECT coalesce(max(id), 0) FROM outbox WHERE kind = 'server-alert'");
        (id > 0).then_some(id)
    });
    for path in [
        "/api/admin/outbox?page=1&size=50",
        "/api/admin/outbox?page=1&q=treasurer",
    ] {
        let listed = app.get(path).bearer(&admin).send();
        assert_eq!(listed.status, 200, "{}", listed.text());
        assert!(
            !listed.text().contains("treasurer"),
            "{path}: {}",
            listed.text()
        );
    }
    let admins_mail = app
        .get("/api/admin/outbox?page=1&q=admin%40")
        .bearer(&admin)
        .send();
    assert!(
        admins_mail.text().contains("admin@example.org"),
        "{}",
        admins_mail.text()
    );
    assert_error(
        &app.delete(&format!("/api/admin/outbox/{id}"))
            .bearer(&admin)
            .send(),
        404,
        "deleting the alarm's mail",
    );
    assert_error(
        &app.post(&format!("/api/admin/outbox/{id}/retry"))
            .bearer(&admin)
            .send(),
        404,
        "touching the alarm's mail",
    );
    let kept: i64 = app.query(&format!("SELECT count(*) FROM outbox WHERE id = {id}"));
    assert_eq!(kept, 1);
}

#[test]
fn with_a_mail_server_on_the_command_line_clearing_the_sender_silences_no_alarm() {
    let smtp = SmtpServer::start();
    let app = spawn_app_with(Config {
        rate_limit: false,
        mail: MailOptions {
            server: Some(jyoti::domain::SmtpServer::parse_url(&smtp.url()).unwrap()),
            alert_to: vec!["treasurer@example.org".to_owned()],
            alert_window: Duration::from_millis(200),
            ..MailOptions::default()
        },
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    let sender = json!({"sender": "school@example.org", "siteAddress": "https://jyoti.example"});
    app.change(&admin, "/api/admin/mail", &sender);
    app.change(&admin, "/api/admin/settings", &json!({"upiId": "real@sbi"}));
    all_mailed(&app);
    // A rogue admin turns email off by clearing the sender, then changes the UPI ID.
    app.change(&admin, "/api/admin/mail", &json!({"sender": ""}));
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "thief@upi"}),
    );
    let told = app.eventually(|| {
        smtp.mails()
            .into_iter()
            .find(|mail| mail.to == ["treasurer@example.org"] && mail.body().contains("thief@upi"))
    });
    assert_eq!(
        told.header("from")
            .as_deref()
            .map(|from| from.contains("jyoti@jyoti.example")),
        Some(true),
        "{:?}",
        told.header("from")
    );
    assert!(smtp
        .mails()
        .iter()
        .any(|mail| mail.to == ["admin@example.org"] && mail.body().contains("thief@upi")));
}

#[test]
fn alerts_waiting_for_their_minute_also_go_through_the_mail_server_being_replaced() {
    let (app, admin) = app_alerting(&["treasurer@example.org"], Duration::from_secs(30));
    let old = mail_through_a_new_server(&app, &admin);
    old.wait_for(2, Duration::from_secs(10));
    // Within the minute after that mail: the UPI change waits to be merged...
    app.change(&admin, "/api/admin/settings", &json!({"upiId": "real@sbi"}));
    // ...when a rogue admin points the mail elsewhere.
    let _rogue = mail_through_a_new_server(&app, &admin);
    let mails = old.wait_for(6, Duration::from_secs(10));
    for to in ["admin@example.org", "treasurer@example.org"] {
        let theirs: Vec<String> = mails[2..]
            .iter()
            .filter(|mail| mail.to == [to])
            .map(Mail::body)
            .collect();
        // Each in a mail of its own: the payment details first.
        assert!(theirs[0].contains("real@sbi"), "{theirs:?}");
        assert!(!theirs[0].contains("the email settings"), "{theirs:?}");
        assert!(
            theirs[1..]
                .iter()
                .any(|body| body.contains("the email settings")),
            "{theirs:?}"
        );
    }
}

#[test]
fn a_burst_of_over_a_hundred_alerts_waits_no_longer_than_its_minute() {
    let (app, admin) = app_alerting(&[], Duration::from_secs(3));
    let ids: Vec<i64> = (0..130)
        .map(|n| app.register(&format!("many{n}@example.org")).0)
        .collect();
    let smtp = mail_through_a_new_server(&app, &admin);
    smtp.wait_for(1, Duration::from_secs(10));
    for id in &ids {
        let path = format!("/api/admin/users/update/{id}");
        app.change(&admin, &path, &json!({"role": "editor"}));
    }
    // However the burst splits into mails (a slow machine spreads the 130 changes over more
    // than one window), the last alert leaves within its window of the last change.
    let raised = std::time::Instant::now();
    let told = |mails: &[Mail]| -> usize {
        mails[1..]
            .iter()
            .map(|mail| mail.body().matches("role: user → editor").count())
            .sum()
    };
    let mails = smtp.wait_until(Duration::from_secs(20), |mails| told(mails) >= 130);
    assert!(
        raised.elapsed() < Duration::from_secs(6),
        "130 alerts went within their window: {:?}",
        raised.elapsed()
    );
    assert_eq!(told(&mails), 130, "each alert once");
}

#[test]
fn whoever_loses_the_admin_role_hears_of_that_alone() {
    let (app, admin) = app_alerting(&[], Duration::from_secs(3));
    let smtp = mail_through_a_new_server(&app, &admin);
    smtp.wait_for(1, Duration::from_secs(10));
    let (id, _) = app.admin("leaving@example.org");
    let (other, _) = app.register("other@example.org");
    // Within one minute: an unrelated change, then the demotion, then another.
    app.change(&admin, "/api/admin/settings", &json!({"upiId": "real@sbi"}));
    let demote = format!("/api/admin/users/update/{id}");
    app.change(&admin, &demote, &json!({"role": "editor"}));
    let promote = format!("/api/admin/users/update/{other}");
    app.change(&admin, &promote, &json!({"role": "editor"}));
    all_mailed(&app);
    let theirs: Vec<_> = smtp
        .mails()
        .into_iter()
        .filter(|mail| mail.to == ["leaving@example.org"])
        .collect();
    assert_eq!(theirs.len(), 1, "one mail");
    let body = theirs[0].body();
    assert!(body.contains("leaving@example.org"), "{body}");
    assert!(
        !body.contains("real@sbi") && !body.contains("other@example.org"),
        "{body}"
    );
}

//! The Activity screen a person can read: entries filed by kind (sign-ins hidden unless asked
//! for), filtered by person, and the account events that matter logged: a reset link made by an
//! admin and its use, a password changed, sessions ended. And the links in alert mail.

use crate::helpers::{
    spawn_app_mailing, spawn_app_with, spawn_app_with_admin, test_config, TestApp, PASSWORD,
};
use crate::support::smtp::SmtpServer;
use jyoti::config::Config;
use jyoti::mail::MailOptions;
use serde_json::{json, Value};
use std::time::Duration;

fn activity(app: &TestApp, admin: &str, query: &str) -> Value {
    let page = app
        .get(&format!("/api/admin/audit?pageSize=100&{query}"))
        .bearer(admin)
        .send();
    assert_eq!(page.status, 200, "{query}: {}", page.text());
    page.json()
}

fn actions(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["action"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn sign_ins_are_hidden_unless_asked_for_and_each_kind_and_person_filters() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    assert_eq!(app.login("admin@example.org", PASSWORD).status, 200);
    app.create_notice(&editor, json!({"title": "Exam", "date": "2026-01-02"}));
    let (id, _) = app.register("someone@example.org");
    app.change(
        &admin,
        &format!("/api/admin/users/update/{id}"),
        &json!({"role": "editor"}),
    );

    let default = actions(&activity(&app, &admin, ""));
    assert!(!default.contains(&"signed in".to_owned()), "{default:?}");
    assert_eq!(
        actions(&activity(&app, &admin, "kind=signins")),
        ["signed in"]
    );
    assert!(actions(&activity(&app, &admin, "kind=all")).contains(&"signed in".to_owned()));
    assert_eq!(
        actions(&activity(&app, &admin, "kind=content")),
        ["notice added"]
    );
    assert_eq!(
        actions(&activity(&app, &admin, "kind=users")),
        ["user changed"]
    );
    let by_editor = activity(
        &app,
        &admin,
        "actor=Test%20Visitor%20%3Ceditor%40example.org%3E",
    );
    assert_eq!(actions(&by_editor), ["notice added"]);
    let people = app
        .get("/api/admin/audit/actors")
        .bearer(&admin)
        .send()
        .json();
    let people: Vec<&str> = people
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(
        people.contains(&"Test Visitor <editor@example.org>"),
        "{people:?}"
    );
    let bad = app
        .get("/api/admin/audit?kind=everything")
        .bearer(&admin)
        .send();
    assert_eq!(bad.status, 400);
    let csv = app
        .get("/api/admin/audit/csv?kind=signins")
        .bearer(&admin)
        .send()
        .text();
    assert_eq!(
        csv.lines().count(),
        2,
        "the header and the one sign-in: {csv}"
    );
}

#[test]
fn a_reset_link_mailed_to_its_owner_is_not_shown_to_the_admin_and_its_use_is_logged() {
    let smtp = SmtpServer::start();
    let (app, admin) = spawn_app_mailing(&smtp.url());
    let admin_token = admin;
    let settings = json!({"siteAddress": "https://jyoti.example"});
    app.change(&admin_token, "/api/admin/mail", &settings);
    let (id, _) = app.register("forgetful@example.org");
    let made = app
        .post(&format!("/api/admin/users/{id}/reset-link"))
        .bearer(&admin_token)
        .send();
    assert_eq!(made.status, 201, "{}", made.text());
    assert_eq!(made.json()["mailed"], true);
    assert_eq!(
        made.json()["link"],
        Value::Null,
        "mailed: not shown to the admin"
    );
    let mail = app.eventually(|| {
        smtp.mails()
            .into_iter()
            .find(|mail| mail.to == ["forgetful@example.org"])
    });
    let body = mail.body();
    let token = body
        .split("#token=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the link in the mail")
        .to_owned();
    let reset = app
        .post("/api/auth/reset-password")
        .json(&json!({"token": token, "password": "a brand new secret"}))
        .send();
    assert_eq!(reset.status, 200, "{}", reset.text());
    let users = actions(&activity(&app, &admin_token, "kind=users"));
    assert!(
        users.contains(&"user password reset link made".to_owned()),
        "{users:?}"
    );
    assert!(
        users.contains(&"password reset through a link".to_owned()),
        "{users:?}"
    );
}

#[test]
fn a_staff_password_change_and_sign_out_everywhere_are_logged() {
    let (app, admin) = spawn_app_with_admin();
    let (editor_id, editor) = app.editor("editor@example.org");
    let changed = app
        .post("/api/auth/password")
        .bearer(&editor)
        .json(&json!({"currentPassword": PASSWORD, "newPassword": "a brand new secret"}))
        .send();
    assert_eq!(changed.status, 200, "{}", changed.text());
    let done = app
        .post(&format!("/api/admin/users/{editor_id}/sign-out"))
        .bearer(&admin)
        .send();
    assert_eq!(done.status, 200);
    let page = activity(&app, &admin, "kind=users");
    let entries = page["items"].as_array().unwrap();
    let signed_out = entries
        .iter()
        .find(|entry| entry["action"] == "user signed out everywhere")
        .expect("sign-out everywhere is logged");
    assert_eq!(
        signed_out["target"],
        format!("user {editor_id} \"editor@example.org\"")
    );
    let changed = entries
        .iter()
        .find(|entry| entry["action"] == "password changed")
        .expect("a staff member's own password change is logged");
    assert!(changed["actor"]
        .as_str()
        .unwrap()
        .contains("editor@example.org"));
}

#[test]
fn signing_out_is_logged_for_staff_and_payment_changes_file_under_payment() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    let (_, visitor) = app.register("visitor@example.org");
    for token in [&editor, &visitor] {
        let out = app.post("/api/auth/logout").bearer(token).send();
        assert_eq!(out.status, 200, "{}", out.text());
    }
    let signins = activity(&app, &admin, "kind=signins");
    let out: Vec<&Value> = signins["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entry| entry["action"] == "signed out")
        .collect();
    assert_eq!(out.len(), 1, "the editor's, not the visitor's: {signins}");
    assert!(out[0]["actor"]
        .as_str()
        .unwrap()
        .contains("editor@example.org"));

    app.change(&admin, "/api/admin/settings", &json!({"upiId": "real@sbi"}));
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"heroTitle": "Not money"}),
    );
    let payment = activity(&app, &admin, "kind=payment");
    let changes = payment["items"][0]["changes"].to_string();
    assert_eq!(payment["items"].as_array().unwrap().len(), 1, "{payment}");
    assert!(changes.contains("real@sbi"), "{changes}");
}

#[test]
fn links_in_the_alert_about_a_new_site_address_go_to_the_address_before_the_change() {
    let smtp = SmtpServer::start();
    let app = spawn_app_with(Config {
        mail: MailOptions {
            server: Some(jyoti::domain::SmtpServer::parse_url(&smtp.url()).unwrap()),
            from: Some(jyoti::domain::Email::parse(Some("school@example.org".into())).unwrap()),
            alert_window: Duration::from_secs(1),
            ..MailOptions::default()
        },
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    app.change(
        &admin,
        "/api/admin/mail",
        &json!({"siteAddress": "https://jyoti.example"}),
    );
    let first = smtp.wait_for(1, Duration::from_secs(10));
    assert!(first[0]
        .body()
        .contains("https://jyoti.example/admin/audit"));
    std::thread::sleep(Duration::from_millis(100));
    app.change(
        &admin,
        "/api/admin/mail",
        &json!({"siteAddress": "https://phishing.example"}),
    );
    // The first alert went at once; this one at the end of the window after it.
    let mails = smtp.wait_for(2, Duration::from_secs(10));
    let body = mails[1].body();
    assert!(
        body.contains("The site's address: https://jyoti.example → https://phishing.example"),
        "{body}"
    );
    assert!(
        body.contains("Activity: https://jyoti.example/admin/audit"),
        "{body}"
    );
    assert!(!body.contains("https://phishing.example/admin"), "{body}");
}

/// The ids of an Activity answer's entries.
fn ids(page: &Value) -> Vec<i64> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["id"].as_i64().unwrap())
        .collect()
}

#[test]
fn each_kind_pages_through_the_whole_log_and_a_new_entry_shows_at_once() {
    let (app, admin) = spawn_app_with_admin();
    for day in 1..=9 {
        app.create_notice(
            &admin,
            json!({"title": format!("Notice {day}"), "date": "2026-01-02"}),
        );
        assert_eq!(app.login("admin@example.org", PASSWORD).status, 200);
    }
    // The unsearched lists read ids kept in memory; pages of 4 must add up to the whole list,
    // in the same order, with the same total.
    let queries = ["", "kind=all", "kind=content", "kind=signins"];
    let mut totals = Vec::new();
    for query in queries {
        let whole = activity(&app, &admin, query);
        let mut paged = Vec::new();
        for page in 1..=6 {
            let part = app
                .get(&format!("/api/admin/audit?pageSize=4&page={page}&{query}"))
                .bearer(&admin)
                .send()
                .json();
            assert_eq!(part["total"], whole["total"], "{query} page {page}");
            paged.extend(ids(&part));
        }
        assert_eq!(paged, ids(&whole), "{query}");
        totals.push(whole["total"].as_i64().unwrap());
    }
    assert_eq!(totals[2], 9, "nine notices added");
    assert!(totals[3] >= 9, "nine sign-ins at least: {totals:?}");
    assert_eq!(
        totals[1],
        totals[0] + totals[3],
        "all = not sign-ins + sign-ins"
    );

    // A write is on the first page at once: the kept ids are read again after the log changes.
    app.create_notice(&admin, json!({"title": "Late news", "date": "2026-01-03"}));
    let first = activity(&app, &admin, "");
    assert_eq!(first["total"].as_i64().unwrap(), totals[0] + 1);
    assert_eq!(actions(&first)[0], "notice added");
    assert!(first["items"][0]["target"]
        .as_str()
        .unwrap()
        .contains("Late news"));
}

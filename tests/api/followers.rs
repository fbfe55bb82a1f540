//! Notices by email: the double opt-in (nothing but the confirmation before it is confirmed, one
//! confirmation a day), each new notice in the follower's language with RFC 8058's one-click
//! unsubscribe headers, the unsubscribe POST, and the admins' Followers calls.

use crate::helpers::{assert_error, spawn_app_mailing, TestApp};
use crate::support::smtp::{Mail, SmtpServer};
use serde_json::json;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);
const SITE: &str = "http://jyoti.example";

fn app_with_site(smtp: &SmtpServer) -> (TestApp, String) {
    let (app, admin) = spawn_app_mailing(&smtp.url());
    app.state
        .pool
        .get()
        .unwrap()
        .execute(
            "INSERT INTO mail_settings (id, site_address) VALUES (1, ?1)",
            [SITE],
        )
        .unwrap();
    (app, admin)
}

fn follow(app: &TestApp, email: &str, lang: &str) -> crate::helpers::Response {
    app.post("/api/followers")
        .json(&json!({"email": email, "lang": lang}))
        .send()
}

/// The link in `mail` that starts with `start`.
fn link(mail: &Mail, start: &str) -> String {
    mail.body()
        .split_whitespace()
        .find(|word| word.starts_with(start))
        .unwrap_or_else(|| panic!("a link {start}… in {}", mail.body()))
        .to_owned()
}

fn token_of(link: &str) -> String {
    link.split("token=").nth(1).unwrap().to_owned()
}

#[test]
fn a_follower_confirms_then_gets_each_new_notice_with_a_one_click_unsubscribe() {
    let smtp = SmtpServer::start();
    let (app, admin) = app_with_site(&smtp);
    let asked = follow(&app, "parent@example.org", "bn");
    assert_eq!(asked.status, 202, "{}", asked.text());
    let confirmation = smtp.wait_for(1, WAIT).remove(0);
    assert_eq!(confirmation.to, ["parent@example.org"]);
    let confirm = link(&confirmation, &format!("{SITE}/bn/follow/confirm?token="));
    // Not confirmed yet: a new notice goes to nobody.
    let early = app.create_notice(&admin, json!({"title": "Early notice"}));
    assert!(early.get("told").is_none(), "{early}");
    // Asking again the same day sends no second confirmation, and answers the same.
    assert_eq!(
        follow(&app, "parent@example.org", "bn").json(),
        asked.json()
    );
    let confirmed = app
        .post("/api/followers/confirm")
        .json(&json!({"token": token_of(&confirm)}))
        .send();
    assert_eq!(confirmed.status, 200, "{}", confirmed.text());
    let again = app
        .post("/api/followers/confirm")
        .json(&json!({"token": token_of(&confirm)}))
        .send();
    assert_error(&again, 400, "a used confirmation link");

    let notice = app.create_notice(&admin, json!({"title": "Health camp on Sunday"}));
    assert_eq!(notice["told"], 1);
    let quiet = app.create_notice(
        &admin,
        json!({"title": "Quiet one", "tellFollowers": false}),
    );
    assert!(quiet.get("told").is_none());
    let mails = smtp.wait_for(2, WAIT);
    assert_eq!(
        mails.len(),
        2,
        "the confirmation and one notice: nothing before confirming"
    );
    let mail = &mails[1];
    assert!(
        mail.subject().contains("Health camp on Sunday"),
        "{}",
        mail.subject()
    );
    let id = notice["_id"].as_i64().unwrap();
    assert!(
        mail.body().contains(&format!("{SITE}/bn/notice/{id}")),
        "{}",
        mail.body()
    );
    let header = mail.header("List-Unsubscribe").expect("List-Unsubscribe");
    assert_eq!(
        mail.header("List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    let one_click = header.trim_matches(|c| c == '<' || c == '>');
    assert!(
        one_click.starts_with(&format!("{SITE}/api/followers/unsubscribe?token=")),
        "{header}"
    );
    let page_link = link(mail, &format!("{SITE}/bn/unsubscribe?token="));
    assert_eq!(token_of(&page_link), token_of(one_click));
    // The mail program's POST: the URL alone, a form body it always sends.
    let path = &one_click[SITE.len()..];
    let out = app
        .post(path)
        .raw_body(
            "application/x-www-form-urlencoded",
            b"List-Unsubscribe=One-Click".to_vec(),
        )
        .send();
    assert_eq!(out.status, 200, "{}", out.text());
    assert_eq!(
        app.post(path).send().status,
        200,
        "a second click is no error"
    );
    let after = app.create_notice(&admin, json!({"title": "After"}));
    assert!(after.get("told").is_none());
}

#[test]
fn a_bad_request_to_follow_is_refused_and_email_off_says_so() {
    let smtp = SmtpServer::start();
    let (app, _) = app_with_site(&smtp);
    let bad = follow(&app, "not an address", "en");
    assert_error(&bad, 400, "a malformed address");
    assert!(bad.json()["errors"]["email"].is_string());
    assert_error(
        &follow(&app, "a@example.org", "fr"),
        400,
        "an unknown language",
    );
    let off = crate::helpers::spawn_app();
    assert_error(&follow(&off, "a@example.org", "en"), 409, "email off");
}

#[test]
fn many_requests_from_one_address_are_limited_as_the_contact_form_is() {
    let smtp = SmtpServer::start();
    let (app, _) = app_with_site(&smtp);
    let answers: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..30)
            .map(|n| {
                let app = &app;
                scope.spawn(move || follow(app, &format!("p{n}@example.org"), "en").status)
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(
        answers.iter().filter(|s| **s == 202).count(),
        20,
        "{answers:?}"
    );
    assert_eq!(
        answers.iter().filter(|s| **s == 429).count(),
        10,
        "{answers:?}"
    );
}

#[test]
fn admins_list_remove_and_download_followers_and_editors_cannot() {
    let smtp = SmtpServer::start();
    let (app, admin) = app_with_site(&smtp);
    let (_, editor) = app.editor("editor@example.org");
    follow(&app, "one@example.org", "en");
    let mail = smtp.wait_for(1, WAIT).remove(0);
    let token = token_of(&link(&mail, &format!("{SITE}/follow/confirm?token=")));
    app.post("/api/followers/confirm")
        .json(&json!({"token": token}))
        .send();
    follow(&app, "two@example.org", "bn");
    let list = app.get("/api/admin/followers").bearer(&admin).send().json();
    assert_eq!(list["count"], 1, "{list}");
    assert_eq!(list["followers"].as_array().unwrap().len(), 2);
    assert_eq!(
        app.get("/api/admin/followers")
            .bearer(&editor)
            .send()
            .status,
        403
    );
    let csv = app.get("/api/admin/followers/csv").bearer(&admin).send();
    assert!(
        csv.text()
            .starts_with("Email,Language,Confirmed at,Asked at"),
        "{}",
        csv.text()
    );
    assert!(csv.text().contains("one@example.org") && csv.text().contains("two@example.org"));
    let id = list["followers"][0]["_id"].as_i64().unwrap();
    let removed = app
        .delete(&format!("/api/admin/followers/{id}"))
        .bearer(&admin)
        .send();
    assert_eq!(removed.status, 200);
    assert_eq!(
        app.delete(&format!("/api/admin/followers/{id}"))
            .bearer(&admin)
            .send()
            .status,
        404
    );
    let logged: String =
        app.query("SELECT action FROM audit_log WHERE action = 'follower removed'");
    assert_eq!(logged, "follower removed");
}

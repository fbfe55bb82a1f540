//! Email: contact messages reach the admins, "Forgot password?" links work once and for an hour,
//! the outbox keeps mail while the mail server is down and retries it, and the Email screen's
//! calls never show the SMTP password. A real SMTP server on loopback receives the mail. Here:
//! what the files by topic share — an app mailing a sink or a port where nothing listens, and
//! the calls and waits they make.

mod contact;
mod links;
mod outbox;
mod resets;
mod settings;

use crate::helpers::{spawn_app_with, test_config, Response, TestApp};
use crate::support::smtp::{Mail, SmtpServer};
use jyoti::config::Config;
use jyoti::domain::{Email, SmtpServer as Server};
use jyoti::mail::MailOptions;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const SENDER: &str = "school@jyoti.example";
const SITE: &str = "http://jyoti.example";
const WAIT: Duration = Duration::from_secs(15);
/// How long the outbox may take to give a mail up when its first wait is 1 ms.
const GIVING_UP: Duration = Duration::from_secs(40);
const SAME_ANSWER: &str =
    "If an account exists for that email, a link to reset its password is on its way.";
const LINK_GONE: &str = "This link has expired or has already been used.";

/// The settings of an app whose command line names the mail server at `url` and the sender,
/// with `retry_base` as the first wait after a failed delivery.
fn mail_config(url: &str, retry_base: Duration) -> Config {
    Config {
        mail: MailOptions {
            server: Some(Server::parse_url(url).unwrap()),
            from: Some(Email::parse(Some(SENDER.into())).unwrap()),
            retry_base,
            ..MailOptions::default()
        },
        ..test_config()
    }
}

/// An app on `config` and its admin's token. The site address is stored.
fn mail_app_with(config: Config) -> (TestApp, String) {
    let app = spawn_app_with(config);
    let (_, admin) = app.admin("admin@example.org");
    // Stored before the test begins, as by an earlier admin: a change of it through the API
    // would be mailed to the admins (see `tests/api/audit.rs`).
    execute(
        &app,
        "INSERT INTO mail_settings (id, site_address) VALUES (1, ?1)",
        [SITE],
    );
    (app, admin)
}

/// An app mailing through the server at `url` (see [`mail_config`]), and its admin's token.
fn mail_app(url: &str, retry_base: Duration) -> (TestApp, String) {
    mail_app_with(mail_config(url, retry_base))
}

/// An SMTP server, and an app that mails through it (a failed delivery waits 30 s).
fn mailing_app() -> (SmtpServer, TestApp, String) {
    let smtp = SmtpServer::start();
    let (app, admin) = mail_app(&smtp.url(), Duration::from_secs(30));
    (smtp, app, admin)
}

/// An app whose mail server is a port of 127.0.0.1 where nothing listens (yet), with
/// `retry_base` as its first wait; the port, the app and its admin's token.
fn app_mailing_nobody(retry_base: Duration) -> (u16, TestApp, String) {
    let port = crate::support::process::free_port();
    let (app, admin) = mail_app(&format!("smtp://127.0.0.1:{port}?tls=none"), retry_base);
    (port, app, admin)
}

/// Runs `sql` with `params` straight on the app's database.
fn execute(app: &TestApp, sql: &str, params: impl rusqlite::Params) {
    app.state
        .pool
        .get()
        .unwrap()
        .execute(sql, params)
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// `PATCH /api/admin/mail`, expecting 200.
fn save(app: &TestApp, admin: &str, body: Value) -> Value {
    app.change(admin, "/api/admin/mail", &body).json()
}

fn settings(app: &TestApp, admin: &str) -> Response {
    app.get("/api/admin/mail").bearer(admin).send()
}

/// `POST /api/admin/mail/test` to `to`, whatever the answer.
fn test_mail(app: &TestApp, admin: &str, to: &str) -> Response {
    app.post("/api/admin/mail/test")
        .bearer(admin)
        .json(&json!({ "to": to }))
        .send()
}

fn outbox(app: &TestApp, admin: &str) -> Value {
    let response = app.get("/api/admin/outbox?page=1").bearer(admin).send();
    assert_eq!(response.status, 200, "{}", response.text());
    response.json()
}

/// `POST /api/admin/outbox/ID/retry`, whatever the answer.
fn retry(app: &TestApp, admin: &str, id: &Value) -> Response {
    app.post(&format!("/api/admin/outbox/{id}/retry"))
        .bearer(admin)
        .send()
}

fn forgot(app: &TestApp, email: &str) -> Response {
    app.post("/api/auth/forgot-password")
        .json(&json!({ "email": email }))
        .send()
}

fn reset(app: &TestApp, token: &str, password: &str) -> Response {
    app.post("/api/auth/reset-password")
        .json(&json!({ "token": token, "password": password }))
        .send()
}

/// The secret of the reset link in `mail`, after checking the link's address.
fn link_token(mail: &Mail) -> String {
    let body = mail.body();
    let prefix = format!("{SITE}/reset-password#token=");
    let start = body
        .find(&prefix)
        .unwrap_or_else(|| panic!("a reset link in {body}"))
        + prefix.len();
    body[start..start + 64].to_owned()
}

/// The secret of an invitation's link, as the admin is shown it.
fn invitation_token(invitation: &Value) -> String {
    let link = invitation["link"].as_str().unwrap();
    link.split_once("#token=").unwrap().1.to_owned()
}

/// Waits until `check` holds for the database value `sql` selects.
fn wait_until<T: rusqlite::types::FromSql + std::fmt::Debug>(
    app: &TestApp,
    sql: &str,
    check: impl Fn(&T) -> bool,
    within: Duration,
) -> T {
    let deadline = Instant::now() + within;
    loop {
        let value: T = app.query(sql);
        if check(&value) {
            return value;
        }
        assert!(Instant::now() < deadline, "{sql} is still {value:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits until every mail has left the outbox.
fn wait_for_empty_outbox(app: &TestApp) {
    wait_until::<i64>(app, "SELECT count(*) FROM outbox", |n| *n == 0, WAIT);
}

/// Waits until the sender has tried the (one) mail in the outbox.
fn wait_for_an_attempt(app: &TestApp) {
    wait_until::<i64>(app, "SELECT attempts FROM outbox", |n| *n >= 1, WAIT);
}

/// Waits until `count` mails of the outbox `which` (an SQL condition) are given up on.
fn wait_for_failed(app: &TestApp, which: &str, count: i64) {
    let sql = format!("SELECT count(*) FROM outbox WHERE status = 'failed' AND {which}");
    wait_until::<i64>(app, &sql, |n| *n == count, GIVING_UP);
}

/// Waits until no mail in the outbox holds a link with a token.
fn wait_for_no_link(app: &TestApp) {
    wait_until::<i64>(
        app,
        "SELECT count(*) FROM outbox WHERE body LIKE '%token=%'",
        |n| *n == 0,
        WAIT,
    );
}

/// Puts a `kind` mail whose body holds a link (`SITE/PAGE#token=abc`) to `to` in the outbox as
/// if queued `age` ago (an SQLite modifier, e.g. `-8 days`), its next attempt hours away (the
/// mail server was down), and wakes the sender with a contact message.
fn queue_late(app: &TestApp, kind: &str, to: &str, page: &str, age: &str) {
    execute(
        app,
        "INSERT INTO outbox (kind, recipients, subject, body, attempts, created_at, next_attempt_at)
         VALUES (?1, ?2, 'Late', 'open SITE/' || ?3 || '#token=abc', 4,
                 strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?4), 9999999999999)",
        [kind, to, page, age],
    );
    let woken = app.send_contact(crate::helpers::contact("wakes the sender"));
    assert_eq!(woken.status, 201);
}

/// Puts a reset mail queued `age_seconds` ago in the outbox (see [`queue_late`]).
fn queue_late_reset(app: &TestApp, age_seconds: i64) {
    let age = format!("-{age_seconds} seconds");
    queue_late(app, "reset", "member@example.org", "reset-password", &age);
}

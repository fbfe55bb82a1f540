//! Email: contact messages reach the admins, "Forgot password?" links work once and for an hour,
//! the outbox keeps mail while the mail server is down and retries it, and the Email screen's
//! calls never show the SMTP password. A real SMTP server on loopback receives the mail.

use crate::helpers::{
    assert_error, contact, spawn_app, spawn_app_with, test_config, token, TestApp, PASSWORD,
};
use crate::limits::in_parallel;
use crate::support::smtp::{Mail, SmtpServer};
use jyoti::config::Config;
use jyoti::domain::{Email, SmtpServer as Server};
use jyoti::mail::MailOptions;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const SENDER: &str = "school@jyoti.example";
const SITE: &str = "http://jyoti.example";
const WAIT: Duration = Duration::from_secs(15);
const SAME_ANSWER: &str =
    "If an account exists for that email, a link to reset its password is on its way.";

/// An app whose command line names the mail server at `url` and the sender, with `retry_base`
/// as the first wait after a failed delivery; its admin's token. The site address is stored.
fn mail_app(url: &str, retry_base: Duration) -> (TestApp, String) {
    let app = spawn_app_with(Config {
        mail: MailOptions {
            server: Some(Server::parse_url(url).unwrap()),
            from: Some(Email::parse(Some(SENDER.into())).unwrap()),
            retry_base,
            ..MailOptions::default()
        },
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    // Stored before the test begins, as by an earlier admin: a change of it through the API
    // would be mailed to the admins (see `tests/api/audit.rs`).
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

/// `PATCH /api/admin/mail`, expecting 200.
fn save(app: &TestApp, admin: &str, body: Value) -> Value {
    app.change(admin, "/api/admin/mail", &body).json()
}

fn settings(app: &TestApp, admin: &str) -> Response {
    app.get("/api/admin/mail").bearer(admin).send()
}
use crate::helpers::Response;

fn outbox(app: &TestApp, admin: &str) -> Value {
    let response = app.get("/api/admin/outbox?page=1").bearer(admin).send();
    assert_eq!(response.status, 200, "{}", response.text());
    response.json()
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

#[test]
fn a_contact_message_is_emailed_to_every_admin_with_reply_to_the_visitor() {
    let smtp = SmtpServer::start();
    let (app, _) = mail_app(&smtp.url(), Duration::from_secs(30));
    app.admin("second.admin@example.org");
    app.register("not.an.admin@example.org");
    let response = app.send_contact(json!({
        "name": "Mira Sen", "email": "mira@example.org", "telephone": "+91 98765 43210",
        "subject": "4star", "message": "Can I teach maths on Fridays?\n.\nA line with only a dot."
    }));
    assert_eq!(response.status, 201, "{}", response.text());
    let saved = response.json();
    assert_eq!(
        saved["name"], "Mira Sen",
        "the answer is the saved message, as without email"
    );
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert_eq!(mail.to, ["admin@example.org", "second.admin@example.org"]);
    assert_eq!(mail.from, SENDER);
    // Neither admin's address is in the message the other reads.
    let head = mail.data.split("\r\n\r\n").next().unwrap().to_owned();
    assert!(!head.contains("admin@example.org"), "{head}");
    assert!(mail.header("To").unwrap().contains(SENDER));
    let id = mail.header("Message-ID").expect("a Message-ID");
    assert!(
        id.starts_with('<') && id.ends_with("@jyoti.example>"),
        "{id}"
    );
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("New message on the Jyoti site from Mira Sen")
    );
    assert_eq!(mail.header("Reply-To").as_deref(), Some("mira@example.org"));
    assert!(mail.header("From").unwrap().contains(SENDER));
    let body = mail.body();
    for text in [
        "Mira Sen",
        "mira@example.org",
        "+91 98765 43210",
        "4 of 5 stars",
        "Can I teach maths on Fridays?\n.\nA line with only a dot.",
        "http://jyoti.example/admin/contacts",
    ] {
        assert!(body.contains(text), "{text} in {body}");
    }
    wait_until::<i64>(&app, "SELECT count(*) FROM outbox", |n| *n == 0, WAIT);
}

#[test]
fn the_configured_address_gets_contact_mail_instead_of_the_admins() {
    let smtp = SmtpServer::start();
    let (app, admin) = mail_app(&smtp.url(), Duration::from_secs(30));
    save(
        &app,
        &admin,
        json!({ "contactTo": "Volunteers@Example.org" }),
    );
    assert_eq!(app.send_contact(contact("hello")).status, 201);
    // The change of the settings is itself mailed to the admins.
    let mails = smtp.wait_for(2, WAIT);
    let subject = |mail: &&Mail| mail.header("Subject").unwrap_or_default();
    let alert = mails
        .iter()
        .find(|m| subject(m).contains("email settings"))
        .unwrap();
    assert_eq!(alert.to, ["admin@example.org"]);
    let message = mails
        .iter()
        .find(|m| subject(m).contains("New message"))
        .unwrap();
    assert_eq!(message.to, ["volunteers@example.org"]);
}

#[test]
fn stored_settings_send_mail_and_the_password_never_leaves_the_server() {
    let smtp = SmtpServer::start();
    let (app, admin) = {
        let app = spawn_app();
        let (_, admin) = app.admin("admin@example.org");
        (app, admin)
    };
    let off = settings(&app, &admin).json();
    assert_eq!(off["enabled"], false);
    let secret = "s3cret smtp pässword";
    let saved = save(
        &app,
        &admin,
        json!({
            "host": "127.0.0.1", "port": smtp.port, "security": "none", "username": "club@example.org",
            "password": secret, "sender": SENDER, "siteAddress": "http://jyoti.example/"
        }),
    );
    assert_eq!(saved["settings"]["enabled"], true);
    let shown = settings(&app, &admin);
    assert!(!shown.text().contains("s3cret"), "{}", shown.text());
    let shown = shown.json();
    assert_eq!(shown["passwordSet"], true);
    assert_eq!(shown["siteAddress"], SITE, "the trailing / is dropped");
    assert_eq!(shown["fromCommandLine"]["server"], false);
    // An empty password keeps the stored one (the browser never has it to send back).
    save(
        &app,
        &admin,
        json!({ "password": "", "username": "club@example.org" }),
    );
    assert_eq!(app.send_contact(contact("hello")).status, 201);
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert_eq!(
        mail.login,
        Some(("club@example.org".to_owned(), secret.to_owned()))
    );
    assert_eq!(mail.to, ["admin@example.org"]);
    // An empty host turns email off again.
    save(&app, &admin, json!({ "host": "" }));
    assert_eq!(settings(&app, &admin).json()["enabled"], false);
}

#[test]
fn the_command_line_wins_over_the_stored_settings_which_it_does_not_offer_to_edit() {
    let flags = SmtpServer::start();
    let stored = SmtpServer::start();
    let (app, admin) = mail_app(&flags.url(), Duration::from_secs(30));
    app.state
        .pool
        .get()
        .unwrap()
        .execute(
            "UPDATE mail_settings SET host = '127.0.0.1', port = ?1, security = 'none', sender = 'stored@example.org'",
            [stored.port],
        )
        .unwrap();
    let shown = settings(&app, &admin).json();
    assert_eq!(
        shown["fromCommandLine"],
        json!({"server": true, "sender": true, "siteAddress": false})
    );
    assert_eq!(
        (shown["port"].as_u64(), &shown["sender"]),
        (Some(flags.port as u64), &json!(SENDER))
    );
    let refused = app.patch_json(
        &admin,
        "/api/admin/mail",
        &json!({ "host": "smtp.example.org", "sender": "x@example.org" }),
    );
    assert_error(&refused, 400, "a field the command line sets");
    let errors = &refused.json()["errors"];
    assert!(
        errors["host"].as_str().unwrap().contains("--smtp-url"),
        "{errors}"
    );
    assert!(
        errors["sender"].as_str().unwrap().contains("--mail-from"),
        "{errors}"
    );
    assert_eq!(app.send_contact(contact("hello")).status, 201);
    let mail = flags.wait_for(1, WAIT).remove(0);
    assert_eq!(mail.from, SENDER);
    assert!(
        app.state.mail.wait_idle(Duration::from_secs(10)),
        "the outbox settles"
    );
    assert!(
        stored.mails().is_empty(),
        "nothing went to the stored server"
    );
}

#[test]
fn without_email_the_site_works_as_before_and_nothing_is_queued() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    app.register("visitor@example.org");
    let response = app.send_contact(contact("hello"));
    assert_eq!(response.status, 201);
    assert_eq!(response.json()["message"], "hello");
    assert_eq!(
        app.get("/api/auth/forgot-password").send().json(),
        json!({"available": false})
    );
    let asked = forgot(&app, "visitor@example.org");
    assert_eq!(
        (asked.status, asked.json()["msg"].as_str()),
        (202, Some(SAME_ANSWER))
    );
    assert!(
        app.state.mail.wait_idle(Duration::from_secs(10)),
        "the outbox settles"
    );
    assert_eq!(app.query::<i64>("SELECT count(*) FROM outbox"), 0);
    assert_eq!(app.query::<i64>("SELECT count(*) FROM password_resets"), 0);
    let shown = settings(&app, &admin).json();
    assert_eq!(
        (&shown["enabled"], &shown["resetsEnabled"]),
        (&json!(false), &json!(false))
    );
    let test = app
        .post("/api/admin/mail/test")
        .bearer(&admin)
        .json(&json!({"to": "a@example.org"}))
        .send();
    assert_error(&test, 409, "a test email with email off");
}

#[test]
fn resets_need_the_sites_address_and_the_screen_says_so() {
    let smtp = SmtpServer::start();
    let (app, admin) = mail_app(&smtp.url(), Duration::from_secs(30));
    assert_eq!(
        app.get("/api/auth/forgot-password").send().json(),
        json!({"available": true})
    );
    save(&app, &admin, json!({ "siteAddress": "" }));
    let shown = settings(&app, &admin).json();
    assert_eq!(
        (&shown["enabled"], &shown["resetsEnabled"]),
        (&json!(true), &json!(false))
    );
    assert_eq!(
        app.get("/api/auth/forgot-password").send().json(),
        json!({"available": false})
    );
    assert_eq!(forgot(&app, "admin@example.org").status, 202);
    assert!(
        app.state.mail.wait_idle(Duration::from_secs(10)),
        "the outbox settles"
    );
    assert_eq!(app.query::<i64>("SELECT count(*) FROM password_resets"), 0);
    for bad in [
        "https://jyoti.example/admin",
        "jyoti.example",
        "javascript:alert(1)",
    ] {
        let refused = app.patch_json(&admin, "/api/admin/mail", &json!({"siteAddress": bad}));
        assert_error(&refused, 400, bad);
        assert!(refused.json()["errors"]["siteAddress"].is_string());
    }
    let refused = app.patch_json(
        &admin,
        "/api/admin/mail",
        &json!({"port": 0, "security": "ssl", "contactTo": "nobody", "sender": "x"}),
    );
    assert_error(&refused, 400, "bad settings");
    let errors = refused.json()["errors"].clone();
    for field in ["port", "security", "contactTo"] {
        assert!(errors[field].is_string(), "{field}: {errors}");
    }
}

#[test]
fn forgot_password_answers_the_same_for_an_account_and_an_unknown_email() {
    let smtp = SmtpServer::start();
    let (app, _) = mail_app(&smtp.url(), Duration::from_secs(30));
    app.register("member@example.org");
    let known = forgot(&app, "Member@Example.org");
    let unknown = forgot(&app, "nobody@example.org");
    assert_eq!(known.status, 202);
    assert_eq!(
        (known.status, known.body.clone()),
        (unknown.status, unknown.body.clone())
    );
    assert_eq!(known.json()["msg"], SAME_ANSWER);
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert_eq!(mail.to, ["member@example.org"]);
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("Reset your password on the Jyoti site")
    );
    assert!(
        app.state.mail.wait_idle(Duration::from_secs(10)),
        "the outbox settles"
    );
    assert_eq!(smtp.mails().len(), 1, "no mail for the unknown email");
    let malformed = forgot(&app, "not an email");
    assert_error(&malformed, 400, "a malformed email");
}

#[test]
fn a_reset_link_sets_the_password_once_and_signs_every_session_out() {
    let smtp = SmtpServer::start();
    let (app, _) = mail_app(&smtp.url(), Duration::from_secs(30));
    let (_, old_session) = app.register("member@example.org");
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    let secret = link_token(&smtp.wait_for(1, WAIT)[0]);
    let stored: String = app.query("SELECT token_hash FROM password_resets");
    assert_ne!(stored, secret, "only a hash of the secret is kept");
    wait_until::<i64>(&app, "SELECT count(*) FROM outbox", |n| *n == 0, WAIT);

    let weak = reset(&app, &secret, "short");
    assert_error(&weak, 400, "a too short password");
    assert!(weak.json()["errors"]["password"].is_string());
    let done = reset(&app, &secret, "a brand new long secret");
    assert_eq!(done.status, 200, "{}", done.text());
    assert_eq!(
        app.me(&old_session).status,
        401,
        "the old session is signed out"
    );
    assert_eq!(app.login("member@example.org", PASSWORD).status, 401);
    let login = app.login("member@example.org", "a brand new long secret");
    assert_eq!(login.status, 200);
    assert_eq!(app.me(&token(&login.json())).status, 200);

    let again = reset(&app, &secret, "yet another long secret");
    assert_error(&again, 400, "a used link");
    assert_eq!(
        again.json()["message"],
        "This link has expired or has already been used."
    );
    let unknown = reset(&app, &"ab".repeat(32), "yet another long secret");
    assert_eq!(
        unknown.json()["message"],
        "This link has expired or has already been used."
    );
    let garbage = reset(&app, "../../etc", "yet another long secret");
    assert_eq!(
        garbage.json()["message"],
        "This link has expired or has already been used."
    );
}

#[test]
fn a_reset_link_works_for_an_hour_only() {
    let smtp = SmtpServer::start();
    let (app, _) = mail_app(&smtp.url(), Duration::from_secs(30));
    app.register("member@example.org");
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    let secret = link_token(&smtp.wait_for(1, WAIT)[0]);
    let lifetime: i64 = app.query("SELECT expires_at - unixepoch() FROM password_resets");
    assert!((3590..=3600).contains(&lifetime), "{lifetime} seconds");
    // An hour later, as far as the link is concerned.
    app.state
        .pool
        .get()
        .unwrap()
        .execute_batch("UPDATE password_resets SET expires_at = unixepoch() - 1")
        .unwrap();
    let late = reset(&app, &secret, "a brand new long secret");
    assert_error(&late, 400, "an expired link");
    assert_eq!(
        late.json()["message"],
        "This link has expired or has already been used."
    );
    assert_eq!(
        app.login("member@example.org", PASSWORD).status,
        200,
        "the password is unchanged"
    );
}

#[test]
fn forgot_password_is_limited_per_account_and_per_address_even_in_parallel() {
    let smtp = SmtpServer::start();
    let (app, _) = mail_app(&smtp.url(), Duration::from_secs(30));
    app.register("member@example.org");
    let statuses = in_parallel(8, |_| forgot(&app, "member@example.org"));
    assert_eq!(
        statuses.iter().filter(|s| **s == 202).count(),
        3,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| matches!(s, 202 | 429)),
        "{statuses:?}"
    );
    // The same limit for an email without an account: it tells nobody which has one.
    let statuses = in_parallel(5, |_| forgot(&app, "nobody@example.org"));
    assert_eq!(
        statuses.iter().filter(|s| **s == 202).count(),
        3,
        "{statuses:?}"
    );
    // 6 of the address's 10 are spent; others' emails get 4 more, then 429 with Retry-After.
    let statuses = in_parallel(10, |n| forgot(&app, &format!("someone{n}@example.org")));
    assert_eq!(
        statuses.iter().filter(|s| **s == 202).count(),
        4,
        "{statuses:?}"
    );
    let refused = forgot(&app, "late@example.org");
    assert_error(&refused, 429, "past the address's limit");
    assert!(refused.header("retry-after").is_some());
    smtp.wait_for(3, WAIT);
    assert!(
        app.state.mail.wait_idle(Duration::from_secs(10)),
        "the outbox settles"
    );
    assert_eq!(
        smtp.mails().len(),
        3,
        "one mail per request that passed, for the one account"
    );
}

/// What the outbox shows for a mail the network did not take, whatever listened.
const NOT_SENT: &str = "The mail server could not be reached or did not accept the mail; \
the server's log has the mail server's own answer.";

#[test]
fn the_outbox_does_not_tell_what_listens_on_the_port_it_was_pointed_at() {
    let http = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = http.local_addr().unwrap().port();
    std::thread::spawn(move || {
        use std::io::Write;
        for stream in http.incoming().flatten() {
            let _ = (&stream).write_all(b"HTTP/1.1 408 Request Timeout\r\n\r\n");
        }
    });
    let (app, admin) = mail_app(
        &format!("smtp://127.0.0.1:{port}?tls=none"),
        Duration::from_secs(30),
    );
    assert_eq!(app.send_contact(contact("to an HTTP server")).status, 201);
    wait_until::<i64>(&app, "SELECT attempts FROM outbox", |n| *n >= 1, WAIT);
    let item = &outbox(&app, &admin)["items"][0];
    assert_eq!(item["lastError"], NOT_SENT, "{item}");
}

#[test]
fn a_message_queued_while_the_mail_server_is_down_is_delivered_once_it_is_back() {
    let port = crate::support::process::free_port();
    let (app, admin) = mail_app(
        &format!("smtp://127.0.0.1:{port}?tls=none"),
        Duration::from_millis(300),
    );
    assert_eq!(
        app.send_contact(contact("sent while the mail server was down"))
            .status,
        201
    );
    wait_until::<i64>(&app, "SELECT attempts FROM outbox", |n| *n >= 1, WAIT);
    let waiting = outbox(&app, &admin);
    assert_eq!(waiting["total"], 1);
    let item = &waiting["items"][0];
    assert_eq!(
        (&item["status"], &item["kind"]),
        (&json!("pending"), &json!("contact"))
    );
    assert_eq!(item["lastError"], NOT_SENT, "not what the port said");
    assert!(item.get("body").is_none(), "bodies are not listed: {item}");
    assert_eq!(
        app.query::<i64>("SELECT count(*) FROM contacts WHERE message LIKE 'sent while%'"),
        1
    );

    let smtp = SmtpServer::start_on(port);
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert!(mail.body().contains("sent while the mail server was down"));
    wait_until::<i64>(&app, "SELECT count(*) FROM outbox", |n| *n == 0, WAIT);
    assert_eq!(outbox(&app, &admin)["total"], 0);
}

#[test]
fn mail_is_marked_failed_after_the_last_attempt_and_can_be_retried_or_deleted() {
    let port = crate::support::process::free_port();
    let (app, admin) = mail_app(
        &format!("smtp://127.0.0.1:{port}?tls=none"),
        Duration::from_millis(1),
    );
    app.register("member@example.org");
    assert_eq!(app.send_contact(contact("first")).status, 201);
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    wait_until::<i64>(
        &app,
        "SELECT count(*) FROM outbox WHERE status = 'failed'",
        |n| *n == 2,
        Duration::from_secs(40),
    );
    let failed = outbox(&app, &admin);
    let items = failed["items"].as_array().unwrap();
    assert!(
        items
            .iter()
            .all(|i| i["status"] == "failed" && i["attempts"] == 8),
        "{failed}"
    );
    assert_eq!(
        items[0]["linkRemoved"], false,
        "a contact mail keeps its body"
    );
    assert!(
        !failed.to_string().contains("token="),
        "a reset link is never shown: {failed}"
    );
    let (contact_mail, reset_mail) = (
        items[0]["_id"].as_i64().unwrap(),
        items[1]["_id"].as_i64().unwrap(),
    );

    let deleted = app
        .delete(&format!("/api/admin/outbox/{reset_mail}"))
        .bearer(&admin)
        .send();
    assert_eq!(deleted.status, 200, "{}", deleted.text());
    let smtp = SmtpServer::start_on(port);
    let retried = app
        .post(&format!("/api/admin/outbox/{contact_mail}/retry"))
        .bearer(&admin)
        .send();
    assert_eq!(retried.status, 200, "{}", retried.text());
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert!(mail.body().contains("first"));
    wait_until::<i64>(&app, "SELECT count(*) FROM outbox", |n| *n == 0, WAIT);
    let gone = app
        .post(&format!("/api/admin/outbox/{contact_mail}/retry"))
        .bearer(&admin)
        .send();
    assert_error(&gone, 404, "a sent mail");
}

#[test]
fn the_test_email_arrives_and_a_malformed_address_is_refused() {
    let smtp = SmtpServer::start();
    let (app, admin) = mail_app(&smtp.url(), Duration::from_secs(30));
    let sent = app
        .post("/api/admin/mail/test")
        .bearer(&admin)
        .json(&json!({"to": "me@example.org"}))
        .send();
    assert_eq!(sent.status, 200, "{}", sent.text());
    assert_eq!(sent.json()["msg"], "Test email sent to me@example.org");
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert_eq!(mail.to, ["me@example.org"]);
    let bad = app
        .post("/api/admin/mail/test")
        .bearer(&admin)
        .json(&json!({"to": "nobody"}))
        .send();
    assert_error(&bad, 400, "a malformed address");
}

#[test]
fn a_test_email_not_sent_answers_alike_and_after_the_same_time_whatever_listens() {
    let refusing = SmtpServer::refusing();
    // An HTTP server: it waits for a request head, then gives up on us with a 408.
    let http = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let http_port = http.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in http.incoming().flatten() {
            std::thread::spawn(move || {
                use std::io::Write;
                std::thread::sleep(Duration::from_secs(3));
                let _ = (&stream).write_all(b"HTTP/1.1 408 Request Timeout\r\n\r\n");
            });
        }
    });
    let closed_port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let tries: Vec<_> = [refusing.port, http_port, closed_port]
        .into_iter()
        .map(|port| {
            std::thread::spawn(move || {
                let app = spawn_app();
                let (_, admin) = app.admin("admin@example.org");
                save(
                    &app,
                    &admin,
                    json!({"host": "127.0.0.1", "port": port, "security": "none", "sender": SENDER}),
                );
                let started = Instant::now();
                let answer = app
                    .post("/api/admin/mail/test")
                    .bearer(&admin)
                    .json(&json!({"to": "me@example.org"}))
                    .send();
                (port, answer, started.elapsed())
            })
        })
        .collect();
    let answers: Vec<_> = tries.into_iter().map(|t| t.join().unwrap()).collect();
    let message = answers[0].1.json()["message"].as_str().unwrap().to_owned();
    assert!(message.contains("The test email was not sent"), "{message}");
    for (port, answer, _) in &answers {
        assert_eq!(answer.status, 502, "port {port}: {}", answer.text());
        // Not the mail server's words: the same answer for an HTTP server or nothing at all.
        assert_eq!(answer.json()["message"], message.as_str(), "port {port}");
    }
    let times: Vec<Duration> = answers.iter().map(|(_, _, took)| *took).collect();
    let (fastest, slowest) = (times.iter().min().unwrap(), times.iter().max().unwrap());
    assert!(
        *slowest - *fastest < Duration::from_secs(1),
        "answered after {times:?} (refusing, HTTP, closed)"
    );
}

#[test]
fn a_new_host_port_or_user_clears_the_stored_smtp_password_unless_it_is_given_again() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    let stored = |app: &TestApp| -> String { app.query("SELECT password FROM mail_settings") };
    save(
        &app,
        &admin,
        json!({"host": "smtp.example.org", "port": 587, "username": "club", "password": "secret one", "sender": SENDER}),
    );
    save(&app, &admin, json!({"sender": "other@example.org"}));
    assert_eq!(stored(&app), "secret one", "other fields keep it");
    for change in [
        json!({"host": "smtp.attacker.example"}),
        json!({"port": 465}),
        json!({"username": "someone"}),
    ] {
        save(
            &app,
            &admin,
            json!({"host": "smtp.example.org", "port": 587, "username": "club", "password": "secret one"}),
        );
        save(&app, &admin, change.clone());
        assert_eq!(stored(&app), "", "{change}");
    }
    save(
        &app,
        &admin,
        json!({"host": "smtp.new.example", "password": "secret two"}),
    );
    assert_eq!(stored(&app), "secret two", "given again with the new host");
}

#[test]
fn the_site_talks_only_to_mail_ports_and_sends_a_password_in_clear_only_on_this_machine() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    let test_mail = |app: &TestApp| {
        app.post("/api/admin/mail/test")
            .bearer(&admin)
            .json(&json!({"to": "me@example.org"}))
            .send()
    };
    save(
        &app,
        &admin,
        json!({"host": "smtp.example.invalid", "port": 8080, "security": "starttls", "sender": SENDER}),
    );
    let port = test_mail(&app);
    assert_eq!(port.status, 502);
    assert!(port.json()["message"]
        .as_str()
        .unwrap()
        .contains("port 25, 465, 587 or 2525"));
    save(
        &app,
        &admin,
        json!({"port": 587, "security": "none", "username": "club", "password": "secret"}),
    );
    let clear = test_mail(&app);
    assert_eq!(clear.status, 502);
    assert!(clear.json()["message"]
        .as_str()
        .unwrap()
        .contains("without TLS"));
}

#[test]
fn past_the_hours_cap_contact_messages_are_counted_in_one_digest_instead_of_mailed() {
    let smtp = SmtpServer::start();
    let app = spawn_app_with(Config {
        mail: MailOptions {
            server: Some(Server::parse_url(&smtp.url()).unwrap()),
            from: Some(Email::parse(Some(SENDER.into())).unwrap()),
            retry_base: Duration::from_secs(30),
            ..MailOptions::default()
        },
        // Many senders: the per-address limit is not what is tested here.
        rate_limit: false,
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    let cap = jyoti::mail::NOTIFICATIONS_PER_HOUR;
    for n in 0..cap + 12 {
        assert_eq!(app.send_contact(contact(&format!("flood {n}"))).status, 201);
    }
    assert_eq!(smtp.wait_for(cap, WAIT).len(), cap);
    assert!(
        app.state.mail.wait_idle(Duration::from_secs(10)),
        "the outbox settles"
    );
    assert_eq!(smtp.mails().len(), cap, "no mail past the cap goes out now");
    let waiting = outbox(&app, &admin);
    let items = waiting["items"].as_array().unwrap();
    assert_eq!(items.len(), 1, "one digest: {waiting}");
    assert_eq!(items[0]["subject"], "12 more message(s) on the Jyoti site");
    assert!(items[0]["nextAttemptAt"].as_i64().unwrap() > now_ms() + 50 * 60 * 1000);
    assert_eq!(
        app.query::<i64>("SELECT count(*) FROM contacts"),
        (cap + 12) as i64
    );
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

#[test]
fn a_reset_mail_given_up_on_or_past_its_hour_keeps_no_link_in_the_outbox() {
    let port = crate::support::process::free_port();
    let (app, admin) = mail_app(
        &format!("smtp://127.0.0.1:{port}?tls=none"),
        Duration::from_millis(1),
    );
    app.register("member@example.org");
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    wait_until::<i64>(
        &app,
        "SELECT count(*) FROM outbox WHERE status = 'failed'",
        |n| *n == 1,
        Duration::from_secs(40),
    );
    wait_for_no_link(&app);
    assert!(!backup_holds(&app, &admin, "/reset-password#token="));
    // The Email screen still lists it, as one whose link is gone and which cannot be retried.
    let listed = outbox(&app, &admin)["items"][0].clone();
    assert_eq!(listed["kind"], "reset", "{listed}");
    assert_eq!(listed["linkRemoved"], true, "{listed}");
    let retried = app
        .post(&format!("/api/admin/outbox/{}/retry", listed["_id"]))
        .bearer(&admin)
        .send();
    assert_error(&retried, 409, "nothing left to send");
    assert!(retried.json()["message"]
        .as_str()
        .unwrap()
        .contains("link has been removed"));

    // One still waiting when its hour is over (the server was down meanwhile).
    queue_late_reset(&app, 7200);
    wait_for_no_link(&app);
}

#[test]
fn a_sent_reset_mail_leaves_no_trace_of_its_link_in_a_backup() {
    let smtp = SmtpServer::start();
    let (app, admin) = mail_app(&smtp.url(), Duration::from_secs(30));
    app.register("member@example.org");
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    let mail = smtp.wait_for(1, WAIT).remove(0);
    let secret = link_token(&mail);
    assert!(mail.header("Message-ID").is_some(), "{}", mail.data);
    wait_until::<i64>(&app, "SELECT count(*) FROM outbox", |n| *n == 0, WAIT);
    assert!(!backup_holds(&app, &admin, &secret));
}

#[test]
fn sent_invitation_and_reset_links_are_in_no_file_of_the_database_nor_in_a_fresh_backup() {
    let smtp = SmtpServer::start();
    let (app, admin) = mail_app(&smtp.url(), Duration::from_secs(30));
    app.register("member@example.org");
    // Enough mails to fill more than one page of the outbox, so whole pages are freed.
    let mut secrets: Vec<String> = (0..10)
        .map(|n| {
            let invitation = app.create(
                &admin,
                "/api/admin/invitations",
                json!({"email": format!("helper{n}@example.org"), "role": "editor"}),
            );
            assert_eq!(invitation["mailed"], true);
            let link = invitation["link"].as_str().unwrap();
            link.split_once("#token=").unwrap().1.to_owned()
        })
        .collect();
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    let mails = smtp.wait_for(11, WAIT);
    let reset = mails
        .iter()
        .find(|mail| mail.body().contains("reset-password"));
    secrets.push(link_token(reset.expect("the reset mail")));
    wait_until::<i64>(&app, "SELECT count(*) FROM outbox", |n| *n == 0, WAIT);

    let db = app.dir.path().join("jyoti.db");
    let wal = app.dir.path().join("jyoti.db-wal");
    let holding = |bytes: &[u8]| -> Vec<usize> {
        (0..secrets.len())
            .filter(|&n| {
                let secret = secrets[n].as_bytes();
                bytes.windows(secret.len()).any(|window| window == secret)
            })
            .collect()
    };
    let in_files = || {
        let mut found = holding(&std::fs::read(&db).unwrap());
        found.extend(holding(&std::fs::read(&wal).unwrap_or_default()));
        found
    };
    // The log is emptied once the mail is out; give the sender its moment.
    let deadline = Instant::now() + WAIT;
    while !in_files().is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        in_files(),
        Vec::<usize>::new(),
        "secrets in the db or its log"
    );
    let backup = app.get("/api/admin/backup").bearer(&admin).send();
    assert_eq!(backup.status, 200);
    assert_eq!(
        holding(&backup.body),
        Vec::<usize>::new(),
        "secrets in a backup"
    );
}

/// Whether a backup downloaded now holds `text` anywhere in its bytes: a deleted or rewritten
/// row's old bytes would stay in the file's free space unless SQLite zeroes them.
fn backup_holds(app: &TestApp, admin: &str, text: &str) -> bool {
    let backup = app.get("/api/admin/backup").bearer(admin).send();
    assert_eq!(backup.status, 200);
    backup
        .body
        .windows(text.len())
        .any(|window| window == text.as_bytes())
}

#[test]
fn a_waiting_reset_mail_loses_its_link_when_its_hour_is_over_not_at_its_next_attempt() {
    let smtp = SmtpServer::start();
    let (app, _) = mail_app(&smtp.url(), Duration::from_secs(30));
    // Its link still works for two seconds when the sender wakes; then nothing else happens.
    queue_late_reset(&app, 3598);
    smtp.wait_for(1, WAIT);
    wait_for_no_link(&app);
}

/// Puts a reset mail in the outbox as if queued `age_seconds` ago, its next attempt hours away
/// (the mail server was down), and wakes the sender with a contact message.
fn queue_late_reset(app: &TestApp, age_seconds: i64) {
    app.state
        .pool
        .get()
        .unwrap()
        .execute(
            "INSERT INTO outbox (kind, recipients, subject, body, attempts, created_at, next_attempt_at)
             VALUES ('reset', 'member@example.org', 'Reset', 'open SITE/reset-password#token=abc', 4,
                     strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1), 9999999999999)",
            [format!("-{age_seconds} seconds")],
        )
        .unwrap();
    assert_eq!(app.send_contact(contact("wakes the sender")).status, 201);
}

/// Waits until no mail in the outbox holds a reset link.
fn wait_for_no_link(app: &TestApp) {
    wait_until::<i64>(
        app,
        "SELECT count(*) FROM outbox WHERE body LIKE '%token=%'",
        |n| *n == 0,
        WAIT,
    );
}

#[test]
fn an_invitation_mail_given_up_on_or_past_its_week_keeps_no_link_in_the_outbox() {
    let port = crate::support::process::free_port();
    let (app, admin) = mail_app(
        &format!("smtp://127.0.0.1:{port}?tls=none"),
        Duration::from_millis(1),
    );
    let invitation = app.create(
        &admin,
        "/api/admin/invitations",
        json!({"email": "helper@example.org", "role": "editor"}),
    );
    assert_eq!(invitation["mailed"], true);
    wait_until::<i64>(
        &app,
        "SELECT count(*) FROM outbox WHERE kind = 'invitation' AND status = 'failed'",
        |n| *n == 1,
        Duration::from_secs(40),
    );
    wait_for_no_link(&app);
    let listed = outbox(&app, &admin)["items"][0].clone();
    assert_eq!(listed["kind"], "invitation", "{listed}");
    assert_eq!(listed["linkRemoved"], true, "{listed}");
    // The admin still has the link they were shown once, and it still works.
    let token = invitation["link"]
        .as_str()
        .unwrap()
        .split_once("#token=")
        .unwrap()
        .1;
    let details = app
        .post("/api/auth/invitation/details")
        .json(&json!({"token": token}))
        .send();
    assert_eq!(details.status, 200);

    // One still waiting when its week is over (the server was down meanwhile).
    app.state
        .pool
        .get()
        .unwrap()
        .execute(
            "INSERT INTO outbox (kind, recipients, subject, body, attempts, created_at, next_attempt_at)
             VALUES ('invitation', 'late@example.org', 'Invited', 'open SITE/invitation#token=abc', 4,
                     strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-8 days'), 9999999999999)",
            [],
        )
        .unwrap();
    assert_eq!(app.send_contact(contact("wakes the sender")).status, 201);
    wait_for_no_link(&app);
}

#[test]
fn healthz_tells_of_mail_stuck_for_hours_and_of_mail_given_up_on() {
    let port = crate::support::process::free_port();
    let (app, _) = mail_app(
        &format!("smtp://127.0.0.1:{port}?tls=none"),
        Duration::from_secs(600),
    );
    let mail_check = || app.get("/healthz").send().json()["checks"]["mail"].clone();
    assert_eq!(mail_check()["state"], "ok");
    assert_eq!(
        app.send_contact(contact("a message for a down server"))
            .status,
        201
    );
    wait_until::<i64>(&app, "SELECT attempts FROM outbox", |n| *n >= 1, WAIT);
    // Tried and waiting, but only just: not stuck yet.
    assert_eq!(mail_check()["state"], "ok", "{}", mail_check());

    let execute = |sql: &str| app.state.pool.get().unwrap().execute(sql, []).unwrap();
    execute("UPDATE outbox SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-7 hours')");
    let stuck = mail_check();
    assert_eq!(stuck["state"], "warn", "{stuck}");
    assert!(
        stuck["message"]
            .as_str()
            .unwrap()
            .contains("have waited hours"),
        "{stuck}"
    );

    execute("UPDATE outbox SET status = 'failed'");
    let failed = mail_check();
    assert_eq!(failed["state"], "warn", "{failed}");
    assert!(
        failed["message"]
            .as_str()
            .unwrap()
            .contains("could not be sent"),
        "{failed}"
    );
    // The site still saves: mail trouble is no 503.
    assert_eq!(app.get("/healthz").send().status, 200);
}

//! The Email screen's settings: stored ones send mail and never show the password, the command
//! line wins over them, what a reset link needs, which changes clear the stored password, which
//! ports and clear-text logins are allowed, and the test email.

use super::*;
use crate::helpers::{assert_error, contact, spawn_app, spawn_app_with_admin};

#[test]
fn stored_settings_send_mail_and_the_password_never_leaves_the_server() {
    let smtp = SmtpServer::start();
    let (app, admin) = spawn_app_with_admin();
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
    let (flags, app, admin) = mailing_app();
    let stored = SmtpServer::start();
    execute(
        &app,
        "UPDATE mail_settings SET host = '127.0.0.1', port = ?1, security = 'none', sender = 'stored@example.org'",
        [stored.port],
    );
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
    let (app, admin) = spawn_app_with_admin();
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
    let test = test_mail(&app, &admin, "a@example.org");
    assert_error(&test, 409, "a test email with email off");
}

#[test]
fn resets_need_the_sites_address_and_the_screen_says_so() {
    let (_smtp, app, admin) = mailing_app();
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
fn a_new_host_port_or_user_clears_the_stored_smtp_password_unless_it_is_given_again() {
    let (app, admin) = spawn_app_with_admin();
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
    let (app, admin) = spawn_app_with_admin();
    save(
        &app,
        &admin,
        json!({"host": "smtp.example.invalid", "port": 8080, "security": "starttls", "sender": SENDER}),
    );
    let port = test_mail(&app, &admin, "me@example.org");
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
    let clear = test_mail(&app, &admin, "me@example.org");
    assert_eq!(clear.status, 502);
    assert!(clear.json()["message"]
        .as_str()
        .unwrap()
        .contains("without TLS"));
}

#[test]
fn the_test_email_arrives_and_a_malformed_address_is_refused() {
    let (smtp, app, admin) = mailing_app();
    let sent = test_mail(&app, &admin, "me@example.org");
    assert_eq!(sent.status, 200, "{}", sent.text());
    assert_eq!(sent.json()["msg"], "Test email sent to me@example.org");
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert_eq!(mail.to, ["me@example.org"]);
    let bad = test_mail(&app, &admin, "nobody");
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
    let closed_port = crate::support::process::free_port();
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
                let answer = test_mail(&app, &admin, "me@example.org");
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

//! The outbox: what it shows for a mail not sent (never what listened), a message kept while the
//! mail server is down and delivered once it is back, mail given up on then retried or deleted,
//! and /healthz on mail stuck for hours or given up on.

use super::*;
use crate::helpers::{assert_error, contact};

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
    wait_for_an_attempt(&app);
    let item = &outbox(&app, &admin)["items"][0];
    assert_eq!(item["lastError"], NOT_SENT, "{item}");
}

#[test]
fn a_message_queued_while_the_mail_server_is_down_is_delivered_once_it_is_back() {
    let (port, app, admin) = app_mailing_nobody(Duration::from_millis(300));
    let sent = app.send_contact(contact("sent while the mail server was down"));
    assert_eq!(sent.status, 201);
    wait_for_an_attempt(&app);
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
    wait_for_empty_outbox(&app);
    assert_eq!(outbox(&app, &admin)["total"], 0);
}

#[test]
fn mail_is_marked_failed_after_the_last_attempt_and_can_be_retried_or_deleted() {
    let (port, app, admin) = app_mailing_nobody(Duration::from_millis(1));
    app.register("member@example.org");
    assert_eq!(app.send_contact(contact("first")).status, 201);
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    wait_for_failed(&app, "kind IN ('contact', 'reset')", 2);
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
    let (contact_mail, reset_mail) = (&items[0]["_id"], &items[1]["_id"]);

    let deleted = app
        .delete(&format!("/api/admin/outbox/{reset_mail}"))
        .bearer(&admin)
        .send();
    assert_eq!(deleted.status, 200, "{}", deleted.text());
    let smtp = SmtpServer::start_on(port);
    let retried = retry(&app, &admin, contact_mail);
    assert_eq!(retried.status, 200, "{}", retried.text());
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert!(mail.body().contains("first"));
    wait_for_empty_outbox(&app);
    let gone = retry(&app, &admin, contact_mail);
    assert_error(&gone, 404, "a sent mail");
}

#[test]
fn healthz_tells_of_mail_stuck_for_hours_and_of_mail_given_up_on() {
    let (_, app, _) = app_mailing_nobody(Duration::from_secs(600));
    let mail_check = || app.get("/healthz").send().json()["checks"]["mail"].clone();
    assert_eq!(mail_check()["state"], "ok");
    let sent = app.send_contact(contact("a message for a down server"));
    assert_eq!(sent.status, 201);
    wait_for_an_attempt(&app);
    // Tried and waiting, but only just: not stuck yet.
    assert_eq!(mail_check()["state"], "ok", "{}", mail_check());

    execute(
        &app,
        "UPDATE outbox SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-7 hours')",
        [],
    );
    let stuck = mail_check();
    assert_eq!(stuck["state"], "warn", "{stuck}");
    assert!(
        stuck["message"]
            .as_str()
            .unwrap()
            .contains("have waited hours"),
        "{stuck}"
    );

    execute(&app, "UPDATE outbox SET status = 'failed'", []);
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

//! Contact messages by email: to every admin with Reply-To the visitor, or to the address the
//! Email screen names, and past the hour's cap counted in one digest.

use super::*;
use crate::helpers::contact;

#[test]
fn a_contact_message_is_emailed_to_every_admin_with_reply_to_the_visitor() {
    let (smtp, app, _) = mailing_app();
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
    wait_for_empty_outbox(&app);
}

#[test]
fn the_configured_address_gets_contact_mail_instead_of_the_admins() {
    let (smtp, app, admin) = mailing_app();
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
fn past_the_hours_cap_contact_messages_are_counted_in_one_digest_instead_of_mailed() {
    let smtp = SmtpServer::start();
    let (app, admin) = mail_app_with(Config {
        // Many senders: the per-address limit is not what is tested here.
        rate_limit: false,
        ..mail_config(&smtp.url(), Duration::from_secs(30))
    });
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

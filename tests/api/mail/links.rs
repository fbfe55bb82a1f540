//! Links with a secret (password resets, invitations) leave no trace: none in the outbox once a
//! mail is given up on or past its link's life, none in the database's files or a backup once
//! it is sent.

use super::*;
use crate::helpers::assert_error;

#[test]
fn a_reset_mail_given_up_on_or_past_its_hour_keeps_no_link_in_the_outbox() {
    let (_, app, admin) = app_mailing_nobody(Duration::from_millis(1));
    app.register("member@example.org");
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    wait_for_failed(&app, "kind = 'reset'", 1);
    wait_for_no_link(&app);
    assert!(!backup_holds(&app, &admin, "/reset-password#token="));
    // The Email screen still lists it, as one whose link is gone and which cannot be retried.
    let listed = outbox(&app, &admin)["items"][0].clone();
    assert_eq!(listed["kind"], "reset", "{listed}");
    assert_eq!(listed["linkRemoved"], true, "{listed}");
    let retried = retry(&app, &admin, &listed["_id"]);
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
fn a_waiting_reset_mail_loses_its_link_when_its_hour_is_over_not_at_its_next_attempt() {
    let (smtp, app, _) = mailing_app();
    // Its link still works for two seconds when the sender wakes; then nothing else happens.
    queue_late_reset(&app, 3598);
    smtp.wait_for(1, WAIT);
    wait_for_no_link(&app);
}

#[test]
fn an_invitation_mail_given_up_on_or_past_its_week_keeps_no_link_in_the_outbox() {
    let (_, app, admin) = app_mailing_nobody(Duration::from_millis(1));
    let invitation = app.create(
        &admin,
        "/api/admin/invitations",
        json!({"email": "helper@example.org", "role": "editor"}),
    );
    assert_eq!(invitation["mailed"], true);
    wait_for_failed(&app, "kind = 'invitation'", 1);
    wait_for_no_link(&app);
    let listed = outbox(&app, &admin)["items"][0].clone();
    assert_eq!(listed["kind"], "invitation", "{listed}");
    assert_eq!(listed["linkRemoved"], true, "{listed}");
    // The admin still has the link they were shown once, and it still works.
    let details = app
        .post("/api/auth/invitation/details")
        .json(&json!({"token": invitation_token(&invitation)}))
        .send();
    assert_eq!(details.status, 200);

    // One still waiting when its week is over (the server was down meanwhile).
    queue_late(
        &app,
        "invitation",
        "late@example.org",
        "invitation",
        "-8 days",
    );
    wait_for_no_link(&app);
}

#[test]
fn a_sent_reset_mail_leaves_no_trace_of_its_link_in_a_backup() {
    let (smtp, app, admin) = mailing_app();
    app.register("member@example.org");
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    let mail = smtp.wait_for(1, WAIT).remove(0);
    let secret = link_token(&mail);
    assert!(mail.header("Message-ID").is_some(), "{}", mail.data);
    wait_for_empty_outbox(&app);
    assert!(!backup_holds(&app, &admin, &secret));
}

#[test]
fn sent_invitation_and_reset_links_are_in_no_file_of_the_database_nor_in_a_fresh_backup() {
    let (smtp, app, admin) = mailing_app();
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
            invitation_token(&invitation)
        })
        .collect();
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    let mails = smtp.wait_for(11, WAIT);
    let reset = mails
        .iter()
        .find(|mail| mail.body().contains("reset-password"));
    secrets.push(link_token(reset.expect("the reset mail")));
    wait_for_empty_outbox(&app);

    let db = app.dir.path().join("jyoti.db");
    let wal = app.dir.path().join("jyoti.db-wal");
    let holding = |bytes: &[u8]| -> Vec<usize> {
        (0..secrets.len())
            .filter(|&n| contains(bytes, &secrets[n]))
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
    contains(&backup.body, text)
}

/// Whether `bytes` hold `text` anywhere.
fn contains(bytes: &[u8], text: &str) -> bool {
    bytes
        .windows(text.len())
        .any(|window| window == text.as_bytes())
}

//! Invitations: an admin invites by email with a role; the link makes a new account with that
//! role, or gives it to an existing account once its owner typed their own password. Single use,
//! seven days, revocable, kept only as a hash.

use crate::helpers::{assert_error, spawn_app_mailing, spawn_app_with_admin, TestApp, PASSWORD};
use crate::support::smtp::SmtpServer;
use serde_json::{json, Value};
use std::time::Duration;

/// Why a link no longer works, as its answer says in one word.
fn reason(response: &crate::helpers::Response) -> String {
    assert_eq!(response.status, 400, "{}", response.text());
    response.json()["reason"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Invites `email` as `role`; the answer.
fn invite(app: &TestApp, admin: &str, email: &str, role: &str) -> Value {
    app.create(
        admin,
        "/api/admin/invitations",
        json!({"email": email, "role": role}),
    )
}

/// The secret in an invitation's link.
fn secret(invitation: &Value) -> String {
    let link = invitation["link"].as_str().expect("a link");
    link.split_once("#token=")
        .expect("the token in the fragment")
        .1
        .to_owned()
}

fn details(app: &TestApp, token: &str) -> crate::helpers::Response {
    app.post("/api/auth/invitation/details")
        .json(&json!({"token": token}))
        .send()
}

fn accept(app: &TestApp, body: Value) -> crate::helpers::Response {
    app.post("/api/auth/invitation").json(&body).send()
}

#[test]
fn an_invited_editor_chooses_a_password_and_can_publish_but_not_manage_people() {
    let (app, admin) = spawn_app_with_admin();
    let invitation = invite(&app, &admin, "New.Editor@Example.org", "editor");
    assert_eq!(invitation["email"], "new.editor@example.org");
    assert_eq!(invitation["role"], "editor");
    assert_eq!(invitation["mailed"], false, "email is off here");
    let link = invitation["link"].as_str().unwrap();
    assert!(
        link.starts_with("/invitation#token="),
        "{link}: the secret stays in the fragment"
    );
    let expires: jiff::Timestamp = invitation["expiresAt"].as_str().unwrap().parse().unwrap();
    let days = (expires.as_second() - jiff::Timestamp::now().as_second()) as f64 / 86400.0;
    assert!(
        (6.9..=7.01).contains(&days),
        "valid for seven days, not {days}"
    );

    let token = secret(&invitation);
    let shown = details(&app, &token);
    assert_eq!(shown.status, 200, "{}", shown.text());
    assert_eq!(
        shown.json(),
        json!({"email": "new.editor@example.org", "role": "editor", "existingAccount": false, "currentRole": null})
    );
    // A new account needs a password that passes the registration rules, and a name that is
    // not too long.
    let refused = accept(&app, json!({"token": token, "password": "short"}));
    assert_eq!(refused.status, 400);
    assert!(refused.json()["errors"]["password"].is_string());
    let refused = accept(
        &app,
        json!({"token": token, "password": PASSWORD, "firstname": "n".repeat(101)}),
    );
    assert_eq!(refused.status, 400);
    assert!(refused.json()["errors"]["firstname"].is_string());

    let accepted = accept(
        &app,
        json!({"token": token, "password": PASSWORD, "firstname": "Nila", "lastname": "Sen"}),
    );
    assert_eq!(accepted.status, 200, "{}", accepted.text());
    let body = accepted.json();
    assert_eq!(body["role"], "editor");
    let editor = body["token"].as_str().unwrap().to_owned();
    let me = app.me(&editor).json();
    assert_eq!(me["userData"]["role"], "editor");
    assert_eq!(
        me["userData"]["isAdmin"], false,
        "the spec's flag stays for admins only"
    );
    assert_eq!(me["userData"]["firstname"], "Nila");
    assert!(me["userData"]["lastSignInAt"].is_string());

    let notice = json!({"title": "Winter batch", "date": "2026-12-01"});
    let made = app
        .post("/api/admin/service")
        .bearer(&editor)
        .json(&notice)
        .send();
    assert_eq!(made.status, 201, "{}", made.text());
    let users = app.get("/api/admin/users").bearer(&editor).send();
    assert_error(&users, 403, "an editor lists the users");
    assert!(users.json()["message"]
        .as_str()
        .unwrap()
        .contains("Only admins"));
    // The login answer names the role too.
    let login = app.login("new.editor@example.org", PASSWORD).json();
    assert_eq!(login["role"], "editor");
}

#[test]
fn a_link_works_once_and_not_after_seven_days_or_a_revocation() {
    let (app, admin) = spawn_app_with_admin();
    let first = secret(&invite(&app, &admin, "once@example.org", "editor"));
    let body = |token: &str| json!({"token": token, "password": PASSWORD, "firstname": "Once"});
    assert_eq!(accept(&app, body(&first)).status, 200);
    for response in [details(&app, &first), accept(&app, body(&first))] {
        assert_eq!(reason(&response), "used");
        assert!(response.json()["message"]
            .as_str()
            .unwrap()
            .contains("already been used. If it was you, log in"));
    }

    let late = invite(&app, &admin, "late@example.org", "editor");
    app.state
        .pool
        .get()
        .unwrap()
        .execute(
            "UPDATE invitations SET expires_at = unixepoch() - 1 WHERE id = ?1",
            [late["id"].as_i64().unwrap()],
        )
        .unwrap();
    let expired = details(&app, &secret(&late));
    assert_eq!(reason(&expired), "expired");
    assert_eq!(
        expired.json()["message"],
        "This invitation has expired: a link works for 7 days. Ask Test Visitor (or another admin of the site) for a new link."
    );
    assert_eq!(reason(&accept(&app, body(&secret(&late)))), "expired");
    let pending = app
        .get("/api/admin/invitations")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(pending.as_array().unwrap().len(), 1, "{pending}");
    assert_eq!(
        (&pending[0]["email"], &pending[0]["expired"]),
        (&json!("late@example.org"), &json!(true)),
        "an expired invitation stays listed, marked expired, to send again"
    );

    let revoked = invite(&app, &admin, "revoked@example.org", "admin");
    let listed = app
        .get("/api/admin/invitations")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(listed[0]["email"], "revoked@example.org");
    assert_eq!(listed[0]["role"], "admin");
    assert_eq!(listed[0]["invitedBy"], "Test Visitor");
    assert!(listed[0].get("link").is_none() && listed[0].get("token").is_none());
    let path = format!("/api/admin/invitations/{}", revoked["id"]);
    let gone = app.delete(&path).bearer(&admin).send();
    assert_eq!(gone.json()["msg"], "Invitation revoked");
    assert_error(
        &app.delete(&path).bearer(&admin).send(),
        404,
        "revoked twice",
    );
    assert_eq!(reason(&accept(&app, body(&secret(&revoked)))), "withdrawn");
    assert_eq!(
        app.query::<i64>("SELECT count(*) FROM users WHERE role = 'admin'"),
        1
    );
}

#[test]
fn an_existing_account_gets_the_role_only_with_its_own_password() {
    let (app, admin) = spawn_app_with_admin();
    let (id, visitor) = app.register("member@example.org");
    let token = secret(&invite(&app, &admin, "member@example.org", "admin"));
    assert_eq!(details(&app, &token).json()["existingAccount"], true);

    let wrong = accept(
        &app,
        json!({"token": token, "password": "not the password at all"}),
    );
    assert_eq!(wrong.status, 400, "{}", wrong.text());
    assert!(wrong.json()["errors"]["password"].is_string());
    let role = || app.query::<String>(&format!("SELECT role FROM users WHERE id = {id}"));
    assert_eq!(role(), "user", "a wrong password changes nothing");
    assert_eq!(
        details(&app, &token).status,
        200,
        "and leaves the link working"
    );

    let right = accept(&app, json!({"token": token, "password": PASSWORD}));
    assert_eq!(right.status, 200, "{}", right.text());
    assert_eq!(right.json()["role"], "admin");
    assert_eq!(role(), "admin");
    assert_eq!(
        app.query::<String>(&format!("SELECT firstname FROM users WHERE id = {id}")),
        "Test"
    );
    // The visitor's old session still works, now with the admin's rights.
    assert_eq!(
        app.get("/api/admin/users").bearer(&visitor).send().status,
        200
    );
}

#[test]
fn a_password_or_email_change_ends_the_accounts_invitations() {
    let (app, admin) = spawn_app_with_admin();
    let (id, visitor) = app.register("changing@example.org");
    let token = secret(&invite(&app, &admin, "changing@example.org", "editor"));
    let change = json!({"currentPassword": PASSWORD, "newPassword": "a brand new secret"});
    let changed = app
        .post("/api/auth/password")
        .bearer(&visitor)
        .json(&change)
        .send();
    assert_eq!(changed.status, 200);
    assert_eq!(reason(&details(&app, &token)), "withdrawn");

    let token = secret(&invite(&app, &admin, "changing@example.org", "editor"));
    app.change(
        &admin,
        &format!("/api/admin/users/update/{id}"),
        &json!({"email": "changed@example.org"}),
    );
    assert_eq!(reason(&details(&app, &token)), "withdrawn");
}

#[test]
fn only_the_hash_of_a_link_is_kept_and_a_new_invitation_replaces_the_open_one() {
    let (app, admin) = spawn_app_with_admin();
    let first = secret(&invite(&app, &admin, "twice@example.org", "editor"));
    let second = secret(&invite(&app, &admin, "twice@example.org", "admin"));
    assert_eq!(
        app.query::<i64>("SELECT count(*) FROM invitations WHERE revoked_at IS NULL"),
        1
    );
    assert_eq!(reason(&details(&app, &first)), "withdrawn");
    assert_eq!(details(&app, &second).json()["role"], "admin");
    let stored: String = app.query("SELECT token_hash FROM invitations");
    assert_ne!(stored, second);
    assert!(!crate::access::every_row(&app)
        .iter()
        .flat_map(|(_, rows)| rows.iter().flatten())
        .any(|cell| matches!(cell, rusqlite::types::Value::Text(t) if t.contains(&second))));
}

#[test]
fn an_invitation_is_for_an_admin_or_editor_at_a_valid_address() {
    let (app, admin) = spawn_app_with_admin();
    for (body, field) in [
        (json!({"email": "a@example.org", "role": "user"}), "role"),
        (json!({"email": "a@example.org", "role": "owner"}), "role"),
        (json!({"email": "a@example.org"}), "role"),
        (json!({"email": "not an email", "role": "editor"}), "email"),
        (
            json!({"email": "x?bcc=spy%40evil.example@example.org", "role": "editor"}),
            "email",
        ),
    ] {
        let response = app
            .post("/api/admin/invitations")
            .bearer(&admin)
            .json(&body)
            .send();
        assert_eq!(response.status, 400, "{body}: {}", response.text());
        assert!(response.json()["errors"][field].is_string(), "{body}");
    }
    for token in ["", "abc", &"zz".repeat(32)] {
        assert_eq!(reason(&details(&app, token)), "unknown");
    }
}

#[test]
fn bad_links_count_like_failed_logins() {
    let app = crate::helpers::spawn_app();
    let statuses: Vec<u16> = (0..11)
        .map(|n| details(&app, &format!("{n:064x}")).status)
        .collect();
    assert!(statuses[..10].iter().all(|s| *s == 400), "{statuses:?}");
    assert_eq!(statuses[10], 429, "{statuses:?}");
}

#[test]
fn with_email_on_the_link_is_mailed_to_the_invited_address_and_an_admin_invitation_to_every_admin()
{
    let smtp = SmtpServer::start();
    let (app, admin) = spawn_app_mailing(&smtp.url());
    app.state
        .pool
        .get()
        .unwrap()
        .execute(
            "INSERT INTO mail_settings (id, site_address) VALUES (1, 'https://jyoti.example')",
            [],
        )
        .unwrap();
    let invitation = invite(&app, &admin, "helper@example.org", "admin");
    assert_eq!(invitation["mailed"], true);
    let link = invitation["link"].as_str().unwrap();
    assert!(
        link.starts_with("https://jyoti.example/invitation#token="),
        "{link}"
    );
    let mails = smtp.wait_for(2, Duration::from_secs(15));
    let to = |address: &str| {
        mails
            .iter()
            .find(|mail| mail.to == [address])
            .unwrap_or_else(|| panic!("a mail to {address}"))
    };
    assert!(to("helper@example.org").body().contains(link));
    let alert = to("admin@example.org").body();
    assert!(
        alert.contains("helper@example.org") && alert.contains("127.0.0.1"),
        "{alert}"
    );
    assert!(
        !alert.contains(&secret(&invitation)),
        "the admins' alert holds no link"
    );
    // Once sent, the outbox keeps nothing of the link.
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    while app.query::<i64>("SELECT count(*) FROM outbox") > 0 {
        assert!(std::time::Instant::now() < deadline, "the outbox empties");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_token_and_a_password_alone_make_the_account_named_after_its_address() {
    let (app, admin) = spawn_app_with_admin();
    let invitation = invite(&app, &admin, "Asha.Roy@example.org", "editor");
    let accepted = accept(
        &app,
        json!({"token": secret(&invitation), "password": PASSWORD}),
    );
    assert_eq!(accepted.status, 200, "{}", accepted.text());
    assert_eq!(accepted.json()["role"], "editor");
    let me = app.me(accepted.json()["token"].as_str().unwrap()).json();
    assert_eq!(me["userData"]["firstname"], "asha.roy");
    assert_eq!(me["userData"]["email"], "asha.roy@example.org");
}

#[test]
fn the_invitation_mail_says_an_editor_and_an_admin() {
    let smtp = crate::support::smtp::SmtpServer::start();
    let (app, admin) = crate::helpers::spawn_app_mailing(&smtp.url());
    app.change(
        &admin,
        "/api/admin/mail",
        &json!({"siteAddress": "https://jyoti.example"}),
    );
    invite(&app, &admin, "helper@example.org", "editor");
    let mail = app.eventually(|| {
        smtp.mails()
            .into_iter()
            .find(|mail| mail.to == ["helper@example.org"])
    });
    let body = mail.body();
    assert!(body.contains("as an editor."), "{body}");
    assert!(!body.contains("a editor"), "{body}");
}

#[test]
fn an_invitation_needs_the_exact_role_word_and_an_email_in_one_alphabet() {
    let (app, admin) = spawn_app_with_admin();
    let invitations = || app.post("/api/admin/invitations").bearer(&admin);
    for role in [" admin", "admin\n", "editor "] {
        let response = invitations()
            .json(&json!({"email": "helper@example.org", "role": role}))
            .send();
        assert_eq!(response.status, 400, "{role:?}: {}", response.text());
        assert!(response.json()["errors"]["role"].is_string());
    }
    let response = invitations()
        .json(&json!({"email": "h\u{0435}lper@example.org", "role": "editor"}))
        .send();
    assert_eq!(response.status, 400, "{}", response.text());
    let why = response.json()["errors"]["email"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(why.contains("mixes alphabets"), "{why}");
}

#[test]
fn with_email_on_but_no_site_address_a_link_is_shown_to_the_admin_and_not_mailed() {
    let smtp = SmtpServer::start();
    let (app, admin) = spawn_app_mailing(&smtp.url());
    let invitation = invite(&app, &admin, "helper@example.org", "editor");
    assert_eq!(invitation["mailed"], false, "{invitation}");
    let link = invitation["link"].as_str().unwrap();
    assert!(link.starts_with("/invitation#token="), "{link}");
    let why = invitation["why"].as_str().unwrap_or_default();
    assert!(why.contains("site's address is not set"), "{invitation}");
    assert_eq!(details(&app, &secret(&invitation)).status, 200, "it works");

    let (user, _) = app.register("forgetful@example.org");
    let made = app
        .post(&format!("/api/admin/users/{user}/reset-link"))
        .bearer(&admin)
        .send();
    assert_eq!(made.status, 201, "{}", made.text());
    let made = made.json();
    assert_eq!(made["mailed"], false, "{made}");
    assert!(made["link"]
        .as_str()
        .is_some_and(|link| link.starts_with("/reset-password#token=")));
    assert!(made["why"]
        .as_str()
        .is_some_and(|why| why.contains("site's address is not set")));

    let queued: i64 = app.query("SELECT count(*) FROM outbox");
    assert_eq!(queued, 0, "no mail with a link that opens nowhere");
    assert!(
        app.state.mail.wait_idle(Duration::from_secs(10)),
        "the outbox settles"
    );
    assert!(smtp.mails().is_empty(), "nothing was sent");
}

#[test]
fn an_admin_who_takes_an_editors_invitation_is_alerted_and_the_last_admin_cannot_take_one() {
    let (app, admin) = spawn_app_with_admin();
    app.admin("second@example.org");
    let token = secret(&invite(&app, &admin, "second@example.org", "editor"));
    let taken = accept(&app, json!({"token": token, "password": PASSWORD}));
    assert_eq!(taken.status, 200, "{}", taken.text());
    let also_to: String = app.query("SELECT also_to FROM alerts ORDER BY id DESC LIMIT 1");
    assert_eq!(
        also_to, "second@example.org",
        "the one who lost the admin role hears of it too"
    );
    // Now the site's only admin: an invitation that makes them an editor is refused.
    let token = secret(&invite(&app, &admin, "admin@example.org", "editor"));
    let refused = accept(&app, json!({"token": token, "password": PASSWORD}));
    assert_eq!(refused.status, 409, "{}", refused.text());
    assert!(
        refused.json()["message"]
            .as_str()
            .unwrap()
            .contains("no admin"),
        "{}",
        refused.text()
    );
    let admins: i64 = app.query("SELECT count(*) FROM users WHERE role = 'admin'");
    assert_eq!(admins, 1);
}

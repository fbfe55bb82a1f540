//! Second factors over real sockets: an authenticator app's codes (computed here, the RFC 6238
//! way, checked against the RFC's own vectors first), recovery codes, the lock after five wrong
//! codes and its mail, the rule that staff must use one, removal by another admin, and the mail
//! about a sign-in from a new browser with its "Sign out everywhere" link. Passkeys' ceremonies
//! run in Chromium's virtual authenticator (`frontend/e2e/passkeys.spec.js`).

use crate::access::{table, Fixtures, Who};
use crate::helpers::{
    assert_error, spawn_app, spawn_app_mailing, token, Response, TestApp, PASSWORD,
};
use crate::support::smtp::SmtpServer;
use data_encoding::BASE32_NOPAD;
use ring::hmac;
use serde_json::{json, Value};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const WAIT: Duration = Duration::from_secs(15);
const RULE_REFUSAL: &str = "Staff must use a second factor: set one up on your Account page first";

/// RFC 6238's TOTP, written here apart from the server's: HMAC-SHA-1 of the 30-second step,
/// dynamically truncated to `digits`.
fn totp(secret: &[u8], step: u64, digits: u32) -> u32 {
    let key = hmac::Key::new(hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY, secret);
    let mac = hmac::sign(&key, &step.to_be_bytes());
    let mac = mac.as_ref();
    let at = (mac[19] & 0xf) as usize;
    let number = u32::from_be_bytes([mac[at] & 0x7f, mac[at + 1], mac[at + 2], mac[at + 3]]);
    number % 10u32.pow(digits)
}

#[test]
fn the_tests_totp_meets_rfc_6238s_own_vectors() {
    let secret = b"12345678901234567890";
    for (time, code) in [
        (59u64, 94287082),
        (1111111109, 7081804),
        (1111111111, 14050471),
        (1234567890, 89005924),
        (2000000000, 69279037),
        (20000000000, 65353130),
    ] {
        assert_eq!(totp(secret, time / 30, 8), code, "at {time}");
    }
}

/// The app's code for `step`, as a phone shows it.
fn code(secret: &[u8], step: u64) -> String {
    format!("{:06}", totp(secret, step, 6))
}

/// The step now, having waited out the last 3 seconds of a step so a test's codes all belong
/// to the same step they were computed in.
fn fresh_step() -> u64 {
    loop {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
        if now.as_secs() % 30 < 27 {
            return now.as_secs() / 30;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// Sets up an app for the account of `token` and answers its secret and recovery codes.
fn add_app(app: &TestApp, token: &str) -> (Vec<u8>, Vec<String>) {
    let begun = app.post("/api/auth/totp").bearer(token).send();
    assert_eq!(begun.status, 200, "{}", begun.text());
    let body = begun.json();
    let secret = BASE32_NOPAD
        .decode(body["secret"].as_str().unwrap().as_bytes())
        .expect("a base32 secret");
    assert!(body["uri"]
        .as_str()
        .unwrap()
        .starts_with("otpauth://totp/Jyoti"));
    assert!(body["uri"]
        .as_str()
        .unwrap()
        .contains("&digits=6&period=30"));
    assert!(
        body["qrSvg"].as_str().unwrap().starts_with("<?xml")
            || body["qrSvg"].as_str().unwrap().contains("<svg")
    );
    let wrong = confirm(app, token, "000000");
    if wrong.status != 400 {
        // 000000 can be the code of the moment, once in a million.
        assert_eq!(wrong.status, 200);
        return (secret, codes(&wrong.json()));
    }
    assert!(wrong.json()["errors"]["code"].is_string());
    // Confirmed with the last step's code (a phone a little slow), so the step of the moment is
    // still unused for a sign-in.
    let step = fresh_step();
    let done = confirm(app, token, &code(&secret, step - 1));
    assert_eq!(done.status, 200, "{}", done.text());
    (secret, codes(&done.json()))
}

fn confirm(app: &TestApp, token: &str, code: &str) -> Response {
    app.post("/api/auth/totp/confirm")
        .bearer(token)
        .json(&json!({ "code": code }))
        .send()
}

fn codes(body: &Value) -> Vec<String> {
    body["recoveryCodes"]
        .as_array()
        .expect("recovery codes")
        .iter()
        .map(|code| code.as_str().unwrap().to_owned())
        .collect()
}

/// The password step: the ticket and the ways offered, with no token in the answer.
fn ticket(app: &TestApp, email: &str) -> (String, Value) {
    let login = app.login(email, PASSWORD);
    assert_eq!(login.status, 200, "{}", login.text());
    let body = login.json();
    assert!(
        body.get("token").is_none(),
        "no token before the second step: {body}"
    );
    let second = &body["secondFactor"];
    (
        second["ticket"].as_str().expect("a ticket").to_owned(),
        second["methods"].clone(),
    )
}

fn second_step(app: &TestApp, ticket: &str, code: &str) -> Response {
    app.post("/api/auth/login/second-factor")
        .json(&json!({ "ticket": ticket, "code": code }))
        .send()
}

#[test]
fn an_account_with_an_app_signs_in_with_its_code_once_within_a_step_either_way() {
    let app = spawn_app();
    let (_, member) = app.register("member@example.org");
    let (_, recovery) = add_app(&app, &member);
    assert_eq!(recovery.len(), 10);
    // A known secret in place of the one set up, no step of it used yet.
    let secret = b"12345678901234567890";
    let conn = app.state.pool.get().unwrap();
    conn.execute(
        "UPDATE totp_secrets SET secret = ?1, last_step = 0",
        [&secret[..]],
    )
    .unwrap();

    let (first, methods) = ticket(&app, "member@example.org");
    assert_eq!(methods, json!(["totp", "recovery"]));
    let step = fresh_step();
    // A step behind (a phone's clock a little slow), then a step ahead.
    let behind = second_step(&app, &first, &code(secret, step - 1));
    assert_eq!(behind.status, 200, "{}", behind.text());
    let session = token(&behind.json());
    assert_eq!(app.me(&session).status, 200);
    assert_eq!(behind.json()["msg"], "Login Successful");
    let (second, _) = ticket(&app, "member@example.org");
    assert_eq!(
        second_step(&app, &second, &code(secret, step + 1)).status,
        200
    );
    // The step's code and the one behind are older than the last accepted: no replay.
    let (third, _) = ticket(&app, "member@example.org");
    assert_error(
        &second_step(&app, &third, &code(secret, step + 1)),
        401,
        "the same code again",
    );
    assert_error(
        &second_step(&app, &third, &code(secret, step)),
        401,
        "an older step's code",
    );
    assert_error(
        &second_step(&app, &third, &code(secret, step + 3)),
        401,
        "too far ahead",
    );
    // A ticket serves one sign-in.
    assert_error(
        &second_step(&app, &first, &code(secret, step + 2)),
        400,
        "a used ticket",
    );
    assert_eq!(
        app.query::<i64>("SELECT count(*) FROM second_step_failures WHERE failures = 3"),
        1
    );
}

#[test]
fn one_code_sent_twice_at_once_signs_in_once() {
    let app = spawn_app();
    let (_, member) = app.register("member@example.org");
    let (secret, _) = add_app(&app, &member);
    let step = fresh_step();
    let tickets: Vec<String> = (0..8)
        .map(|_| ticket(&app, "member@example.org").0)
        .collect();
    let next = code(&secret, step);
    let answers: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = tickets
            .iter()
            .map(|t| scope.spawn(|| second_step(&app, t, &next).status))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(
        answers.iter().filter(|s| **s == 200).count(),
        1,
        "{answers:?}"
    );
    // The others are wrong codes: the fifth of them locks the second step.
    assert!(
        answers.iter().all(|s| [200, 401, 429].contains(s)),
        "{answers:?}"
    );
    assert_eq!(
        answers.iter().filter(|s| **s == 401).count(),
        4,
        "{answers:?}"
    );
}

#[test]
fn an_account_without_a_factor_signs_in_as_the_spec_says() {
    let app = spawn_app();
    app.register("plain@example.org");
    let login = app.login("plain@example.org", PASSWORD);
    assert_eq!(login.status, 200);
    let body = login.json();
    assert!(
        body["token"].is_string() && body.get("secondFactor").is_none(),
        "{body}"
    );
    assert_eq!(body["msg"], "Login Successful");
}

#[test]
fn recovery_codes_sign_in_once_each_and_new_ones_void_the_old() {
    let app = spawn_app();
    let (_, member) = app.register("member@example.org");
    let (_, recovery) = add_app(&app, &member);
    let (first, _) = ticket(&app, "member@example.org");
    // Typed loosely: capitals and spaces for dashes.
    let typed = recovery[0].to_uppercase().replace('-', " ");
    assert_eq!(second_step(&app, &first, &typed).status, 200);
    let (second, _) = ticket(&app, "member@example.org");
    assert_error(
        &second_step(&app, &second, &recovery[0]),
        401,
        "a used recovery code",
    );
    let status = app
        .get("/api/auth/second-factor")
        .bearer(&member)
        .send()
        .json();
    assert_eq!(status["recoveryCodesLeft"], 9);

    let renewed = app.post("/api/auth/recovery-codes").bearer(&member).send();
    assert_eq!(renewed.status, 200);
    let fresh = codes(&renewed.json());
    assert_eq!(fresh.len(), 10);
    assert_error(
        &second_step(&app, &second, &recovery[1]),
        401,
        "an old code, voided",
    );
    assert_eq!(second_step(&app, &second, &fresh[1]).status, 200);
    let stored: String = app.query("SELECT group_concat(code_hash) FROM recovery_codes");
    assert!(
        fresh.iter().all(|code| !stored.contains(code.as_str())),
        "kept hashed"
    );
}

#[test]
fn five_wrong_codes_lock_the_second_step_for_15_minutes_and_mail_the_owner() {
    let smtp = SmtpServer::start();
    let (app, _) = spawn_app_mailing(&smtp.url());
    let (_, member) = app.register("member@example.org");
    let (secret, _) = add_app(&app, &member);
    let (ticket, _) = ticket(&app, "member@example.org");
    for _ in 0..4 {
        assert_error(&second_step(&app, &ticket, "999999x"), 401, "a wrong code");
    }
    let locked = second_step(&app, &ticket, "000000-0000");
    assert_error(&locked, 429, "the fifth wrong code");
    let wait: u64 = locked.header("retry-after").unwrap().parse().unwrap();
    assert!((890..=900).contains(&wait), "{wait}");
    let step = fresh_step();
    let right = second_step(&app, &ticket, &code(&secret, step));
    assert_error(&right, 429, "even the right code while locked");
    assert!(right.json()["message"]
        .as_str()
        .unwrap()
        .contains("15 minutes"));
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert_eq!(mail.to, ["member@example.org"]);
    assert!(
        mail.subject().contains("locked for 15 minutes"),
        "{}",
        mail.subject()
    );
    assert!(!mail.body().contains(&BASE32_NOPAD.encode(&secret)));
}

#[test]
fn wrong_codes_in_parallel_lock_after_five_whatever_their_order() {
    let app = spawn_app();
    let (_, member) = app.register("member@example.org");
    add_app(&app, &member);
    let (ticket, _) = ticket(&app, "member@example.org");
    let answers: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..12)
            .map(|n| {
                let ticket = &ticket;
                let app = &app;
                scope.spawn(move || second_step(app, ticket, &format!("zz{n}-wrong")).status)
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(
        answers.iter().filter(|s| **s == 401).count(),
        4,
        "{answers:?}"
    );
    assert_eq!(
        answers.iter().filter(|s| **s == 429).count(),
        8,
        "{answers:?}"
    );
}

#[test]
fn the_app_is_removed_with_the_password_and_secrets_show_nowhere() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    let (secret, recovery) = add_app(&app, &admin);
    let text = BASE32_NOPAD.encode(&secret);
    assert_eq!(
        app.post("/api/auth/totp").bearer(&admin).send().status,
        409,
        "one app at a time"
    );
    let step = fresh_step();
    let (t, _) = ticket(&app, "admin@example.org");
    let session = token(&second_step(&app, &t, &code(&secret, step)).json());
    for path in [
        "/api/auth/second-factor",
        "/api/auth/user",
        "/api/admin/users",
        "/api/admin/audit",
        "/api/admin/audit/csv",
        "/api/admin/alerts",
    ] {
        let answer = app.get(path).bearer(&session).send().text();
        assert!(!answer.contains(&text), "{path} shows the secret");
        assert!(
            recovery.iter().all(|c| !answer.contains(c.as_str())),
            "{path} shows a code"
        );
    }
    let status = app
        .get("/api/auth/second-factor")
        .bearer(&session)
        .send()
        .json();
    assert_eq!(status["totp"], true);
    let wrong = app
        .delete("/api/auth/totp")
        .bearer(&session)
        .json(&json!({"password": "not it at all"}))
        .send();
    assert_error(&wrong, 400, "a wrong password");
    assert!(wrong.json()["errors"]["password"].is_string());
    let removed = app
        .delete("/api/auth/totp")
        .bearer(&session)
        .json(&json!({"password": PASSWORD}))
        .send();
    assert_eq!(removed.status, 200, "{}", removed.text());
    let login = app.login("admin@example.org", PASSWORD).json();
    assert!(
        login["token"].is_string(),
        "no factor left: the password alone"
    );
    assert_eq!(app.query::<i64>("SELECT count(*) FROM recovery_codes"), 0);
}

/// Turns the rule on or off as `admin`.
fn rule(app: &TestApp, admin: &str, on: bool) -> Response {
    app.patch("/api/admin/settings")
        .bearer(admin)
        .json(&json!({ "requireSecondFactor": on }))
        .send()
}

#[test]
fn the_rule_keeps_staff_without_a_factor_from_every_admin_call_until_they_add_one() {
    let (app, boss) = crate::helpers::spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    assert_error(&rule(&app, &editor, true), 403, "an editor sets no rule");
    let (secret, _) = add_app(&app, &boss);
    assert_eq!(rule(&app, &boss, true).status, 200);
    assert_eq!(app.get("/api/admin/users").bearer(&boss).send().status, 200);

    let (_, other) = app.admin("other.admin@example.org");
    let login = app.login("other.admin@example.org", PASSWORD).json();
    assert_eq!(login["setUpSecondFactor"], true, "{login}");
    for call in table(&Fixtures::default()) {
        let token = match call.who {
            Who::Admin => &other,
            Who::Editor => &editor,
            _ => continue,
        };
        let answer = call.send(&app, Some(token));
        assert_error(&answer, 403, call.name);
        assert_eq!(answer.json()["message"], RULE_REFUSAL, "{}", call.name);
    }
    // Their own account's calls still work: the way to a factor.
    let status = app
        .get("/api/auth/second-factor")
        .bearer(&other)
        .send()
        .json();
    assert_eq!(
        (
            status["requireSecondFactor"].clone(),
            status["mustSetUp"].clone()
        ),
        (json!(true), json!(true))
    );
    add_app(&app, &other);
    let (t, _) = ticket(&app, "other.admin@example.org");
    let _ = secret;
    let status = app
        .get("/api/auth/second-factor")
        .bearer(&other)
        .send()
        .json();
    assert_eq!(status["mustSetUp"], false);
    assert_eq!(
        app.get("/api/admin/users").bearer(&other).send().status,
        200
    );
    drop(t);

    // Turning it off is an alert to every admin.
    assert_eq!(rule(&app, &boss, false).status, 200);
    let subject: String = app.query("SELECT subject FROM alerts ORDER BY id DESC LIMIT 1");
    assert!(subject.contains("second factor"), "{subject}");
    assert_eq!(
        app.get("/api/admin/contacts").bearer(&editor).send().status,
        200
    );
    let logged: String = app.query(
        "SELECT changes FROM audit_log WHERE changes LIKE '%requireSecondFactor%' ORDER BY id DESC LIMIT 1",
    );
    assert!(logged.contains("off"), "{logged}");
}

#[test]
fn another_admin_removes_a_members_factors_and_both_are_told() {
    let smtp = SmtpServer::start();
    let (app, boss) = spawn_app_mailing(&smtp.url());
    let (editor_id, editor) = app.editor("editor@example.org");
    add_app(&app, &editor);
    let users = app
        .get("/api/admin/users")
        .bearer(&boss)
        .send()
        .json()
        .to_string();
    assert!(users.contains("\"secondFactor\":true"), "{users}");
    let path = format!("/api/admin/users/{editor_id}/second-factor");
    assert_error(&app.delete(&path).bearer(&editor).send(), 403, "an editor");
    let removed = app.delete(&path).bearer(&boss).send();
    assert_eq!(removed.status, 200, "{}", removed.text());
    assert_eq!(removed.json()["msg"], "Second factor removed");
    assert_error(
        &app.delete(&path).bearer(&boss).send(),
        409,
        "nothing left to remove",
    );
    assert!(app.login("editor@example.org", PASSWORD).json()["token"].is_string());
    let mails = smtp.wait_for(2, WAIT);
    let to: Vec<String> = mails.iter().flat_map(|m| m.to.clone()).collect();
    assert!(to.contains(&"editor@example.org".to_owned()), "{to:?}");
    assert!(to.contains(&"admin@example.org".to_owned()), "{to:?}");
    assert!(
        mails.iter().all(|m| m.subject().contains("second factor")),
        "{:?}",
        mails.iter().map(|m| m.subject()).collect::<Vec<_>>()
    );
    let action: String =
        app.query("SELECT action FROM audit_log WHERE action = 'second factor removed'");
    assert_eq!(action, "second factor removed");
}

/// The value of the browser cookie a sign-in set.
fn browser_cookie(login: &Response) -> String {
    let set = login
        .header("set-cookie")
        .expect("a cookie for the browser");
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Strict"),
        "{set}"
    );
    set.split(';').next().unwrap().to_owned()
}

#[test]
fn a_staff_sign_in_from_a_new_browser_is_mailed_with_a_link_that_signs_out_everywhere() {
    let smtp = SmtpServer::start();
    let (app, _) = spawn_app_mailing(&smtp.url());
    app.editor("editor@example.org");
    app.state
        .pool
        .get()
        .unwrap()
        .execute(
            "INSERT INTO mail_settings (id, site_address) VALUES (1, 'http://jyoti.example')",
            [],
        )
        .unwrap();
    // The account's first sign-in ever is no news (its owner just chose the password).
    assert_eq!(app.login("editor@example.org", PASSWORD).status, 200);
    assert!(app.state.mail.wait_idle(WAIT));
    let before = smtp.mails().len();
    let sign_in = |cookie: Option<&str>| {
        let mut request = app.post("/api/auth/login").header(
            "User-Agent",
            "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
        );
        if let Some(cookie) = cookie {
            request = request.header("Cookie", cookie);
        }
        request
            .json(&json!({"email": "editor@example.org", "password": PASSWORD}))
            .send()
    };
    let first = sign_in(None);
    assert_eq!(first.status, 200);
    let cookie = browser_cookie(&first);
    let mail = smtp.wait_for(before + 1, WAIT).remove(before);
    assert_eq!(mail.to, ["editor@example.org"]);
    assert_eq!(mail.subject(), "New sign-in to your Jyoti account");
    let body = mail.body();
    assert!(
        body.contains("127.0.0.1") && body.contains("Chrome on Android"),
        "{body}"
    );
    // The same browser again: no mail.
    let second = sign_in(Some(&cookie));
    assert_eq!(second.status, 200);
    assert!(app.state.mail.wait_idle(WAIT));
    assert_eq!(
        smtp.mails().len(),
        before + 1,
        "a known browser is not mailed about"
    );
    // Another browser: mailed again.
    assert_eq!(sign_in(Some("jyoti_browser=not-a-mark")).status, 200);
    smtp.wait_for(before + 2, WAIT);

    let link = body
        .split_whitespace()
        .find(|word| word.contains("/api/auth/sign-out-everywhere?token="))
        .expect("the link");
    assert!(
        link.starts_with("http://jyoti.example/api/"),
        "the site's own address: {link}"
    );
    let path = &link[link.find("/api/").unwrap()..];
    let session = token(&second.json());
    assert_eq!(app.me(&session).status, 200);
    let out = app.get(path).send();
    assert_eq!(out.status, 303);
    assert_eq!(out.header("location"), Some("/login?signedOut=everywhere"));
    assert_eq!(app.me(&session).status, 401, "every session ended");
    let bad = app.get("/api/auth/sign-out-everywhere?token=00").send();
    assert_eq!(bad.header("location"), Some("/login?signedOut=failed"));
}

#[test]
fn a_new_browser_at_an_admin_account_is_also_an_alert() {
    let (app, _) = crate::helpers::spawn_app_with_admin();
    let alerts = |app: &TestApp| {
        app.query::<i64>("SELECT count(*) FROM alerts WHERE subject LIKE '%new sign-in%'")
    };
    assert_eq!(app.login("admin@example.org", PASSWORD).status, 200);
    assert_eq!(alerts(&app), 0, "an account's first sign-in is no news");
    let login = app.login("admin@example.org", PASSWORD);
    assert_eq!(login.status, 200);
    assert_eq!(alerts(&app), 1);
    let cookie = browser_cookie(&login);
    let again = app
        .post("/api/auth/login")
        .header("Cookie", &cookie)
        .json(&json!({"email": "admin@example.org", "password": PASSWORD}))
        .send();
    assert_eq!(again.status, 200);
    assert_eq!(alerts(&app), 1, "the same browser is no news");
    // A visitor's account is never mailed about, nor given the mark.
    app.register("visitor@example.org");
    let visitor = app.login("visitor@example.org", PASSWORD);
    assert!(visitor.header("set-cookie").is_none());
}

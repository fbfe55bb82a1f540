//! The alarm about payment details cannot be drowned, starved or bypassed: a burst of harmless
//! alerts, a spent mail quota, a staff member's address changed under them, the command line's
//! mail password, a reset link or a deleted outbox row. Every test runs the real app and real
//! SMTP servers on loopback: one the club's, one the attacker's.

use crate::helpers::{assert_error, spawn_app_with, test_config, TestApp};
use crate::support::smtp::{Mail, SmtpServer};
use jyoti::config::Config;
use jyoti::domain::SmtpServer as Smtp;
use jyoti::mail::MailOptions;
use serde_json::{json, Value};
use std::time::Duration;

const TREASURER: &str = "treasurer@example.org";

/// An app that mails alerts to the treasurer too, merges routine alerts a minute apart as it
/// does in production, holds payment changes `hold`, and sends `per_day` mails besides alerts.
fn app(hold: Duration, per_day: u32) -> (TestApp, String) {
    let app = spawn_app_with(Config {
        rate_limit: false,
        payment_hold: hold,
        mail: MailOptions {
            alert_to: vec![TREASURER.to_owned()],
            alert_window: Duration::from_secs(60),
            retry_base: Duration::from_millis(300),
            per_day,
            ..MailOptions::default()
        },
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    (app, admin)
}

/// Points the app's mail at `smtp` on the Email screen, from `sender`.
fn mail_through(app: &TestApp, admin: &str, smtp: &SmtpServer, sender: &str) {
    let settings = json!({"host": "127.0.0.1", "port": smtp.port, "security": "none",
        "sender": sender, "siteAddress": "https://jyoti.example"});
    app.change(admin, "/api/admin/mail", &settings);
}

/// The first real payment details apply at once; later ones wait out the hold.
fn first_real_upi(app: &TestApp, admin: &str) {
    app.change(
        admin,
        "/api/admin/settings",
        &json!({"upiId": "jyoti.real@sbi"}),
    );
}

fn to(mails: &[Mail], address: &str) -> Vec<String> {
    mails
        .iter()
        .filter(|mail| mail.to == [address])
        .map(Mail::body)
        .collect()
}

fn pending(app: &TestApp, admin: &str) -> Value {
    let answer = app
        .get("/api/admin/settings/payment-hold")
        .bearer(admin)
        .send();
    assert_eq!(answer.status, 200, "{}", answer.text());
    answer.json()["pending"].clone()
}

/// A hundred harmless alerts in the minute before a change of the UPI ID, then the mail pointed
/// at the attacker's server: the club's server still carries the UPI change to every admin and
/// to the treasurer, and it stays at the top of the Alerts screen.
#[test]
fn a_hundred_alerts_cannot_drown_the_change_of_the_upi_id() {
    let (app, admin) = app(Duration::from_secs(24 * 3600), 200);
    let (_, second) = app.admin("second@example.org");
    first_real_upi(&app, &admin);
    let club = SmtpServer::start();
    mail_through(&app, &admin, &club, "school@example.org");
    // One harmless edit is mailed at once; the hundred after it wait for their minute.
    for n in 0..101 {
        let appeal = json!({ "donationAppeal": format!("Please give, appeal number {n}") });
        app.change(&admin, "/api/admin/settings", &appeal);
    }
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "thief@ybl"}),
    );
    let attacker = SmtpServer::start();
    mail_through(&app, &admin, &attacker, "thief@example.net");
    for address in ["admin@example.org", "second@example.org", TREASURER] {
        app.eventually(|| {
            let bodies = to(&club.mails(), address);
            bodies
                .iter()
                .any(|body| body.contains("UPI ID: jyoti.real@sbi → thief@ybl"))
                .then_some(())
        });
    }
    // On its own: no appeal shares its mail.
    for body in to(&club.mails(), TREASURER) {
        if body.contains("thief@ybl") && body.contains("upiId") {
            assert!(!body.contains("appeal number"), "{body}");
        }
    }
    // Pinned on the first screen of the Alerts list above the burst, until every admin read it.
    let first_screen = |token: &str| {
        app.get("/api/admin/alerts?page=1&size=10")
            .bearer(token)
            .send()
            .json()["items"]
            .clone()
    };
    let top = first_screen(&second);
    let upi = top
        .as_array()
        .unwrap()
        .iter()
        .find(|alert| alert["body"].as_str().unwrap().contains("thief@ybl"))
        .expect("the UPI change is on the first screen");
    assert_eq!(upi["pinned"], true);
    for token in [&admin, &second] {
        let read = app.post("/api/admin/alerts/read").bearer(token);
        assert_eq!(read.json(&json!({"all": true})).send().status, 200);
    }
    let after = first_screen(&second);
    assert!(after
        .as_array()
        .unwrap()
        .iter()
        .all(|alert| alert["pinned"] == false));
}

/// A change of the stored sender is a change of the mail server: the old route hears of it.
#[test]
fn a_new_sender_is_told_through_the_old_route() {
    let (app, admin) = app(Duration::from_secs(24 * 3600), 200);
    let club = SmtpServer::start();
    mail_through(&app, &admin, &club, "school@example.org");
    club.wait_for(2, Duration::from_secs(10));
    let sender = json!({"sender": "thief@example.net"});
    app.change(&admin, "/api/admin/mail", &sender);
    let mails = club.wait_for(4, Duration::from_secs(10));
    assert!(mails[2..]
        .iter()
        .any(|mail| mail.from == "school@example.org"
            && mail
                .body()
                .contains("Send from: school@example.org → thief@example.net")));
}

/// Strangers and an admin spend the mail plan's daily quota: the budget for mail other than
/// alerts keeps room, the UPI alert goes, and the health check says mail is held back.
#[test]
fn routine_mail_cannot_spend_the_quota_the_alarm_needs() {
    let (app, admin) = app(Duration::from_secs(24 * 3600), 5);
    first_real_upi(&app, &admin);
    // A free plan that takes 12 mails a day.
    let club = SmtpServer::with_quota(12);
    mail_through(&app, &admin, &club, "school@example.org");
    for n in 0..30 {
        let invitation = json!({"email": format!("helper{n}@example.org"), "role": "editor"});
        let made = app
            .post("/api/admin/invitations")
            .bearer(&admin)
            .json(&invitation)
            .send();
        assert_eq!(made.status, 201, "{}", made.text());
    }
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "thief@ybl"}),
    );
    for address in ["admin@example.org", TREASURER] {
        app.eventually(|| {
            to(&club.mails(), address)
                .iter()
                .any(|body| body.contains("thief@ybl"))
                .then_some(())
        });
    }
    let invitations = club
        .mails()
        .iter()
        .filter(|mail| mail.to[0].starts_with("helper"))
        .count();
    assert_eq!(invitations, 5, "the day's budget");
    let health = app.get("/healthz").send().json();
    let said = health["checks"]["mail"]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(said.contains("budget of 5"), "{health}");
}

/// A held change whose alert reached nobody (the mail server refuses) waits past its hold and
/// says so; once the alert goes, it takes effect. So does an admin's held notice.
#[test]
fn a_held_change_waits_until_its_alert_reached_someone() {
    // A day's hold on the server's clock, which the test moves past the hold instead of waiting.
    let (app, admin) = app(Duration::from_secs(24 * 3600), 200);
    let clock = app.state.config.clock.clone();
    first_real_upi(&app, &admin);
    let club = SmtpServer::start();
    mail_through(&app, &admin, &club, "school@example.org");
    club.wait_for(2, Duration::from_secs(10));
    club.set_refusing(true);
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "new.upi@sbi"}),
    );
    // So does an admin's notice naming another UPI ID.
    let notice = json!({"title": "Pay thief@ybl", "date": "2026-11-28"});
    let held = app
        .post("/api/admin/service")
        .bearer(&admin)
        .json(&notice)
        .send();
    assert_eq!(held.status, 202, "{}", held.text());
    let board = || app.get("/api/admin/servicelist").send().text();
    // The mail server refused the alert: health says so.
    app.eventually(|| {
        let health = app.get("/healthz").send().json();
        let said = health["checks"]["mail"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        said.contains("refuses alert emails").then_some(())
    });
    clock.move_on(Duration::from_secs(25 * 3600));
    let look = jyoti::payment_hold::check(&app.state.pool, &app.state.mail, &clock);
    assert_eq!(
        look.expect("the worker's look"),
        jyoti::payment_hold::Due::Unheard
    );
    assert_eq!(app.content()["settings"]["upiId"], "jyoti.real@sbi");
    let waiting = pending(&app, &admin);
    assert_eq!(waiting["waitingForAlertMail"], true, "{waiting}");
    let notices = app
        .get("/api/admin/held-writes")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(notices["held"][0]["waitingForAlertMail"], true, "{notices}");
    assert!(!board().contains("thief@ybl"));
    club.set_refusing(false);
    app.eventually(|| (app.content()["settings"]["upiId"] == "new.upi@sbi").then_some(()));
    app.eventually(|| board().contains("Pay thief@ybl").then_some(()));
}

/// An admin who changes another admin's address does not get that admin's alerts: the old
/// address is told, and the new one takes effect once its owner confirms the mailed link.
#[test]
fn a_staff_address_changes_only_when_its_new_owner_confirms_it() {
    let (app, admin) = app(Duration::from_secs(24 * 3600), 200);
    let (second_id, _) = app.admin("second@example.org");
    let club = SmtpServer::start();
    mail_through(&app, &admin, &club, "school@example.org");
    let path = format!("/api/admin/users/update/{second_id}");
    let answer = app.change(&admin, &path, &json!({"email": "rogue@example.net"}));
    let answer = answer.json();
    assert_eq!(answer["email"], "second@example.org", "{answer}");
    assert_eq!(answer["pendingEmail"], "rogue@example.net");
    assert!(answer.get("confirmLink").is_none(), "mailed, never shown");
    let stored: String = app.query(&format!("SELECT email FROM users WHERE id = {second_id}"));
    assert_eq!(stored, "second@example.org");
    // The old address and every admin hear of it; the new one gets the link.
    let link = app.eventually(|| {
        let mails = club.mails();
        let told = to(&mails, "second@example.org")
            .iter()
            .any(|body| body.contains("rogue@example.net"));
        let link = to(&mails, "rogue@example.net")
            .iter()
            .find_map(|body| body.split("#token=").nth(1).map(|t| t[..64].to_owned()));
        link.filter(|_| told)
    });
    let wrong = app
        .post("/api/auth/email-change")
        .json(&json!({"token": "0".repeat(64)}))
        .send();
    assert_error(&wrong, 400, "an unknown link");
    let confirmed = app
        .post("/api/auth/email-change")
        .json(&json!({ "token": link }))
        .send();
    assert_eq!(confirmed.status, 200, "{}", confirmed.text());
    let stored: String = app.query(&format!("SELECT email FROM users WHERE id = {second_id}"));
    assert_eq!(stored, "rogue@example.net");
    let again = app
        .post("/api/auth/email-change")
        .json(&json!({ "token": link }))
        .send();
    assert_error(&again, 400, "a used link");
    // A plain user's address still changes at once, as the spec's form expects.
    let (user, _) = app.register("member@example.org");
    let path = format!("/api/admin/users/update/{user}");
    let answer = app.change(&admin, &path, &json!({"email": "member2@example.org"}));
    assert_eq!(answer.json()["email"], "member2@example.org");
}

/// With `--smtp-url` holding a password, a change of the stored sender keeps the password off
/// the disk: no outbox row and no admin's backup holds it, nor the `--alert-to` addresses.
#[test]
fn the_command_lines_mail_password_and_alert_addresses_stay_off_the_disk() {
    let smtp = SmtpServer::start();
    let url = format!(
        "smtp://club%40example.org:s3cret-pass@127.0.0.1:{}?tls=none",
        smtp.port
    );
    let app = spawn_app_with(Config {
        rate_limit: false,
        mail: MailOptions {
            server: Some(Smtp::parse_url(&url).unwrap()),
            alert_to: vec![TREASURER.to_owned()],
            // Nothing leaves the outbox while the test reads it.
            retry_base: Duration::from_secs(3600),
            ..MailOptions::default()
        },
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    smtp.set_refusing(true);
    app.change(
        &admin,
        "/api/admin/mail",
        &json!({"sender": "school@example.org"}),
    );
    app.change(
        &admin,
        "/api/admin/mail",
        &json!({"sender": "other@example.org"}),
    );
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "jyoti.real@sbi"}),
    );
    app.eventually(|| {
        let queued: i64 = app.query("SELECT count(*) FROM outbox WHERE via IS NOT NULL");
        (queued >= 2).then_some(())
    });
    let rows: String = app.query("SELECT group_concat(coalesce(via, ''), ' ') FROM outbox");
    assert!(!rows.contains("s3cret-pass"), "{rows}");
    let backup = app.get("/api/admin/backup").bearer(&admin).send();
    assert_eq!(backup.status, 200);
    let text = String::from_utf8_lossy(&backup.body);
    assert!(
        !text.contains("s3cret-pass"),
        "the password is in the backup"
    );
    assert!(
        !text.contains(TREASURER),
        "an --alert-to address is in the backup"
    );
}

/// No admin reads another admin's reset link, even with email off, and no admin deletes the
/// alert mail waiting for the other admins.
#[test]
fn no_admin_gets_another_admins_reset_link_or_deletes_their_alert() {
    let (app, admin) = app(Duration::from_secs(24 * 3600), 200);
    let (second_id, _) = app.admin("second@example.org");
    let (user, _) = app.register("member@example.org");
    let link = |id: i64| {
        app.post(&format!("/api/admin/users/{id}/reset-link"))
            .bearer(&admin)
            .send()
    };
    // Email off: a user's link is shown to pass on; another admin's is never shown.
    assert_eq!(link(user).status, 201);
    let refused = link(second_id);
    assert_error(&refused, 409, "another admin's reset link");
    assert!(!refused.text().contains("reset-password"));
    // Email on but the site's address cleared: still not shown.
    let club = SmtpServer::refusing();
    mail_through(&app, &admin, &club, "school@example.org");
    app.change(&admin, "/api/admin/mail", &json!({"siteAddress": ""}));
    assert_error(&link(second_id), 409, "another admin's reset link");
    // The alert mail waiting for the other admin cannot be deleted.
    let waiting: i64 = app.eventually(|| {
        let id: Option<i64> = app.query(
            "SELECT max(id) FROM outbox WHERE kind = 'alert' AND recipients = 'second@example.org'",
        );
        id
    });
    let delete = app
        .delete(&format!("/api/admin/outbox/{waiting}"))
        .bearer(&admin)
        .send();
    assert_error(&delete, 409, "an alert mail waiting to go");
}

/// A PNG photo of a UPI QR code paying `upi` (a phone photo of a printed code: on a grey
/// background, with room around it).
pub(crate) fn qr_photo(upi: &str) -> Vec<u8> {
    let code = qrcode::QrCode::new(format!("upi://pay?pa={upi}&pn=Someone&cu=INR")).unwrap();
    let modules = code.width() as u32;
    let colors = code.to_colors();
    let (scale, margin) = (8, 120);
    let side = modules * scale + 2 * margin;
    let photo = image::GrayImage::from_fn(side + 200, side, |x, y| {
        let (mx, my) = (
            x.wrapping_sub(margin) / scale,
            y.wrapping_sub(margin) / scale,
        );
        if x < margin || y < margin || mx >= modules || my >= modules {
            return image::Luma([if x >= side { 170 } else { 235 }]);
        }
        let dark = colors[(my * modules + mx) as usize] == qrcode::Color::Dark;
        image::Luma([if dark { 20 } else { 235 }])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageLuma8(photo)
        .write_to(&mut out, image::ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

/// An editor cannot put another UPI ID in a notice, the banner, a Bengali text or a gallery
/// photo; an admin's banner with one waits out the payment hold with its alert, and so does an
/// admin's notice with one (`held_writes.rs` follows it to its end).
#[test]
fn donors_see_one_upi_id() {
    let (app, admin) = app(Duration::from_secs(24 * 3600), 200);
    let (_, editor) = app.editor("editor@example.org");
    first_real_upi(&app, &admin);
    let notice = json!({"title": "Fees: pay thief@ybl today", "date": "2026-11-28"});
    let post = |token: &str| {
        app.post("/api/admin/service")
            .bearer(token)
            .json(&notice)
            .send()
    };
    let refused = post(&editor);
    assert_eq!(refused.status, 403, "{}", refused.text());
    let why = refused.json()["message"].as_str().unwrap().to_owned();
    assert!(why.contains("only admins change where donors pay"), "{why}");
    let held = post(&admin);
    assert_eq!(held.status, 202, "{}", held.text());
    let why = held.json()["message"].as_str().unwrap().to_owned();
    assert!(
        why.contains("thief@ybl") && why.contains("Settings"),
        "{why}"
    );
    // The site's own UPI ID is welcome anywhere; an email address is no UPI ID.
    let ours = json!({"title": "Give to jyoti.real@sbi or write to club@example.org",
        "date": "2026-11-28"});
    let made = app
        .post("/api/admin/service")
        .bearer(&editor)
        .json(&ours)
        .send();
    assert_eq!(made.status, 201, "{}", made.text());
    let banner = json!({"heroTitle": "Donate now to thief@ybl"});
    let refused = app.patch_json(&editor, "/api/admin/settings", &banner);
    assert_eq!(refused.status, 403, "{}", refused.text());
    let bengali = json!({"lang": "bn", "kind": "setting", "record": "heroTitle",
        "field": "heroTitle", "text": "দান করুন thief@ybl-এ"});
    let refused = app
        .put("/api/admin/translations")
        .bearer(&editor)
        .json(&bengali)
        .send();
    assert_eq!(refused.status, 403, "{}", refused.text());
    // An admin's banner waits out the hold, and every admin is alerted.
    let saved = app.change(&admin, "/api/admin/settings", &banner).json();
    assert_eq!(
        saved["pending"]["changes"][0]["field"], "heroTitle",
        "{saved}"
    );
    assert_ne!(
        app.content()["settings"]["heroTitle"],
        "Donate now to thief@ybl"
    );
    let alerted: i64 = app.query("SELECT count(*) FROM alerts WHERE body LIKE '%thief@ybl%'");
    assert_eq!(alerted, 2, "the notice's and the banner's");
    // An editor's photo of another UPI ID's QR code is refused; of the site's own, taken.
    let refused = app.upload(&editor, "qr.png", &qr_photo("thief@ybl"));
    assert_eq!(refused.status, 400, "{}", refused.text());
    let why = refused.json()["errors"]["file"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(why.contains("thief@ybl"), "{why}");
    let ours = app.upload(&editor, "qr.png", &qr_photo("jyoti.real@sbi"));
    assert_eq!(ours.status, 201, "{}", ours.text());
}

/// An admin named with a Cyrillic "А" in "Аdmin" does not pass for the Latin "Admin" in the
/// alerts and the activity log: the name says which alphabets it mixes.
#[test]
fn a_name_that_mixes_alphabets_says_so_in_alerts_and_the_log() {
    let (app, admin) = app(Duration::from_secs(24 * 3600), 200);
    let registered = app.register_with(json!({"firstname": "\u{0410}dmin", "lastname": "Das",
        "department": "", "year": "", "email": "look.alike@example.org",
        "password": crate::helpers::PASSWORD}));
    assert_eq!(registered.status, 201, "{}", registered.text());
    let body = registered.json();
    let (id, token) = (
        body["userId"].as_i64().unwrap(),
        crate::helpers::token(&body),
    );
    let path = format!("/api/admin/users/update/{id}");
    app.change(&admin, &path, &json!({"role": "admin"}));
    first_real_upi(&app, &token);
    let alerts = app
        .get("/api/admin/alerts?page=1&size=10")
        .bearer(&admin)
        .send()
        .json();
    assert!(
        alerts["items"][0]["body"]
            .as_str()
            .unwrap()
            .starts_with("\u{0410}dmin Das (Latin and Cyrillic letters) <look.alike@example.org>"),
        "{alerts}"
    );
    let actor: String = app.query("SELECT actor FROM audit_log ORDER BY id DESC LIMIT 1");
    assert!(actor.contains("(Latin and Cyrillic letters)"), "{actor}");
}

/// The treasurer at `--alert-to` cannot sign in: their mail says whom to call and when a held
/// change reaches donors, never to sign in and change it back; a cancellation says what donors
/// keep seeing.
#[test]
fn the_treasurers_mail_says_whom_to_call_and_a_cancellation_what_donors_keep() {
    let (app, admin) = app(Duration::from_secs(24 * 3600), 200);
    first_real_upi(&app, &admin);
    let club = SmtpServer::start();
    mail_through(&app, &admin, &club, "school@example.org");
    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "new.one@sbi"}),
    );
    let theirs = app.eventually(|| {
        to(&club.mails(), TREASURER)
            .into_iter()
            .find(|body| body.contains("new.one@sbi"))
    });
    assert!(theirs.contains("you cannot sign in"), "{theirs}");
    assert!(
        theirs.contains("Test Visitor <admin@example.org>"),
        "{theirs}"
    );
    assert!(theirs.contains("donors see them from"), "{theirs}");
    assert!(!theirs.contains("change it back"), "{theirs}");
    assert!(!theirs.contains("/admin/alerts"), "{theirs}");
    let cancel = app
        .delete("/api/admin/settings/payment-hold")
        .bearer(&admin)
        .send();
    assert_eq!(cancel.status, 200, "{}", cancel.text());
    let stopped = app.eventually(|| {
        to(&club.mails(), "admin@example.org")
            .into_iter()
            .find(|body| body.contains("cancelled the change"))
    });
    assert!(stopped.contains("The change was stopped"), "{stopped}");
    assert!(stopped.contains("UPI ID: jyoti.real@sbi"), "{stopped}");
    assert!(!stopped.contains("change it back"), "{stopped}");
}

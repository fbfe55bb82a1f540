//! The table of every API call: who may make it (anyone, signed in, editor, admin) and a
//! request that succeeds for them, on records `Fixtures` creates; and every row of a database,
//! to see that a refused call changed nothing.

use crate::helpers::{contact, id, ids, multipart, picture, Response, TestApp, PASSWORD};
use crate::support::smtp::SmtpServer;
use image::ImageFormat;
use rusqlite::types::Value as Column;
use serde_json::{json, Value};
use std::fmt::Display;

#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) enum Who {
    Anyone,
    SignedIn,
    /// Editors and admins: publishing, reading messages.
    Editor,
    /// Admins alone.
    Admin,
}

/// One API call as the server registers it (`PATCH /api/admin/users/update/{id}`), who may make
/// it, and a request that succeeds for them.
pub(crate) struct Call {
    pub(crate) name: &'static str,
    pub(crate) who: Who,
    path: String,
    body: Option<(String, Vec<u8>)>,
    /// The `Host` the request names, when not the address it is sent to (passkeys need a name).
    host: Option<&'static str>,
    pub(crate) success: u16,
}

fn anyone(name: &'static str) -> Call {
    Call::new(name, Who::Anyone)
}

fn signed_in(name: &'static str) -> Call {
    Call::new(name, Who::SignedIn)
}

fn editor(name: &'static str) -> Call {
    Call::new(name, Who::Editor)
}

fn admin(name: &'static str) -> Call {
    Call::new(name, Who::Admin)
}

impl Call {
    fn new(name: &'static str, who: Who) -> Call {
        let (_, path) = name.split_once(' ').expect("METHOD /path");
        Call {
            name,
            who,
            path: path.to_owned(),
            body: None,
            host: None,
            success: 200,
        }
    }

    /// Sent naming `host` as the site's host.
    fn host(mut self, host: &'static str) -> Call {
        self.host = Some(host);
        self
    }

    /// Puts `value` in place of the path's `{…}`.
    fn at(mut self, value: impl Display) -> Call {
        let start = self.path.find('{').expect("a {…} in the path");
        let end = start + self.path[start..].find('}').expect("a closing }") + 1;
        self.path.replace_range(start..end, &value.to_string());
        self
    }

    fn json(self, body: Value) -> Call {
        self.body(("application/json".into(), body.to_string().into_bytes()))
    }

    fn body(mut self, body: (String, Vec<u8>)) -> Call {
        self.body = Some(body);
        self
    }

    /// The success status, when it is not 200.
    fn answers(mut self, status: u16) -> Call {
        self.success = status;
        self
    }

    /// The request's path, with its `{…}` filled in.
    pub(crate) fn path(&self) -> &str {
        &self.path
    }

    /// The same call with another JSON body.
    pub(crate) fn with_json(&self, body: Value) -> Call {
        Call {
            name: self.name,
            who: self.who,
            path: self.path.clone(),
            body: None,
            host: self.host,
            success: self.success,
        }
        .json(body)
    }

    /// The request's content type and body, if it has one.
    pub(crate) fn request_body(&self) -> Option<&(String, Vec<u8>)> {
        self.body.as_ref()
    }

    pub(crate) fn send(&self, app: &TestApp, token: Option<&str>) -> Response {
        let (method, _) = self.name.split_once(' ').expect("METHOD /path");
        let mut request = app.request(method, &self.path);
        if let Some(host) = self.host {
            request = request.header("Host", host);
        }
        if let Some(token) = token {
            request = request.bearer(token);
        }
        match &self.body {
            Some((content_type, body)) => request.raw_body(content_type, body.clone()).send(),
            None => request.send(),
        }
    }
}

/// The records the calls with an id work on, made through the API as an admin would.
#[derive(Default)]
pub(crate) struct Fixtures {
    user: i64,
    contact: i64,
    feedback: i64,
    gift: i64,
    notice: i64,
    certificate: i64,
    /// A new roster, and every roster in display order.
    roster: i64,
    rosters: Vec<i64>,
    /// A new member of the core roster, and every member of that roster.
    core: i64,
    member: i64,
    members: Vec<i64>,
    /// A new award card, and every award card.
    card: i64,
    awards: Vec<i64>,
    /// A new gallery image, and every gallery image.
    image: i64,
    gallery: Vec<i64>,
    photo: i64,
    /// Email on, through this server; a working reset link; two mails given up on in the outbox.
    _smtp: Option<SmtpServer>,
    reset_link: String,
    mail: i64,
    failed_mail: i64,
    /// The secret of an open invitation's link, and another invitation's id.
    invitation_link: String,
    invitation: i64,
    /// The secret of a link that confirms a new email address for `user`.
    email_link: String,
    /// A sample member of the core roster that stays, and a version of it in its history (its
    /// position was changed once).
    sample_member: i64,
    sample_version: i64,
    /// Two notices deleted, waiting in the bin.
    binned: (i64, i64),
    /// An account with an authenticator app and recovery codes, the ticket its password earned,
    /// and one of its recovery codes.
    factor_user: i64,
    ticket: String,
    recovery_code: String,
    /// A follower, and the secret of another address's confirmation link.
    follower: i64,
    follow_link: String,
    /// An admin's notice naming another UPI ID, waiting out the payment hold.
    held: i64,
}

impl Fixtures {
    pub(crate) fn create(app: &TestApp, admin: &str) -> Fixtures {
        let core = id(&app.content()["teams"]["core"]);
        let make = |path: &str, body: Value| id(&app.create(admin, path, body));
        let message = id(&app.send_contact(contact("hello")).json());
        let upi = json!({"upiId": "jyoti.test@upi", "upiPayee": "Jyoti"});
        app.change(admin, "/api/admin/settings", &upi);
        let notice = json!({"title": "Exam", "date": "2025-01-02"});
        let certificate = json!({"name": "Holder", "certinumber": 501});
        let roster = json!({"slug": "2k26", "title": "Team 2k26"});
        let member = json!({"name": "Member"});
        let card = json!({"section": "awards", "caption": "Science Fair"});
        let smtp = SmtpServer::start();
        let mail = json!({"host": "127.0.0.1", "port": smtp.port, "security": "none",
            "sender": "school@example.org", "siteAddress": "http://jyoti.example"});
        app.change(admin, "/api/admin/mail", &mail);
        // The first real payment details applied at once; this change waits out its hold.
        app.change(
            admin,
            "/api/admin/settings",
            &json!({"upiId": "held.change@upi"}),
        );
        let held = app
            .post("/api/admin/service")
            .bearer(admin)
            .json(&json!({"title": "Pay other@ybl", "date": "2025-01-02"}))
            .send();
        assert_eq!(held.status, 202, "{}", held.text());
        let held = held.json()["held"]["_id"].as_i64().unwrap();
        let user = app.register("target@example.org").0;
        let sample_member = id(&app.content()["teams"]["core"]["members"][0]);
        let renamed = app.change(
            admin,
            &format!("/api/admin/members/{sample_member}"),
            &json!({"position": "Teacher"}),
        );
        assert_eq!(renamed.status, 200, "{}", renamed.text());
        let sample_version = app.query::<i64>("SELECT max(id) FROM history");
        let binned = [1, 2].map(|n| {
            let notice = id(&app.create(
                admin,
                "/api/admin/service",
                json!({"title": format!("Binned {n}")}),
            ));
            let path = format!("/api/admin/servicelist/delete/{notice}");
            assert_eq!(app.delete(&path).bearer(admin).send().status, 200);
            notice
        });
        let reset_link = "ab".repeat(32);
        let conn = app.state.pool.get().unwrap();
        let hash = jyoti::domain::ResetToken::parse(&reset_link)
            .unwrap()
            .hash();
        conn.execute(
            "INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?1, ?2, unixepoch() + 3600)",
            rusqlite::params![hash, user],
        )
        .unwrap();
        let failed = "INSERT INTO outbox (kind, recipients, subject, body, status, attempts)
            VALUES ('contact', 'admin@example.org', 'Old', 'Old mail', 'failed', 8) RETURNING id";
        let given_up = || {
            conn.query_row(failed, [], |row| row.get::<_, i64>(0))
                .unwrap()
        };
        let (mail, failed_mail) = (given_up(), given_up());
        // Of an account of its own: `user` is deleted by an earlier call of the table.
        let mover = app.register("mover@example.org").0;
        let email_link = "cd".repeat(32);
        let email_hash = jyoti::domain::ResetToken::parse(&email_link)
            .unwrap()
            .hash();
        conn.execute(
            "INSERT INTO email_changes (user_id, email, token_hash, asked_by, expires_at)
             VALUES (?1, 'mover.new@example.org', ?2, 'Admin', unixepoch() + 3600)",
            rusqlite::params![mover, email_hash],
        )
        .unwrap();
        let invite = |email: &str| {
            app.create(
                admin,
                "/api/admin/invitations",
                json!({"email": email, "role": "editor"}),
            )
        };
        let invitation_link = invite("invited@example.org")["link"]
            .as_str()
            .and_then(|link| link.split_once("#token="))
            .expect("a link with its token")
            .1
            .to_owned();
        let invitation = invite("other.invited@example.org")["id"]
            .as_i64()
            .expect("an invitation id");
        let (factor_user, ticket, recovery_code) = with_second_factor(app, &conn);
        let follow_link = "ef".repeat(32);
        let follow_hash = jyoti::domain::ResetToken::parse(&follow_link)
            .unwrap()
            .hash();
        let follower = conn
            .query_row(
                "INSERT INTO followers (email, lang, token, confirm_hash, confirm_expires_at, created_at)
                 VALUES ('waiting@example.org', 'bn', 'a-token', ?1, unixepoch() + 3600, unixepoch()),
                        ('follower@example.org', 'en', 'b-token', NULL, NULL, unixepoch())
                 RETURNING id",
                [follow_hash],
                |row| row.get::<_, i64>(0),
            )
            .unwrap();
        let fixtures = Fixtures {
            follower,
            follow_link,
            held,
            factor_user,
            ticket,
            recovery_code,
            user,
            email_link,
            invitation_link,
            invitation,
            _smtp: Some(smtp),
            reset_link,
            mail,
            failed_mail,
            contact: message,
            feedback: id(&app
                .post("/api/form/feedback")
                .json(&json!({"rating": 5}))
                .send()
                .json()),
            gift: id(&app
                .post("/api/form/gift")
                .json(&json!({"name": "A Donor", "amount": 500, "reference": "412356789012"}))
                .send()
                .json()),
            notice: make("/api/admin/service", notice),
            certificate: make("/api/admin/post_certificate", certificate),
            roster: make("/api/admin/rosters", roster),
            core,
            member: make(&format!("/api/admin/rosters/{core}/members"), member),
            card: make("/api/admin/cards", card),
            image: make("/api/admin/gallery", json!({"caption": "Night class"})),
            photo: app.upload_photo(admin),
            sample_member,
            sample_version,
            binned: (binned[0], binned[1]),
            ..Fixtures::default()
        };
        // The mail of the contact message is sent before the test looks at the database.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        while app.query::<i64>("SELECT count(*) FROM outbox WHERE status = 'pending'") > 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "the outbox is still sending"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        // The lists as they stand once the new records are in them.
        let content = app.content();
        let teams = content["teams"].as_object().expect("teams by slug");
        Fixtures {
            rosters: teams.values().map(id).collect(),
            members: ids(&content["teams"]["core"]["members"]),
            awards: ids(&content["awards"]),
            gallery: ids(&content["gallery"]),
            ..fixtures
        }
    }
}

/// An account with an app and a recovery code (stored as the server stores them), the ticket of
/// its password, and the code.
fn with_second_factor(app: &TestApp, conn: &rusqlite::Connection) -> (i64, String, String) {
    let user = app.register("factor@example.org").0;
    let code = "abcd-efgh-ijkm-npqr";
    let hash = jyoti::auth::second_step::recovery_hash(code);
    conn.execute(
        "INSERT INTO totp_secrets (user_id, secret, confirmed, created_at) VALUES (?1, x'3132', 1, 0)",
        [user],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO recovery_codes (user_id, code_hash) VALUES (?1, ?2)",
        rusqlite::params![user, hash],
    )
    .unwrap();
    let login = app.login("factor@example.org", PASSWORD).json();
    let ticket = login["secondFactor"]["ticket"]
        .as_str()
        .expect("a ticket")
        .to_owned();
    (user, ticket, code.to_owned())
}

/// Every API call, resource by resource in the order of `src/routes`. The admin requests succeed
/// when made top to bottom: a list's order is saved before a create or delete changes the list,
/// a record is changed before it is deleted, and the members belong to a roster that stays.
#[rustfmt::skip]
pub(crate) fn table(f: &Fixtures) -> Vec<Call> {
    let png = picture(64, 48, ImageFormat::Png);
    let photo = multipart(&[("file", "new.png", &png), ("alt", "", b"A new photo")]);
    vec![
        anyone("POST /api/auth/register").json(json!({"firstname": "New", "email": "new@example.org", "password": PASSWORD})).answers(201),
        anyone("POST /api/auth/login").json(json!({"email": "admin@example.org", "password": PASSWORD})),
        signed_in("GET /api/auth/user"),
        signed_in("POST /api/auth/password").json(json!({"currentPassword": PASSWORD, "newPassword": "a brand new secret"})),
        signed_in("POST /api/auth/logout"),
        anyone("GET /api/auth/forgot-password"),
        anyone("POST /api/auth/forgot-password").json(json!({"email": "target@example.org"})).answers(202),
        anyone("POST /api/auth/reset-password").json(json!({"token": f.reset_link, "password": "a brand new secret"})),
        anyone("POST /api/auth/login/second-factor").json(json!({"ticket": f.ticket, "code": f.recovery_code})),
        anyone("GET /api/auth/sign-out-everywhere").answers(303),
        signed_in("GET /api/auth/second-factor"),
        signed_in("POST /api/auth/totp"),
        // A new visitor has no app waiting for its first code, or to remove, nor codes to renew:
        // the full ways are in `tests/api/second_factor.rs`.
        signed_in("POST /api/auth/totp/confirm").json(json!({"code": "123456"})).answers(409),
        signed_in("DELETE /api/auth/totp").json(json!({"password": PASSWORD})).answers(404),
        signed_in("POST /api/auth/recovery-codes").answers(409),
        signed_in("POST /api/auth/passkeys/register/options").host("localhost"),
        signed_in("POST /api/auth/passkeys/register").host("localhost").json(json!({"challengeId": "0", "name": "Phone", "credential": {"rawId": "", "response": {"clientDataJSON": ""}}})).answers(400),
        anyone("POST /api/auth/passkeys/sign-in/options").host("localhost").json(json!({})),
        anyone("POST /api/auth/passkeys/sign-in").host("localhost").json(json!({"challengeId": "0", "credential": {"rawId": "", "response": {"clientDataJSON": ""}}})).answers(400),
        signed_in("GET /api/auth/passkeys"),
        signed_in("PATCH /api/auth/passkeys/{id}").at(1).json(json!({"name": "Phone"})).answers(404),
        signed_in("DELETE /api/auth/passkeys/{id}").at(1).answers(404),

        admin("GET /api/admin/users"),
        admin("GET /api/admin/users/{id}").at(f.user),
        admin("PATCH /api/admin/users/update/{id}").at(f.user).json(json!({"lastname": "Changed"})),
        admin("POST /api/admin/users/{id}/sign-out").at(f.user),
        admin("POST /api/admin/users/{id}/reset-link").at(f.user).answers(201),
        admin("DELETE /api/admin/users/{id}/second-factor").at(f.factor_user),
        admin("DELETE /api/admin/users/delete/{id}").at(f.user),

        admin("POST /api/admin/invitations").json(json!({"email": "new.editor@example.org", "role": "editor"})).answers(201),
        admin("GET /api/admin/invitations"),
        admin("DELETE /api/admin/invitations/{id}").at(f.invitation),
        anyone("POST /api/auth/invitation/details").json(json!({"token": f.invitation_link})),
        anyone("POST /api/auth/invitation").json(json!({"token": f.invitation_link, "password": PASSWORD, "firstname": "Invited"})),
        anyone("POST /api/auth/email-change").json(json!({"token": f.email_link})),

        admin("GET /api/admin/alerts"),
        admin("GET /api/admin/alerts/unread"),
        admin("POST /api/admin/alerts/read").json(json!({"all": true})),

        admin("GET /api/admin/audit"),
        admin("GET /api/admin/audit/csv"),
        admin("GET /api/admin/audit/actors"),

        anyone("POST /api/form/contact").json(contact("hello again")).answers(201),
        editor("GET /api/admin/contacts"),
        admin("GET /api/admin/contacts/csv"),
        editor("GET /api/admin/contacts/unread"),
        editor("PATCH /api/admin/contacts/{id}").at(f.contact).json(json!({"read": true})),
        admin("POST /api/admin/contacts/delete").json(json!({"ids": [987654]})),
        admin("DELETE /api/admin/contacts_delete/{id}").at(f.contact),

        anyone("POST /api/followers").json(json!({"email": "new.follower@example.org", "lang": "en"})).answers(202),
        anyone("POST /api/followers/confirm").json(json!({"token": f.follow_link})),
        anyone("POST /api/followers/unsubscribe"),
        anyone("GET /api/push/key"),
        anyone("POST /api/push/subscriptions").json(json!({"endpoint": "https://fcm.googleapis.com/fcm/send/abc",
            "keys": {"p256dh": format!("BA{}", "A".repeat(85)), "auth": "AAAAAAAAAAAAAAAAAAAAAA"}})).answers(201),
        anyone("DELETE /api/push/subscriptions").json(json!({"endpoint": "https://fcm.googleapis.com/fcm/send/abc"})),
        admin("GET /api/admin/followers"),
        admin("GET /api/admin/followers/csv"),
        admin("DELETE /api/admin/followers/{id}").at(f.follower),

        anyone("POST /api/form/feedback").json(json!({"rating": 4})).answers(201),
        editor("GET /api/admin/feedback"),
        editor("DELETE /api/admin/feedback/{id}").at(f.feedback),
        anyone("POST /api/form/gift")
            .json(json!({"name": "A Donor", "amount": "1,000", "reference": "412356789099"}))
            .answers(201),
        admin("GET /api/admin/gifts"),
        admin("GET /api/admin/gifts/waiting"),
        admin("PATCH /api/admin/gifts/{id}").at(f.gift).json(json!({"received": true})),
        admin("DELETE /api/admin/gifts/{id}").at(f.gift),

        anyone("GET /api/admin/servicelist"),
        anyone("GET /api/admin/servicelist/{id}").at(f.notice),
        editor("POST /api/admin/service").json(json!({"title": "New", "url": "", "date": "2025-02-03"})).answers(201),
        editor("PATCH /api/admin/servicelist/update/{id}").at(f.notice).json(json!({"title": "Renamed"})),
        editor("DELETE /api/admin/servicelist/delete/{id}").at(f.notice),

        anyone("GET /api/certificate/get_certificate/{number}").at(501),
        editor("GET /api/admin/display_certificate"),
        editor("POST /api/admin/post_certificate").json(json!({"name": "New Holder", "certinumber": 777})).answers(201),
        editor("PATCH /api/admin/certificates/{id}/revocation").at(f.certificate).json(json!({"revoked": true, "revokedOn": "2025-03-01"})),
        editor("GET /api/admin/certificates/{id}/qr.svg").at(f.certificate),
        editor("GET /api/admin/certificates/csv"),
        editor("POST /api/admin/certificates/import").body(("text/csv".into(), b"name,number\nImported,778\n".to_vec())),
        editor("GET /api/admin/certificates/next-number"),
        editor("PATCH /api/admin/certificates/{id}").at(f.certificate).json(json!({"name": "Corrected Holder"})),
        editor("DELETE /api/admin/delete_certificate/{id}").at(f.certificate),

        anyone("GET /api/content"),
        anyone("GET /api/donations/upi-qr.svg"),

        editor("PUT /api/admin/rosters/order").json(json!({"ids": f.rosters})),
        editor("POST /api/admin/rosters").json(json!({"slug": "2k27", "title": "Team 2k27"})).answers(201),
        editor("PATCH /api/admin/rosters/{id}").at(f.roster).json(json!({"title": "Renamed"})),
        editor("DELETE /api/admin/rosters/{id}").at(f.roster),
        editor("POST /api/admin/rosters/{id}/copy").at(f.core).json(json!({"slug": "2k28", "title": "Team 2k28"})).answers(201),
        editor("PUT /api/admin/rosters/core").json(json!({"id": f.rosters.get(1).copied().unwrap_or_default(), "formerSlug": "2k29"})),

        editor("GET /api/admin/rosters/{id}/members").at(f.core),
        editor("PUT /api/admin/rosters/{id}/members/order").at(f.core).json(json!({"ids": f.members})),
        editor("POST /api/admin/rosters/{id}/members").at(f.core).json(json!({"name": "New Member"})).answers(201),
        editor("PATCH /api/admin/members/{id}").at(f.member).json(json!({"name": "Renamed"})),
        editor("DELETE /api/admin/members/{id}").at(f.member),

        editor("PUT /api/admin/cards/{section}/order").at("awards").json(json!({"ids": f.awards})),
        editor("POST /api/admin/cards").json(json!({"section": "works", "caption": "New"})).answers(201),
        editor("PATCH /api/admin/cards/{id}").at(f.card).json(json!({"caption": "Renamed"})),
        editor("DELETE /api/admin/cards/{id}").at(f.card),

        editor("PUT /api/admin/gallery/order").json(json!({"ids": f.gallery})),
        editor("POST /api/admin/gallery").json(json!({"caption": "New"})).answers(201),
        editor("PATCH /api/admin/gallery/{id}").at(f.image).json(json!({"caption": "Renamed"})),
        editor("DELETE /api/admin/gallery/{id}").at(f.image),

        editor("PATCH /api/admin/settings").json(json!({"heroTitle": "Renamed"})),
        admin("GET /api/admin/settings/payment-hold"),
        admin("DELETE /api/admin/settings/payment-hold"),
        admin("GET /api/admin/held-writes"),
        admin("DELETE /api/admin/held-writes/{id}").at(f.held),
        editor("GET /api/admin/sample-content"),
        editor("GET /api/admin/translations"),
        editor("PUT /api/admin/translations").json(json!({"kind": "setting", "record": "address", "field": "address", "text": "জলপাইগুড়ি"})),

        editor("GET /api/admin/media"),
        editor("POST /api/admin/media").body(photo).answers(201),
        editor("PATCH /api/admin/media/{id}").at(f.photo).json(json!({"focus": {"x": 30, "y": 20}})),
        editor("DELETE /api/admin/media/{id}").at(f.photo),

        admin("GET /api/admin/backup"),

        editor("GET /api/admin/bin"),
        editor("POST /api/admin/bin/{kind}/{id}/restore").at("notice").at(f.binned.0),
        admin("DELETE /api/admin/bin/{kind}/{id}").at("notice").at(f.binned.1),
        editor("GET /api/admin/history/{kind}/{id}").at("member").at(f.sample_member),
        editor("POST /api/admin/history/{kind}/{id}/{version}/restore").at("member").at(f.sample_member).at(f.sample_version),

        admin("GET /api/admin/mail"),
        admin("PATCH /api/admin/mail").json(json!({"contactTo": "volunteers@example.org"})),
        admin("POST /api/admin/mail/test").json(json!({"to": "admin@example.org"})),
        admin("GET /api/admin/outbox"),
        admin("POST /api/admin/outbox/{id}/retry").at(f.mail),
        admin("DELETE /api/admin/outbox/{id}").at(f.failed_mail),
    ]
}

/// Every row of every table, table by table.
pub(crate) fn every_row(app: &TestApp) -> Vec<(String, Vec<Vec<Column>>)> {
    let conn = app.state.pool.get().unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let rows = |table: &str| -> Vec<Vec<Column>> {
        let mut select = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
        let columns = select.column_count();
        select
            .query_map([], |row| (0..columns).map(|i| row.get(i)).collect())
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    tables
        .into_iter()
        .map(|table| {
            let rows = rows(&table);
            (table, rows)
        })
        .collect()
}

//! Rate limits, body size, malformed JSON and hostile text.

use crate::helpers::{contact, spawn_app, spawn_app_with, TEST_BCRYPT_COST};
use jyoti::config::Config;
use serde_json::json;

#[test]
fn ten_failed_logins_lead_to_429_with_retry_after() {
    let app = spawn_app();
    app.register("target@example.org");
    for attempt in 0..10 {
        assert_eq!(
            app.login("target@example.org", "wrong password!").status,
            401,
            "attempt {attempt}"
        );
    }
    let blocked = app.login("target@example.org", "long enough password");
    assert_eq!(blocked.status, 429, "even the right password waits");
    let retry: u64 = blocked
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .unwrap();
    assert!(retry > 0 && retry <= 15 * 60);
    assert!(blocked.json()["message"].is_string());
}

#[test]
fn successful_logins_do_not_count_as_failures() {
    let app = spawn_app();
    app.register("often@example.org");
    for _ in 0..12 {
        assert_eq!(
            app.login("often@example.org", "long enough password")
                .status,
            200
        );
    }
}

#[test]
fn contact_messages_are_limited_to_twenty_an_hour() {
    let app = spawn_app();
    for n in 0..20 {
        assert_eq!(app.send_contact(contact(&format!("m{n}"))).status, 201);
    }
    let response = app.send_contact(contact("one too many"));
    assert_eq!(response.status, 429);
    assert!(response.header("retry-after").is_some());
}

#[test]
fn certificate_lookups_are_limited_to_sixty_a_minute() {
    let app = spawn_app();
    for _ in 0..60 {
        assert_eq!(
            app.get("/api/certificate/get_certificate/1").send().status,
            404
        );
    }
    assert_eq!(
        app.get("/api/certificate/get_certificate/1").send().status,
        429
    );
}

#[test]
fn registrations_are_limited_to_twenty_an_hour() {
    let app = spawn_app();
    for n in 0..20 {
        app.register(&format!("r{n}@example.org"));
    }
    let response = app
        .post("/api/auth/register")
        .json(&json!({"firstname": "L", "email": "late@example.org", "password": "long enough password"}))
        .send();
    assert_eq!(response.status, 429);
}

#[test]
fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
    let trusting = spawn_app_with(Config {
        bcrypt_cost: TEST_BCRYPT_COST,
        trust_proxy: true,
        rate_limit: true,
    });
    for n in 0..61 {
        let ip = if n < 60 { "203.0.113.7" } else { "203.0.113.8" };
        let response = trusting
            .get("/api/certificate/get_certificate/1")
            .header("X-Forwarded-For", ip)
            .send();
        assert_eq!(response.status, 404, "request {n} from {ip}");
    }
    let blocked = trusting
        .get("/api/certificate/get_certificate/1")
        .header("X-Forwarded-For", "203.0.113.7")
        .send();
    assert_eq!(blocked.status, 429);

    let direct = spawn_app();
    for n in 0..60 {
        let ip = format!("198.51.100.{n}");
        direct
            .get("/api/certificate/get_certificate/1")
            .header("X-Forwarded-For", &ip)
            .send();
    }
    let spoofed = direct
        .get("/api/certificate/get_certificate/1")
        .header("X-Forwarded-For", "198.51.100.200")
        .send();
    assert_eq!(
        spoofed.status, 429,
        "a client cannot dodge the limit by inventing X-Forwarded-For"
    );
}

#[test]
fn no_rate_limit_turns_every_limit_off() {
    let app = spawn_app_with(Config {
        bcrypt_cost: TEST_BCRYPT_COST,
        trust_proxy: false,
        rate_limit: false,
    });
    for _ in 0..70 {
        assert_eq!(
            app.get("/api/certificate/get_certificate/1").send().status,
            404
        );
    }
    for n in 0..22 {
        assert_eq!(app.send_contact(contact(&format!("m{n}"))).status, 201);
    }
}

#[test]
fn a_body_over_64_kib_is_413() {
    let app = spawn_app();
    let big = json!({"name": "A", "email": "a@example.org", "telephone": "1234567", "subject": "5star", "message": "x".repeat(70 * 1024)});
    let response = app.send_contact(big);
    assert_eq!(response.status, 413);
    assert!(response.json()["message"].is_string());
}

#[test]
fn malformed_json_is_400_not_500() {
    let app = spawn_app();
    for body in [
        "{",
        "not json",
        "[]",
        "{\"name\": 5}",
        "null",
        "{\"subject\": [1,2]}",
    ] {
        let response = app
            .post("/api/form/contact")
            .raw_body("application/json", body.as_bytes().to_vec())
            .send();
        assert_eq!(response.status, 400, "{body}");
        assert!(response.json()["message"].is_string());
    }
    let (_, admin) = app.admin("admin@example.org");
    let response = app
        .post("/api/admin/post_certificate")
        .bearer(&admin)
        .raw_body("application/json", b"{\"certinumber\": true}".to_vec())
        .send();
    assert_eq!(response.status, 400);
}

#[test]
fn sql_metacharacters_are_stored_as_text_and_never_run() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let hostile = "Robert'); DROP TABLE users; -- \" OR 1=1 /*";
    let mut message = contact(hostile);
    message["name"] = json!(hostile);
    assert_eq!(app.send_contact(message).status, 201);
    let notice = app.create_notice(
        &admin,
        json!({"title": hostile, "url": "https://example.org/?q='OR'1'='1"}),
    );
    assert_eq!(notice["title"], hostile);
    let certificate = app.create_certificate(&admin, hostile, 66);
    assert_eq!(certificate["name"], hostile);
    let response = app
        .post("/api/auth/register")
        .json(&json!({"firstname": hostile, "lastname": hostile, "department": hostile, "year": "1' OR '1",
                      "email": "quote'test@example.org", "password": "x' OR '1'='1 long"}))
        .send();
    assert_eq!(response.status, 201, "{}", response.text());
    assert_eq!(
        app.login("quote'test@example.org", "' OR '1'='1").status,
        401
    );
    let status = app.login("admin@example.org' --", "anything at all").status;
    assert!(matches!(status, 400 | 401), "refused, got {status}");
    for path in [
        "/api/admin/users/1%20OR%201=1",
        "/api/admin/servicelist/1;DROP%20TABLE%20notices",
        "/api/admin/users/1'",
    ] {
        let status = app.get(path).bearer(&admin).send().status;
        assert_eq!(status, 404, "{path}");
    }
    let users = app.get("/api/admin/users").bearer(&admin).send().json();
    assert_eq!(users.as_array().unwrap().len(), 2, "users table intact");
    assert_eq!(
        app.get("/api/admin/contacts").bearer(&admin).send().json()[0]["name"],
        hostile
    );
}

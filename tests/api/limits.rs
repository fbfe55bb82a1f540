//! What the server takes from a client: rate limits, body sizes, malformed JSON and hostile text.

use crate::helpers::{assert_error, contact, len, spawn_app, spawn_app_with, spawn_app_with_admin};
use crate::helpers::{test_config, TestApp, PASSWORD};
use jyoti::config::Config;
use serde_json::json;

/// The status of a certificate lookup, sent as if from `forwarded_for` when given.
fn lookup(app: &TestApp, forwarded_for: Option<&str>) -> u16 {
    let request = app.get("/api/certificate/get_certificate/1");
    match forwarded_for {
        Some(ip) => request.header("X-Forwarded-For", ip).send().status,
        None => request.send().status,
    }
}

/// Sends `count` good contact messages and returns their statuses.
fn send_messages(app: &TestApp, count: usize) -> Vec<u16> {
    (0..count)
        .map(|n| app.send_contact(contact(&format!("m{n}"))).status)
        .collect()
}

#[test]
fn ten_failed_logins_lead_to_429_with_retry_after() {
    let app = spawn_app();
    app.register("target@example.org");
    for attempt in 0..10 {
        let status = app.login("target@example.org", "wrong password!").status;
        assert_eq!(status, 401, "attempt {attempt}");
    }
    let blocked = app.login("target@example.org", PASSWORD);
    assert_error(&blocked, 429, "even the right password waits");
    let retry: u64 = blocked
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .unwrap();
    assert!(retry > 0 && retry <= 15 * 60);
}

#[test]
fn successful_logins_do_not_count_as_failures() {
    let app = spawn_app();
    app.register("often@example.org");
    for _ in 0..12 {
        assert_eq!(app.login("often@example.org", PASSWORD).status, 200);
    }
}

#[test]
fn contact_messages_are_limited_to_twenty_an_hour() {
    let app = spawn_app();
    assert_eq!(send_messages(&app, 20), [201; 20]);
    let response = app.send_contact(contact("one too many"));
    assert_eq!(response.status, 429);
    assert!(response.header("retry-after").is_some());
}

#[test]
fn certificate_lookups_are_limited_to_sixty_a_minute() {
    let app = spawn_app();
    let lookups: Vec<u16> = (0..60).map(|_| lookup(&app, None)).collect();
    assert_eq!(lookups, [404; 60]);
    assert_eq!(lookup(&app, None), 429);
}

#[test]
fn registrations_are_limited_to_twenty_an_hour() {
    let app = spawn_app();
    for n in 0..20 {
        app.register(&format!("r{n}@example.org"));
    }
    let late = json!({"firstname": "L", "email": "late@example.org", "password": PASSWORD});
    assert_eq!(app.register_with(late).status, 429);
}

#[test]
fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
    let trusting = spawn_app_with(Config {
        trust_proxy: true,
        ..test_config()
    });
    for n in 0..61 {
        let ip = if n < 60 { "203.0.113.7" } else { "203.0.113.8" };
        assert_eq!(lookup(&trusting, Some(ip)), 404, "request {n} from {ip}");
    }
    assert_eq!(lookup(&trusting, Some("203.0.113.7")), 429);

    let direct = spawn_app();
    for n in 0..60 {
        lookup(&direct, Some(&format!("198.51.100.{n}")));
    }
    assert_eq!(
        lookup(&direct, Some("198.51.100.200")),
        429,
        "a client cannot dodge the limit by inventing X-Forwarded-For"
    );
}

#[test]
fn no_rate_limit_turns_every_limit_off() {
    let app = spawn_app_with(Config {
        rate_limit: false,
        ..test_config()
    });
    let lookups: Vec<u16> = (0..70).map(|_| lookup(&app, None)).collect();
    assert_eq!(lookups, [404; 70]);
    assert_eq!(send_messages(&app, 22), [201; 22]);
}

#[test]
fn a_body_over_64_kib_is_413() {
    let app = spawn_app();
    let response = app.send_contact(contact(&"x".repeat(70 * 1024)));
    assert_error(&response, 413, "a 70 KiB message");
}

#[test]
fn malformed_json_is_400_not_500() {
    let (app, admin) = spawn_app_with_admin();
    let contact_form = || app.post("/api/form/contact");
    let certificate = app.post("/api/admin/post_certificate").bearer(&admin);
    for (request, body) in [
        (contact_form(), "{"),
        (contact_form(), "not json"),
        (contact_form(), "[]"),
        (contact_form(), "{\"name\": 5}"),
        (contact_form(), "null"),
        (contact_form(), "{\"subject\": [1,2]}"),
        (certificate, "{\"certinumber\": true}"),
    ] {
        let response = request.raw_body("application/json", body.into()).send();
        assert_error(&response, 400, body);
    }
}

#[test]
fn sql_metacharacters_are_stored_as_text_and_never_run() {
    let (app, admin) = spawn_app_with_admin();
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
    let response = app.register_with(json!({
        "firstname": hostile, "lastname": hostile, "department": hostile, "year": "1' OR '1",
        "email": "quote'test@example.org", "password": "x' OR '1'='1 long"
    }));
    assert_eq!(response.status, 201, "{}", response.text());
    let login = app.login("quote'test@example.org", "' OR '1'='1");
    assert_eq!(login.status, 401);
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
    assert_eq!(len(&users), 2, "users table intact");
    let contacts = app.get("/api/admin/contacts").bearer(&admin).send().json();
    assert_eq!(contacts[0]["name"], hostile);
}

/// `count` requests at once, each built and sent on a thread of its own; their statuses.
pub fn in_parallel(
    count: usize,
    send: impl Fn(usize) -> crate::helpers::Response + Sync,
) -> Vec<u16> {
    std::thread::scope(|scope| {
        let sends: Vec<_> = (0..count)
            .map(|n| {
                let send = &send;
                scope.spawn(move || send(n))
            })
            .collect();
        sends
            .into_iter()
            .map(|s| {
                let response = s.join().unwrap();
                if matches!(response.status, 429 | 503) {
                    assert!(
                        response.header("retry-after").is_some(),
                        "{}",
                        response.text()
                    );
                }
                response.status
            })
            .collect()
    })
}

fn trusting_app() -> TestApp {
    spawn_app_with(Config {
        trust_proxy: true,
        ..test_config()
    })
}

#[test]
fn parallel_wrong_logins_cannot_pass_the_limit_and_another_address_still_logs_in() {
    let app = trusting_app();
    app.register("target@example.org");
    let statuses = in_parallel(40, |n| {
        app.post("/api/auth/login")
            .header("X-Forwarded-For", "203.0.113.66")
            .json(&json!({"email": "target@example.org", "password": format!("wrong guess {n}")}))
            .send()
    });
    let wrong = statuses.iter().filter(|s| **s == 401).count();
    assert_eq!(
        wrong, 10,
        "exactly the limit's guesses were checked: {statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| matches!(s, 401 | 429 | 503)),
        "refused at once, never queued without bound: {statuses:?}"
    );
    let real = app
        .post("/api/auth/login")
        .header("X-Forwarded-For", "198.51.100.20")
        .json(&json!({"email": "target@example.org", "password": PASSWORD}))
        .send();
    assert_eq!(real.status, 200, "{}", real.text());
}

#[test]
fn parallel_registrations_cannot_pass_the_limit() {
    let app = spawn_app();
    let statuses = in_parallel(40, |n| {
        app.register_with(
            json!({"firstname": "P", "email": format!("p{n}@example.org"), "password": PASSWORD}),
        )
    });
    let created = statuses.iter().filter(|s| **s == 201).count();
    assert!(
        created <= 20,
        "{created} registrations passed: {statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| matches!(s, 201 | 429 | 503)),
        "{statuses:?}"
    );
}

#[test]
fn a_taken_email_counts_as_a_registration_attempt() {
    let app = spawn_app();
    app.register("taken@example.org");
    let again = || {
        app.register_with(
            json!({"firstname": "T", "email": "taken@example.org", "password": PASSWORD}),
        )
        .status
    };
    let answers: Vec<u16> = (0..19).map(|_| again()).collect();
    assert_eq!(answers, [409; 19]);
    assert_eq!(
        again(),
        429,
        "nobody can ask without limit who has an account"
    );
}

#[test]
fn one_ipv6_56_and_an_ipv4_mapped_address_count_as_one_client() {
    let app = trusting_app();
    for n in 0..60 {
        assert_eq!(
            lookup(&app, Some(&format!("2001:db8:7:700::{:x}", n + 1))),
            404
        );
    }
    assert_eq!(
        lookup(&app, Some("2001:db8:7:7ff:ffff::1")),
        429,
        "another /64 of the same /56"
    );
    assert_eq!(lookup(&app, Some("2001:db8:7:800::1")), 404, "another /56");
    for _ in 0..30 {
        assert_eq!(lookup(&app, Some("203.0.113.7")), 404);
        assert_eq!(lookup(&app, Some("::ffff:203.0.113.7")), 404);
    }
    assert_eq!(lookup(&app, Some("203.0.113.7")), 429);
}

#[test]
fn a_forwarded_address_with_a_port_is_the_clients_not_a_way_around_the_limit() {
    let app = trusting_app();
    for n in 0..60 {
        // The client claims a new address each time; the proxy's own entry, with a port, is last.
        let chain = format!("10.9.{}.{}, 203.0.113.8:{}", n / 250, n % 250, 40000 + n);
        assert_eq!(lookup(&app, Some(&chain)), 404);
    }
    assert_eq!(
        lookup(&app, Some("10.1.1.1, [::ffff:203.0.113.8]:443")),
        429
    );
}

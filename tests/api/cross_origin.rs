//! A frontend on another origin (`--allow-origin`): CORS for the origins named, and no other;
//! without the flag, none at all.

use crate::helpers::{spawn_app, spawn_app_with, test_config, TestApp, PASSWORD};
use jyoti::config::Config;

const FRONTEND: &str = "https://front.jyoti.example";

fn preflight(app: &TestApp, origin: &str) -> crate::helpers::Response {
    app.request("OPTIONS", "/api/auth/login")
        .header("Origin", origin)
        .header("Access-Control-Request-Method", "POST")
        .header(
            "Access-Control-Request-Headers",
            "content-type, authorization",
        )
        .send()
}

#[test]
fn without_the_flag_no_other_origin_is_allowed() {
    let app = spawn_app();
    let answer = preflight(&app, FRONTEND);
    assert_eq!(answer.header("access-control-allow-origin"), None);
    let read = app.get("/api/content").header("Origin", FRONTEND).send();
    assert_eq!(read.status, 200);
    assert_eq!(read.header("access-control-allow-origin"), None);
}

#[test]
fn an_allowed_origin_gets_its_preflight_and_answers_and_another_does_not() {
    let app = spawn_app_with(Config {
        allow_origins: vec![FRONTEND.to_owned()],
        ..test_config()
    });
    app.register("member@example.org");
    let answer = preflight(&app, FRONTEND);
    assert!(answer.status < 300, "{}", answer.status);
    assert_eq!(answer.header("access-control-allow-origin"), Some(FRONTEND));
    let methods = answer
        .header("access-control-allow-methods")
        .unwrap_or_default();
    assert!(
        methods.contains("POST") && methods.contains("PATCH"),
        "{methods}"
    );
    let headers = answer
        .header("access-control-allow-headers")
        .unwrap_or_default()
        .to_ascii_lowercase();
    assert!(
        headers.contains("authorization") && headers.contains("content-type"),
        "{headers}"
    );
    assert_eq!(
        answer.header("access-control-allow-credentials"),
        None,
        "no cookies"
    );

    let login = app
        .post("/api/auth/login")
        .header("Origin", FRONTEND)
        .json(&serde_json::json!({"email": "member@example.org", "password": PASSWORD}))
        .send();
    assert_eq!(login.status, 200);
    assert_eq!(login.header("access-control-allow-origin"), Some(FRONTEND));

    let other = preflight(&app, "https://evil.example");
    assert_eq!(other.header("access-control-allow-origin"), None);
    let read = app
        .get("/api/content")
        .header("Origin", "https://evil.example")
        .send();
    assert_eq!(read.header("access-control-allow-origin"), None);
}

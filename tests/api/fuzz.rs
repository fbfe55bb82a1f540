//! Every call of the access table with broken input: each field of its body replaced by values
//! of every wrong kind, broken bodies, and odd path values. No answer may be a 5xx: a bad
//! request is the client's fault, and says so.

use crate::access::{table, Call, Fixtures};
use crate::helpers::spawn_app_with_admin;
use serde_json::{json, Value};

/// Values of every kind a field should not hold.
fn wrong_values() -> Vec<Value> {
    vec![
        Value::Null,
        json!(0),
        json!(-1),
        json!(1.5e308),
        json!(18446744073709551615u64),
        json!(true),
        json!(""),
        json!(" "),
        json!("a\u{0}b"),
        json!("\u{ffff}\u{1b}[31m"),
        json!("<script>alert(1)</script>"),
        json!("x".repeat(5_000)),
        json!([]),
        json!([1, "two", null]),
        json!({"nested": {"deeper": []}}),
    ]
}

/// Bodies that are not the JSON object a call takes.
const BROKEN_BODIES: [&str; 7] = [
    "",
    "{",
    "[]",
    "null",
    "\"text\"",
    "{\"unknown\": 1}",
    "{\"a\":",
];

/// Query strings of lists gone wrong.
const ODD_QUERIES: [&str; 8] = [
    "q=a%00b",
    "q=%FF%FE",
    "page=-1",
    "page=99999999999999999999",
    "size=0&page=1",
    "size=100000",
    "sort=nonsense",
    "page=1&q=%25%5F%5C",
];

/// Path values that are not a record's id.
const ODD_IDS: [&str; 7] = [
    "0",
    "-1",
    "99999999999999999999",
    "abc",
    "%00",
    "1.5",
    "%F0%9F%98%80",
];

fn send(
    app: &crate::helpers::TestApp,
    call: &Call,
    path: &str,
    body: Option<(&str, Vec<u8>)>,
    token: &str,
) -> u16 {
    let (method, _) = call.name.split_once(' ').unwrap();
    let request = app.request(method, path).bearer(token);
    match body {
        Some((content_type, body)) => request.raw_body(content_type, body).send().status,
        None => request.send().status,
    }
}

#[test]
fn no_call_answers_5xx_to_broken_input() {
    let (app, admin) = spawn_app_with_admin();
    let fixtures = Fixtures::create(&app, &admin);
    let mut failures = Vec::new();
    let mut sent = 0;
    for call in table(&fixtures) {
        let mut check = |what: String, status: u16| {
            sent += 1;
            if status >= 500 {
                failures.push(format!("{} {what}: {status}", call.name));
            }
        };
        let json_body = call
            .request_body()
            .filter(|(content_type, _)| content_type == "application/json")
            .and_then(|(_, body)| serde_json::from_slice::<Value>(body).ok());
        if let Some(Value::Object(fields)) = &json_body {
            for field in fields.keys() {
                for wrong in wrong_values() {
                    let mut body = fields.clone();
                    body.insert(field.clone(), wrong.clone());
                    let bytes = Value::Object(body).to_string().into_bytes();
                    let status = send(
                        &app,
                        &call,
                        call.path(),
                        Some(("application/json", bytes)),
                        &admin,
                    );
                    check(format!("with {field} = {wrong:.40}"), status);
                }
            }
        }
        if call.request_body().is_some() || !call.name.starts_with("GET ") {
            for broken in BROKEN_BODIES {
                let status = send(
                    &app,
                    &call,
                    call.path(),
                    Some(("application/json", broken.into())),
                    &admin,
                );
                check(format!("with the body {broken:?}"), status);
            }
        }
        if call.name.starts_with("GET ") {
            for query in ODD_QUERIES {
                let path = format!("{}?{query}", call.path());
                check(format!("at {path}"), send(&app, &call, &path, None, &admin));
            }
        }
        if call.name.contains('{') {
            let (_, pattern) = call.name.split_once(' ').unwrap();
            for odd in ODD_IDS {
                let start = pattern.find('{').unwrap();
                let end = start + pattern[start..].find('}').unwrap() + 1;
                let path = format!("{}{odd}{}", &pattern[..start], &pattern[end..]);
                let body = call
                    .request_body()
                    .map(|(content_type, body)| (content_type.as_str(), body.clone()));
                check(format!("at {path}"), send(&app, &call, &path, body, &admin));
            }
        }
    }
    assert!(sent > 500, "the fuzz got going ({sent} requests)");
    assert!(
        failures.is_empty(),
        "{} answers ≥ 500:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

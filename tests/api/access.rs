//! Every admin call × {no token, bad token, visitor token, admin token}.

use crate::helpers::{spawn_app, TestApp};
use serde_json::{json, Value};

/// One admin call with a body that succeeds for an admin; ids are filled in per run.
struct Call {
    method: &'static str,
    path: String,
    body: Option<Value>,
    success: u16,
}

fn admin_calls(app: &TestApp, admin: &str) -> Vec<Call> {
    let (user_id, _) = app.register("target@example.org");
    let notice = app.create_notice(admin, json!({"title": "Exam", "date": "2025-01-02"}));
    let notice_id = notice["_id"].as_i64().unwrap();
    let certificate = app.create_certificate(admin, "Holder", 501);
    let cert_id = certificate["_id"].as_i64().unwrap();
    let contact = app.send_contact(crate::helpers::contact("hello")).json();
    let contact_id = contact["_id"].as_i64().unwrap();
    let call = |method, path: String, body: Option<Value>, success| Call {
        method,
        path,
        body,
        success,
    };
    vec![
        call("GET", "/api/admin/users".into(), None, 200),
        call("GET", format!("/api/admin/users/{user_id}"), None, 200),
        call(
            "PATCH",
            format!("/api/admin/users/update/{user_id}"),
            Some(json!({"lastname": "Changed"})),
            200,
        ),
        call("GET", "/api/admin/contacts".into(), None, 200),
        call(
            "POST",
            "/api/admin/service".into(),
            Some(json!({"title": "New", "url": "", "date": "2025-02-03"})),
            201,
        ),
        call(
            "PATCH",
            format!("/api/admin/servicelist/update/{notice_id}"),
            Some(json!({"title": "Renamed"})),
            200,
        ),
        call("GET", "/api/admin/display_certificate".into(), None, 200),
        call(
            "POST",
            "/api/admin/post_certificate".into(),
            Some(json!({"name": "New Holder", "certinumber": 777})),
            201,
        ),
        call(
            "DELETE",
            format!("/api/admin/contacts_delete/{contact_id}"),
            None,
            200,
        ),
        call(
            "DELETE",
            format!("/api/admin/servicelist/delete/{notice_id}"),
            None,
            200,
        ),
        call(
            "DELETE",
            format!("/api/admin/delete_certificate/{cert_id}"),
            None,
            200,
        ),
        call(
            "DELETE",
            format!("/api/admin/users/delete/{user_id}"),
            None,
            200,
        ),
    ]
}

fn send(app: &TestApp, call: &Call, token: Option<&str>) -> crate::helpers::Response {
    let mut request = app.request(call.method, &call.path);
    if let Some(token) = token {
        request = request.bearer(token);
    }
    match &call.body {
        Some(body) => request.json(body).send(),
        None => request.send(),
    }
}

#[test]
fn every_admin_call_refuses_missing_bad_and_visitor_tokens_and_serves_an_admin() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let (_, visitor) = app.register("visitor@example.org");
    let calls = admin_calls(&app, &admin);
    for call in &calls {
        let what = format!("{} {}", call.method, call.path);
        let none = send(&app, call, None);
        assert_eq!(none.status, 401, "{what} without a token");
        assert!(none.json()["message"].is_string());
        assert_eq!(
            send(&app, call, Some("not-a-jwt")).status,
            401,
            "{what} with a bad token"
        );
        let forbidden = send(&app, call, Some(&visitor));
        assert_eq!(forbidden.status, 403, "{what} with a visitor token");
        assert!(forbidden.json()["message"].is_string());
    }
    for call in &calls {
        let response = send(&app, call, Some(&admin));
        assert_eq!(
            response.status,
            call.success,
            "{} {} as admin: {}",
            call.method,
            call.path,
            response.text()
        );
    }
}

#[test]
fn nothing_was_changed_by_refused_calls() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let (_, visitor) = app.register("visitor@example.org");
    let calls = admin_calls(&app, &admin);
    for call in &calls {
        send(&app, call, Some(&visitor));
    }
    let conn = app.state.pool.get().unwrap();
    let count = |table: &str| -> i64 {
        conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(count("users"), 3);
    assert_eq!(count("notices"), 1);
    assert_eq!(count("certificates"), 1);
    assert_eq!(count("contacts"), 1);
}

#[test]
fn public_calls_need_no_token() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let notice = app.create_notice(&admin, json!({"title": "Open day", "date": "2025-03-04"}));
    app.create_certificate(&admin, "Holder", 42);
    assert_eq!(app.get("/api/admin/servicelist").send().status, 200);
    assert_eq!(
        app.get(&format!("/api/admin/servicelist/{}", notice["_id"]))
            .send()
            .status,
        200
    );
    assert_eq!(
        app.get("/api/certificate/get_certificate/42").send().status,
        200
    );
    assert_eq!(app.get("/api/content").send().status, 200);
}

#[test]
fn a_demoted_admins_token_loses_admin_access_at_once() {
    let app = spawn_app();
    let (_, first) = app.admin("first@example.org");
    let (second_id, second) = app.admin("second@example.org");
    assert_eq!(
        app.get("/api/admin/users").bearer(&second).send().status,
        200
    );
    let response = app
        .patch(&format!("/api/admin/users/update/{second_id}"))
        .bearer(&first)
        .json(&json!({"isAdmin": false}))
        .send();
    assert_eq!(response.status, 200, "{}", response.text());
    assert_eq!(response.json()["isAdmin"], false);
    assert_eq!(
        app.get("/api/admin/users").bearer(&second).send().status,
        403
    );
}

#[test]
fn a_deleted_users_token_stops_working_at_once() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let (other_id, other) = app.admin("other@example.org");
    assert_eq!(
        app.delete(&format!("/api/admin/users/delete/{other_id}"))
            .bearer(&admin)
            .send()
            .status,
        200
    );
    assert_eq!(
        app.get("/api/admin/users").bearer(&other).send().status,
        401
    );
    assert_eq!(app.get("/api/auth/user").bearer(&other).send().status, 401);
}

#[test]
fn the_last_admin_can_be_neither_demoted_nor_deleted() {
    let app = spawn_app();
    let (admin_id, admin) = app.admin("only@example.org");
    let demote = app
        .patch(&format!("/api/admin/users/update/{admin_id}"))
        .bearer(&admin)
        .json(&json!({"isAdmin": false}))
        .send();
    assert_eq!(demote.status, 409);
    assert!(demote.json()["message"]
        .as_str()
        .unwrap()
        .contains("last admin"));
    let delete = app
        .delete(&format!("/api/admin/users/delete/{admin_id}"))
        .bearer(&admin)
        .send();
    assert_eq!(delete.status, 409);
    assert_eq!(
        app.get("/api/admin/users").bearer(&admin).send().status,
        200,
        "still admin"
    );
}

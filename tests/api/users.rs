//! Admin management of users.

use crate::helpers::spawn_app;
use serde_json::json;

#[test]
fn an_admin_lists_gets_updates_and_deletes_users_without_password_hashes() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let (id, _) = app.register("member@example.org");
    let list = app.get("/api/admin/users").bearer(&admin).send();
    assert_eq!(list.status, 200);
    assert_eq!(list.json().as_array().unwrap().len(), 2);
    assert!(
        !list.text().contains("password") && !list.text().contains("$2"),
        "{}",
        list.text()
    );

    let one = app
        .get(&format!("/api/admin/users/{id}"))
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(one["email"], "member@example.org");
    assert_eq!(one["department"], "CSE");

    let updated = app
        .patch(&format!("/api/admin/users/update/{id}"))
        .bearer(&admin)
        .json(&json!({"firstname": "Mira", "lastname": "Das", "email": "Mira@Example.org", "isAdmin": true}))
        .send();
    assert_eq!(updated.status, 200, "{}", updated.text());
    let updated = updated.json();
    assert_eq!(updated["firstname"], "Mira");
    assert_eq!(updated["email"], "mira@example.org");
    assert_eq!(updated["isAdmin"], true);
    assert!(updated.get("password").is_none());

    assert_eq!(
        app.delete(&format!("/api/admin/users/delete/{id}"))
            .bearer(&admin)
            .send()
            .status,
        200
    );
    assert_eq!(
        app.get(&format!("/api/admin/users/{id}"))
            .bearer(&admin)
            .send()
            .status,
        404
    );
    assert_eq!(
        app.delete(&format!("/api/admin/users/delete/{id}"))
            .bearer(&admin)
            .send()
            .status,
        404
    );
}

#[test]
fn an_update_cannot_take_another_users_email() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let (id, _) = app.register("one@example.org");
    app.register("two@example.org");
    let response = app
        .patch(&format!("/api/admin/users/update/{id}"))
        .bearer(&admin)
        .json(&json!({"email": "TWO@example.org"}))
        .send();
    assert_eq!(response.status, 409);
    assert!(response.json()["message"].is_string());
}

#[test]
fn an_update_refuses_fields_it_does_not_allow() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let (id, _) = app.register("one@example.org");
    for body in [
        json!({"password": "new password 123"}),
        json!({"password_hash": "x"}),
        json!({"token_version": 5}),
    ] {
        let response = app
            .patch(&format!("/api/admin/users/update/{id}"))
            .bearer(&admin)
            .json(&body)
            .send();
        assert_eq!(response.status, 400, "{body}");
        let field = body.as_object().unwrap().keys().next().unwrap().clone();
        assert!(
            response.json()["errors"][&field].is_string(),
            "the unknown field {field} is named"
        );
    }
    assert_eq!(
        app.login("one@example.org", "long enough password").status,
        200,
        "password unchanged"
    );
}

#[test]
fn registration_refuses_is_admin_and_unknown_fields() {
    let app = spawn_app();
    let response = app
        .post("/api/auth/register")
        .json(&json!({"firstname": "E", "email": "e@example.org", "password": "long enough password", "isAdmin": true}))
        .send();
    assert_eq!(response.status, 400);
    assert_eq!(
        app.login("e@example.org", "long enough password").status,
        401,
        "no account was made"
    );
}

#[test]
fn unknown_and_malformed_user_ids_are_404() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    for id in ["999", "abc", "0", "-1", "1%27%20OR%201=1"] {
        assert_eq!(
            app.get(&format!("/api/admin/users/{id}"))
                .bearer(&admin)
                .send()
                .status,
            404,
            "{id}"
        );
        let patch = app
            .patch(&format!("/api/admin/users/update/{id}"))
            .bearer(&admin)
            .json(&json!({"lastname": "x"}))
            .send();
        assert_eq!(patch.status, 404, "{id}");
    }
}

//! `/api/admin/users`: an admin lists, reads, updates and deletes accounts.

use crate::helpers::{
    assert_deleted_once, assert_error, len, spawn_app, spawn_app_with_admin, PASSWORD,
};
use serde_json::json;

#[test]
fn an_admin_lists_gets_updates_and_deletes_users_without_password_hashes() {
    let (app, admin) = spawn_app_with_admin();
    let (id, _) = app.register("member@example.org");
    let list = app.get("/api/admin/users").bearer(&admin).send();
    assert_eq!(list.status, 200);
    assert_eq!(len(&list.json()), 2);
    let text = list.text();
    assert!(!text.contains("password") && !text.contains("$2"), "{text}");

    let path = format!("/api/admin/users/{id}");
    let one = app.get(&path).bearer(&admin).send().json();
    assert_eq!(one["email"], "member@example.org");
    assert_eq!(one["department"], "CSE");

    let updated = app.change(&admin, &format!("/api/admin/users/update/{id}"), &json!({"firstname": "Mira", "lastname": "Das", "email": "Mira@Example.org", "isAdmin": true}));
    let updated = updated.json();
    assert_eq!(updated["firstname"], "Mira");
    assert_eq!(updated["email"], "mira@example.org");
    assert_eq!(updated["isAdmin"], true);
    assert!(updated.get("password").is_none());

    assert_deleted_once(&app, &admin, &format!("/api/admin/users/delete/{id}"));
    assert_eq!(app.get(&path).bearer(&admin).send().status, 404);
}

#[test]
fn an_update_cannot_take_another_users_email() {
    let (app, admin) = spawn_app_with_admin();
    let (id, _) = app.register("one@example.org");
    app.register("two@example.org");
    let update = app.patch(&format!("/api/admin/users/update/{id}"));
    let taken = update
        .bearer(&admin)
        .json(&json!({"email": "TWO@example.org"}));
    assert_error(&taken.send(), 409, "an email taken in another case");
}

#[test]
fn an_update_refuses_fields_it_does_not_allow() {
    let (app, admin) = spawn_app_with_admin();
    let (id, _) = app.register("one@example.org");
    let path = format!("/api/admin/users/update/{id}");
    for (field, value) in [
        ("password", json!("new password 123")),
        ("password_hash", json!("x")),
        ("token_version", json!(5)),
    ] {
        let response = app.patch_json(&admin, &path, &json!({ field: value }));
        assert_eq!(response.status, 400, "{field}");
        let named = response.json()["errors"][field].is_string();
        assert!(named, "the unknown field {field} is named");
    }
    let login = app.login("one@example.org", PASSWORD);
    assert_eq!(login.status, 200, "password unchanged");
}

#[test]
fn unknown_and_malformed_user_ids_are_404() {
    let (app, admin) = spawn_app_with_admin();
    for id in ["999", "abc", "0", "-1", "1%27%20OR%201=1"] {
        let read = app.get(&format!("/api/admin/users/{id}")).bearer(&admin);
        assert_eq!(read.send().status, 404, "{id}");
        let patch = app.patch_json(
            &admin,
            &format!("/api/admin/users/update/{id}"),
            &json!({"lastname": "x"}),
        );
        assert_eq!(patch.status, 404, "{id}");
    }
}

#[test]
fn the_last_admin_can_be_neither_demoted_nor_deleted() {
    let app = spawn_app();
    let (admin_id, admin) = app.admin("only@example.org");
    let demote = app.patch_json(
        &admin,
        &format!("/api/admin/users/update/{admin_id}"),
        &json!({"isAdmin": false}),
    );
    assert_eq!(demote.status, 409);
    let message = demote.json()["message"].clone();
    assert!(
        message.as_str().unwrap().contains("last admin"),
        "{message}"
    );
    let delete = app.delete(&format!("/api/admin/users/delete/{admin_id}"));
    assert_eq!(delete.bearer(&admin).send().status, 409);
    let users = app.get("/api/admin/users").bearer(&admin).send();
    assert_eq!(users.status, 200, "still admin");
}

#[test]
fn users_come_in_pages_sorted_and_searched_by_name_or_email() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    for name in ["Zara", "Amit", "Mina"] {
        app.register_with(json!({"firstname": name, "email": format!("{}@school.example", name.to_lowercase()), "password": crate::helpers::PASSWORD}));
    }
    let page = |query: &str| {
        app.get(&format!("/api/admin/users?{query}"))
            .bearer(&admin)
            .send()
            .json()
    };
    assert_eq!(page("page=1")["total"], 4);
    assert_eq!(
        page("page=1&size=1")["items"][0]["firstname"],
        "Mina",
        "newest first"
    );
    assert_eq!(page("sort=name&size=1")["items"][0]["firstname"], "Amit");
    assert_eq!(page("q=school.example")["total"], 3);
    assert_eq!(page("q=zar")["items"][0]["email"], "zara@school.example");
    assert_eq!(page("q=100%25")["total"], 0, "% is searched as text");
    assert!(page("page=1")["items"][0].get("password_hash").is_none());
}

#[test]
fn an_edit_form_may_send_the_record_back_with_its_id_and_is_admin_as_text() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    let (user_id, _) = app.register("form@example.org");
    let mut record = app
        .get(&format!("/api/admin/users/{user_id}"))
        .bearer(&admin)
        .send()
        .json();
    record["lastname"] = json!("Edited");
    record["isAdmin"] = json!("true");
    let saved = app.change(
        &admin,
        &format!("/api/admin/users/update/{user_id}"),
        &record,
    );
    assert_eq!(
        (
            saved.json()["lastname"].clone(),
            saved.json()["isAdmin"].clone()
        ),
        (json!("Edited"), json!(true))
    );
    let as_text = app.patch_json(
        &admin,
        &format!("/api/admin/users/update/{user_id}"),
        &json!({"_id": user_id.to_string(), "isAdmin": "false"}),
    );
    assert_eq!(as_text.json()["isAdmin"], false);
    let other = app.patch_json(
        &admin,
        &format!("/api/admin/users/update/{user_id}"),
        &json!({"_id": user_id + 1, "isAdmin": "maybe"}),
    );
    assert_eq!(other.status, 400);
    assert!(
        other.json()["errors"]["_id"].is_string() && other.json()["errors"]["isAdmin"].is_string()
    );
}

#[test]
fn an_admin_makes_a_reset_link_to_pass_on_when_email_is_off() {
    let (app, admin) = spawn_app_with_admin();
    let (id, visitor) = app.register("forgetful@example.org");
    let made = app
        .post(&format!("/api/admin/users/{id}/reset-link"))
        .bearer(&admin)
        .send();
    assert_eq!(made.status, 201, "{}", made.text());
    let body = made.json();
    assert_eq!(body["mailed"], false, "email is off here");
    let link = body["link"].as_str().unwrap();
    let token = link
        .strip_prefix("/reset-password#token=")
        .unwrap_or_else(|| panic!("a path with the secret in its fragment: {link}"));
    let reset = app
        .post("/api/auth/reset-password")
        .json(&json!({"token": token, "password": "a brand new secret"}))
        .send();
    assert_eq!(reset.status, 200, "{}", reset.text());
    assert_eq!(app.me(&visitor).status, 401, "its sessions are signed out");
    assert_eq!(
        app.login("forgetful@example.org", "a brand new secret")
            .status,
        200
    );
    let again = app
        .post("/api/auth/reset-password")
        .json(&json!({"token": token, "password": "another new secret"}))
        .send();
    assert_eq!(again.status, 400, "the link works once");
    let missing = app
        .post("/api/admin/users/987654/reset-link")
        .bearer(&admin)
        .send();
    assert_eq!(missing.status, 404);
}

#[test]
fn a_role_is_only_ever_its_exact_word() {
    let (app, admin) = spawn_app_with_admin();
    let (id, _) = app.register("one@example.org");
    let path = format!("/api/admin/users/update/{id}");
    for role in [
        " admin",
        "admin\n",
        "admin ",
        "\tadmin",
        "Admin",
        "admin\u{0}",
    ] {
        let response = app.patch_json(&admin, &path, &json!({ "role": role }));
        assert_eq!(response.status, 400, "{role:?}: {}", response.text());
        assert!(response.json()["errors"]["role"].is_string(), "{role:?}");
    }
    for is_admin in [" true", "true\n"] {
        let response = app.patch_json(&admin, &path, &json!({ "isAdmin": is_admin }));
        assert_eq!(response.status, 400, "{is_admin:?}: {}", response.text());
    }
    let listed = app
        .get("/api/admin/users?role=%20admin")
        .bearer(&admin)
        .send();
    assert_eq!(listed.status, 400, "a filter reads the exact word too");
    let user = app
        .get(&format!("/api/admin/users/{id}"))
        .bearer(&admin)
        .send();
    assert_eq!(user.json()["role"], "user");
    assert_eq!(user.json()["isAdmin"], false);
}

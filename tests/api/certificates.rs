//! Certificates: lookup, admin list, create, delete.

use crate::helpers::spawn_app;
use serde_json::json;

#[test]
fn a_certificate_is_found_by_number_and_listed_for_admins() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let created = app.create_certificate(&admin, "Rina Paul", 1001);
    assert_eq!(created["name"], "Rina Paul");
    assert_eq!(created["certinumber"], 1001);
    let found = app.get("/api/certificate/get_certificate/1001").send();
    assert_eq!(found.status, 200);
    assert_eq!(
        found.json(),
        json!({"name": "Rina Paul", "certinumber": 1001})
    );
    let list = app
        .get("/api/admin/display_certificate")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["_id"], created["_id"]);
}

#[test]
fn a_missing_certificate_is_404_and_a_non_number_400() {
    let app = spawn_app();
    assert_eq!(
        app.get("/api/certificate/get_certificate/55").send().status,
        404
    );
    for bad in ["abc", "0", "-5", "1.5", "1%20OR%201=1"] {
        let response = app
            .get(&format!("/api/certificate/get_certificate/{bad}"))
            .send();
        assert_eq!(response.status, 400, "{bad}");
        assert!(response.json()["message"].is_string());
    }
}

#[test]
fn a_numeric_string_is_accepted_and_bad_numbers_are_named() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let response = app
        .post("/api/admin/post_certificate")
        .bearer(&admin)
        .json(&json!({"name": "Text Number", "certinumber": "314"}))
        .send();
    assert_eq!(response.status, 201, "{}", response.text());
    assert_eq!(response.json()["certinumber"], 314);
    for body in [
        json!({"name": "A", "certinumber": "abc"}),
        json!({"name": "A", "certinumber": -3}),
        json!({"name": "A", "certinumber": 0}),
        json!({"name": "A", "certinumber": 2.5}),
        json!({"name": "A"}),
        json!({"name": "", "certinumber": 3}),
    ] {
        let response = app
            .post("/api/admin/post_certificate")
            .bearer(&admin)
            .json(&body)
            .send();
        assert_eq!(response.status, 400, "{body}");
        assert!(response.json()["errors"].is_object(), "{body}");
    }
}

#[test]
fn a_taken_certificate_number_is_409() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    app.create_certificate(&admin, "First", 9);
    let response = app
        .post("/api/admin/post_certificate")
        .bearer(&admin)
        .json(&json!({"name": "Second", "certinumber": 9}))
        .send();
    assert_eq!(response.status, 409);
    assert!(response.json()["message"].is_string());
}

#[test]
fn an_admin_deletes_a_certificate() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let created = app.create_certificate(&admin, "Gone", 10);
    let path = format!("/api/admin/delete_certificate/{}", created["_id"]);
    assert_eq!(app.delete(&path).bearer(&admin).send().status, 200);
    assert_eq!(app.delete(&path).bearer(&admin).send().status, 404);
    assert_eq!(
        app.get("/api/certificate/get_certificate/10").send().status,
        404
    );
}

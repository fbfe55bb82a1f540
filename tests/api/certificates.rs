//! Certificates: the public lookup by number, and the admin list, create and delete.

use crate::helpers::{assert_deleted_once, assert_error, id, len, spawn_app, spawn_app_with_admin};
use serde_json::json;

#[test]
fn a_certificate_is_found_by_number_and_listed_for_admins() {
    let (app, admin) = spawn_app_with_admin();
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
    assert_eq!(len(&list), 1);
    assert_eq!(list[0]["_id"], created["_id"]);
}

#[test]
fn a_missing_certificate_is_404_and_a_non_number_400() {
    let app = spawn_app();
    let lookup = |number: &str| {
        app.get(&format!("/api/certificate/get_certificate/{number}"))
            .send()
    };
    assert_eq!(lookup("55").status, 404);
    for bad in ["abc", "0", "-5", "1.5", "1%20OR%201=1"] {
        assert_error(&lookup(bad), 400, bad);
    }
}

#[test]
fn a_numeric_string_is_accepted_and_bad_numbers_are_named() {
    let (app, admin) = spawn_app_with_admin();
    let create = |body| {
        app.post("/api/admin/post_certificate")
            .bearer(&admin)
            .json(&body)
            .send()
    };
    let response = create(json!({"name": "Text Number", "certinumber": "314"}));
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
        let response = create(body.clone());
        assert_eq!(response.status, 400, "{body}");
        assert!(response.json()["errors"].is_object(), "{body}");
    }
}

#[test]
fn a_taken_certificate_number_is_409() {
    let (app, admin) = spawn_app_with_admin();
    app.create_certificate(&admin, "First", 9);
    let second = json!({"name": "Second", "certinumber": 9});
    let create = app.post("/api/admin/post_certificate").bearer(&admin);
    assert_error(&create.json(&second).send(), 409, "a taken number");
}

#[test]
fn an_admin_deletes_a_certificate() {
    let (app, admin) = spawn_app_with_admin();
    let created = app.create_certificate(&admin, "Gone", 10);
    let path = format!("/api/admin/delete_certificate/{}", id(&created));
    assert_deleted_once(&app, &admin, &path);
    let lookup = app.get("/api/certificate/get_certificate/10").send();
    assert_eq!(lookup.status, 404);
}

#[test]
fn certificates_come_in_pages_searched_by_name_or_number() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    for (name, number) in [("Asha", 1001), ("Bina", 2002), ("Chandan", 1003)] {
        app.create_certificate(&admin, name, number);
    }
    let page = |query: &str| {
        app.get(&format!("/api/admin/display_certificate?{query}"))
            .bearer(&admin)
            .send()
            .json()
    };
    assert_eq!(
        page("page=1")["items"][0]["name"],
        "Chandan",
        "newest first"
    );
    assert_eq!(page("sort=number")["items"][0]["certinumber"], 1001);
    assert_eq!(page("sort=name&size=2")["items"][1]["name"], "Bina");
    assert_eq!(page("q=100")["total"], 2);
    assert_eq!(page("q=bin")["items"][0]["certinumber"], 2002);
}

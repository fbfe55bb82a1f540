//! The notice board (the spec's services).

use crate::helpers::spawn_app;
use serde_json::json;

#[test]
fn notices_are_listed_newest_date_first_for_everyone() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    app.create_notice(
        &admin,
        json!({"title": "Old", "date": "2024-01-05", "url": "https://example.org/old"}),
    );
    app.create_notice(&admin, json!({"title": "New", "date": "2025-06-01"}));
    app.create_notice(
        &admin,
        json!({"title": "Middle", "date": "2024-12-31", "url": ""}),
    );
    let list = app.get("/api/admin/servicelist").send().json();
    let titles: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["New", "Middle", "Old"]);
    assert_eq!(list[0]["url"], serde_json::Value::Null);
    assert_eq!(
        list[1]["url"],
        serde_json::Value::Null,
        "an empty url means no link"
    );
    assert_eq!(list[2]["url"], "https://example.org/old");
}

#[test]
fn a_notice_without_a_date_gets_today() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let notice = app.create_notice(&admin, json!({"title": "Today"}));
    let date = notice["date"].as_str().unwrap();
    assert_eq!(date.len(), 10);
    assert!(date.starts_with("20"));
}

#[test]
fn an_admin_reads_updates_and_deletes_one_notice() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let notice = app.create_notice(
        &admin,
        json!({"title": "Exam", "date": "2025-01-02", "url": "https://example.org/a"}),
    );
    let id = notice["_id"].as_i64().unwrap();
    let one = app
        .get(&format!("/api/admin/servicelist/{id}"))
        .send()
        .json();
    assert_eq!(one, notice);
    let updated = app
        .patch(&format!("/api/admin/servicelist/update/{id}"))
        .bearer(&admin)
        .json(&json!({"title": "Exam moved", "date": "2025-01-09", "url": ""}))
        .send();
    assert_eq!(updated.status, 200, "{}", updated.text());
    let updated = updated.json();
    assert_eq!(updated["title"], "Exam moved");
    assert_eq!(updated["date"], "2025-01-09");
    assert_eq!(updated["url"], serde_json::Value::Null);
    let only_title = app
        .patch(&format!("/api/admin/servicelist/update/{id}"))
        .bearer(&admin)
        .json(&json!({"title": "T"}))
        .send();
    assert_eq!(
        only_title.json()["date"],
        "2025-01-09",
        "fields left out stay"
    );
    assert_eq!(
        app.delete(&format!("/api/admin/servicelist/delete/{id}"))
            .bearer(&admin)
            .send()
            .status,
        200
    );
    assert_eq!(
        app.get(&format!("/api/admin/servicelist/{id}"))
            .send()
            .status,
        404
    );
    assert_eq!(
        app.delete(&format!("/api/admin/servicelist/delete/{id}"))
            .bearer(&admin)
            .send()
            .status,
        404
    );
}

#[test]
fn notice_validation_names_the_bad_fields() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let cases = [
        (json!({"url": "https://example.org"}), "title"),
        (json!({"title": ""}), "title"),
        (json!({"title": "x".repeat(201)}), "title"),
        (json!({"title": "A", "url": "javascript:alert(1)"}), "url"),
        (json!({"title": "A", "url": "ftp://example.org"}), "url"),
        (
            json!({"title": "A", "url": format!("https://example.org/{}", "a".repeat(2048))}),
            "url",
        ),
        (json!({"title": "A", "date": "2025-02-30"}), "date"),
        (json!({"title": "A", "date": "01/02/2025"}), "date"),
    ];
    for (body, field) in cases {
        let response = app
            .post("/api/admin/service")
            .bearer(&admin)
            .json(&body)
            .send();
        assert_eq!(response.status, 400, "{body}");
        assert!(
            response.json()["errors"][field].is_string(),
            "{field} named for {body}"
        );
    }
    let notice = app.create_notice(&admin, json!({"title": "Fine"}));
    let response = app
        .patch(&format!("/api/admin/servicelist/update/{}", notice["_id"]))
        .bearer(&admin)
        .json(&json!({"url": "javascript:alert(1)"}))
        .send();
    assert_eq!(response.status, 400);
    assert_eq!(
        app.get("/api/admin/servicelist")
            .send()
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

//! The notice board (the spec's services): everyone reads it, admins write it.

use crate::helpers::{assert_deleted_once, assert_fields_refused, assert_gzipped, id, len};
use crate::helpers::{spawn_app, spawn_app_with_admin};
use serde_json::{json, Value};

#[test]
fn notices_are_listed_newest_date_first_for_everyone() {
    let (app, admin) = spawn_app_with_admin();
    for notice in [
        json!({"title": "Old", "date": "2024-01-05", "url": "https://example.org/old"}),
        json!({"title": "New", "date": "2025-06-01"}),
        json!({"title": "Middle", "date": "2024-12-31", "url": ""}),
    ] {
        app.create_notice(&admin, notice);
    }
    let list = app.get("/api/admin/servicelist").send().json();
    let titles: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["New", "Middle", "Old"]);
    assert_eq!(list[0]["url"], Value::Null);
    assert_eq!(list[1]["url"], Value::Null, "an empty url means no link");
    assert_eq!(list[2]["url"], "https://example.org/old");
}

#[test]
fn a_notice_without_a_date_gets_today() {
    let (app, admin) = spawn_app_with_admin();
    let notice = app.create_notice(&admin, json!({"title": "Today"}));
    let date = notice["date"].as_str().unwrap();
    assert_eq!(date.len(), 10);
    assert!(date.starts_with("20"));
}

#[test]
fn an_admin_reads_updates_and_deletes_one_notice() {
    let (app, admin) = spawn_app_with_admin();
    let notice = app.create_notice(
        &admin,
        json!({"title": "Exam", "date": "2025-01-02", "url": "https://example.org/a"}),
    );
    let id = id(&notice);
    let path = format!("/api/admin/servicelist/{id}");
    assert_eq!(app.get(&path).send().json(), notice);
    let update = |body: Value| {
        app.patch_json(
            &admin,
            &format!("/api/admin/servicelist/update/{id}"),
            &body,
        )
    };
    let updated = update(json!({"title": "Exam moved", "date": "2025-01-09", "url": ""}));
    assert_eq!(updated.status, 200, "{}", updated.text());
    let updated = updated.json();
    assert_eq!(updated["title"], "Exam moved");
    assert_eq!(updated["date"], "2025-01-09");
    assert_eq!(updated["url"], Value::Null);
    let only_title = update(json!({"title": "T"})).json();
    assert_eq!(only_title["date"], "2025-01-09", "fields left out stay");
    assert_deleted_once(&app, &admin, &format!("/api/admin/servicelist/delete/{id}"));
    assert_eq!(app.get(&path).send().status, 404);
}

#[test]
fn notice_validation_names_the_bad_fields() {
    let (app, admin) = spawn_app_with_admin();
    let long_url = format!("https://example.org/{}", "a".repeat(2048));
    for (body, field) in [
        (json!({"url": "https://example.org"}), "title"),
        (json!({"title": ""}), "title"),
        (json!({"title": "x".repeat(201)}), "title"),
        (json!({"title": "A", "url": "javascript:alert(1)"}), "url"),
        (json!({"title": "A", "url": "ftp://example.org"}), "url"),
        (json!({"title": "A", "url": long_url}), "url"),
        (json!({"title": "A", "date": "2025-02-30"}), "date"),
        (json!({"title": "A", "date": "01/02/2025"}), "date"),
    ] {
        assert_fields_refused(
            app.post("/api/admin/service").bearer(&admin),
            body,
            &[field],
        );
    }
    let notice = app.create_notice(&admin, json!({"title": "Fine"}));
    let response = app.patch_json(
        &admin,
        &format!("/api/admin/servicelist/update/{}", id(&notice)),
        &json!({"url": "javascript:alert(1)"}),
    );
    assert_eq!(response.status, 400);
    assert_eq!(len(&app.get("/api/admin/servicelist").send().json()), 1);
}

#[test]
fn the_notice_list_comes_gzipped_when_the_client_takes_it() {
    assert_gzipped(&spawn_app(), "/api/admin/servicelist");
}

#[test]
fn the_notice_board_comes_a_page_at_a_time_newest_first_with_the_total() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    for day in 1..=12 {
        app.create_notice(
            &admin,
            json!({"title": format!("Notice of day {day}"), "date": format!("2025-03-{day:02}")}),
        );
    }
    let first = app
        .get("/api/admin/servicelist?page=1&size=5")
        .send()
        .json();
    assert_eq!(first["total"], 12);
    assert_eq!(first["items"][0]["title"], "Notice of day 12");
    let third = app
        .get("/api/admin/servicelist?page=3&size=5")
        .send()
        .json();
    assert_eq!(third["items"][1]["title"], "Notice of day 1");
    let found = app.get("/api/admin/servicelist?q=day%201").send().json();
    assert_eq!(found["total"], 4, "day 1, 10, 11 and 12");
    assert_eq!(
        app.get("/api/admin/servicelist")
            .send()
            .json()
            .as_array()
            .unwrap()
            .len(),
        12
    );
}

#[test]
fn the_notice_edit_form_may_send_the_notice_back_with_its_id() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    let notice = app.create_notice(&admin, json!({"title": "Before", "date": "2025-04-01"}));
    let notice_id = id(&notice);
    let mut record = notice.clone();
    record["title"] = json!("After");
    let saved = app.change(
        &admin,
        &format!("/api/admin/servicelist/update/{notice_id}"),
        &record,
    );
    assert_eq!(saved.json()["title"], "After");
    let wrong = app.patch_json(
        &admin,
        &format!("/api/admin/servicelist/update/{notice_id}"),
        &json!({"_id": notice_id + 7, "title": "x"}),
    );
    assert_eq!(wrong.status, 400);
    let created_with_id = app
        .post("/api/admin/service")
        .bearer(&admin)
        .json(&json!({"_id": 5, "title": "New"}))
        .send();
    assert_eq!(created_with_id.status, 400);
}

#[test]
fn text_with_a_noncharacter_is_refused_so_the_feed_stays_valid_xml() {
    let (app, admin) = spawn_app_with_admin();
    for title in ["Exam\u{ffff}", "Exam\u{fdd0}", "Exam\u{1b}[31m"] {
        assert_fields_refused(
            app.post("/api/admin/service").bearer(&admin),
            json!({"title": title, "date": "2025-01-02"}),
            &["title"],
        );
    }
    assert_eq!(app.get("/notices.atom").send().status, 200);
}

#[test]
fn a_notice_title_with_text_direction_controls_is_refused_with_a_reason() {
    let (app, admin) = spawn_app_with_admin();
    for title in [
        "Exam \u{202E}txt.exe",
        "\u{2066}Results\u{2069}",
        "a\u{202A}b",
    ] {
        let response = app
            .post("/api/admin/service")
            .bearer(&admin)
            .json(&json!({"title": title, "date": "2025-06-01"}))
            .send();
        assert_eq!(response.status, 400, "{title:?}: {}", response.text());
        let why = response.json()["errors"]["title"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(why.contains("text-direction controls"), "{why}");
    }
}

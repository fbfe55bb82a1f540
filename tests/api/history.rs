//! Each record's history: every change through the admin calls keeps the record as it was,
//! with who and when; the versions say field by field what changed; a restore writes a version
//! back, itself a change kept in history.

use crate::helpers::{id, spawn_app_with_admin, TestApp};
use serde_json::{json, Value};

fn history(app: &TestApp, token: &str, kind: &str, id: i64) -> Vec<Value> {
    let response = app
        .get(&format!("/api/admin/history/{kind}/{id}"))
        .bearer(token)
        .send();
    assert_eq!(response.status, 200, "{}", response.text());
    response.json()["items"].as_array().unwrap().clone()
}

fn restore(app: &TestApp, token: &str, kind: &str, id: i64, version: &Value) {
    let response = app
        .post(&format!("/api/admin/history/{kind}/{id}/{version}/restore"))
        .bearer(token)
        .send();
    assert_eq!(response.status, 200, "{}", response.text());
}

#[test]
fn a_notice_edited_twice_shows_both_changes_and_an_earlier_version_comes_back() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    let notice = app.create_notice(
        &admin,
        json!({"title": "Exam on Monday", "date": "2026-11-20"}),
    );
    let notice_id = id(&notice);
    let path = format!("/api/admin/servicelist/update/{notice_id}");
    let first = app.change(&admin, &path, &json!({"title": "Exam on Tuesday"}));
    assert_eq!(first.status, 200);
    let second = app.change(
        &editor,
        &path,
        &json!({"title": "Exam on Wednesday", "date": "2026-11-22"}),
    );
    assert_eq!(second.status, 200);

    let versions = history(&app, &editor, "notice", notice_id);
    assert_eq!(versions.len(), 2, "{versions:?}");
    assert!(versions[0]["by"]
        .as_str()
        .unwrap()
        .ends_with("<editor@example.org>"));
    assert!(versions[0]["at"].is_string());
    assert_eq!(
        versions[0]["changes"],
        json!([
            {"field": "title", "old": "Exam on Tuesday", "new": "Exam on Wednesday"},
            {"field": "date", "old": "2026-11-20", "new": "2026-11-22"},
        ])
    );
    assert_eq!(
        versions[1]["changes"],
        json!([{"field": "title", "old": "Exam on Monday", "new": "Exam on Tuesday"}])
    );

    // The first version back: the notice reads as it was made, and the restore is a version too.
    restore(&app, &editor, "notice", notice_id, &versions[1]["version"]);
    let now = app
        .get(&format!("/api/admin/servicelist/{notice_id}"))
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(
        (now["title"].as_str(), now["date"].as_str()),
        (Some("Exam on Monday"), Some("2026-11-20"))
    );
    let after = history(&app, &admin, "notice", notice_id);
    assert_eq!(after.len(), 3);
    assert_eq!(after[0]["changes"][0]["new"], "Exam on Monday");
    let log = app.get("/api/admin/audit").bearer(&admin).send().json();
    assert_eq!(
        log["items"][0]["action"],
        "notice restored to an earlier version"
    );
}

#[test]
fn certificates_teams_members_cards_and_pictures_keep_their_history() {
    let (app, admin) = spawn_app_with_admin();
    let content = app.content();
    let certificate = app.create_certificate(&admin, "Rina Das", 777);
    let edits = [
        (
            "certificate",
            id(&certificate),
            format!("/api/admin/certificates/{}", id(&certificate)),
            json!({"name": "Rina Dass"}),
            "name",
        ),
        (
            "roster",
            content["teams"]["2k25"]["_id"].as_i64().unwrap(),
            format!("/api/admin/rosters/{}", content["teams"]["2k25"]["_id"]),
            json!({"title": "Team of 2025"}),
            "title",
        ),
        (
            "member",
            id(&content["teams"]["core"]["members"][0]),
            format!(
                "/api/admin/members/{}",
                id(&content["teams"]["core"]["members"][0])
            ),
            json!({"position": "Teacher"}),
            "position",
        ),
        (
            "card",
            id(&content["works"][0]),
            format!("/api/admin/cards/{}", id(&content["works"][0])),
            json!({"caption": "Evening class"}),
            "caption",
        ),
        (
            "gallery",
            id(&content["gallery"][0]),
            format!("/api/admin/gallery/{}", id(&content["gallery"][0])),
            json!({"caption": "Sports day"}),
            "caption",
        ),
    ];
    for (kind, record, path, body, field) in edits {
        let changed = app.change(&admin, &path, &body);
        assert_eq!(changed.status, 200, "{kind}: {}", changed.text());
        let versions = history(&app, &admin, kind, record);
        assert_eq!(versions.len(), 1, "{kind}: {versions:?}");
        let change = &versions[0]["changes"][0];
        assert_eq!(change["field"], field, "{kind}");
        assert_eq!(change["new"], body[field], "{kind}");
        restore(&app, &admin, kind, record, &versions[0]["version"]);
        assert_eq!(history(&app, &admin, kind, record).len(), 2, "{kind}");
    }
    assert_eq!(
        app.content()["works"][0],
        content["works"][0],
        "the card as it was"
    );
    assert_eq!(
        app.content()["teams"]["2k25"]["title"],
        content["teams"]["2k25"]["title"]
    );
}

#[test]
fn history_is_for_staff_and_for_records_that_exist() {
    let (app, admin) = spawn_app_with_admin();
    let (_, visitor) = app.register("visitor@example.org");
    let notice = app.create_notice(&admin, json!({"title": "Holiday", "date": "2026-11-20"}));
    let path = format!("/api/admin/history/notice/{}", id(&notice));
    assert_eq!(app.get(&path).send().status, 401);
    assert_eq!(app.get(&path).bearer(&visitor).send().status, 403);
    assert!(
        history(&app, &admin, "notice", id(&notice)).is_empty(),
        "no change yet"
    );
    for missing in [
        "/api/admin/history/notice/9999",
        "/api/admin/history/users/1",
        "/api/admin/history/contact/1",
    ] {
        assert_eq!(
            app.get(missing).bearer(&admin).send().status,
            404,
            "{missing}"
        );
    }
    let wrong = app
        .post(&format!(
            "/api/admin/history/notice/{}/12345/restore",
            id(&notice)
        ))
        .bearer(&admin)
        .send();
    assert_eq!(wrong.status, 404);
}

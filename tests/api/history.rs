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

#[test]
fn the_site_settings_keep_each_saved_version_and_one_comes_back_through_the_settings_rules() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("settings.editor@example.org");
    app.save_settings(&admin, json!({"heroTitle": "First words"}));
    app.save_settings(&editor, json!({"heroTitle": "Second words"}));
    let versions = history(&app, &admin, "settings", 1);
    assert_eq!(
        versions[0]["changes"],
        json!([{"field": "heroTitle", "old": "First words", "new": "Second words"}])
    );
    assert!(versions[0]["by"]
        .as_str()
        .unwrap()
        .contains("settings.editor@example.org"));
    assert_eq!(
        app.get("/api/admin/history/settings/2")
            .bearer(&admin)
            .send()
            .status,
        404
    );

    // An editor brings the first words back; the second stay in the history.
    restore(&app, &editor, "settings", 1, &versions[0]["version"]);
    assert_eq!(app.content()["settings"]["heroTitle"], "First words");
    let versions = history(&app, &admin, "settings", 1);
    assert_eq!(versions[0]["changes"][0]["old"], "Second words");

    // The site's first real UPI ID applies at once; a version from before it is the payment
    // details' business: refused to editors, held for admins.
    app.save_settings(&admin, json!({"upiId": "school@sbi"}));
    app.save_settings(&admin, json!({"heroTitle": "Third words"}));
    let versions = history(&app, &admin, "settings", 1);
    let before_upi = &versions[1];
    assert_eq!(before_upi["changes"][0]["field"], "upiId");
    let path = format!(
        "/api/admin/history/settings/1/{}/restore",
        before_upi["version"]
    );
    assert_eq!(app.post(&path).bearer(&editor).send().status, 403);
    let held = app.post(&path).bearer(&admin).send();
    assert_eq!(held.status, 200, "{}", held.text());
    // The whole state comes back: the words at once, the UPI ID only after the hold.
    assert_eq!(app.content()["settings"]["upiId"], "school@sbi");
    assert_eq!(app.content()["settings"]["heroTitle"], "First words");
    let pending = app
        .get("/api/admin/settings/payment-hold")
        .bearer(&admin)
        .send()
        .json();
    assert!(pending["pending"].is_object(), "{pending}");
}

fn bengali(app: &TestApp, token: &str, kind: &str, record: Value, field: &str, text: &str) {
    let saved = app
        .put("/api/admin/translations")
        .bearer(token)
        .json(&json!({"kind": kind, "record": record, "field": field, "text": text}))
        .send();
    assert_eq!(saved.status, 200, "{}", saved.text());
}

#[test]
fn bengali_texts_are_part_of_a_records_history_and_of_the_settings_history() {
    let (app, admin) = spawn_app_with_admin();
    let notice = app.create_notice(
        &admin,
        json!({"url": "https://example.org/camp", "title": "Health camp", "date": "2026-11-20"}),
    );
    let notice_id = id(&notice);
    bengali(
        &app,
        &admin,
        "notice",
        json!(notice_id),
        "title",
        "স্বাস্থ্য শিবির",
    );
    bengali(&app, &admin, "notice", json!(notice_id), "title", "ভুল লেখা");
    let versions = history(&app, &admin, "notice", notice_id);
    assert_eq!(
        versions[0]["changes"],
        json!([{"field": "bn.title", "old": "স্বাস্থ্য শিবির", "new": "ভুল লেখা"}])
    );
    assert_eq!(
        versions[1]["changes"],
        json!([{"field": "bn.title", "old": null, "new": "স্বাস্থ্য শিবির"}])
    );
    restore(&app, &admin, "notice", notice_id, &versions[0]["version"]);
    let title: String = app.query(&format!(
        "SELECT text FROM translations WHERE kind = 'notice' AND record = '{notice_id}' AND field = 'title'"
    ));
    assert_eq!(title, "স্বাস্থ্য শিবির");

    // The home page's Bengali headline, overwritten, comes back from the settings' history.
    let (_, editor) = app.editor("bn.editor@example.org");
    bengali(
        &app,
        &editor,
        "setting",
        json!("heroTitle"),
        "heroTitle",
        "রাতের স্কুল",
    );
    bengali(
        &app,
        &editor,
        "setting",
        json!("heroTitle"),
        "heroTitle",
        "ভুল শিরোনাম",
    );
    let versions = history(&app, &editor, "settings", 1);
    assert_eq!(
        versions[0]["changes"],
        json!([{"field": "bn.heroTitle", "old": "রাতের স্কুল", "new": "ভুল শিরোনাম"}])
    );
    restore(&app, &editor, "settings", 1, &versions[0]["version"]);
    assert_eq!(app.content()["settings"]["bn"]["heroTitle"], "রাতের স্কুল");
}

fn history_of(app: &TestApp, token: &str, path: &str) -> Vec<Value> {
    let response = app
        .get(&format!("/api/admin/history/{path}"))
        .bearer(token)
        .send();
    assert_eq!(response.status, 200, "{path}: {}", response.text());
    response.json()["items"].as_array().unwrap().clone()
}

fn restore_at(app: &TestApp, token: &str, path: &str, version: &Value) {
    let response = app
        .post(&format!("/api/admin/history/{path}/{version}/restore"))
        .bearer(token)
        .send();
    assert_eq!(response.status, 200, "{path}: {}", response.text());
}

#[test]
fn one_setting_one_bengali_text_and_a_photos_description_each_have_their_history() {
    let (app, admin) = spawn_app_with_admin();
    app.save_settings(
        &admin,
        json!({"heroTitle": "Old headline", "presidentName": "Old name"}),
    );
    app.save_settings(
        &admin,
        json!({"heroTitle": "New headline", "presidentName": "New name"}),
    );
    // `setting/{key}`: only that setting's changes, and only it comes back.
    let versions = history_of(&app, &admin, "setting/heroTitle");
    assert_eq!(
        versions[0]["changes"],
        json!([{"field": "heroTitle", "old": "Old headline", "new": "New headline"}])
    );
    restore_at(&app, &admin, "setting/heroTitle", &versions[0]["version"]);
    let settings = &app.content()["settings"];
    assert_eq!(settings["heroTitle"], "Old headline");
    assert_eq!(settings["presidentName"], "New name");
    for missing in [
        "setting/noSuchKey",
        "settings/2",
        "translation/999999",
        "media/999999",
    ] {
        let response = app
            .get(&format!("/api/admin/history/{missing}"))
            .bearer(&admin)
            .send();
        assert_eq!(response.status, 404, "{missing}");
    }

    // `translation/{id}`: one Bengali text of a record; only it comes back.
    let photo = app.upload_photo(&admin);
    let card = app.create(
        &admin,
        "/api/admin/cards",
        json!({"section": "works", "caption": "Evening class", "photoId": photo}),
    );
    let card_id = id(&card);
    bengali(&app, &admin, "card", json!(card_id), "caption", "সন্ধ্যার ক্লাস");
    bengali(&app, &admin, "card", json!(card_id), "caption", "ভুল");
    app.change(
        &admin,
        &format!("/api/admin/cards/{card_id}"),
        &json!({"caption": "Evening classes"}),
    );
    let text: i64 = app.query(&format!(
        "SELECT id FROM translations WHERE kind = 'card' AND record = '{card_id}'"
    ));
    let versions = history_of(&app, &admin, &format!("translation/{text}"));
    assert_eq!(versions.len(), 2, "{versions:?}");
    assert_eq!(versions[0]["changes"][0]["field"], "bn.caption");
    restore_at(
        &app,
        &admin,
        &format!("translation/{text}"),
        &versions[0]["version"],
    );
    let caption: String = app.query(&format!(
        "SELECT text FROM translations WHERE kind = 'card' AND record = '{card_id}'"
    ));
    assert_eq!(caption, "সন্ধ্যার ক্লাস");
    let english: String = app.query(&format!("SELECT caption FROM cards WHERE id = {card_id}"));
    assert_eq!(english, "Evening classes", "the English stays");

    // A photo's description, as `media` (or `photo`, as the Activity screen says it).
    app.change(
        &admin,
        &format!("/api/admin/media/{photo}"),
        &json!({"alt": "Children reading"}),
    );
    for kind in ["media", "photo"] {
        let versions = history_of(&app, &admin, &format!("{kind}/{photo}"));
        assert_eq!(versions[0]["changes"][0]["field"], "alt", "{kind}");
        assert_eq!(versions[0]["changes"][0]["new"], "Children reading");
    }
    let versions = history_of(&app, &admin, &format!("media/{photo}"));
    let old = versions[0]["changes"][0]["old"].clone();
    restore_at(
        &app,
        &admin,
        &format!("media/{photo}"),
        &versions[0]["version"],
    );
    let alt: String = app.query(&format!("SELECT alt FROM media WHERE id = {photo}"));
    assert_eq!(json!(alt), old);
}

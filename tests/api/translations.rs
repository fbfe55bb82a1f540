//! The Bengali versions of the public texts: listed beside their English for admins and
//! editors, stored one by one, served with the content, the notices and the Bengali head tags,
//! never for the payment details, and gone with their record.

use crate::helpers::{assert_error, id, spawn_app_with_admin, TestApp};
use serde_json::{json, Value};

fn save(app: &TestApp, token: &str, body: Value) -> crate::support::Response {
    app.put("/api/admin/translations")
        .bearer(token)
        .json(&body)
        .send()
}

fn saved(app: &TestApp, token: &str, body: Value) {
    let response = save(app, token, body.clone());
    assert_eq!(response.status, 200, "{body}: {}", response.text());
}

fn texts(app: &TestApp, token: &str) -> Vec<Value> {
    let response = app.get("/api/admin/translations").bearer(token).send();
    assert_eq!(response.status, 200, "{}", response.text());
    response.json()["items"].as_array().unwrap().clone()
}

#[test]
fn staff_see_every_public_text_beside_its_bengali_and_visitors_cannot() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    let (_, visitor) = app.register("visitor@example.org");
    assert_eq!(app.get("/api/admin/translations").send().status, 401);
    assert_eq!(
        app.get("/api/admin/translations")
            .bearer(&visitor)
            .send()
            .status,
        403
    );
    assert_eq!(save(&app, &visitor, json!({})).status, 403);

    let items = texts(&app, &editor);
    let kinds: Vec<&str> = items
        .iter()
        .map(|item| item["kind"].as_str().unwrap())
        .collect();
    for kind in ["setting", "card", "gallery", "roster", "member"] {
        assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
    }
    let address = items.iter().find(|i| i["record"] == "address").unwrap();
    assert_eq!(address["english"], app.content()["settings"]["address"]);
    assert_eq!(address["bengali"], "");
    // The payment details have no Bengali version to list.
    for key in ["upiId", "donationAccount", "donationHolder", "donationIfsc"] {
        assert!(!items.iter().any(|i| i["record"] == key), "{key}");
    }
    assert_eq!(texts(&app, &admin).len(), items.len());
}

#[test]
fn a_bengali_text_is_served_beside_the_english_and_an_empty_one_removes_it() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    let content = app.content();
    let card = id(&content["works"][0]);
    let roster = content["teams"]["2k25"]["_id"].as_i64().unwrap();
    let member = content["teams"]["core"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["position"] != "")
        .map(id)
        .unwrap();
    saved(
        &app,
        &editor,
        json!({"kind": "card", "record": card, "field": "caption", "text": "আমাদের ক্লাস"}),
    );
    saved(
        &app,
        &editor,
        json!({"kind": "setting", "record": "address", "field": "address", "text": "জলপাইগুড়ি"}),
    );
    saved(
        &app,
        &editor,
        json!({"kind": "roster", "record": roster, "field": "title", "text": "টিম ২০২৫"}),
    );
    saved(
        &app,
        &editor,
        json!({"kind": "member", "record": member, "field": "position", "text": "সভাপতি"}),
    );

    let content = app.content();
    assert_eq!(content["works"][0]["bn"]["caption"], "আমাদের ক্লাস");
    assert_ne!(
        content["works"][0]["caption"], "আমাদের ক্লাস",
        "the English stays"
    );
    assert!(content["works"][1].get("bn").is_none(), "no Bengali, no bn");
    assert_eq!(content["settings"]["bn"]["address"], "জলপাইগুড়ি");
    assert_eq!(content["teams"]["2k25"]["bn"]["title"], "টিম ২০২৫");
    let shown = content["teams"]["core"]["members"].as_array().unwrap();
    assert!(shown.iter().any(|m| m["bn"]["position"] == "সভাপতি"));
    // The Bengali team page is named in Bengali in its head; the English one is not.
    let html = app.get("/bn/team2k25").send().text();
    assert!(
        html.contains("<title>টিম ২০২৫ | JYOTI - A RAY OF HOPE</title>"),
        "{html}"
    );
    assert!(app
        .get("/team2k25")
        .send()
        .text()
        .contains("<title>Team 2k25 |"));

    // Empty: removed, and the English shows again.
    saved(
        &app,
        &admin,
        json!({"kind": "setting", "record": "address", "field": "address", "text": "  "}),
    );
    assert!(app.content()["settings"]["bn"].get("address").is_none());
    let listed = texts(&app, &admin);
    let address = listed.iter().find(|i| i["record"] == "address").unwrap();
    assert_eq!(address["bengali"], "");
    // Each change is in the activity log, old → new.
    let log = app.get("/api/admin/audit").bearer(&admin).send().json();
    let entries = log["items"].as_array().unwrap();
    assert!(
        entries
            .iter()
            .filter(|e| e["action"] == "Bengali text changed")
            .count()
            >= 5,
        "{log}"
    );
}

#[test]
fn payment_details_other_fields_and_missing_records_are_refused() {
    let (app, admin) = spawn_app_with_admin();
    for (body, field) in [
        (
            json!({"kind": "setting", "record": "upiId", "field": "upiId", "text": "thief@bank"}),
            "field",
        ),
        (
            json!({"kind": "setting", "record": "donationAccount", "field": "donationAccount", "text": "1"}),
            "field",
        ),
        (
            json!({"kind": "notice", "record": 1, "field": "url", "text": "x"}),
            "field",
        ),
        (
            json!({"kind": "users", "record": 1, "field": "email", "text": "x"}),
            "kind",
        ),
        (
            json!({"kind": "card", "record": "one", "field": "caption", "text": "x"}),
            "record",
        ),
        (
            json!({"kind": "card", "record": 1, "field": "caption", "text": "ক\u{202E}খ"}),
            "text",
        ),
    ] {
        let response = save(&app, &admin, body.clone());
        assert_eq!(response.status, 400, "{body}");
        assert!(
            response.json()["errors"].get(field).is_some(),
            "{body}: {}",
            response.text()
        );
    }
    let missing = save(
        &app,
        &admin,
        json!({"kind": "notice", "record": 999999, "field": "title", "text": "নেই"}),
    );
    assert_error(&missing, 404, "That text no longer exists");
}

#[test]
fn a_notice_in_bengali_shows_on_the_board_and_the_bengali_feed_and_goes_with_its_notice() {
    let (app, admin) = spawn_app_with_admin();
    let notice = app.create_notice(
        &admin,
        json!({"title": "Classes resume on Monday", "date": "2026-11-20"}),
    );
    let notice_id = id(&notice);
    saved(
        &app,
        &admin,
        json!({"kind": "notice", "record": notice_id, "field": "title", "text": "সোমবার থেকে আবার ক্লাস"}),
    );

    let board = app
        .get("/api/admin/servicelist?page=1&size=10")
        .send()
        .json();
    let shown = board["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| id(n) == notice_id)
        .unwrap()
        .clone();
    assert_eq!(shown["title"], "Classes resume on Monday");
    assert_eq!(shown["bn"]["title"], "সোমবার থেকে আবার ক্লাস");
    let whole = app.get("/api/admin/servicelist").send().json();
    assert!(whole
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n["bn"]["title"] == "সোমবার থেকে আবার ক্লাস"));

    assert!(app
        .get("/bn/notices.atom")
        .send()
        .text()
        .contains("<title>সোমবার থেকে আবার ক্লাস</title>"));
    let english = app.get("/notices.atom").send().text();
    assert!(
        english.contains("<title>Classes resume on Monday</title>") && !english.contains("সোমবার")
    );

    let deleted = app
        .delete(&format!("/api/admin/servicelist/delete/{notice_id}"))
        .bearer(&admin)
        .send();
    assert_eq!(deleted.status, 200);
    let left: i64 = app.query("SELECT count(*) FROM translations WHERE kind = 'notice'");
    assert_eq!(left, 0, "the notice's Bengali title went with it");
}

#[test]
fn the_bengali_of_what_donors_read_is_for_admins_and_alerted_like_its_english() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    let appeal = json!({"kind": "setting", "record": "donationAppeal", "field": "donationAppeal",
        "text": "দান পাঠান এই অ্যাকাউন্টে: 000111222"});
    let refused = save(&app, &editor, appeal.clone());
    assert_eq!(refused.status, 403, "{}", refused.text());
    assert!(app.content()["settings"]["bn"]
        .get("donationAppeal")
        .is_none());

    let alerts_before = app.get("/api/admin/alerts").bearer(&admin).send().json()["total"]
        .as_i64()
        .unwrap();
    // A UPI ID other than the site's own waits out the payment hold even from an admin, alerted:
    // donors see one UPI ID.
    let upi = json!({"kind": "setting", "record": "donationAppeal", "field": "donationAppeal",
        "text": "দান পাঠান এই ইউপিআই-তে: thief@bank"});
    assert_eq!(save(&app, &admin, upi).status, 202);
    assert!(app.content()["settings"]["bn"]
        .get("donationAppeal")
        .is_none());
    saved(&app, &admin, appeal);
    let alerts = app.get("/api/admin/alerts").bearer(&admin).send().json();
    assert_eq!(
        alerts["total"].as_i64().unwrap(),
        alerts_before + 2,
        "{alerts}"
    );
    // Below the held text's alert, which is pinned.
    let alert = &alerts["items"][1];
    assert!(
        alert["subject"]
            .as_str()
            .unwrap()
            .contains("what donors read"),
        "{alert}"
    );
    assert!(
        alert["body"].as_str().unwrap().contains("000111222"),
        "{alert}"
    );
    // Other texts stay the editors' to change, without an alert.
    saved(
        &app,
        &editor,
        json!({"kind": "setting", "record": "address", "field": "address", "text": "জলপাইগুড়ি"}),
    );
    let after = app.get("/api/admin/alerts").bearer(&admin).send().json()["total"]
        .as_i64()
        .unwrap();
    assert_eq!(after, alerts_before + 2);
}

#[test]
fn a_third_language_is_rows_of_its_own_and_no_new_schema() {
    let (app, _) = spawn_app_with_admin();
    let conn = app.state.pool.get().unwrap();
    let insert = |lang: &str| {
        conn.execute(
            "INSERT INTO translations (lang, kind, record, field, text)
             VALUES (?1, 'setting', 'heroTitle', 'text', 'नमस्ते')",
            [lang],
        )
    };
    assert!(insert("hi").is_ok(), "Hindi beside Bengali");
    assert!(insert("sat").is_ok(), "a three-letter code (Santali)");
    for refused in ["en", "HI", "h", "hind", "h1"] {
        assert!(insert(refused).is_err(), "{refused}");
    }
}

#[test]
fn a_certificate_event_has_one_bengali_for_all_its_certificates_and_a_lookup_answers_it() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    for (name, number) in [("Rina Das", 9101), ("Sonu Roy", 9102)] {
        let response = app
            .post("/api/admin/post_certificate")
            .bearer(&admin)
            .json(
                &json!({"name": name, "certinumber": number, "event": "Summer Science Camp 2026"}),
            )
            .send();
        assert_eq!(response.status, 201, "{}", response.text());
    }
    let listed = texts(&app, &editor);
    let event = listed
        .iter()
        .find(|i| i["kind"] == "event")
        .expect("the event is listed");
    assert_eq!(event["record"], "Summer Science Camp 2026");
    assert_eq!(event["place"], "Certificate event, 2 certificates");
    // An event no certificate has is no text to write.
    let response = save(
        &app,
        &editor,
        json!({"kind": "event", "record": "Winter Camp", "field": "event", "text": "শীতের ক্যাম্প"}),
    );
    assert_eq!(response.status, 404, "{}", response.text());
    saved(
        &app,
        &editor,
        json!({"kind": "event", "record": "Summer Science Camp 2026", "field": "event",
               "text": "গরমের ছুটির বিজ্ঞান শিবির ২০২৬"}),
    );
    for number in [9101, 9102] {
        let found = app
            .get(&format!("/api/certificate/get_certificate/{number}"))
            .send()
            .json();
        assert_eq!(
            found["event"], "Summer Science Camp 2026",
            "the English stays"
        );
        assert_eq!(found["bn"]["event"], "গরমের ছুটির বিজ্ঞান শিবির ২০২৬");
    }
}

#[test]
fn a_members_year_has_its_bengali_and_the_screen_pages_what_still_lacks_bengali() {
    let (app, admin) = spawn_app_with_admin();
    let content = app.content();
    let member = content["teams"]["core"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["year"] != "")
        .cloned()
        .expect("a sample member with a year");
    saved(
        &app,
        &admin,
        json!({"kind": "member", "record": id(&member), "field": "year", "text": "তৃতীয় বর্ষ"}),
    );
    let shown = app.content()["teams"]["core"]["members"].clone();
    let shown = shown
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["_id"] == member["_id"])
        .cloned()
        .unwrap();
    assert_eq!(shown["bn"]["year"], "তৃতীয় বর্ষ");
    assert_eq!(shown["year"], member["year"]);

    let all = app
        .get("/api/admin/translations")
        .bearer(&admin)
        .send()
        .json();
    let lacking = all["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["bengali"] == "" && i["english"] != "")
        .count();
    assert_eq!(all["missing"], lacking, "{all}");
    assert!(lacking > 3, "the sample content has texts to translate");

    // Only what has no Bengali yet, two at a time.
    let first = app
        .get("/api/admin/translations?missing=1&page=1&size=2")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(first["total"], lacking);
    assert_eq!(first["missing"], lacking);
    assert_eq!(
        (first["page"].as_u64(), first["size"].as_u64()),
        (Some(1), Some(2))
    );
    let items = first["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert!(items
        .iter()
        .all(|i| i["bengali"] == "" && i["english"] != ""));
    let second = app
        .get("/api/admin/translations?missing=1&page=2&size=2")
        .bearer(&admin)
        .send()
        .json();
    assert_ne!(second["items"][0], items[0], "the next page");
    // Writing one leaves one fewer.
    let one = &items[0];
    saved(
        &app,
        &admin,
        json!({"kind": one["kind"], "record": one["record"], "field": one["field"], "text": "বাংলা"}),
    );
    let after = app
        .get("/api/admin/translations?missing=1&size=2")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(after["missing"].as_u64().unwrap(), lacking as u64 - 1);
    for bad in ["missing=maybe", "page=0", "size=1000"] {
        let response = app
            .get(&format!("/api/admin/translations?{bad}"))
            .bearer(&admin)
            .send();
        assert_eq!(response.status, 400, "{bad}: {}", response.text());
    }
}

#[test]
fn the_translations_api_takes_a_language_and_refuses_one_the_site_lacks() {
    let (app, admin) = spawn_app_with_admin();
    let heading = json!({ "kind": "setting", "record": "heroTitle", "field": "heroTitle" });
    let mut bengali = heading.clone();
    bengali["lang"] = json!("bn");
    bengali["text"] = json!("জ্যোতিতে স্বাগত");
    saved(&app, &admin, bengali);
    // Named or not, Bengali is the same rows.
    let listed = app
        .get("/api/admin/translations?lang=bn&q=heroTitle")
        .bearer(&admin)
        .send();
    assert_eq!(listed.status, 200, "{}", listed.text());
    let listed = listed.json();
    assert_eq!(listed["lang"], "bn");
    let hero = listed["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|text| text["record"] == "heroTitle")
        .cloned()
        .expect("the headline is listed");
    assert_eq!(hero["bengali"], "জ্যোতিতে স্বাগত");
    // A language the site does not have is refused by name, for a list and a save alike.
    let unknown = app
        .get("/api/admin/translations?lang=xx")
        .bearer(&admin)
        .send();
    assert_error(&unknown, 400, "an unknown language listed");
    let said = unknown.json()["errors"]["lang"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        said.contains("not a language of this site's texts"),
        "{said}"
    );
    let mut other = heading;
    other["lang"] = json!("hi");
    other["text"] = json!("ज्योति में स्वागत है");
    let refused = save(&app, &admin, other);
    assert_error(&refused, 400, "an unknown language saved");
    assert!(
        refused.json()["errors"]["lang"].is_string(),
        "{}",
        refused.text()
    );
    let content = app.get("/api/content").send().json();
    assert_eq!(content["settings"]["bn"]["heroTitle"], "জ্যোতিতে স্বাগত");
}

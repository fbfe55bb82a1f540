//! Admin editing of the site content, and the content document following it.

use crate::helpers::{spawn_app, TestApp};
use serde_json::{json, Value};

fn content(app: &TestApp) -> Value {
    app.get("/api/content").send().json()
}

#[test]
fn every_content_write_refuses_visitors_and_anonymous_callers() {
    let app = spawn_app();
    let (_, visitor) = app.register("visitor@example.org");
    let calls: [(&str, &str, Value); 15] = [
        (
            "POST",
            "/api/admin/rosters",
            json!({"slug": "2k26", "title": "Team 2k26"}),
        ),
        ("PATCH", "/api/admin/rosters/1", json!({"title": "x"})),
        ("DELETE", "/api/admin/rosters/2", json!(null)),
        ("PUT", "/api/admin/rosters/order", json!({"ids": [1, 2, 3]})),
        ("POST", "/api/admin/rosters/1/members", json!({"name": "x"})),
        ("PATCH", "/api/admin/members/1", json!({"name": "x"})),
        ("DELETE", "/api/admin/members/1", json!(null)),
        (
            "POST",
            "/api/admin/cards",
            json!({"section": "works", "caption": "x"}),
        ),
        ("PATCH", "/api/admin/cards/1", json!({"caption": "x"})),
        ("DELETE", "/api/admin/cards/1", json!(null)),
        ("POST", "/api/admin/gallery", json!({"caption": "x"})),
        ("DELETE", "/api/admin/gallery/1", json!(null)),
        ("PATCH", "/api/admin/settings", json!({"heroTitle": "x"})),
        ("GET", "/api/admin/media", json!(null)),
        ("DELETE", "/api/admin/media/1", json!(null)),
    ];
    let before = content(&app);
    for (method, path, body) in &calls {
        for token in [None, Some("bad"), Some(visitor.as_str())] {
            let mut request = app.request(method, path);
            if let Some(token) = token {
                request = request.bearer(token);
            }
            if !body.is_null() {
                request = request.json(body);
            }
            let status = request.send().status;
            let expected = if token == Some(visitor.as_str()) {
                403
            } else {
                401
            };
            assert_eq!(status, expected, "{method} {path} with {token:?}");
        }
    }
    assert_eq!(content(&app), before, "nothing changed");
}

#[test]
fn a_new_roster_gets_its_team_page_and_members() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    assert_eq!(app.get("/team2k26").send().status, 404);
    let created = app
        .post("/api/admin/rosters")
        .bearer(&admin)
        .json(&json!({"slug": "2k26", "title": "Team 2k26"}))
        .send();
    assert_eq!(created.status, 201, "{}", created.text());
    let roster_id = created.json()["_id"].as_i64().unwrap();
    assert_eq!(app.get("/team2k26").send().status, 200);

    let member = app
        .post(&format!("/api/admin/rosters/{roster_id}/members"))
        .bearer(&admin)
        .json(&json!({"name": "New Member", "department": "IT", "year": "1st Year", "position": "Librarian", "link": "https://example.org/p"}))
        .send();
    assert_eq!(member.status, 201, "{}", member.text());
    let team = &content(&app)["teams"]["2k26"];
    assert_eq!(team["title"], "Team 2k26");
    assert_eq!(team["members"][0]["name"], "New Member");
    assert_eq!(team["members"][0]["link"], "https://example.org/p");
    assert_eq!(team["members"][0]["photo"], Value::Null);
    let keys: Vec<String> = content(&app)["teams"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert_eq!(
        keys,
        ["core", "2k24", "2k25", "2k26"],
        "rosters in display order"
    );

    let duplicate = app
        .post("/api/admin/rosters")
        .bearer(&admin)
        .json(&json!({"slug": "2K26", "title": "Again"}))
        .send();
    assert_eq!(duplicate.status, 409);
}

#[test]
fn members_are_edited_reordered_and_deleted() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let core = &content(&app)["teams"]["core"];
    let roster_id = core["_id"].as_i64().unwrap();
    let ids: Vec<i64> = core["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["_id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids.len(), 15);

    let edited = app
        .patch(&format!("/api/admin/members/{}", ids[0]))
        .bearer(&admin)
        .json(&json!({"name": "Edited Name", "link": ""}))
        .send();
    assert_eq!(edited.status, 200, "{}", edited.text());
    let first = &content(&app)["teams"]["core"]["members"][0];
    assert_eq!(first["name"], "Edited Name");
    assert_eq!(first["link"], Value::Null);
    assert_eq!(
        first["position"], core["members"][0]["position"],
        "untouched fields stay"
    );

    let mut reversed = ids.clone();
    reversed.reverse();
    let order = app
        .request(
            "PUT",
            &format!("/api/admin/rosters/{roster_id}/members/order"),
        )
        .bearer(&admin)
        .json(&json!({"ids": reversed}))
        .send();
    assert_eq!(order.status, 200, "{}", order.text());
    assert_eq!(content(&app)["teams"]["core"]["members"][0]["_id"], ids[14]);

    let partial = app
        .request(
            "PUT",
            &format!("/api/admin/rosters/{roster_id}/members/order"),
        )
        .bearer(&admin)
        .json(&json!({"ids": [ids[0]]}))
        .send();
    assert_eq!(partial.status, 400, "an order must name every member");
    let duplicated = app
        .request("PUT", "/api/admin/rosters/order")
        .bearer(&admin)
        .json(&json!({"ids": [1, 1, 2]}))
        .send();
    assert_eq!(duplicated.status, 400);

    assert_eq!(
        app.delete(&format!("/api/admin/members/{}", ids[3]))
            .bearer(&admin)
            .send()
            .status,
        200
    );
    assert_eq!(
        content(&app)["teams"]["core"]["members"]
            .as_array()
            .unwrap()
            .len(),
        14
    );
    assert_eq!(
        app.delete(&format!("/api/admin/members/{}", ids[3]))
            .bearer(&admin)
            .send()
            .status,
        404
    );
}

#[test]
fn the_core_roster_stays_and_others_can_be_renamed_and_deleted() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let teams = content(&app)["teams"].clone();
    let core = teams["core"]["_id"].as_i64().unwrap();
    let k24 = teams["2k24"]["_id"].as_i64().unwrap();
    assert_eq!(
        app.delete(&format!("/api/admin/rosters/{core}"))
            .bearer(&admin)
            .send()
            .status,
        409
    );
    assert_eq!(
        app.patch(&format!("/api/admin/rosters/{core}"))
            .bearer(&admin)
            .json(&json!({"slug": "main"}))
            .send()
            .status,
        409
    );
    let renamed = app
        .patch(&format!("/api/admin/rosters/{k24}"))
        .bearer(&admin)
        .json(&json!({"title": "Batch of 2024"}))
        .send();
    assert_eq!(renamed.status, 200);
    assert_eq!(content(&app)["teams"]["2k24"]["title"], "Batch of 2024");
    assert_eq!(
        app.delete(&format!("/api/admin/rosters/{k24}"))
            .bearer(&admin)
            .send()
            .status,
        200
    );
    assert!(content(&app)["teams"].get("2k24").is_none());
    assert_eq!(app.get("/team2k24").send().status, 404);
}

#[test]
fn cards_and_gallery_images_are_added_changed_reordered_and_deleted() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let card = app
        .post("/api/admin/cards")
        .bearer(&admin)
        .json(&json!({"section": "awards", "caption": "Science Fair"}))
        .send();
    assert_eq!(card.status, 201, "{}", card.text());
    let card_id = card.json()["_id"].as_i64().unwrap();
    let awards = content(&app)["awards"].clone();
    assert_eq!(awards.as_array().unwrap().len(), 7);
    assert_eq!(awards[6]["caption"], "Science Fair");
    let mut ids: Vec<i64> = awards
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["_id"].as_i64().unwrap())
        .collect();
    ids.rotate_right(1);
    assert_eq!(
        app.request("PUT", "/api/admin/cards/awards/order")
            .bearer(&admin)
            .json(&json!({"ids": ids}))
            .send()
            .status,
        200
    );
    assert_eq!(content(&app)["awards"][0]["caption"], "Science Fair");
    assert_eq!(
        app.patch(&format!("/api/admin/cards/{card_id}"))
            .bearer(&admin)
            .json(&json!({"caption": "Fair"}))
            .send()
            .status,
        200
    );
    assert_eq!(
        app.delete(&format!("/api/admin/cards/{card_id}"))
            .bearer(&admin)
            .send()
            .status,
        200
    );
    assert_eq!(content(&app)["awards"].as_array().unwrap().len(), 6);

    let image = app
        .post("/api/admin/gallery")
        .bearer(&admin)
        .json(&json!({"caption": "Night class"}))
        .send();
    assert_eq!(image.status, 201);
    let image_id = image.json()["_id"].as_i64().unwrap();
    assert_eq!(content(&app)["gallery"][6]["caption"], "Night class");
    assert_eq!(
        app.patch(&format!("/api/admin/gallery/{image_id}"))
            .bearer(&admin)
            .json(&json!({"caption": "Evening class"}))
            .send()
            .status,
        200
    );
    assert_eq!(content(&app)["gallery"][6]["caption"], "Evening class");
    assert_eq!(
        app.delete(&format!("/api/admin/gallery/{image_id}"))
            .bearer(&admin)
            .send()
            .status,
        200
    );
}

#[test]
fn content_validation_names_each_bad_field() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let cases = [
        (
            "POST",
            "/api/admin/rosters",
            json!({"slug": "bad slug!", "title": ""}),
            vec!["slug", "title"],
        ),
        (
            "POST",
            "/api/admin/rosters/1/members",
            json!({"name": "", "link": "javascript:alert(1)"}),
            vec!["name", "link"],
        ),
        (
            "POST",
            "/api/admin/rosters/1/members",
            json!({"name": "A", "photoId": 999}),
            vec!["photoId"],
        ),
        (
            "POST",
            "/api/admin/cards",
            json!({"section": "news", "caption": "x".repeat(201)}),
            vec!["section", "caption"],
        ),
        (
            "POST",
            "/api/admin/gallery",
            json!({"caption": "A", "section": "works"}),
            vec!["section"],
        ),
        (
            "PATCH",
            "/api/admin/settings",
            json!({"contactEmail": "nope", "linkedin": "ftp://x.org", "heroTitle": ""}),
            vec!["contactEmail", "linkedin", "heroTitle"],
        ),
    ];
    for (method, path, body, fields) in cases {
        let response = app.request(method, path).bearer(&admin).json(&body).send();
        assert_eq!(response.status, 400, "{method} {path} {body}");
        let errors = response.json()["errors"].clone();
        for field in fields {
            assert!(
                errors[field].is_string(),
                "{field} named for {body}: {errors}"
            );
        }
    }
    let unknown = app
        .patch("/api/admin/settings")
        .bearer(&admin)
        .json(&json!({"password": "x"}))
        .send();
    assert_eq!(unknown.status, 400);
    let unknown = app
        .post("/api/admin/cards")
        .bearer(&admin)
        .json(&json!({"section": "works", "caption": "x", "art": "/etc/passwd"}))
        .send();
    assert_eq!(unknown.status, 400);
}

#[test]
fn settings_changes_show_in_the_content_and_change_its_etag() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let first = app.get("/api/content").send();
    let etag = first.header("etag").unwrap().to_owned();
    let response = app
        .patch("/api/admin/settings")
        .bearer(&admin)
        .json(&json!({"donationAccount": "123456789012", "donationIfsc": "SBIN0001234", "contactEmail": "Club@Example.org"}))
        .send();
    assert_eq!(response.status, 200, "{}", response.text());
    let after = app
        .get("/api/content")
        .header("If-None-Match", &etag)
        .send();
    assert_eq!(after.status, 200, "the old ETag no longer matches");
    assert_ne!(after.header("etag").unwrap(), etag);
    let settings = &after.json()["settings"];
    assert_eq!(settings["donationAccount"], "123456789012");
    assert_eq!(settings["donationIfsc"], "SBIN0001234");
    assert_eq!(settings["contactEmail"], "club@example.org");
    assert_eq!(
        settings["donationBranch"], "Denguajhar",
        "untouched settings stay"
    );
}

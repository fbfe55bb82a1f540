//! `/api/admin/rosters`: the team pages, `/team` for the core roster and `/team{slug}` for others.

use crate::helpers::{assert_error, assert_fields_refused, id, spawn_app_with_admin};
use serde_json::{json, Value};

#[test]
fn a_new_roster_gets_its_team_page_and_members() {
    let (app, admin) = spawn_app_with_admin();
    assert_eq!(app.get("/team2k26").send().status, 404);
    let team = json!({"slug": "2k26", "title": "Team 2k26"});
    let roster_id = id(&app.create(&admin, "/api/admin/rosters", team));
    assert_eq!(app.get("/team2k26").send().status, 200);

    app.create(
        &admin,
        &format!("/api/admin/rosters/{roster_id}/members"),
        json!({"name": "New Member", "department": "IT", "year": "1st Year", "position": "Librarian", "link": "https://example.org/p"}),
    );
    let content = app.content();
    let team = &content["teams"]["2k26"];
    assert_eq!(team["title"], "Team 2k26");
    assert_eq!(team["members"][0]["name"], "New Member");
    assert_eq!(team["members"][0]["link"], "https://example.org/p");
    assert_eq!(team["members"][0]["photo"], Value::Null);
    let slugs: Vec<&String> = content["teams"].as_object().unwrap().keys().collect();
    assert_eq!(
        slugs,
        ["core", "2k24", "2k25", "2k26"],
        "rosters in display order"
    );

    let again = json!({"slug": "2K26", "title": "Again"});
    let duplicate = app.post("/api/admin/rosters").bearer(&admin).json(&again);
    assert_error(&duplicate.send(), 409, "a slug taken in another case");
}

#[test]
fn the_core_roster_stays_and_others_can_be_renamed_and_deleted() {
    let (app, admin) = spawn_app_with_admin();
    let teams = app.content()["teams"].clone();
    let core = format!("/api/admin/rosters/{}", id(&teams["core"]));
    let k24 = format!("/api/admin/rosters/{}", id(&teams["2k24"]));
    let rename = |path: &str, body: Value| app.patch_json(&admin, path, &body);
    let delete = |path: &str| app.delete(path).bearer(&admin).send().status;
    assert_eq!(delete(&core), 409);
    assert_eq!(rename(&core, json!({"slug": "main"})).status, 409);
    assert_eq!(rename(&k24, json!({"title": "Batch of 2024"})).status, 200);
    assert_eq!(app.content()["teams"]["2k24"]["title"], "Batch of 2024");
    assert_eq!(delete(&k24), 200);
    assert!(app.content()["teams"].get("2k24").is_none());
    assert_eq!(app.get("/team2k24").send().status, 404);
}

#[test]
fn a_roster_needs_a_plain_slug_and_a_title() {
    let (app, admin) = spawn_app_with_admin();
    let create = app.post("/api/admin/rosters").bearer(&admin);
    let bad = json!({"slug": "bad slug!", "title": ""});
    assert_fields_refused(create, bad, &["slug", "title"]);
}

#[test]
fn an_order_naming_a_roster_twice_is_400() {
    let (app, admin) = spawn_app_with_admin();
    let order = json!({"ids": [1, 1, 2]});
    let response = app
        .put("/api/admin/rosters/order")
        .bearer(&admin)
        .json(&order)
        .send();
    assert_eq!(response.status, 400);
}

#[test]
fn a_new_year_starts_from_a_copy_of_a_team_and_can_become_the_core_team() {
    let (app, admin) = spawn_app_with_admin();
    let teams = app.content()["teams"].clone();
    let core_id = id(&teams["core"]);
    let core_title = teams["core"]["title"].as_str().unwrap().to_owned();
    let members = teams["core"]["members"].as_array().unwrap().clone();
    assert!(members.len() >= 2, "the sample core team has members");

    let copy = json!({"slug": "2k26", "title": "Team 2k26"});
    let made = app.create(&admin, &format!("/api/admin/rosters/{core_id}/copy"), copy);
    let new_id = id(&made);
    let content = app.content();
    let copied = content["teams"]["2k26"]["members"].as_array().unwrap();
    let names = |list: &[Value]| list.iter().map(|m| m["name"].clone()).collect::<Vec<_>>();
    assert_eq!(names(copied), names(&members), "every member, in order");
    // The photos are shared, not uploaded again.
    assert_eq!(copied[0]["photo"], members[0]["photo"]);
    // The copies are the new team's own: removing one leaves last year's team whole.
    let first_copy = id(&copied[0]);
    assert_ne!(first_copy, id(&members[0]));
    assert_eq!(
        app.delete(&format!("/api/admin/members/{first_copy}"))
            .bearer(&admin)
            .send()
            .status,
        200
    );
    assert_eq!(
        app.content()["teams"]["core"]["members"]
            .as_array()
            .unwrap()
            .len(),
        members.len()
    );

    let again = app
        .post(&format!("/api/admin/rosters/{core_id}/copy"))
        .bearer(&admin)
        .json(&json!({"slug": "2k26", "title": "Again"}));
    assert_error(&again.send(), 409, "a taken slug");
    let missing = app
        .post("/api/admin/rosters/987654/copy")
        .bearer(&admin)
        .json(&json!({"slug": "2k27", "title": "Nobody"}));
    assert_eq!(missing.send().status, 404);

    // The new team goes to /team; the core team until now keeps its members at /team2k25b.
    let choose = |body: Value| {
        app.put("/api/admin/rosters/core")
            .bearer(&admin)
            .json(&body)
            .send()
    };
    let chosen = choose(json!({"id": new_id, "formerSlug": "2k25b"}));
    assert_eq!(chosen.status, 200, "{}", chosen.text());
    let content = app.content();
    assert_eq!(content["teams"]["core"]["title"], "Team 2k26");
    assert_eq!(
        content["teams"]["2k25b"]["title"], "Team 2k25b",
        "last year's page is named for its year, not left as {core_title}"
    );
    assert!(content["teams"].get("2k26").is_none());
    assert_eq!(app.get("/team2k25b").send().status, 200);
    assert!(app
        .get("/team")
        .send()
        .text()
        .contains("<title>Team 2k26 | "));
    // Moved back, last year's team gets its own title back.
    let old_core = id(&content["teams"]["2k25b"]);
    let back = choose(json!({"id": old_core, "formerSlug": "2k26"}));
    assert_eq!(back.status, 200, "{}", back.text());
    let content = app.content();
    assert_eq!(content["teams"]["core"]["title"], core_title.as_str());
    assert_eq!(content["teams"]["2k26"]["title"], "Team 2k26");
    let again = choose(json!({"id": new_id, "formerSlug": "2k25b"}));
    assert_eq!(again.status, 200, "{}", again.text());

    // A taken or bad address for the old core team, or no such team, changes nothing.
    assert_error(
        &choose(json!({"id": id(&teams["2k24"]), "formerSlug": "2k25b"})),
        409,
        "taken",
    );
    assert_fields_refused(
        app.put("/api/admin/rosters/core").bearer(&admin),
        json!({"id": 0, "formerSlug": "core"}),
        &["id", "formerSlug"],
    );
    assert_eq!(
        choose(json!({"id": 987654, "formerSlug": "x1"})).status,
        404
    );
    assert_eq!(app.content()["teams"]["core"]["title"], "Team 2k26");
}

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

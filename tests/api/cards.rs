//! `/api/admin/cards`: the home page's carousels of works and awards.

use crate::helpers::{assert_fields_refused, id, ids, len, spawn_app_with_admin};
use serde_json::json;

#[test]
fn cards_are_added_changed_reordered_and_deleted() {
    let (app, admin) = spawn_app_with_admin();
    let card = json!({"section": "awards", "caption": "Science Fair"});
    let card_id = id(&app.create(&admin, "/api/admin/cards", card));
    let awards = app.content()["awards"].clone();
    assert_eq!(len(&awards), 7);
    assert_eq!(awards[6]["caption"], "Science Fair");

    let mut order = ids(&awards);
    order.rotate_right(1);
    let saved = app
        .put("/api/admin/cards/awards/order")
        .bearer(&admin)
        .json(&json!({ "ids": order }));
    assert_eq!(saved.send().status, 200);
    assert_eq!(app.content()["awards"][0]["caption"], "Science Fair");

    let path = format!("/api/admin/cards/{card_id}");
    let renamed = app
        .patch(&path)
        .bearer(&admin)
        .json(&json!({"caption": "Fair"}));
    assert_eq!(renamed.send().status, 200);
    assert_eq!(app.delete(&path).bearer(&admin).send().status, 200);
    assert_eq!(len(&app.content()["awards"]), 6);
}

#[test]
fn a_card_needs_a_known_section_and_a_short_caption_and_nothing_else() {
    let (app, admin) = spawn_app_with_admin();
    let create = || app.post("/api/admin/cards").bearer(&admin);
    let bad = json!({"section": "news", "caption": "x".repeat(201)});
    assert_fields_refused(create(), bad, &["section", "caption"]);
    let unknown = json!({"section": "works", "caption": "x", "art": "/etc/passwd"});
    assert_fields_refused(create(), unknown, &["art"]);
}

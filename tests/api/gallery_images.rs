//! `/api/admin/gallery`: the gallery page's images.

use crate::helpers::{assert_fields_refused, id, spawn_app_with_admin};
use serde_json::json;

#[test]
fn gallery_images_are_added_changed_and_deleted() {
    let (app, admin) = spawn_app_with_admin();
    let image = json!({"caption": "Night class"});
    let path = format!(
        "/api/admin/gallery/{}",
        id(&app.create(&admin, "/api/admin/gallery", image))
    );
    assert_eq!(app.content()["gallery"][6]["caption"], "Night class");
    let renamed = app
        .patch(&path)
        .bearer(&admin)
        .json(&json!({"caption": "Evening class"}));
    assert_eq!(renamed.send().status, 200);
    assert_eq!(app.content()["gallery"][6]["caption"], "Evening class");
    assert_eq!(app.delete(&path).bearer(&admin).send().status, 200);
}

#[test]
fn a_gallery_image_has_no_section() {
    let (app, admin) = spawn_app_with_admin();
    let create = app.post("/api/admin/gallery").bearer(&admin);
    assert_fields_refused(
        create,
        json!({"caption": "A", "section": "works"}),
        &["section"],
    );
}

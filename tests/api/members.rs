//! A roster's members: added, edited, reordered and deleted by admins.

use crate::helpers::{
    assert_deleted_once, assert_fields_refused, id, ids, len, spawn_app_with_admin,
};
use serde_json::{json, Value};

#[test]
fn members_are_edited_reordered_and_deleted() {
    let (app, admin) = spawn_app_with_admin();
    let core = app.content()["teams"]["core"].clone();
    let members = ids(&core["members"]);
    assert_eq!(members.len(), 15);
    let core_members = || app.content()["teams"]["core"]["members"].clone();

    let edited = app
        .patch(&format!("/api/admin/members/{}", members[0]))
        .bearer(&admin)
        .json(&json!({"name": "Edited Name", "link": ""}))
        .send();
    assert_eq!(edited.status, 200, "{}", edited.text());
    let first = &core_members()[0];
    assert_eq!(first["name"], "Edited Name");
    assert_eq!(first["link"], Value::Null);
    assert_eq!(
        first["position"], core["members"][0]["position"],
        "untouched fields stay"
    );

    let order_path = format!("/api/admin/rosters/{}/members/order", id(&core));
    let order = |list: &[i64]| {
        let body = json!({ "ids": list });
        app.put(&order_path).bearer(&admin).json(&body).send()
    };
    let reversed: Vec<i64> = members.iter().rev().copied().collect();
    let saved = order(&reversed);
    assert_eq!(saved.status, 200, "{}", saved.text());
    assert_eq!(core_members()[0]["_id"], members[14]);
    let partial = order(&members[..1]);
    assert_eq!(partial.status, 400, "an order must name every member");

    assert_deleted_once(&app, &admin, &format!("/api/admin/members/{}", members[3]));
    assert_eq!(len(&core_members()), 14);
}

#[test]
fn member_validation_names_each_bad_field() {
    let (app, admin) = spawn_app_with_admin();
    let core = id(&app.content()["teams"]["core"]);
    let path = format!("/api/admin/rosters/{core}/members");
    for (body, fields) in [
        (
            json!({"name": "", "link": "javascript:alert(1)"}),
            &["name", "link"][..],
        ),
        (json!({"name": "A", "photoId": 999}), &["photoId"]),
    ] {
        assert_fields_refused(app.post(&path).bearer(&admin), body, fields);
    }
}

#[test]
fn deleting_a_photo_while_a_member_is_added_with_it_is_409_or_done_never_500() {
    let (app, admin) = spawn_app_with_admin();
    let core = id(&app.content()["teams"]["core"]);
    for round in 0..10 {
        let photo = app.upload_photo(&admin);
        let (added, deleted) = std::thread::scope(|scope| {
            let add = scope.spawn(|| {
                app.post(&format!("/api/admin/rosters/{core}/members"))
                    .bearer(&admin)
                    .json(&json!({"name": format!("Racer {round}"), "photoId": photo}))
                    .send()
                    .status
            });
            let delete = scope.spawn(|| {
                app.delete(&format!("/api/admin/media/{photo}"))
                    .bearer(&admin)
                    .send()
                    .status
            });
            (add.join().unwrap(), delete.join().unwrap())
        });
        assert!(
            matches!((added, deleted), (201, 409) | (400 | 409, 200)),
            "round {round}: member {added}, photo delete {deleted}"
        );
    }
}

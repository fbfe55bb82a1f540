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

    app.change(
        &admin,
        &format!("/api/admin/members/{}", members[0]),
        &json!({"name": "Edited Name", "link": ""}),
    );
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

#[test]
fn a_rosters_members_come_in_pages_in_team_page_order_with_search_and_sort() {
    let (app, admin) = spawn_app_with_admin();
    let core = app.content()["teams"]["core"].clone();
    let path = format!("/api/admin/rosters/{}/members", id(&core));
    let get = |query: &str| app.get(&format!("{path}{query}")).bearer(&admin).send();

    let whole = get("");
    assert_eq!(whole.status, 200, "{}", whole.text());
    assert_eq!(
        whole.json(),
        core["members"],
        "without paging, the roster as the team page has it"
    );

    let page = get("?page=2&size=4").json();
    assert_eq!(
        (
            page["total"].as_i64(),
            page["page"].as_i64(),
            page["size"].as_i64()
        ),
        (Some(15), Some(2), Some(4))
    );
    assert_eq!(
        page["items"],
        json!(core["members"].as_array().unwrap()[4..8])
    );
    assert_eq!(len(&get("?page=4&size=4").json()["items"]), 3);

    let by_name = get("?sort=name&size=100").json();
    let names: Vec<String> = by_name["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap().to_lowercase())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);

    let someone = core["members"][3]["name"].as_str().unwrap().to_owned();
    let found = get(&format!("?q={}", someone.split(' ').next().unwrap())).json();
    assert!(
        found["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["name"] == someone.as_str()),
        "{found}"
    );
    assert_eq!(
        get("?q=50%25_nobody").json()["total"],
        0,
        "% and _ are literal text"
    );

    assert_eq!(get("?size=0").status, 400);
    assert_eq!(get("?sort=age").status, 400);
    let missing = app
        .get("/api/admin/rosters/999999/members")
        .bearer(&admin)
        .send();
    assert_eq!(missing.status, 404);
}

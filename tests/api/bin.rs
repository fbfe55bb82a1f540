//! The bin: a record deleted through the spec's own call leaves the site at once, waits in the
//! bin with who deleted it and when, and comes back as it was (same id, links, photos, order,
//! a team with its members); many deleted at once come back as one; editors see only what they
//! may delete; an admin erases one for good; the server erases what waited past the bin days.

use crate::helpers::{id, ids, spawn_app_on, spawn_app_with_admin, temp_db, TestApp};
use serde_json::{json, Value};

fn bin(app: &TestApp, token: &str) -> Vec<Value> {
    let response = app.get("/api/admin/bin").bearer(token).send();
    assert_eq!(response.status, 200, "{}", response.text());
    response.json()["items"].as_array().unwrap().clone()
}

fn restore(app: &TestApp, token: &str, kind: &str, id: i64) -> crate::support::Response {
    app.post(&format!("/api/admin/bin/{kind}/{id}/restore"))
        .bearer(token)
        .send()
}

fn restored(app: &TestApp, token: &str, kind: &str, id: i64) {
    let response = restore(app, token, kind, id);
    assert_eq!(response.status, 200, "{kind} {id}: {}", response.text());
}

fn deleted(app: &TestApp, token: &str, path: &str) {
    let response = app.delete(path).bearer(token).send();
    assert_eq!(response.status, 200, "{path}: {}", response.text());
}

#[test]
fn a_deleted_notice_leaves_the_board_and_the_feed_and_comes_back_as_it_was() {
    let (app, admin) = spawn_app_with_admin();
    let notice = app.create_notice(
        &admin,
        json!({"url": "https://example.org/exam", "title": "Exam on Monday", "date": "2026-11-20"}),
    );
    let notice_id = id(&notice);
    let saved = app
        .put("/api/admin/translations")
        .bearer(&admin)
        .json(&json!({"kind": "notice", "record": notice_id, "field": "title", "text": "সোমবার পরীক্ষা"}))
        .send();
    assert_eq!(saved.status, 200);
    let before = app
        .get(&format!("/api/admin/servicelist/{notice_id}"))
        .bearer(&admin)
        .send()
        .json();

    let response = app
        .delete(&format!("/api/admin/servicelist/delete/{notice_id}"))
        .bearer(&admin)
        .send();
    assert_eq!(response.status, 200);
    assert_eq!(
        response.json(),
        json!({"msg": "Service deleted"}),
        "the spec's answer"
    );
    assert_eq!(
        app.get(&format!("/api/admin/servicelist/{notice_id}"))
            .bearer(&admin)
            .send()
            .status,
        404
    );
    assert!(!app
        .get("/notices.atom")
        .send()
        .text()
        .contains("Exam on Monday"));
    let listed = bin(&app, &admin);
    assert_eq!(listed[0]["kind"], "notice");
    assert_eq!(listed[0]["id"], notice_id);
    assert_eq!(listed[0]["title"], "Exam on Monday");
    assert!(
        listed[0]["deletedBy"]
            .as_str()
            .unwrap()
            .ends_with("<admin@example.org>"),
        "{}",
        listed[0]
    );
    assert!(listed[0]["deletedAt"].is_string());

    restored(&app, &admin, "notice", notice_id);
    let after = app
        .get(&format!("/api/admin/servicelist/{notice_id}"))
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(after, before, "same id, link, date and Bengali");
    assert!(app
        .get("/notices.atom")
        .send()
        .text()
        .contains("Exam on Monday"));
    assert!(bin(&app, &admin).is_empty());
    assert_eq!(
        restore(&app, &admin, "notice", notice_id).status,
        404,
        "once"
    );
    let log = app.get("/api/admin/audit").bearer(&admin).send().json();
    assert!(
        log["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|entry| entry["action"] == "notice restored from the bin"),
        "{log}"
    );
}

#[test]
fn a_binned_certificate_is_not_found_then_verifies_again_with_its_number() {
    let (app, admin) = spawn_app_with_admin();
    let certificate = app.create_certificate(&admin, "Rina Das", 4242);
    let lookup = "/api/certificate/get_certificate/4242";
    let before = app.get(lookup).send().json();
    deleted(
        &app,
        &admin,
        &format!("/api/admin/delete_certificate/{}", id(&certificate)),
    );
    let gone = app.get(lookup).send();
    assert_eq!(gone.status, 404, "answered as a missing one, not revoked");
    assert_eq!(gone.json()["message"], "No Certificates Found");
    assert_eq!(bin(&app, &admin)[0]["title"], "No. 4242, Rina Das");
    restored(&app, &admin, "certificate", id(&certificate));
    assert_eq!(app.get(lookup).send().json(), before);

    // Its number given to another meanwhile: it cannot come back, and says why.
    deleted(
        &app,
        &admin,
        &format!("/api/admin/delete_certificate/{}", id(&certificate)),
    );
    app.create_certificate(&admin, "Someone Else", 4242);
    let refused = restore(&app, &admin, "certificate", id(&certificate));
    assert_eq!(refused.status, 409, "{}", refused.text());
    assert!(refused.json()["message"]
        .as_str()
        .unwrap()
        .contains("another certificate has its number"));
    assert_eq!(bin(&app, &admin).len(), 1, "it stays in the bin");
}

#[test]
fn a_team_comes_back_with_its_members_their_order_and_its_page() {
    let (app, admin) = spawn_app_with_admin();
    let before = app.content()["teams"]["2k25"].clone();
    let roster = before["_id"].as_i64().unwrap();
    let members = before["members"].as_array().unwrap().len();
    assert!(members > 1, "the sample team has members");
    assert_eq!(app.get("/team2k25").send().status, 200);
    deleted(&app, &admin, &format!("/api/admin/rosters/{roster}"));
    assert!(app.content()["teams"].get("2k25").is_none());
    assert_eq!(app.get("/team2k25").send().status, 404);
    assert_eq!(
        bin(&app, &admin)[0]["title"],
        format!("{} ({members} members)", before["title"].as_str().unwrap())
    );
    restored(&app, &admin, "roster", roster);
    assert_eq!(
        app.content()["teams"]["2k25"],
        before,
        "members, photos and order"
    );
    assert_eq!(app.get("/team2k25").send().status, 200);
}

#[test]
fn a_member_a_card_and_a_gallery_picture_come_back_in_their_place() {
    let (app, admin) = spawn_app_with_admin();
    let content = app.content();
    let member = content["teams"]["core"]["members"][1].clone();
    let card = content["works"][1].clone();
    let picture = content["gallery"][1].clone();
    deleted(&app, &admin, &format!("/api/admin/members/{}", id(&member)));
    deleted(&app, &admin, &format!("/api/admin/cards/{}", id(&card)));
    deleted(
        &app,
        &admin,
        &format!("/api/admin/gallery/{}", id(&picture)),
    );
    let gone = app.content();
    assert_ne!(gone["works"], content["works"]);
    let kinds: Vec<String> = bin(&app, &admin)
        .iter()
        .map(|item| item["kind"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(kinds, ["gallery", "card", "member"], "newest first");
    restored(&app, &admin, "gallery", id(&picture));
    restored(&app, &admin, "card", id(&card));
    restored(&app, &admin, "member", id(&member));
    let back = app.content();
    for part in ["works", "gallery"] {
        assert_eq!(back[part], content[part], "{part}");
    }
    assert_eq!(back["teams"]["core"], content["teams"]["core"]);
}

#[test]
fn messages_deleted_together_come_back_together_and_each_kind_keeps_to_its_readers() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    for n in 0..3 {
        let sent = app.send_contact(crate::helpers::contact(&format!("Message {n}")));
        assert_eq!(sent.status, 201);
    }
    let all = app.get("/api/admin/contacts").bearer(&admin).send().json();
    let chosen: Vec<i64> = ids(&all).into_iter().take(2).collect();
    let response = app
        .post("/api/admin/contacts/delete")
        .bearer(&admin)
        .json(&json!({ "ids": chosen }))
        .send();
    assert_eq!(response.status, 200, "{}", response.text());
    let undo = response.json()["undo"].clone();
    assert_eq!(undo["kind"], "contact");
    assert_eq!(
        app.get("/api/admin/contacts")
            .bearer(&admin)
            .send()
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // An editor may not delete messages: none is shown to them, nor restored by them.
    assert!(bin(&app, &editor).is_empty());
    assert_eq!(restore(&app, &editor, "contact", chosen[0]).status, 404);
    // One Undo brings back both.
    restored(&app, &admin, "contact", undo["id"].as_i64().unwrap());
    assert_eq!(
        app.get("/api/admin/contacts")
            .bearer(&admin)
            .send()
            .json()
            .as_array()
            .unwrap()
            .len(),
        3
    );

    // Feedback is an editor's to delete, and to restore.
    let feedback = app
        .post("/api/form/feedback")
        .json(&json!({"name": "Parent", "email": "parent@example.org", "mobile": "9876543210",
                      "gender": "female", "interested": true, "rating": 5, "suggestion": "More books"}))
        .send();
    assert_eq!(feedback.status, 201, "{}", feedback.text());
    let feedback_id = id(&feedback.json());
    deleted(&app, &editor, &format!("/api/admin/feedback/{feedback_id}"));
    assert_eq!(bin(&app, &editor)[0]["kind"], "feedback");
    restored(&app, &editor, "feedback", feedback_id);

    // Erasing for good is an admin's.
    deleted(&app, &editor, &format!("/api/admin/feedback/{feedback_id}"));
    let path = format!("/api/admin/bin/feedback/{feedback_id}");
    assert_eq!(app.delete(&path).bearer(&editor).send().status, 403);
    assert_eq!(app.delete(&path).bearer(&admin).send().status, 200);
    assert_eq!(app.delete(&path).bearer(&admin).send().status, 404);
    assert_eq!(restore(&app, &admin, "feedback", feedback_id).status, 404);
    for bad in ["/api/admin/bin?kind=users", "/api/admin/bin?page=0"] {
        assert_eq!(app.get(bad).bearer(&admin).send().status, 400, "{bad}");
    }
    assert_eq!(
        app.get("/api/admin/bin?kind=contact")
            .bearer(&editor)
            .send()
            .status,
        400
    );
}

#[test]
fn what_waited_past_the_bin_days_is_erased_by_the_server_and_its_bytes_are_gone() {
    let (keep_dir, path) = temp_db();
    let pool = jyoti::db::open(&path).unwrap();
    let app = spawn_app_on(tempfile::tempdir().unwrap(), pool.clone());
    let (_, admin) = app.admin("admin@example.org");
    let secret = "https://example.org/a-link-only-this-notice-had";
    let notice = app.create_notice(
        &admin,
        json!({"url": secret, "title": "Old", "date": "2026-01-02"}),
    );
    let fresh = app.create_notice(&admin, json!({"title": "Fresh", "date": "2026-01-03"}));
    deleted(
        &app,
        &admin,
        &format!("/api/admin/servicelist/delete/{}", id(&notice)),
    );
    deleted(
        &app,
        &admin,
        &format!("/api/admin/servicelist/delete/{}", id(&fresh)),
    );
    // 31 days ago, as if the clock had moved on.
    pool.get()
        .unwrap()
        .execute(
            "UPDATE bin SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-31 days') WHERE record_id = ?1",
            [id(&notice)],
        )
        .unwrap();
    drop(app);

    // The next start empties the bin of it, and of it only.
    let app = spawn_app_on(tempfile::tempdir().unwrap(), pool.clone());
    app.eventually(|| (app.query::<i64>("SELECT count(*) FROM bin") == 1).then_some(()));
    let left = bin(&app, &admin);
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["id"], id(&fresh));
    assert_eq!(restore(&app, &admin, "notice", id(&notice)).status, 404);
    jyoti::db::checkpoint(&pool).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let found = bytes.windows(secret.len()).any(|w| w == secret.as_bytes());
    assert!(!found, "the erased notice's link is still in the file");
    drop(app);
    drop(keep_dir);
}

#[test]
fn a_notice_whose_id_was_given_to_another_meanwhile_comes_back_under_a_new_one() {
    let (app, admin) = spawn_app_with_admin();
    let first = app.create_notice(&admin, json!({"title": "First", "date": "2026-11-01"}));
    deleted(
        &app,
        &admin,
        &format!("/api/admin/servicelist/delete/{}", id(&first)),
    );
    // The table gives the newest row's id again once it is gone.
    let second = app.create_notice(&admin, json!({"title": "Second", "date": "2026-11-02"}));
    assert_eq!(id(&second), id(&first));
    deleted(
        &app,
        &admin,
        &format!("/api/admin/servicelist/delete/{}", id(&second)),
    );
    assert_eq!(bin(&app, &admin).len(), 2, "both are kept");

    // The newest first, under its id; then the other, under a new one.
    let back = restore(&app, &admin, "notice", id(&first)).json();
    assert_eq!(
        back["restored"],
        json!([{"kind": "notice", "id": id(&second)}])
    );
    let again = restore(&app, &admin, "notice", id(&first)).json();
    let moved = again["restored"][0]["id"].as_i64().unwrap();
    assert_ne!(moved, id(&first));
    let notice = app
        .get(&format!("/api/admin/servicelist/{moved}"))
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(notice["title"], "First");
    assert!(bin(&app, &admin).is_empty());
}

#[test]
fn a_deleted_account_cannot_sign_in_keeps_its_address_and_comes_back_signed_out() {
    use crate::helpers::PASSWORD;
    let (app, admin) = spawn_app_with_admin();
    let (user_id, token) = app.editor("binned.editor@example.org");
    assert_eq!(app.me(&token).status, 200);
    deleted(&app, &admin, &format!("/api/admin/users/delete/{user_id}"));

    // Gone at once: no sign-in, no session, in no list; in the bin for admins only.
    assert_eq!(app.me(&token).status, 401);
    assert_eq!(app.login("binned.editor@example.org", PASSWORD).status, 401);
    let listed = bin(&app, &admin);
    assert_eq!(listed[0]["kind"], "user");
    assert_eq!(listed[0]["id"], user_id);
    assert_eq!(
        listed[0]["title"],
        "Test Visitor <binned.editor@example.org>"
    );
    let (_, editor) = app.editor("other.editor@example.org");
    assert!(bin(&app, &editor).iter().all(|item| item["kind"] != "user"));
    assert_eq!(
        restore(&app, &editor, "user", user_id).status,
        404,
        "not an editor's kind"
    );

    // Its address is its own while it waits: no new account, invitation or address change.
    let again = app.register_with(json!({
        "firstname": "New", "lastname": "Person", "department": "CSE", "year": "2",
        "email": "Binned.Editor@example.org", "password": PASSWORD
    }));
    assert_eq!(again.status, 409, "{}", again.text());
    let invited = app
        .post("/api/admin/invitations")
        .bearer(&admin)
        .json(&json!({"email": "binned.editor@example.org", "role": "editor"}))
        .send();
    assert_eq!(invited.status, 409);
    assert!(invited.text().contains("in the bin"), "{}", invited.text());

    // Restored: the same account and role, signed in again only with its password.
    restored(&app, &admin, "user", user_id);
    assert_eq!(app.me(&token).status, 401, "no old session comes back");
    let login = app.login("binned.editor@example.org", PASSWORD);
    assert_eq!(login.status, 200, "{}", login.text());
    let users = app.get("/api/admin/users").bearer(&admin).send().json();
    let back = users
        .as_array()
        .or_else(|| users["items"].as_array())
        .unwrap()
        .iter()
        .find(|user| user["_id"] == user_id)
        .cloned()
        .expect("listed again");
    assert_eq!(back["role"], "editor");

    // Deleted forever: the address is free for a new account.
    deleted(&app, &admin, &format!("/api/admin/users/delete/{user_id}"));
    let erased = app
        .delete(&format!("/api/admin/bin/user/{user_id}"))
        .bearer(&admin)
        .send();
    assert_eq!(erased.status, 200, "{}", erased.text());
    let fresh = app.register_with(json!({
        "firstname": "New", "lastname": "Person", "department": "CSE", "year": "2",
        "email": "binned.editor@example.org", "password": PASSWORD
    }));
    assert_eq!(fresh.status, 201, "{}", fresh.text());
}

#[test]
fn an_admin_account_restored_from_the_bin_is_alerted_to_every_admin() {
    let (app, admin) = spawn_app_with_admin();
    let (other_id, _) = app.admin("second.admin@example.org");
    deleted(&app, &admin, &format!("/api/admin/users/delete/{other_id}"));
    restored(&app, &admin, "user", other_id);
    let alerts = app.get("/api/admin/alerts").bearer(&admin).send().json();
    let said: Vec<String> = alerts["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|alert| format!("{} {}", alert["subject"], alert["body"]))
        .collect();
    assert!(
        said.iter()
            .any(|text| text.contains("restored the account of")
                && text.contains("second.admin@example.org")),
        "{said:?}"
    );
}

#[test]
fn a_deleted_photo_waits_in_the_bin_and_comes_back_at_its_own_address_for_its_card() {
    let (app, admin) = spawn_app_with_admin();
    let uploaded = app.upload(
        &admin,
        "p.png",
        &crate::helpers::picture(800, 600, image::ImageFormat::Png),
    );
    assert_eq!(uploaded.status, 201, "{}", uploaded.text());
    let photo = id(&uploaded.json());
    let mine = uploaded.json()["photo"].clone();
    let src = mine["src"].as_str().unwrap().to_owned();
    assert_eq!(app.get(&src).send().status, 200);

    // In use by a card: refused, as before. The card deleted, the photo goes to the bin.
    let card = app.create(
        &admin,
        "/api/admin/cards",
        json!({"section": "works", "caption": "Evening class", "photoId": photo}),
    );
    let card_id = id(&card);
    let refused = app
        .delete(&format!("/api/admin/media/{photo}"))
        .bearer(&admin)
        .send();
    assert_eq!(refused.status, 409, "{}", refused.text());
    assert!(bin(&app, &admin).iter().all(|item| item["kind"] != "media"));
    deleted(&app, &admin, &format!("/api/admin/cards/{card_id}"));
    deleted(&app, &admin, &format!("/api/admin/media/{photo}"));
    assert_eq!(app.get(&src).send().status, 404, "off the site at once");
    let listed = bin(&app, &admin);
    assert_eq!(listed[0]["kind"], "media");
    assert_eq!(listed[0]["id"], photo);
    assert!(
        listed[0]["title"].as_str().unwrap().ends_with(" × 600)"),
        "{}",
        listed[0]["title"]
    );

    // The card cannot come back before its photo; then both do, at the same address.
    let early = restore(&app, &admin, "card", card_id);
    assert_eq!(early.status, 409, "{}", early.text());
    restored(&app, &admin, "photo", photo);
    assert_eq!(app.get(&src).send().status, 200);
    restored(&app, &admin, "card", card_id);
    let works = &app.content()["works"];
    let back = works
        .as_array()
        .unwrap()
        .iter()
        .find(|card| card["_id"] == card_id)
        .expect("the card is back");
    assert_eq!(back["photo"]["src"], src.as_str());
}

#[test]
fn the_bins_total_follows_every_delete_restore_and_erase_for_each_reader() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("count.editor@example.org");
    let total =
        |token: &str| app.get("/api/admin/bin").bearer(token).send().json()["total"].clone();
    let notices: Vec<i64> = (0..3)
        .map(|n| {
            id(&app.create_notice(
                &admin,
                json!({"url": "https://example.org/n", "title": format!("Notice {n}"), "date": "2026-11-20"}),
            ))
        })
        .collect();
    for notice in &notices {
        deleted(
            &app,
            &admin,
            &format!("/api/admin/servicelist/delete/{notice}"),
        );
    }
    let contact = app
        .post("/api/form/contact")
        .json(
            &json!({"name": "Parent", "email": "parent@example.org", "telephone": "9876543210",
                      "subject": "5star", "message": "Hello"}),
        )
        .send();
    let contact_id = id(&contact.json());
    deleted(
        &app,
        &admin,
        &format!("/api/admin/contacts_delete/{contact_id}"),
    );
    assert_eq!(total(&admin), 4);
    assert_eq!(total(&editor), 3, "messages are the admins'");
    restored(&app, &admin, "notice", notices[0]);
    let erased = app
        .delete(&format!("/api/admin/bin/notice/{}", notices[1]))
        .bearer(&admin)
        .send();
    assert_eq!(erased.status, 200);
    assert_eq!(total(&admin), 2);
    assert_eq!(total(&editor), 1);
    let searched = app
        .get("/api/admin/bin?q=Notice%202")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(searched["total"], 1);
}

#[test]
fn a_photo_deleted_with_its_uses_leaves_them_and_comes_back_to_them() {
    let (app, admin) = spawn_app_with_admin();
    let photo = app.upload_photo(&admin);
    let picture = id(&app.create(
        &admin,
        "/api/admin/gallery",
        json!({"caption": "Reading hour", "photoId": photo}),
    ));
    let roster = id(&app.create(
        &admin,
        "/api/admin/rosters",
        json!({"slug": "uses", "title": "Team uses"}),
    ));
    let member = id(&app.create(
        &admin,
        &format!("/api/admin/rosters/{roster}/members"),
        json!({"name": "Rina", "photoId": photo}),
    ));
    app.save_settings(&admin, json!({"heroPhoto": photo}));
    let path = format!("/api/admin/media/{photo}");

    // Asked plainly: refused, naming where it is used; nothing changes.
    let refused = app.delete(&path).bearer(&admin).send();
    assert_eq!(refused.status, 409);
    let message = refused.json()["message"].as_str().unwrap().to_owned();
    assert!(
        message.contains("Gallery: Reading hour") && message.contains("Home page banner"),
        "{message}"
    );
    assert!(bin(&app, &admin).is_empty());
    let bad = app
        .delete(&format!("{path}?withUses=yes"))
        .bearer(&admin)
        .send();
    assert_eq!(bad.status, 400);

    // With its uses: gone from each place, kept in the bin with them.
    deleted(&app, &admin, &format!("{path}?withUses=true"));
    let shown = |app: &TestApp| {
        let content = app.content();
        let gallery = content["gallery"]
            .as_array()
            .unwrap()
            .iter()
            .find(|item| item["_id"] == picture)
            .unwrap()["photo"]["photoId"]
            .clone();
        let team = content["teams"]["uses"]["members"][0]["photo"]["photoId"].clone();
        let banner = content["settings"]["heroPhoto"]["photoId"].clone();
        (gallery, team, banner)
    };
    assert_eq!(shown(&app), (Value::Null, Value::Null, Value::Null));
    assert_eq!(bin(&app, &admin)[0]["kind"], "media");
    restored(&app, &admin, "media", photo);
    assert_eq!(shown(&app), (json!(photo), json!(photo), json!(photo)));
    assert!(member > 0);

    // The Support page's photo is changed in Settings only.
    app.save_settings(&admin, json!({"heroPhoto": null, "supportPhoto": photo}));
    let support = app
        .delete(&format!("{path}?withUses=true"))
        .bearer(&admin)
        .send();
    assert_eq!(support.status, 409);
    assert!(
        support.text().contains("Support page in Settings"),
        "{}",
        support.text()
    );
}

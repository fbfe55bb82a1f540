//! The activity log: every write of the admin area, staff sign-ins and role changes, who made
//! them from where, fields old → new with secrets hidden; nobody can change or delete an entry;
//! admins page, search and export it. And the alert mails about the edits that matter.

use crate::access::{table, Fixtures, Who};
use crate::helpers::{assert_error, spawn_app_mailing, spawn_app_with_admin, TestApp, PASSWORD};
use crate::support::smtp::SmtpServer;
use serde_json::{json, Value};
use std::time::Duration;

/// The newest entries, as the Activity screen reads them.
fn newest(app: &TestApp, admin: &str, count: usize) -> Vec<Value> {
    let page = app
        .get(&format!(
            "/api/admin/audit?page=1&pageSize={count}&kind=all"
        ))
        .bearer(admin)
        .send();
    assert_eq!(page.status, 200, "{}", page.text());
    page.json()["items"].as_array().unwrap().clone()
}

fn entries(app: &TestApp) -> i64 {
    app.query("SELECT count(*) FROM audit_log")
}

#[test]
fn every_write_of_the_admin_area_is_logged_with_who_from_where_and_what() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    let fixtures = Fixtures::create(&app, &admin);
    let mut missing = Vec::new();
    for call in table(&fixtures) {
        let token = match call.who {
            Who::Editor => editor.as_str(),
            Who::Admin => admin.as_str(),
            // Visitors' calls are not the admin area's (an accepted invitation is checked below).
            Who::Anyone | Who::SignedIn => continue,
        };
        let before = entries(&app);
        let response = call.send(&app, Some(token));
        assert!(response.status < 300, "{}: {}", call.name, response.text());
        let written = entries(&app) - before;
        let reads = call.name.starts_with("GET ") && call.name != "GET /api/admin/backup";
        if reads {
            assert_eq!(written, 0, "{}: a read is not logged", call.name);
            continue;
        }
        if written != 1 {
            missing.push(format!("{}: {written} entries", call.name));
            continue;
        }
        let entry = &newest(&app, &admin, 1)[0];
        let who = if call.who == Who::Editor {
            "editor@example.org"
        } else {
            "admin@example.org"
        };
        assert!(
            entry["actor"].as_str().unwrap().contains(who),
            "{}: {entry}",
            call.name
        );
        assert_eq!(entry["address"], "127.0.0.1", "{}", call.name);
        let action = entry["action"].as_str().unwrap();
        assert!(
            !action.is_empty() && !action.starts_with("record"),
            "{}: {entry}",
            call.name
        );
        // A new record is named by its id, a changed one by the id in its path.
        let created = serde_json::from_slice::<Value>(&response.body)
            .ok()
            .and_then(|body| body["_id"].as_i64())
            .map(|id| id.to_string());
        let named = created.or_else(|| {
            call.path()
                .split('/')
                .rfind(|part| part.parse::<i64>().is_ok())
                .map(str::to_owned)
        });
        if let Some(id) = named {
            assert!(
                entry["target"]
                    .as_str()
                    .unwrap()
                    .split(' ')
                    .any(|word| word == id),
                "{}: the record is named: {entry}",
                call.name
            );
        }
    }
    assert!(
        missing.is_empty(),
        "writes not logged once each: {missing:#?}"
    );
}

#[test]
fn a_new_record_is_named_and_changed_settings_and_roles_show_old_and_new() {
    let (app, admin) = spawn_app_with_admin();
    let notice = app.create_notice(&admin, json!({"title": "Exam", "date": "2026-01-02"}));
    let entry = &newest(&app, &admin, 1)[0];
    assert_eq!(entry["action"], "notice added");
    assert_eq!(
        entry["target"],
        format!("notice {} \"Exam\"", notice["_id"]),
        "a record is named as people know it"
    );

    let before = app.content()["settings"]["heroTitle"].clone();
    app.save_settings(
        &admin,
        json!({"heroTitle": "A new title", "heroText": app.content()["settings"]["heroText"]}),
    );
    let entry = &newest(&app, &admin, 1)[0];
    assert_eq!(entry["action"], "site settings changed");
    assert_eq!(
        entry["changes"],
        json!([{"field": "heroTitle", "old": before, "new": "A new title"}]),
        "an unchanged field sent along is not listed"
    );

    let (id, _) = app.register("promoted@example.org");
    app.change(
        &admin,
        &format!("/api/admin/users/update/{id}"),
        &json!({"role": "editor"}),
    );
    let entry = &newest(&app, &admin, 1)[0];
    assert_eq!(
        entry["target"],
        format!("user {id} \"promoted@example.org\"")
    );
    assert_eq!(
        entry["changes"],
        json!([{"field": "role", "old": "user", "new": "editor"}])
    );
    // The spec's flag is a role change too.
    app.change(
        &admin,
        &format!("/api/admin/users/update/{id}"),
        &json!({"isAdmin": true}),
    );
    let entry = &newest(&app, &admin, 1)[0];
    assert_eq!(
        entry["changes"],
        json!([{"field": "role", "old": "editor", "new": "admin"}])
    );
}

#[test]
fn a_secret_is_logged_only_as_changed() {
    let (app, admin) = spawn_app_with_admin();
    let secret = "the smtp password 42";
    let body = json!({"host": "127.0.0.1", "port": 2525, "security": "none", "username": "club", "password": secret});
    app.change(&admin, "/api/admin/mail", &body);
    let entry = &newest(&app, &admin, 1)[0];
    assert_eq!(entry["action"], "email settings changed");
    let password = entry["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|change| change["field"] == "password")
        .expect("the password is listed");
    assert_eq!(password["new"], "changed");
    let stored = app.query::<i64>(&format!(
        "SELECT count(*) FROM audit_log WHERE changes LIKE '%{secret}%'"
    ));
    assert_eq!(stored, 0, "the password is nowhere in the log");
}

#[test]
fn sign_ins_of_admins_and_editors_are_logged_failed_ones_too_and_visitors_are_not() {
    let (app, admin) = spawn_app_with_admin();
    app.editor("editor@example.org");
    app.register("visitor@example.org");
    assert_eq!(app.login("admin@example.org", PASSWORD).status, 200);
    assert_eq!(
        app.login("editor@example.org", "a wrong password").status,
        401
    );
    let before = entries(&app);
    assert_eq!(app.login("visitor@example.org", PASSWORD).status, 200);
    assert_eq!(
        app.login("visitor@example.org", "a wrong password").status,
        401
    );
    assert_eq!(
        app.login("nobody@example.org", "a wrong password").status,
        401
    );
    assert_eq!(
        entries(&app),
        before,
        "visitors' and unknown sign-ins are not staff's"
    );
    let log = newest(&app, &admin, 2);
    assert_eq!(log[0]["action"], "sign-in failed");
    assert!(log[0]["actor"]
        .as_str()
        .unwrap()
        .contains("editor@example.org"));
    assert_eq!(log[1]["action"], "signed in");
    assert!(log[1]["actor"]
        .as_str()
        .unwrap()
        .contains("admin@example.org"));
    let users = app.get("/api/admin/users").bearer(&admin).send().json();
    let signed_in: Vec<bool> = users
        .as_array()
        .unwrap()
        .iter()
        .map(|user| user["lastSignInAt"].is_string())
        .collect();
    assert_eq!(
        signed_in,
        [true, false, true],
        "admin, editor (failed), visitor"
    );
}

#[test]
fn nobody_can_change_or_delete_an_entry_and_entries_go_after_two_years() {
    let (app, admin) = spawn_app_with_admin();
    app.create_notice(&admin, json!({"title": "Exam", "date": "2026-01-02"}));
    let conn = app.state.pool.get().unwrap();
    let refused = |sql: &str| conn.execute(sql, []).expect_err(sql).to_string();
    assert!(refused("UPDATE audit_log SET actor = 'someone else'").contains("cannot be changed"));
    assert!(refused("DELETE FROM audit_log").contains("kept for two years"));
    assert_eq!(entries(&app), 1);
    conn.execute(
        "INSERT INTO audit_log (at, actor, action) VALUES
             (strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 years', '-1 day'), 'old', 'old change')",
        [],
    )
    .unwrap();
    drop(conn);
    app.create_notice(&admin, json!({"title": "Results", "date": "2026-01-03"}));
    let actors: Vec<String> = newest(&app, &admin, 10)
        .iter()
        .map(|entry| entry["actor"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        actors.len(),
        2,
        "the entry past two years is dropped: {actors:?}"
    );
    // The API offers no way to change the log: its calls only read.
    let calls: Vec<String> = jyoti::routes::api_calls()
        .into_iter()
        .filter(|(_, path)| path.starts_with("/api/admin/audit"))
        .map(|(method, path)| format!("{method} {path}"))
        .collect();
    assert_eq!(
        calls,
        [
            "GET /api/admin/audit",
            "GET /api/admin/audit/csv",
            "GET /api/admin/audit/actors"
        ]
    );
}

#[test]
fn the_log_comes_newest_first_in_pages_searched_and_as_csv() {
    let (app, admin) = spawn_app_with_admin();
    for n in 0..30 {
        let title = if n == 7 {
            "=HYPERLINK(\"x\")".to_owned()
        } else {
            format!("Notice {n}")
        };
        app.create_notice(&admin, json!({"title": title, "date": "2026-01-02"}));
    }
    let (_, visitor) = app.register("someone@example.org");
    drop(visitor);
    let page = |query: &str| {
        let response = app
            .get(&format!("/api/admin/audit?{query}"))
            .bearer(&admin)
            .send();
        assert_eq!(response.status, 200, "{query}: {}", response.text());
        response.json()
    };
    let second = page("page=2&pageSize=20");
    assert_eq!(second["total"], 30);
    let ids: Vec<i64> = second["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, (1..=10).rev().collect::<Vec<_>>(), "newest first");
    for key in ["at", "actor", "address", "action", "target", "changes"] {
        assert!(
            second["items"][0].get(key).is_some(),
            "{key} in {}",
            second["items"][0]
        );
    }
    assert_eq!(
        page("q=notice%2030")["total"],
        1,
        "a search matches what the entries say"
    );
    assert_eq!(page("q=nothing%20like%20it")["total"], 0);
    let found = page(&format!("q={}", "notice%201"));
    assert!(found["total"].as_i64().unwrap() >= 1);
    for bad in ["pageSize=0", "pageSize=101", "page=x", "q=a%00b"] {
        assert_error(
            &app.get(&format!("/api/admin/audit?{bad}"))
                .bearer(&admin)
                .send(),
            400,
            bad,
        );
    }
    let csv = app.get("/api/admin/audit/csv").bearer(&admin).send();
    assert_eq!(csv.status, 200);
    assert!(csv
        .header("content-disposition")
        .unwrap()
        .contains("attachment"));
    let text = csv.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "When,Who,Address,What,Record,Changes");
    assert_eq!(lines.len(), 31, "the header and every entry");
    assert!(lines[1].contains("notice added"));
}

#[test]
fn a_change_of_the_donation_details_is_mailed_to_every_admin_and_dated_for_donors() {
    let smtp = SmtpServer::start();
    let (app, admin) = spawn_app_mailing(&smtp.url());
    app.admin("second.admin@example.org");
    let (_, editor) = app.editor("editor@example.org");
    let old_upi = app.content()["settings"]["upiId"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(app.content()["donationsChangedAt"], Value::Null);

    let refused = app.patch_json(
        &editor,
        "/api/admin/settings",
        &json!({"upiId": "thief@upi"}),
    );
    assert_error(&refused, 403, "an editor changes the UPI ID");
    assert_eq!(
        refused.json()["message"],
        "Only admins can change the donation details"
    );
    assert_eq!(app.content()["settings"]["upiId"], old_upi.as_str());
    // Refused for the field it names, whatever its value: not a 400 that tells the rules.
    let refused = app.patch_json(
        &editor,
        "/api/admin/settings",
        &json!({"upiId": "not a upi id"}),
    );
    assert_error(&refused, 403, "an editor sends a malformed UPI ID");
    // An editor changes the other texts of the same screen.
    app.change(
        &editor,
        "/api/admin/settings",
        &json!({"heroTitle": "Edited by an editor"}),
    );
    assert_eq!(smtp.mails().len(), 0, "texts are not alerts");

    app.change(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "jyoti.new@sbi", "heroTitle": "Also"}),
    );
    let mails = smtp.wait_for(2, Duration::from_secs(60));
    let mut to: Vec<String> = mails.iter().flat_map(|mail| mail.to.clone()).collect();
    to.sort();
    assert_eq!(
        to,
        ["admin@example.org", "second.admin@example.org"],
        "one mail to each admin"
    );
    let body = mails[0].body();
    assert!(
        body.contains("Test Visitor <admin@example.org>"),
        "who: {body}"
    );
    assert!(body.contains("127.0.0.1"), "from where: {body}");
    let shown = if old_upi.is_empty() {
        "(empty)"
    } else {
        old_upi.as_str()
    };
    assert!(
        body.contains(&format!("UPI ID: {shown} → jyoti.new@sbi")),
        "old → new: {body}"
    );
    assert!(
        !body.contains("heroTitle"),
        "only the money details: {body}"
    );
    let today = jiff::Timestamp::now().strftime("%Y-%m-%d").to_string();
    assert_eq!(app.content()["donationsChangedAt"], today.as_str());
}

#[test]
fn a_role_change_is_mailed_to_every_admin() {
    let smtp = SmtpServer::start();
    let (app, admin) = spawn_app_mailing(&smtp.url());
    let (id, _) = app.register("promoted@example.org");
    app.change(
        &admin,
        &format!("/api/admin/users/update/{id}"),
        &json!({"role": "admin"}),
    );
    let mails = smtp.wait_for(2, Duration::from_secs(60));
    let mut to: Vec<String> = mails.iter().flat_map(|mail| mail.to.clone()).collect();
    to.sort();
    assert_eq!(
        to,
        ["admin@example.org", "promoted@example.org"],
        "every admin, the new one too"
    );
    let body = mails[0].body();
    assert!(body.contains("role: user → admin"), "{body}");
    assert!(body.contains("promoted@example.org"), "{body}");
}

#[test]
fn the_last_admin_can_be_neither_demoted_nor_deleted_and_an_account_can_be_signed_out_everywhere() {
    let (app, admin) = spawn_app_with_admin();
    let me = app.me(&admin).json()["userData"]["_id"].as_i64().unwrap();
    for body in [
        json!({"role": "editor"}),
        json!({"role": "user"}),
        json!({"isAdmin": false}),
    ] {
        let refused = app.patch_json(&admin, &format!("/api/admin/users/update/{me}"), &body);
        assert_error(&refused, 409, &body.to_string());
    }
    assert_error(
        &app.delete(&format!("/api/admin/users/delete/{me}"))
            .bearer(&admin)
            .send(),
        409,
        "delete",
    );

    let (editor_id, editor) = app.editor("editor@example.org");
    let (_, other_session) = {
        let login = app.login("editor@example.org", PASSWORD).json();
        (0, login["token"].as_str().unwrap().to_owned())
    };
    let done = app
        .post(&format!("/api/admin/users/{editor_id}/sign-out"))
        .bearer(&admin)
        .send();
    assert_eq!(done.json()["msg"], "Signed out everywhere");
    for token in [&editor, &other_session] {
        assert_eq!(app.me(token).status, 401, "every session ends");
    }
    assert_error(
        &app.post("/api/admin/users/987654/sign-out")
            .bearer(&admin)
            .send(),
        404,
        "no such user",
    );
}

#[test]
fn the_users_list_filters_by_role() {
    let (app, admin) = spawn_app_with_admin();
    app.editor("editor.one@example.org");
    app.editor("editor.two@example.org");
    app.register("visitor@example.org");
    let list = |query: &str| {
        let response = app
            .get(&format!("/api/admin/users?{query}"))
            .bearer(&admin)
            .send();
        assert_eq!(response.status, 200, "{query}: {}", response.text());
        response.json()
    };
    let editors = list("role=editor");
    assert_eq!(editors["total"], 2);
    assert!(editors["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|u| u["role"] == "editor"));
    assert_eq!(list("role=editor&q=two")["total"], 1);
    assert_eq!(
        list("role=admin&page=1&size=10")["items"][0]["email"],
        "admin@example.org"
    );
    assert_eq!(list("role=user")["total"], 1);
    assert_eq!(
        list("").as_array().unwrap().len(),
        4,
        "without parameters, the spec's whole array"
    );
    assert_error(
        &app.get("/api/admin/users?role=owner").bearer(&admin).send(),
        400,
        "role=owner",
    );
}

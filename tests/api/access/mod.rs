//! Who may make each API call: one table of every call, checked against the calls the server
//! registers, then each call made with no token, a bad token, a visitor's, an editor's and an
//! admin's.

mod calls;

use crate::helpers::{assert_error, spawn_app_with_admin};
pub(crate) use calls::{every_row, table, Call, Fixtures, Who};
use rusqlite::types::Value as Column;
use serde_json::json;
use std::collections::BTreeSet;

#[test]
fn the_table_lists_every_registered_api_call_once_and_no_other() {
    let registered: BTreeSet<String> = jyoti::routes::api_calls()
        .into_iter()
        .map(|(method, path)| format!("{method} {path}"))
        .collect();
    let names: Vec<&str> = table(&Fixtures::default())
        .iter()
        .map(|call| call.name)
        .collect();
    let listed: BTreeSet<String> = names.iter().map(|name| name.to_string()).collect();
    assert_eq!(
        listed.len(),
        names.len(),
        "a call is listed twice: {names:?}"
    );
    let missing: Vec<_> = registered.difference(&listed).collect();
    let extra: Vec<_> = listed.difference(&registered).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "registered but missing from the access table: {missing:?}; \
         in the table but not registered: {extra:?}"
    );
}

#[test]
fn calls_refuse_a_missing_or_bad_token_and_admin_calls_a_visitor_changing_nothing() {
    let (app, admin) = spawn_app_with_admin();
    let (_, visitor) = app.register("visitor@example.org");
    let (_, editor) = app.editor("editor@example.org");
    let fixtures = Fixtures::create(&app, &admin);
    // The alerts the fixtures raised are mailed first: the mail thread's writes are no refused
    // call's doing, yet on a busy machine they came between the two snapshots.
    app.settle_alerts();
    let (rows, content) = (every_row(&app), app.content());
    let no_token = ("no token", None, 401);
    let bad_token = ("a bad token", Some("not-a-jwt"), 401);
    let visitor_token = ("a visitor's token", Some(visitor.as_str()), 403);
    let editor_token = ("an editor's token", Some(editor.as_str()), 403);
    for call in table(&fixtures) {
        let refusals = match call.who {
            Who::Anyone => vec![],
            Who::SignedIn => vec![no_token, bad_token],
            Who::Editor => vec![no_token, bad_token, visitor_token],
            Who::Admin => vec![no_token, bad_token, visitor_token, editor_token],
        };
        for (what, token, status) in refusals {
            let response = call.send(&app, token);
            assert_error(&response, status, &format!("{} with {what}", call.name));
        }
    }
    // Nothing changed but the activity log, which keeps each refusal of the editor.
    // (Alerts the refusals raise are mailed meanwhile, and leave their own rows.)
    let log = |rows: &[(String, Vec<Vec<Column>>)]| {
        rows.iter()
            .filter(|(table, _)| {
                !["audit_log", "sqlite_sequence", "alerts"].contains(&table.as_str())
            })
            .map(|(table, rows)| {
                let alert = Column::Text("alert".into());
                let kept = rows.iter().filter(|row| row.get(1) != Some(&alert));
                (table.clone(), kept.cloned().collect::<Vec<_>>())
            })
            .collect::<Vec<_>>()
    };
    let (before, after) = (log(&rows), log(&every_row(&app)));
    let changed: Vec<String> = after
        .iter()
        .filter(|table| !before.contains(table))
        .map(|(name, rows)| format!("{name}: {rows:?}"))
        .collect();
    assert!(
        changed.is_empty(),
        "a refused call changed the database:\n{}",
        changed.join("\n")
    );
    let admin_calls: BTreeSet<String> = table(&fixtures)
        .iter()
        .filter(|call| call.who == Who::Admin)
        .map(|call| call.name.split_once(' ').unwrap().0.to_owned() + " " + call.path())
        .collect();
    // The refusal is answered at once and its entry stored right after.
    let logged = app.eventually(|| {
        let refusals: Vec<(String, String)> = app
            .state
            .pool
            .get()
            .unwrap()
            .prepare("SELECT actor, target FROM audit_log WHERE action = 'refused'")
            .unwrap()
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        (refusals.len() >= admin_calls.len()).then_some(refusals)
    });
    assert!(logged
        .iter()
        .all(|(actor, _)| actor.contains("editor@example.org")));
    let targets: BTreeSet<String> = logged.into_iter().map(|(_, target)| target).collect();
    assert_eq!(
        targets, admin_calls,
        "each admin call refused to the editor is logged"
    );
    assert_eq!(app.content(), content, "a refused call changed the content");
}

#[test]
fn every_call_succeeds_for_those_it_is_open_to_and_a_signed_in_answer_is_not_stored() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    let fixtures = Fixtures::create(&app, &admin);
    for (n, call) in table(&fixtures).into_iter().enumerate() {
        // A visitor of their own for each call: a password change or a logout ends the sessions
        // it was made with. The calls open to editors are made by an editor.
        let token = match call.who {
            Who::Anyone => None,
            Who::SignedIn => Some(app.register(&format!("visitor{n}@example.org")).1),
            Who::Editor => Some(editor.clone()),
            Who::Admin => Some(admin.clone()),
        };
        let response = call.send(&app, token.as_deref());
        assert_eq!(
            response.status,
            call.success,
            "{} as {:?}: {}",
            call.name,
            call.who,
            response.text()
        );
        if token.is_some() {
            assert_eq!(
                response.header("cache-control"),
                Some("no-store"),
                "{}: an answer for a signed-in caller is kept by no cache",
                call.name
            );
        }
    }
}

#[test]
fn a_caller_refused_a_call_is_refused_alike_whatever_body_query_or_id_they_send() {
    let (app, admin) = spawn_app_with_admin();
    let (_, visitor) = app.register("visitor@example.org");
    let (_, editor) = app.editor("editor@example.org");
    let fixtures = Fixtures::create(&app, &admin);
    let bodies = [
        ("malformed JSON", "{\"title\": [1,"),
        ("an unknown field", "{\"surely-not-a-field\": 1}"),
        ("the wrong shape", "[1, 2, 3]"),
    ];
    for call in table(&fixtures) {
        let unknown = [
            ("no token", None, 401),
            ("a bad token", Some("not.a.token"), 401),
        ];
        let refused: Vec<(&str, Option<&str>, u16)> = match call.who {
            Who::Anyone => vec![],
            Who::SignedIn => unknown.to_vec(),
            Who::Editor => [("a visitor", Some(visitor.as_str()), 403)]
                .into_iter()
                .chain(unknown)
                .collect(),
            Who::Admin => [
                ("a visitor", Some(visitor.as_str()), 403),
                ("an editor", Some(editor.as_str()), 403),
            ]
            .into_iter()
            .chain(unknown)
            .collect(),
        };
        let (method, _) = call.name.split_once(' ').expect("METHOD /path");
        // Every id in the path one that names nothing, and a query no list takes.
        let odd_path = call
            .path()
            .split('/')
            .map(|part| match part.parse::<i64>() {
                Ok(_) => "not-an-id",
                Err(_) => part,
            })
            .collect::<Vec<_>>()
            .join("/");
        for (who, token, status) in refused {
            for path in [call.path().to_owned(), odd_path.clone()] {
                for (what, body) in bodies {
                    let mut request =
                        app.request(method, &format!("{path}?page=x&size=-1&sort=%00"));
                    if let Some(token) = token {
                        request = request.bearer(token);
                    }
                    let response = request
                        .raw_body("application/json", body.as_bytes().to_vec())
                        .send();
                    assert_error(
                        &response,
                        status,
                        &format!("{method} {path} as {who} with {what}"),
                    );
                }
            }
        }
    }
}

#[test]
fn no_text_field_of_any_call_stores_a_text_direction_control() {
    let (app, admin) = spawn_app_with_admin();
    let fixtures = Fixtures::create(&app, &admin);
    let mut tried = 0;
    for call in table(&fixtures) {
        let Some((content_type, body)) = call.request_body() else {
            continue;
        };
        if content_type != "application/json" {
            continue;
        }
        let body: serde_json::Value = serde_json::from_slice(body).unwrap();
        let Some(fields) = body.as_object() else {
            continue;
        };
        for (key, value) in fields {
            // A password or a link's secret is taken as typed, never shown.
            let Some(text) = value
                .as_str()
                .filter(|_| !key.contains("assword") && key != "token")
            else {
                continue;
            };
            for control in ['\u{202E}', '\u{2066}'] {
                let mut doctored = body.clone();
                doctored[key] = json!(format!("{text}{control}x"));
                let response = call.with_json(doctored).send(&app, Some(&admin));
                assert_eq!(
                    response.status,
                    400,
                    "{} with {key} holding U+{:04X}: {}",
                    call.name,
                    control as u32,
                    response.text()
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 60, "only {tried} fields tried");
}

#[test]
fn a_demoted_admins_token_loses_admin_access_at_once() {
    let (app, first) = spawn_app_with_admin();
    let (second_id, second) = app.admin("second@example.org");
    let users = |token: &str| app.get("/api/admin/users").bearer(token).send().status;
    assert_eq!(users(&second), 200);
    let response = app.change(
        &first,
        &format!("/api/admin/users/update/{second_id}"),
        &json!({"isAdmin": false}),
    );
    assert_eq!(response.json()["isAdmin"], false);
    assert_eq!(users(&second), 403);
}

#[test]
fn a_deleted_users_token_stops_working_at_once() {
    let (app, admin) = spawn_app_with_admin();
    let (other_id, other) = app.admin("other@example.org");
    let path = format!("/api/admin/users/delete/{other_id}");
    assert_eq!(app.delete(&path).bearer(&admin).send().status, 200);
    assert_eq!(
        app.get("/api/admin/users").bearer(&other).send().status,
        401
    );
    assert_eq!(app.me(&other).status, 401);
}

//! The write path carries its trail: a write and its activity-log entry (and its alert) are
//! stored both or neither, also when the client resets the connection the moment it has sent
//! its request, and a write whose entry cannot be stored is not stored either.

use crate::helpers::{spawn_app_with, test_config, TestApp};
use jyoti::config::Config;
use serde_json::json;
use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;

/// Sends `method path` with a JSON body and the token, then resets the connection at once
/// (SO_LINGER 0): the server never gets to answer.
fn send_and_reset(app: &TestApp, token: &str, method: &str, path: &str, body: &serde_json::Value) {
    let body = body.to_string();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(app.addr).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    socket2::SockRef::from(&stream)
        .set_linger(Some(Duration::ZERO))
        .unwrap();
    drop(stream);
}

/// Waits until the database has been quiet for half a second (the writes in flight are done).
fn settled(app: &TestApp) {
    let count = || -> i64 { app.query("SELECT count(*) FROM audit_log") };
    let mut last = count();
    loop {
        std::thread::sleep(Duration::from_millis(500));
        let now = count();
        if now == last {
            return;
        }
        last = now;
    }
}

fn app() -> (TestApp, String) {
    let app = spawn_app_with(Config {
        payment_hold: Duration::ZERO,
        rate_limit: false,
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    (app, admin)
}

#[test]
fn every_write_cut_off_by_a_reset_leaves_exactly_one_entry_per_stored_record() {
    let (app, admin) = app();
    for n in 0..200 {
        let notice = json!({"title": format!("Reset {n}"), "date": "2026-01-02"});
        send_and_reset(&app, &admin, "POST", "/api/admin/service", &notice);
    }
    settled(&app);
    let notices: i64 = app.query("SELECT count(*) FROM notices WHERE title LIKE 'Reset %'");
    let entries: i64 = app.query(
        "SELECT count(*) FROM audit_log WHERE action = 'notice added' AND target LIKE '%\"Reset %'",
    );
    let unmatched: i64 = app.query(
        "SELECT count(*) FROM notices n WHERE title LIKE 'Reset %' AND (SELECT count(*) FROM audit_log a
             WHERE a.action = 'notice added' AND a.target = 'notice ' || n.id || ' \"' || n.title || '\"') <> 1",
    );
    assert!(notices > 0, "some writes were stored");
    assert_eq!(entries, notices, "one entry per stored notice");
    assert_eq!(unmatched, 0, "each notice has its own entry");
}

#[test]
fn donation_and_role_changes_cut_off_by_a_reset_keep_their_entry_and_their_alert() {
    let (app, admin) = app();
    let (id, _) = app.register("toggled@example.org");
    for n in 0..200 {
        let payee = json!({"upiId": format!("jyoti{n}@sbi")});
        send_and_reset(&app, &admin, "PATCH", "/api/admin/settings", &payee);
        let role = json!({"role": if n % 2 == 0 { "editor" } else { "user" }});
        send_and_reset(
            &app,
            &admin,
            "PATCH",
            &format!("/api/admin/users/update/{id}"),
            &role,
        );
    }
    settled(&app);
    // A change stored without its entry breaks the chain: the next entry's old value would
    // be one no entry ever gave.
    let upi_chain = chain(
        &app,
        "SELECT json_extract(changes, '$[0].old'), json_extract(changes, '$[0].new') FROM audit_log
         WHERE kind = 'payment' AND changes LIKE '%upiId%' ORDER BY id",
    );
    assert!(upi_chain.len() > 1);
    assert_eq!(
        app.content()["settings"]["upiId"],
        upi_chain.last().unwrap().1.as_str(),
        "the entries and the site agree on where it ended"
    );
    let payment_alerts: i64 = app.query(
        "SELECT count(*) FROM alerts WHERE subject = 'Jyoti site: the payment details changed'",
    );
    assert_eq!(
        upi_chain.len() as i64,
        payment_alerts,
        "each stored change: its entry and its alert"
    );
    let role_chain = chain(
        &app,
        "SELECT json_extract(changes, '$[0].old'), json_extract(changes, '$[0].new') FROM audit_log
         WHERE action = 'user changed' AND changes LIKE '%\"role\"%' ORDER BY id",
    );
    assert_eq!(role_chain[0].0, "user");
    let role: String = app.query(&format!("SELECT role FROM users WHERE id = {id}"));
    assert_eq!(role_chain.last().unwrap().1, role);
    let role_alerts: i64 =
        app.query("SELECT count(*) FROM alerts WHERE subject LIKE 'Jyoti site: the role of %'");
    assert_eq!(role_chain.len() as i64, role_alerts);
}

/// The (old, new) pairs `sql` selects, checked to follow each other: each entry starts where
/// the one before ended.
fn chain(app: &TestApp, sql: &str) -> Vec<(String, String)> {
    let conn = app.state.pool.get().unwrap();
    let pairs: Vec<(String, String)> = conn
        .prepare(sql)
        .unwrap()
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for pair in pairs.windows(2) {
        assert_eq!(
            pair[1].0, pair[0].1,
            "a change with no entry came between: {pair:?}"
        );
    }
    pairs
}

#[test]
fn a_write_whose_entry_cannot_be_stored_is_not_stored_and_not_answered_as_done() {
    let (app, admin) = app();
    {
        let conn = app.state.pool.get().unwrap();
        conn.execute_batch(
            "CREATE TEMP TRIGGER refuse_entries BEFORE INSERT ON main.audit_log
             BEGIN SELECT RAISE (ABORT, 'the log cannot take it'); END;",
        )
        .unwrap();
    }
    // Temp triggers belong to one connection: every pooled connection gets it in turn.
    let before: i64 = app.query("SELECT count(*) FROM notices");
    let mut refused = 0;
    for n in 0..20 {
        let response = app
            .post("/api/admin/service")
            .bearer(&admin)
            .json(&json!({"title": format!("Unlogged {n}"), "date": "2026-01-02"}))
            .send();
        if response.status >= 500 {
            refused += 1;
        } else {
            assert_eq!(response.status, 201, "{}", response.text());
        }
    }
    assert!(refused > 0, "the connection with the trigger was used");
    let after: i64 = app.query("SELECT count(*) FROM notices");
    let logged: i64 = app.query("SELECT count(*) FROM audit_log WHERE action = 'notice added'");
    assert_eq!(after - before, logged, "no notice without its entry");
}

//! Storage faults: a read-only or full database gives writers a 503 and keeps reads working.

use crate::helpers::{contact, spawn_app, TestApp};

/// Applies `pragma` to every connection the pool will hand out.
fn on_every_connection(app: &TestApp, pragma: &str) {
    let held: Vec<_> = (0..app.state.pool.max_size())
        .map(|_| app.state.pool.get().unwrap())
        .collect();
    for conn in &held {
        conn.execute_batch(pragma).unwrap();
    }
}

#[test]
fn a_read_only_database_answers_writes_with_503_and_keeps_serving_reads() {
    let app = spawn_app();
    app.get("/api/content").send();
    on_every_connection(&app, "PRAGMA query_only = ON;");
    let response = app.send_contact(contact("while read-only"));
    assert_eq!(response.status, 503, "{}", response.text());
    assert!(response.json()["message"]
        .as_str()
        .unwrap()
        .contains("cannot save"));
    assert_eq!(app.get("/api/admin/servicelist").send().status, 200);
    assert_eq!(app.get("/api/content").send().status, 200);
    assert_eq!(app.get("/").send().status, 200);
}

#[test]
fn a_full_disk_answers_writes_with_503_and_keeps_serving_reads() {
    let app = spawn_app();
    let pages: i64 = app.query("PRAGMA page_count");
    on_every_connection(&app, &format!("PRAGMA max_page_count = {pages};"));
    let statuses: Vec<u16> = (0..40)
        .map(|n| {
            app.send_contact(contact(&format!("{n} {}", "x".repeat(4900))))
                .status
        })
        .collect();
    assert!(statuses.contains(&503), "{statuses:?}");
    assert!(
        statuses.iter().all(|s| *s == 201 || *s == 503 || *s == 429),
        "{statuses:?}"
    );
    assert_eq!(app.get("/api/admin/servicelist").send().status, 200);
    assert_eq!(app.get("/healthz").send().status, 200);
}

//! `GET /api/content`: the seeded site content in one document, with a strong ETag.

use crate::helpers::{assert_gzipped, len, spawn_app};

#[test]
fn the_default_content_has_the_specs_counts() {
    let app = spawn_app();
    let response = app.get("/api/content").send();
    assert_eq!(response.status, 200);
    let content = response.json();
    for (list, count) in [
        (&content["works"], 6),
        (&content["awards"], 6),
        (&content["gallery"], 6),
        (&content["teams"]["core"]["members"], 15),
        (&content["teams"]["2k24"]["members"], 15),
        (&content["teams"]["2k25"]["members"], 17),
    ] {
        assert_eq!(len(list), count, "{list}");
    }
    assert_eq!(content["settings"]["donationBranch"], "Denguajhar");
    let awards: Vec<&str> = content["awards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["caption"].as_str().unwrap())
        .collect();
    for caption in ["Annual Sports Day", "Jeclet 2k23", "Fest 2011"] {
        assert!(awards.contains(&caption), "{caption}");
    }
}

#[test]
fn the_content_revalidates_with_a_strong_etag() {
    let app = spawn_app();
    let first = app.get("/api/content").send();
    let etag = first.header("etag").expect("an ETag");
    assert!(etag.starts_with('"'));
    let second = app.get("/api/content").header("If-None-Match", etag).send();
    assert_eq!(second.status, 304);
    assert!(second.body.is_empty());
}

#[test]
fn the_content_comes_gzipped_when_the_client_takes_it() {
    assert_gzipped(&spawn_app(), "/api/content");
}

/// Runs raw SQL through the app's own pool, as any future write path would.
fn write_directly(app: &crate::helpers::TestApp, sql: &'static str) {
    let pool = app.state.pool.clone();
    actix_web::rt::System::new()
        .block_on(jyoti::db::run(&pool, move |conn| {
            conn.execute(sql, [])?;
            Ok(())
        }))
        .expect("the write");
}

#[test]
fn a_write_by_any_path_refreshes_the_cached_document_without_clearing_it_by_hand() {
    let app = spawn_app();
    let before = app.get("/api/content").send().json();
    assert_ne!(before["settings"]["heroTitle"], "Written elsewhere");
    write_directly(
        &app,
        "UPDATE site_settings SET value = 'Written elsewhere' WHERE key = 'heroTitle'",
    );
    let after = app.get("/api/content").send().json();
    assert_eq!(after["settings"]["heroTitle"], "Written elsewhere");
    write_directly(
        &app,
        "DELETE FROM members WHERE roster_id = (SELECT id FROM rosters WHERE slug = 'core')",
    );
    assert_eq!(
        len(&app.get("/api/content").send().json()["teams"]["core"]["members"]),
        0
    );
}

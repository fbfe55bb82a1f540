//! `GET /api/content`: the seeded site content with a strong ETag.

use crate::helpers::spawn_app;

#[test]
fn the_default_content_has_the_specs_counts() {
    let app = spawn_app();
    let response = app.get("/api/content").send();
    assert_eq!(response.status, 200);
    let content = response.json();
    assert_eq!(content["works"].as_array().unwrap().len(), 6);
    assert_eq!(content["awards"].as_array().unwrap().len(), 6);
    assert_eq!(content["gallery"].as_array().unwrap().len(), 6);
    assert_eq!(
        content["teams"]["core"]["members"]
            .as_array()
            .unwrap()
            .len(),
        15
    );
    assert_eq!(
        content["teams"]["2k24"]["members"]
            .as_array()
            .unwrap()
            .len(),
        15
    );
    assert_eq!(
        content["teams"]["2k25"]["members"]
            .as_array()
            .unwrap()
            .len(),
        17
    );
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
    let etag = first.header("etag").expect("an ETag").to_owned();
    assert!(etag.starts_with('"'));
    let second = app
        .get("/api/content")
        .header("If-None-Match", &etag)
        .send();
    assert_eq!(second.status, 304);
    assert!(second.body.is_empty());
}

#[test]
fn the_content_and_the_notice_list_come_gzipped_when_the_client_takes_it() {
    use std::io::Read;
    let app = spawn_app();
    for path in ["/api/content", "/api/admin/servicelist"] {
        let plain = app.get(path).send();
        let zipped = app
            .get(path)
            .header("Accept-Encoding", "gzip, deflate, br")
            .send();
        assert_eq!(zipped.header("content-encoding"), Some("gzip"), "{path}");
        assert_eq!(zipped.header("vary"), Some("Accept-Encoding"));
        assert_ne!(
            zipped.header("etag"),
            plain.header("etag"),
            "each encoding has its own ETag"
        );
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(&zipped.body[..])
            .read_to_end(&mut unzipped)
            .unwrap();
        assert_eq!(unzipped, plain.body, "{path}");
        let etag = zipped.header("etag").unwrap().to_owned();
        let again = app
            .get(path)
            .header("Accept-Encoding", "gzip")
            .header("If-None-Match", &etag)
            .send();
        assert_eq!(again.status, 304);
    }
}

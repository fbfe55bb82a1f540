//! The site in Bengali: every public page's twin under `/bn` answered with 200 in its language
//! (`<html lang>`, title, the loading screen's words), `hreflang` alternates between the twins,
//! both languages in the sitemap, and the notices' feed in each.

use crate::helpers::{spawn_app_with_admin, TestApp};
use serde_json::json;

const SITE: &str = "https://jyoti.example.org";
const SITE_TITLE: &str = "JYOTI - A RAY OF HOPE";

fn page(app: &TestApp, path: &str, status: u16) -> String {
    let response = app.get(path).send();
    assert_eq!(response.status, status, "GET {path}");
    response.text()
}

fn title(html: &str) -> &str {
    let start = html.find("<title>").expect("a title") + 7;
    &html[start..start + html[start..].find("</title>").expect("a closed title")]
}

#[test]
fn every_public_page_has_a_bengali_twin_in_bengali_and_the_admin_area_has_none() {
    let (app, _) = spawn_app_with_admin();
    for (path, heading) in [
        ("/bn", None),
        ("/bn/gallery", Some("ছবি")),
        ("/bn/notice", Some("নোটিস বোর্ড")),
        ("/bn/contact", Some("যোগাযোগ করুন")),
        ("/bn/support", Some("জ্যোতির পাশে দাঁড়ান")),
        ("/bn/verify", Some("সার্টিফিকেট আসল কি না যাচাই করুন")),
        ("/bn/verify/12", Some("সার্টিফিকেট আসল কি না যাচাই করুন")),
        ("/bn/login", Some("লগইন")),
        ("/bn/signup", Some("রেজিস্টার করুন")),
        ("/bn/form", Some("মতামত জানান")),
        ("/bn/team", Some("Meet Our Core Team")),
        ("/bn/team2k25", Some("Team 2k25")),
    ] {
        let html = page(&app, path, 200);
        assert!(html.contains("<html lang=\"bn\">"), "{path}");
        let expected = heading.map_or(SITE_TITLE.to_owned(), |h| format!("{h} | {SITE_TITLE}"));
        assert_eq!(title(&html), expected, "{path}");
        assert!(
            html.contains("<p class=\"loader-name\">জ্যোতি</p>"),
            "{path}"
        );
        assert!(
            html.contains("<meta property=\"og:locale\" content=\"bn_IN\">"),
            "{path}"
        );
        assert!(
            !html.contains("Loading</span>"),
            "{path}: the loader in Bengali"
        );
    }
    // English stays as it was.
    let english = page(&app, "/gallery", 200);
    assert!(english.contains("<html lang=\"en\">"));
    assert_eq!(title(&english), format!("Gallery | {SITE_TITLE}"));
    assert!(english.contains("<p class=\"loader-name\">Jyoti</p>"));

    // The admin area stays English: no twin; an unknown Bengali path is the Bengali not-found.
    for missing in [
        "/bn/admin",
        "/bn/admin/users",
        "/bn/no-such-page",
        "/bn/teamnobody",
    ] {
        let html = page(&app, missing, 404);
        assert_eq!(
            title(&html),
            format!("দুঃখিত, আপনি যা খুঁজছেন তা পাওয়া গেল না! | {SITE_TITLE}"),
            "{missing}"
        );
        assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
    }
    // `/bnx` is no Bengali page, and English's not-found stays English.
    let html = page(&app, "/bnx", 404);
    assert!(html.contains("<html lang=\"en\">"));
}

#[test]
fn twins_name_each_other_with_hreflang_and_the_sitemap_lists_both_languages() {
    let (app, admin) = spawn_app_with_admin();
    app.change(&admin, "/api/admin/mail", &json!({ "siteAddress": SITE }));
    for (path, english, bengali) in [
        ("/gallery", "/gallery", "/bn/gallery"),
        ("/bn/gallery", "/gallery", "/bn/gallery"),
        ("/", "/", "/bn"),
        ("/bn", "/", "/bn"),
        ("/bn/team2k25", "/team2k25", "/bn/team2k25"),
    ] {
        let html = page(&app, path, 200);
        for (lang, href) in [("en", english), ("bn", bengali), ("x-default", english)] {
            let tag = format!("<link rel=\"alternate\" hreflang=\"{lang}\" href=\"{SITE}{href}\">");
            assert!(html.contains(&tag), "{path}: {tag}");
        }
        assert!(
            html.contains(&format!("<link rel=\"canonical\" href=\"{SITE}{path}\">")),
            "{path}"
        );
    }
    // Pages for one visitor have neither.
    assert!(!page(&app, "/bn/login", 200).contains("hreflang"));

    // Home's organisation in each language.
    let bengali_home = page(&app, "/bn", 200);
    assert!(bengali_home.contains("\"inLanguage\":\"bn\""));
    assert!(bengali_home.contains(&format!("\"url\":\"{SITE}/bn\"")));
    assert!(page(&app, "/", 200).contains("\"inLanguage\":\"en\""));

    let sitemap = page(&app, "/sitemap.xml", 200);
    for path in [
        "/",
        "/bn",
        "/gallery",
        "/bn/gallery",
        "/team2k25",
        "/bn/team2k25",
        "/notice",
        "/bn/notice",
    ] {
        assert!(
            sitemap.contains(&format!("<loc>{SITE}{path}</loc>")),
            "{path} in the sitemap"
        );
    }
    assert!(sitemap.contains(&format!(
        "<xhtml:link rel=\"alternate\" hreflang=\"bn\" href=\"{SITE}/bn/gallery\"/>"
    )));
    assert!(sitemap.contains(&format!(
        "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{SITE}/gallery\"/>"
    )));
    assert!(!sitemap.contains("/bn/login") && !sitemap.contains("/bn/admin"));
}

#[test]
fn the_notices_feed_comes_in_each_language() {
    let (app, admin) = spawn_app_with_admin();
    app.change(&admin, "/api/admin/mail", &json!({ "siteAddress": SITE }));
    let english = page(&app, "/notices.atom", 200);
    assert!(english.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\">"));
    assert!(english.contains(&format!("<title>Notices | {SITE_TITLE}</title>")));
    let bengali = page(&app, "/bn/notices.atom", 200);
    assert!(bengali.contains("xml:lang=\"bn\""));
    assert!(bengali.contains(&format!("<title>নোটিস | {SITE_TITLE}</title>")));
    assert!(bengali.contains(&format!("href=\"{SITE}/bn/notice\"")));
    assert!(bengali.contains(&format!("href=\"{SITE}/bn/notices.atom\"")));
    assert_eq!(app.get("/xx/notices.atom").send().status, 404);
    // A notice with no Bengali title keeps its English one, marked as English.
    app.create_notice(
        &admin,
        json!({"title": "Exam schedule", "date": "2026-01-02"}),
    );
    let bengali = page(&app, "/bn/notices.atom", 200);
    assert!(
        bengali.contains("<title xml:lang=\"en\">Exam schedule</title>"),
        "{bengali}"
    );
    assert!(page(&app, "/notices.atom", 200).contains("<title>Exam schedule</title>"));
    // Each page links the feed in its own language.
    assert!(page(&app, "/bn/notice", 200).contains("href=\"/bn/notices.atom\""));
    assert!(page(&app, "/notice", 200).contains("href=\"/notices.atom\""));
}

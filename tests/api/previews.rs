//! Link previews and search: each page's own title and Open Graph tags in the HTML itself, the
//! 1200×630 preview picture, the sitemap, robots.txt, the notices' Atom feed and the JSON-LD.

use crate::helpers::{id, spawn_app_with_admin, TestApp};
use serde_json::{json, Value};

const SITE: &str = "https://jyoti.example.org";
const SITE_TITLE: &str = "JYOTI - A RAY OF HOPE";

/// Stores the site address on the Email screen.
fn set_site(app: &TestApp, admin: &str, address: &str) {
    app.change(admin, "/api/admin/mail", &json!({ "siteAddress": address }));
}

/// The `content` of `<meta property|name="{name}" content="…">`, as written (escaped).
fn meta<'a>(html: &'a str, name: &str) -> Option<&'a str> {
    ["property", "name"].iter().find_map(|attribute| {
        let start = html.find(&format!("<meta {attribute}=\"{name}\" content=\""))?;
        let rest = &html[start..];
        let value = &rest[rest.find("content=\"")? + 9..];
        Some(&value[..value.find('"')?])
    })
}

fn title(html: &str) -> &str {
    let start = html.find("<title>").expect("a title") + 7;
    &html[start..start + html[start..].find("</title>").expect("a closed title")]
}

fn page(app: &TestApp, path: &str) -> String {
    let response = app.get(path).send();
    assert_eq!(response.status, 200, "GET {path}");
    response.text()
}

#[test]
fn each_page_has_its_own_title_and_open_graph_tags_in_its_html() {
    let (app, admin) = spawn_app_with_admin();
    set_site(&app, &admin, SITE);
    for (path, expected) in [
        ("/", SITE_TITLE.to_owned()),
        ("/team2k25", format!("Team 2k25 | {SITE_TITLE}")),
        ("/gallery", format!("Gallery | {SITE_TITLE}")),
        ("/notice", format!("NOTICE BOARD | {SITE_TITLE}")),
    ] {
        let html = page(&app, path);
        assert_eq!(title(&html), expected, "{path}");
        assert_eq!(html.matches("<title>").count(), 1, "{path}: one title");
        assert_eq!(html.matches("name=\"description\"").count(), 1, "{path}");
        assert_eq!(meta(&html, "og:title"), Some(expected.as_str()), "{path}");
        assert_eq!(
            meta(&html, "twitter:title"),
            Some(expected.as_str()),
            "{path}"
        );
        assert!(
            meta(&html, "og:description").is_some_and(|d| !d.is_empty()),
            "{path}"
        );
        let url = format!("{SITE}{path}");
        assert_eq!(meta(&html, "og:url"), Some(url.as_str()), "{path}");
        assert!(
            html.contains(&format!("<link rel=\"canonical\" href=\"{url}\">")),
            "{path}"
        );
        assert_eq!(meta(&html, "og:site_name"), Some(SITE_TITLE));
        assert_eq!(meta(&html, "og:type"), Some("website"));
        assert_eq!(
            meta(&html, "og:image"),
            Some(&*format!("{SITE}/preview.jpg"))
        );
        assert_eq!(meta(&html, "og:image:width"), Some("1200"));
        assert_eq!(meta(&html, "og:image:height"), Some("630"));
        assert_eq!(meta(&html, "twitter:card"), Some("summary_large_image"));
        assert!(html.contains(
            "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Notices\" href=\"/notices.atom\">"
        ));
        assert!(
            html.contains("<script type=\"module\" src=\"/assets/"),
            "the app still loads"
        );
    }
    let admin_page = page(&app, "/admin/users");
    assert_eq!(meta(&admin_page, "robots"), Some("noindex"));
    assert_eq!(meta(&admin_page, "og:url"), None);
    assert_eq!(
        app.get("/nowhere").send().status,
        404,
        "unknown paths keep their 404"
    );
    assert_eq!(app.get("/teamnobody").send().status, 404);
}

#[test]
fn without_a_site_address_absolute_addresses_are_left_out() {
    let (app, _) = spawn_app_with_admin();
    let html = page(&app, "/team2k25");
    assert_eq!(title(&html), format!("Team 2k25 | {SITE_TITLE}"));
    assert_eq!(meta(&html, "og:url"), None);
    assert!(!html.contains("rel=\"canonical\""));
    assert_eq!(meta(&html, "og:image"), Some("/preview.jpg"));
    let sitemap = app.get("/sitemap.xml").send().text();
    let doc = roxmltree::Document::parse(&sitemap).expect("the sitemap is XML");
    assert_eq!(doc.root_element().tag_name().name(), "urlset");
    assert_eq!(
        doc.descendants().filter(|n| n.has_tag_name("loc")).count(),
        0
    );
    let robots = app.get("/robots.txt").send().text();
    assert!(!robots.contains("Sitemap:"), "{robots}");
    feed(&app);
}

#[test]
fn the_preview_picture_is_a_1200_by_630_jpeg_made_from_an_uploaded_photo() {
    let (app, admin) = spawn_app_with_admin();
    let check = |app: &TestApp| {
        let response = app.get("/preview.jpg").send();
        assert_eq!(response.status, 200);
        assert_eq!(response.header("content-type"), Some("image/jpeg"));
        let picture = image::load_from_memory(&response.body).expect("a picture");
        assert_eq!((picture.width(), picture.height()), (1200, 630));
        let etag = response.header("etag").expect("an ETag").to_owned();
        let again = app
            .get("/preview.jpg")
            .header("If-None-Match", &etag)
            .send();
        assert_eq!(again.status, 304);
        (etag, picture.to_rgb8())
    };
    let (artwork_tag, artwork) = check(&app);
    let brightness = |picture: &image::RgbImage, x: u32, y: u32| {
        let [r, g, b] = picture.get_pixel(x, y).0;
        (r as u32 + g as u32 + b as u32) / 3
    };
    assert!(
        brightness(&artwork, 480, 320) > 200 && brightness(&artwork, 5, 5) < 100,
        "our logo drawing shines in the middle of a dark glow"
    );
    let photo = app.upload_photo(&admin);
    app.save_settings(&admin, json!({ "supportPhoto": photo }));
    let (photo_tag, _) = check(&app);
    assert_ne!(artwork_tag, photo_tag, "made anew from the photo");

    // The Home banner's photo comes first, cropped around its focal point: a tall photo, dark
    // above and light below, shows its light half when the point is at the bottom.
    let tall = image::RgbImage::from_fn(400, 1200, |_, y| {
        image::Rgb(if y < 600 {
            [10, 10, 10]
        } else {
            [245, 245, 245]
        })
    });
    let mut png = std::io::Cursor::new(Vec::new());
    tall.write_to(&mut png, image::ImageFormat::Png).unwrap();
    let banner = app.upload(&admin, "tall.png", png.get_ref());
    assert_eq!(banner.status, 201, "{}", banner.text());
    let banner = banner.json()["_id"].as_i64().unwrap();
    app.save_settings(&admin, json!({ "heroPhoto": banner }));
    let focus = |y: u32| {
        let change = json!({ "focus": { "x": 50, "y": y } });
        let path = format!("/api/admin/media/{banner}");
        assert_eq!(app.patch_json(&admin, &path, &change).status, 200);
        check(&app).1
    };
    let bottom = focus(100);
    assert!(brightness(&bottom, 600, 315) > 200);
    let top = focus(0);
    assert!(brightness(&top, 600, 315) < 50);
}

#[test]
fn roster_titles_are_escaped() {
    let (app, admin) = spawn_app_with_admin();
    let title_text = "Team \"<script>alert('x')</script>\" & co";
    app.create(
        &admin,
        "/api/admin/rosters",
        json!({ "slug": "2k99", "title": title_text }),
    );
    let html = page(&app, "/team2k99");
    assert!(!html.contains("<script>alert"), "{html}");
    let escaped = "Team &quot;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; &amp; co";
    assert_eq!(title(&html), format!("{escaped} | {SITE_TITLE}"));
    assert_eq!(
        meta(&html, "og:title"),
        Some(&*format!("{escaped} | {SITE_TITLE}"))
    );
}

#[test]
fn the_sitemap_lists_every_public_page_and_roster_and_robots_names_it() {
    let (app, admin) = spawn_app_with_admin();
    set_site(&app, &admin, SITE);
    app.create(
        &admin,
        "/api/admin/rosters",
        json!({ "slug": "2k30", "title": "Team 2k30" }),
    );
    let text = fetched(&app, "/sitemap.xml", "application/xml");
    let doc = roxmltree::Document::parse(&text).expect("the sitemap is XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "urlset");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.sitemaps.org/schemas/sitemap/0.9")
    );
    let locs: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("loc"))
        .filter_map(|n| n.text())
        .collect();
    for path in [
        "/",
        "/team",
        "/team2k25",
        "/team2k30",
        "/gallery",
        "/notice",
        "/support",
        "/contact",
    ] {
        let url = format!("{SITE}{path}");
        assert!(locs.contains(&url.as_str()), "{url} in {locs:?}");
    }
    assert!(!locs.iter().any(|loc| loc.contains("/admin")), "{locs:?}");
    let robots = app.get("/robots.txt").send();
    assert_eq!(robots.status, 200);
    let robots = robots.text();
    assert!(
        robots.contains(&format!("Sitemap: {SITE}/sitemap.xml")),
        "{robots}"
    );
    assert!(robots.contains("Disallow: /admin"), "{robots}");
}

/// The body of `GET path`, which must answer 200 with `content_type`.
fn fetched(app: &TestApp, path: &str, content_type: &str) -> String {
    let response = app.get(path).send();
    assert_eq!(response.status, 200, "GET {path}");
    let answered = response.header("content-type").unwrap_or_default();
    assert!(answered.starts_with(content_type), "{path}: {answered}");
    response.text()
}

/// `node`'s first Atom child element named `name`.
fn child<'a, 'input>(
    node: roxmltree::Node<'a, 'input>,
    name: &str,
) -> Option<roxmltree::Node<'a, 'input>> {
    node.children()
        .find(|n| n.has_tag_name(("http://www.w3.org/2005/Atom", name)))
}

/// The feed, parsed, with the Atom elements RFC 4287 requires checked; its entries' titles.
fn feed(app: &TestApp) -> Vec<String> {
    let text = fetched(app, "/notices.atom", "application/atom+xml");
    let doc = roxmltree::Document::parse(&text).expect("the feed is XML");
    let atom = "http://www.w3.org/2005/Atom";
    let feed = doc.root_element();
    assert_eq!(
        (feed.tag_name().namespace(), feed.tag_name().name()),
        (Some(atom), "feed")
    );
    for required in ["id", "title", "updated", "author"] {
        assert!(child(feed, required).is_some(), "feed has {required}");
    }
    assert!(feed
        .children()
        .any(|n| n.has_tag_name((atom, "link")) && n.attribute("rel") == Some("self")));
    feed.children()
        .filter(|n| n.has_tag_name((atom, "entry")))
        .map(|entry| {
            for required in ["id", "title", "updated", "link"] {
                assert!(child(entry, required).is_some(), "entry has {required}");
            }
            let updated = child(entry, "updated").unwrap().text().unwrap();
            assert!(updated.ends_with("T00:00:00Z"), "{updated}");
            child(entry, "title")
                .unwrap()
                .text()
                .unwrap_or("")
                .to_owned()
        })
        .collect()
}

#[test]
fn a_new_notice_comes_first_in_the_feed() {
    let (app, admin) = spawn_app_with_admin();
    set_site(&app, &admin, SITE);
    app.create_notice(
        &admin,
        json!({ "title": "Older & wiser", "url": "", "date": "2020-01-02" }),
    );
    let notice = app.create_notice(
        &admin,
        json!({ "title": "Exams <soon>", "url": "https://example.org/exams", "date": "2099-05-06" }),
    );
    assert!(id(&notice) > 0);
    let titles = feed(&app);
    assert_eq!(
        titles.first().map(String::as_str),
        Some("Exams <soon>"),
        "{titles:?}"
    );
    assert!(titles.contains(&"Older & wiser".to_owned()));
    let text = app.get("/notices.atom").send().text();
    assert!(
        text.contains("<link href=\"https://example.org/exams\"/>"),
        "{text}"
    );
    assert!(
        text.contains(&format!("<id>{SITE}/notices.atom</id>")),
        "{text}"
    );
    assert!(
        text.contains("<updated>2099-05-06T00:00:00Z</updated>"),
        "{text}"
    );
}

#[test]
fn a_page_etag_changes_when_its_content_changes() {
    let (app, admin) = spawn_app_with_admin();
    let first = app.get("/team2k25").send();
    let etag = first.header("etag").expect("an ETag").to_owned();
    let same = app.get("/team2k25").header("If-None-Match", &etag).send();
    assert_eq!(same.status, 304);
    let gzipped = app
        .get("/team2k25")
        .header("Accept-Encoding", "gzip")
        .send();
    assert_eq!(gzipped.header("content-encoding"), Some("gzip"));
    let rosters = app.get("/api/content").send().json();
    let roster = &rosters["teams"]["2k25"]["_id"];
    let response = app.patch_json(
        &admin,
        &format!("/api/admin/rosters/{roster}"),
        &json!({ "title": "Class of 2025" }),
    );
    assert!(response.status < 300, "{}", response.text());
    let changed = app.get("/team2k25").header("If-None-Match", &etag).send();
    assert_eq!(changed.status, 200);
    assert_ne!(changed.header("etag"), Some(etag.as_str()));
    assert_eq!(
        title(&changed.text()),
        format!("Class of 2025 | {SITE_TITLE}")
    );
}

#[test]
fn home_describes_the_organisation_in_json_ld() {
    let (app, admin) = spawn_app_with_admin();
    set_site(&app, &admin, SITE);
    app.save_settings(
        &admin,
        json!({ "address": "Jalpaiguri </script><script>alert(1)</script>" }),
    );
    let html = page(&app, "/");
    let open = "<script type=\"application/ld+json\">";
    let start = html.find(open).expect("JSON-LD on /") + open.len();
    let json = &html[start..start + html[start..].find("</script>").unwrap()];
    assert!(!json.contains('<'), "{json}");
    let org: Value = serde_json::from_str(json).expect("JSON-LD parses");
    assert_eq!(org["@context"], "https://schema.org");
    assert_eq!(org["name"], "Jyoti");
    assert_eq!(org["url"], format!("{SITE}/"));
    assert_eq!(
        org["address"]["streetAddress"],
        "Jalpaiguri </script><script>alert(1)</script>"
    );
    assert!(
        org["sameAs"]
            .as_array()
            .is_some_and(|links| !links.is_empty()),
        "{org}"
    );
    assert!(
        !page(&app, "/gallery").contains("application/ld+json"),
        "only on /"
    );
    // /bn describes the organisation in Bengali, with the address admins wrote in Bengali.
    let bengali = json!({"kind": "setting", "record": "address", "field": "address",
        "text": "জলপাইগুড়ি সরকারি ইঞ্জিনিয়ারিং কলেজ"});
    let saved = app
        .put("/api/admin/translations")
        .bearer(&admin)
        .json(&bengali)
        .send();
    assert_eq!(saved.status, 200, "{}", saved.text());
    let json_ld = |path: &str| -> Value {
        let html = page(&app, path);
        let start = html.find(open).expect("JSON-LD") + open.len();
        serde_json::from_str(&html[start..start + html[start..].find("</script>").unwrap()])
            .unwrap()
    };
    let bn = json_ld("/bn");
    assert_eq!(bn["inLanguage"], "bn");
    assert_eq!(
        bn["address"]["streetAddress"],
        "জলপাইগুড়ি সরকারি ইঞ্জিনিয়ারিং কলেজ"
    );
    assert_eq!(
        json_ld("/")["address"]["streetAddress"],
        "Jalpaiguri </script><script>alert(1)</script>"
    );
}

#[test]
fn the_loading_screen_of_every_served_page_shows_the_club_logo_an_admin_chose() {
    let (app, admin) = spawn_app_with_admin();
    // Our drawing is carried in the page, as a data address.
    let drawing = "class=\"loader-logo\" src=\"data:image/svg+xml,";
    assert!(page(&app, "/").contains(drawing), "our drawing by default");
    let photo = app.upload_photo(&admin);
    app.save_settings(&admin, json!({ "clubLogo": photo }));
    for path in ["/", "/team2k25", "/admin/users"] {
        let html = page(&app, path);
        let at = html
            .find("class=\"loader-logo\" src=\"")
            .expect("the loader")
            + 25;
        let src = &html[at..at + html[at..].find('"').unwrap()];
        assert!(
            src.starts_with(&format!("/media/{photo}-")),
            "{path}: {src}"
        );
        assert_eq!(app.get(src).send().status, 200, "{src} is served");
    }
    app.save_settings(&admin, json!({ "clubLogo": null }));
    assert!(page(&app, "/").contains(drawing), "back to our drawing");
}

#[test]
fn a_shared_link_to_the_notice_board_names_the_newest_notice() {
    let (app, admin) = spawn_app_with_admin();
    let html = app.get("/notice").send().text();
    assert_eq!(
        meta(&html, "og:description"),
        Some("The latest notices from Jyoti."),
        "no notice yet"
    );
    app.create_notice(
        &admin,
        json!({ "title": "Older one", "url": "", "date": "2020-01-02" }),
    );
    app.create_notice(
        &admin,
        json!({ "title": "Exams & results", "url": "", "date": "2099-05-06" }),
    );
    let html = app.get("/notice").send().text();
    assert_eq!(
        meta(&html, "og:description"),
        Some("Newest notice, 2099-05-06: Exams &amp; results")
    );
}

#[test]
fn a_notice_has_its_own_page_and_preview_in_both_languages_and_in_the_sitemap_and_feed() {
    let (app, admin) = spawn_app_with_admin();
    set_site(&app, &admin, SITE);
    let notice = app.create_notice(
        &admin,
        json!({"title": "No class on Saturday", "date": "2026-11-28"}),
    );
    let notice = id(&notice);
    let translated = app
        .put("/api/admin/translations")
        .bearer(&admin)
        .json(
            &json!({"lang": "bn", "kind": "notice", "record": notice.to_string(),
                      "texts": {"title": "শনিবার ক্লাস নেই"}}),
        )
        .send();
    let bengali_title = translated.status == 200;
    let html = page(&app, &format!("/notice/{notice}"));
    assert!(
        meta(&html, "og:title")
            .unwrap()
            .starts_with("No class on Saturday"),
        "{html}"
    );
    assert!(meta(&html, "og:description")
        .unwrap()
        .contains("2026-11-28"));
    assert_eq!(
        meta(&html, "og:url"),
        Some(format!("{SITE}/notice/{notice}").as_str())
    );
    assert!(meta(&html, "og:image").is_some(), "the club's picture");
    let bn = page(&app, &format!("/bn/notice/{notice}"));
    if bengali_title {
        assert!(meta(&bn, "og:title").unwrap().starts_with("শনিবার ক্লাস নেই"));
    }
    assert!(meta(&bn, "og:description").unwrap().contains("নোটিস"));
    for missing in ["/notice/99999", "/bn/notice/99999", "/notice/not-a-number"] {
        assert_eq!(app.get(missing).send().status, 404, "{missing}");
    }
    let sitemap = app.get("/sitemap.xml").send().text();
    assert!(
        sitemap.contains(&format!("{SITE}/notice/{notice}<")),
        "{sitemap}"
    );
    let feed = app.get("/notices.atom").send().text();
    assert!(
        feed.contains(&format!(
            "<link rel=\"related\" href=\"{SITE}/notice/{notice}\"/>"
        )),
        "{feed}"
    );
}

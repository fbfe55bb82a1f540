//! Everything outside `/api`: the embedded app's files, its client routes, and the health check.

use crate::helpers::{assert_error, spawn_app, TestApp};
use serde_json::json;

fn hashed_js(app: &TestApp) -> String {
    let index = app.get("/").send().text();
    let start = index
        .find("src=\"/assets/")
        .expect("index.html loads a hashed script")
        + 5;
    let rest = &index[start..];
    rest[..rest.find('"').expect("a closing quote")].to_owned()
}

#[test]
fn the_home_page_is_index_html_with_security_headers_and_no_cache() {
    let app = spawn_app();
    let response = app.get("/").send();
    assert_eq!(response.status, 200);
    for (header, value) in [
        ("content-type", "text/html; charset=utf-8"),
        ("cache-control", "no-cache"),
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "strict-origin-when-cross-origin"),
    ] {
        assert_eq!(response.header(header), Some(value), "{header}");
    }
    let csp = response.header("content-security-policy").expect("a CSP");
    let script_src = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src"))
        .expect("script-src");
    assert_eq!(script_src, "script-src 'self'");
    let html = response.text();
    assert!(
        html.contains("<script type=\"module\" src=\"/assets/"),
        "{html}"
    );
    assert!(
        !html.contains("<script>") && !html.contains("<script type=\"module\">"),
        "inline script in {html}"
    );
}

#[test]
fn hashed_assets_are_immutable_typed_and_revalidate_with_304() {
    let app = spawn_app();
    let js = hashed_js(&app);
    let response = app.get(&js).send();
    assert_eq!(response.status, 200);
    let content_type = response.header("content-type").unwrap();
    assert!(content_type.contains("javascript"), "{content_type}");
    assert_eq!(
        response.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let etag = response.header("etag").expect("an ETag");
    assert!(
        etag.starts_with('"') && !etag.starts_with("W/"),
        "strong ETag: {etag}"
    );
    let again = app.get(&js).header("If-None-Match", etag).send();
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    let index = app.get("/").send();
    let index_etag = index.header("etag").unwrap();
    let index_again = app.get("/").header("If-None-Match", index_etag).send();
    assert_eq!(index_again.status, 304);
}

#[test]
fn precompressed_variants_follow_accept_encoding_with_vary() {
    let app = spawn_app();
    let js = hashed_js(&app);
    let fetch = |accept: &str| app.get(&js).header("Accept-Encoding", accept).send();
    let plain = app.get(&js).send();
    let gzip = fetch("gzip");
    let brotli = fetch("gzip, deflate, br");
    let refused = fetch("br;q=0, gzip;q=0");
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    assert_eq!(brotli.header("content-encoding"), Some("br"));
    assert_eq!(refused.header("content-encoding"), None);
    for response in [&plain, &gzip, &brotli] {
        assert_eq!(response.header("vary"), Some("Accept-Encoding"));
    }
    assert!(gzip.body.starts_with(&[0x1f, 0x8b]), "gzip magic");
    assert!(gzip.body.len() < plain.body.len() && brotli.body.len() < plain.body.len());
    assert_ne!(
        plain.header("etag"),
        gzip.header("etag"),
        "each encoding has its own ETag"
    );
}

#[test]
fn client_routes_get_the_app_with_200_and_unknown_paths_with_404() {
    let app = spawn_app();
    let index = app.get("/").send().text();
    let known = [
        "/index.html",
        "/support",
        "/team",
        "/team2k24",
        "/team2k25",
        "/gallery",
        "/notice",
        "/contact",
        "/form",
        "/signup",
        "/login",
        "/logout",
        "/verify",
        "/verify/1001",
        "/admin",
        "/admin/feedback",
        "/admin/gifts",
        "/admin/users",
        "/admin/contacts",
        "/admin/notices",
        "/admin/certificates",
        "/admin/users/7",
        "/admin/users/7/edit",
        "/admin/servicelist/3/edit",
        "/team/",
    ];
    let unknown = [
        "/nowhere",
        "/team2k99",
        "/teamcore",
        "/admin/users/abc/edit",
        "/verify/abc",
        "/assets/missing-ABCDEFGH.js",
        "/a/b/c",
    ];
    let paths = known.map(|path| (path, 200)).into_iter();
    for (path, status) in paths.chain(unknown.map(|path| (path, 404))) {
        let response = app.get(path).send();
        assert_eq!(response.status, status, "{path}");
        // The head's title, preview tags, the code and the pictures its first screen shows
        // are the page's own (tests/api/previews.rs); the rest is index.html as built.
        let app_part =
            without_pictures(&index[index.find("<link rel=\"icon\"").expect("the icon link")..]);
        assert!(
            without_pictures(&response.text()).ends_with(&app_part),
            "{path} serves index.html, so even the app's 404 page renders"
        );
    }
}

/// A page without the lines that preload the code and the pictures of its first screen.
fn without_pictures(html: &str) -> String {
    html.lines()
        .filter(|line| {
            let line = line.trim_start();
            !line.starts_with("<link rel=\"preload\" as=\"image\"")
                && !line.starts_with("<link rel=\"modulepreload\" href=\"")
                && !line.starts_with("<link rel=\"preload\" as=\"fetch\"")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn unknown_api_paths_are_json_404s_and_wrong_methods_json_405s() {
    let app = spawn_app();
    let response = app.get("/api/nothing/here").send();
    assert_error(&response, 404, "an unknown API path");
    let content_type = response.header("content-type").unwrap();
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    let response = app.post("/api/admin/servicelist").send();
    assert_error(&response, 405, "POST to a list that is only read");
}

#[test]
fn path_traversal_is_refused() {
    let app = spawn_app();
    for path in [
        "/../Cargo.toml",
        "/assets/../../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/..%2fCargo.toml",
        "/assets/..%5c..%5cCargo.toml",
    ] {
        let response = app.get(path).send();
        assert_eq!(response.status, 400, "{path}");
        let leaked = response.text().contains("[package]");
        assert!(!leaked, "{path} leaked a file");
    }
}

#[test]
fn healthz_answers_ok_when_the_database_takes_writes_names_the_build_and_each_check() {
    let app = spawn_app();
    let response = app.get("/healthz").send();
    assert_eq!(response.status, 200);
    assert_eq!(response.header("cache-control"), Some("no-store"));
    let body = response.json();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(body["commit"], jyoti::build_info::COMMIT);
    assert_eq!(body["built"], jyoti::build_info::BUILT);
    for name in jyoti::health::CHECKS {
        let check = &body["checks"][name];
        assert!(
            ["ok", "warn", "fail"].contains(&check["state"].as_str().unwrap_or_default()),
            "{name}: {check}"
        );
        assert!(check["message"].is_string(), "{name}: {check}");
    }
    assert_eq!(body["checks"]["database"]["state"], "ok");
}

#[test]
fn healthz_says_which_jobs_are_off_and_names_the_guide_that_turns_them_on() {
    let app = spawn_app();
    let (_, admin) = app.admin("off@example.org");
    let checks = app.get("/healthz").send().json()["checks"].clone();
    for name in ["backups", "offsite", "https", "mail"] {
        let check = &checks[name];
        assert_eq!(check["state"], "ok", "{name}: {check}");
        assert_eq!(check["off"], true, "{name}: {check}");
        let heading = check["guide"].as_str().unwrap();
        assert!(jyoti::health::GUIDE.contains(heading), "{name}: {heading}");
    }
    assert!(checks["database"].get("off").is_none(), "{checks}");
    let guide = app.get(jyoti::health::GUIDE_PATH).send();
    assert_eq!(guide.status, 200);
    assert_eq!(
        guide.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    assert_eq!(guide.text(), jyoti::health::GUIDE);

    // Behind a proxy that serves HTTPS, the site address says so: HTTPS is on, though not by jyoti.
    let stored = app.change(
        &admin,
        "/api/admin/mail",
        &json!({"siteAddress": "https://jyoti.example"}),
    );
    assert_eq!(stored.status, 200, "{}", stored.text());
    let https = app.get("/healthz").send().json()["checks"]["https"].clone();
    assert_eq!(https["state"], "ok", "{https}");
    assert!(https.get("off").is_none(), "{https}");
    assert!(
        https["message"]
            .as_str()
            .unwrap()
            .contains("https://jyoti.example"),
        "{https}"
    );
}

#[test]
fn head_requests_get_headers_without_a_body() {
    let app = spawn_app();
    let response = app.request("HEAD", "/").send();
    assert_eq!(response.status, 200);
    assert!(response.body.is_empty());
    assert_eq!(response.header("cache-control"), Some("no-cache"));
}

#[test]
fn an_older_reset_link_moves_its_secret_into_the_fragment() {
    let app = spawn_app();
    let secret = "ab".repeat(32);
    let response = app.get(&format!("/reset-password?token={secret}")).send();
    assert_eq!(response.status, 303);
    assert_eq!(
        response.header("location"),
        Some(format!("/reset-password#token={secret}").as_str())
    );
    assert_eq!(response.header("referrer-policy"), Some("no-referrer"));
    assert_eq!(app.get("/reset-password").send().status, 200);
}

#[test]
fn favicon_ico_leads_to_the_sites_icon() {
    let app = spawn_app();
    let asked = app.get("/favicon.ico").send();
    assert_eq!(asked.status, 301);
    assert_eq!(asked.header("location"), Some("/favicon.svg"));
    let icon = app.get("/favicon.svg").send();
    assert_eq!(icon.status, 200);
    assert!(icon.text().contains("<svg"), "{}", icon.text());
}

#[test]
fn the_app_installs_from_a_manifest_in_each_language_and_its_worker_is_never_cached_stale() {
    let app = spawn_app();
    for (page, manifest, start, name) in [
        ("/", "/manifest.webmanifest", "/", "JYOTI - A RAY OF HOPE"),
        (
            "/bn/notice",
            "/bn/manifest.webmanifest",
            "/bn",
            "জ্যোতি — আশার আলো",
        ),
    ] {
        let html = app.get(page).send().text();
        let link = format!("<link rel=\"manifest\" href=\"{manifest}\">");
        assert!(html.contains(&link), "{page} links {manifest}: {html}");
        let response = app.get(manifest).send();
        assert_eq!(response.status, 200);
        assert_eq!(
            response.header("content-type"),
            Some("application/manifest+json")
        );
        let body = response.json();
        assert_eq!(body["start_url"], start);
        assert_eq!(body["name"], name);
        assert_eq!(body["display"], "standalone");
        for (icon, size) in body["icons"].as_array().unwrap().iter().zip([192, 512]) {
            assert_eq!(icon["sizes"], format!("{size}x{size}"));
            let picture = app.get(icon["src"].as_str().unwrap()).send();
            assert_eq!(picture.header("content-type"), Some("image/png"));
            let png = &picture.body;
            let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
            let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
            assert_eq!((width, height), (size, size), "{}", icon["src"]);
        }
    }
    // The worker revalidates on every visit, so a new release's is found at once.
    let worker = app.get("/sw.js").send();
    assert_eq!(worker.status, 200);
    assert_eq!(worker.header("cache-control"), Some("no-cache"));
    assert!(worker
        .header("content-type")
        .unwrap()
        .contains("javascript"));
    let code = worker.text();
    assert!(code.contains("jyoti-app-"), "the worker names its release");
    assert!(!code.contains("admin-screens"), "no admin screen is kept");
}

/// The content document a page carries (`<script type="application/json" id="site-content">`)
/// as JSON, and the ETags it names.
fn carried_content(html: &str) -> (serde_json::Value, String) {
    let open = "<script type=\"application/json\" id=\"site-content\" data-etags=\"";
    let start = html.find(open).expect("the page carries the content") + open.len();
    let rest = &html[start..];
    let etags = rest[..rest.find('"').unwrap()].replace("&quot;", "\"");
    let body = &rest[rest.find('>').unwrap() + 1..];
    let body = &body[..body.find("</script>").expect("the block ends")];
    (
        serde_json::from_str(body).expect("the block is JSON"),
        etags,
    )
}

#[test]
fn every_page_carries_the_current_content_document_and_is_never_served_stale() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    let content = app.get("/api/content").send();
    for path in ["/", "/team", "/bn/notice", "/admin/users", "/no-such-page"] {
        let (carried, etags) = carried_content(&app.get(path).send().text());
        assert_eq!(
            carried,
            content.json(),
            "{path} carries /api/content's document"
        );
        assert!(etags.contains(content.header("etag").unwrap()), "{etags}");
        // The app asks with those ETags whether its copy is current: it is.
        let asked = app
            .get("/api/content")
            .header("If-None-Match", &etags)
            .send();
        assert_eq!(asked.status, 304, "{path}");
    }

    // A change is in the next page at once, and the page's own ETag changes with it. A text
    // that tries to end the block stays inside it.
    let first = app.get("/").send();
    let escape = "Welcome</script><script>alert(1)</script><!--";
    app.change(&admin, "/api/admin/settings", &json!({"heroTitle": escape}));
    let again = app
        .get("/")
        .header("If-None-Match", first.header("etag").unwrap())
        .send();
    assert_eq!(again.status, 200, "the old page is not current");
    let html = again.text();
    let (carried, etags) = carried_content(&html);
    assert_eq!(carried["settings"]["heroTitle"], escape);
    assert!(
        !html.contains("alert(1)</script>"),
        "the text stays inside the block"
    );
    assert_eq!(
        html.matches("<script").count(),
        3,
        "the entry script, the JSON-LD and the block"
    );
    let old = app
        .get("/api/content")
        .header("If-None-Match", &etags)
        .send();
    assert_eq!(old.status, 304);
    assert_eq!(
        old.header("etag"),
        Some(app.get("/api/content").send().header("etag").unwrap())
    );
}

#[test]
fn the_notice_board_asks_for_its_first_notices_as_it_arrives() {
    let app = spawn_app();
    let preload = "<link rel=\"preload\" as=\"fetch\" crossorigin=\"anonymous\" \
                   href=\"/api/admin/servicelist?page=1&amp;size=10\">";
    for path in ["/notice", "/bn/notice"] {
        assert!(app.get(path).send().text().contains(preload), "{path}");
    }
    assert!(!app
        .get("/")
        .send()
        .text()
        .contains("rel=\"preload\" as=\"fetch\""));
    // The call it names answers visitors.
    let board = app.get("/api/admin/servicelist?page=1&size=10").send();
    assert_eq!(board.status, 200);
}

#[test]
fn a_page_names_its_own_code_words_and_first_pictures_so_they_come_with_the_app() {
    let app = spawn_app();
    let gallery = app.get("/gallery").send().text();
    let modulepreloads: Vec<&str> = gallery
        .split("<link rel=\"modulepreload\" href=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert!(
        modulepreloads
            .iter()
            .any(|file| file.contains("/gallery-page-")),
        "{modulepreloads:?}"
    );
    assert!(
        modulepreloads
            .iter()
            .any(|file| file.ends_with("/en-gallery.js")),
        "{modulepreloads:?}"
    );
    for file in &modulepreloads {
        assert_eq!(app.get(file).send().status, 200, "{file}");
    }
    // The Bengali twin names the Bengali words; a roster's own page, the team page's code.
    assert!(app
        .get("/bn/gallery")
        .send()
        .text()
        .contains("/bn-gallery.js\" fetchpriority=\"low\">"));
    assert!(app.get("/team2k24").send().text().contains("/roster-page-"));

    let content = app.get("/api/content").send().json();
    let first = content["gallery"][0]["photo"]["src"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        gallery.contains(&format!(
            "<link rel=\"preload\" as=\"image\" href=\"{first}\" fetchpriority=\"high\">"
        )),
        "{gallery}"
    );
    let member = content["teams"]["core"]["members"][0]["photo"]["src"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(app
        .get("/bn/team")
        .send()
        .text()
        .contains(&format!("href=\"{member}\" fetchpriority=\"high\"")));
    // The header's drawings come with the app's code: no picture is asked for before it.
    assert!(
        !gallery.contains("as=\"image\" href=\"/art/logo-"),
        "{gallery}"
    );
}

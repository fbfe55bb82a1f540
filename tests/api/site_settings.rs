//! `PATCH /api/admin/settings`: the club's texts and details, shown through the content document.

use crate::helpers::{
    assert_error, assert_fields_refused, spawn_app_with, spawn_app_with_admin, test_config,
};
use serde_json::json;

#[test]
fn settings_changes_show_in_the_content_and_change_its_etag() {
    let (app, admin) = spawn_app_with_admin();
    let first = app.get("/api/content").send();
    let etag = first.header("etag").unwrap();
    app.change(&admin, "/api/admin/settings", &json!({"donationAccount": "123456789012", "donationIfsc": "SBIN0001234", "contactEmail": "Club@Example.org"}));
    let after = app.get("/api/content").header("If-None-Match", etag).send();
    assert_eq!(after.status, 200, "the old ETag no longer matches");
    assert_ne!(after.header("etag").unwrap(), etag);
    let settings = &after.json()["settings"];
    assert_eq!(settings["donationAccount"], "123456789012");
    assert_eq!(settings["donationIfsc"], "SBIN0001234");
    assert_eq!(settings["contactEmail"], "club@example.org");
    assert_eq!(
        settings["donationBranch"], "Denguajhar",
        "untouched settings stay"
    );
}

#[test]
fn settings_validation_names_each_bad_field_and_refuses_unknown_settings() {
    let (app, admin) = spawn_app_with_admin();
    let update = || app.patch("/api/admin/settings").bearer(&admin);
    let bad = json!({"contactEmail": "nope", "linkedin": "ftp://x.org", "heroTitle": ""});
    assert_fields_refused(update(), bad, &["contactEmail", "linkedin", "heroTitle"]);
    let unknown = update().json(&json!({"password": "x"})).send();
    assert_error(&unknown, 400, "a setting that does not exist");
    assert_eq!(
        unknown.json()["errors"]["password"],
        "is not a field this call takes",
        "named like an unknown field of any other call"
    );
}

#[test]
fn the_upi_qr_code_follows_the_upi_setting_and_a_bad_upi_id_is_refused() {
    // No hold: each change shows at once (the hold has tests of its own).
    let app = spawn_app_with(jyoti::config::Config {
        payment_hold: std::time::Duration::ZERO,
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    let qr = || app.get("/api/donations/upi-qr.svg").send();
    assert_eq!(qr().status, 404, "no UPI ID in the sample content");

    let bad = app.patch_json(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "not a upi id"}),
    );
    assert_eq!(bad.status, 400);
    assert!(bad.json()["errors"]["upiId"].is_string());

    let upi = json!({"upiId": "jyoti.trust@sbi", "upiPayee": "Jyoti Trust"});
    app.change(&admin, "/api/admin/settings", &upi);
    let first = qr();
    assert_eq!(first.status, 200);
    assert_eq!(first.header("content-type"), Some("image/svg+xml"));
    assert!(first.text().contains("<svg"));
    let etag = first.header("etag").expect("an ETag");
    let again = app
        .get("/api/donations/upi-qr.svg")
        .header("if-none-match", etag)
        .send();
    assert_eq!(again.status, 304);

    let renamed = json!({"upiPayee": "Jyoti Night School"});
    app.patch_json(&admin, "/api/admin/settings", &renamed);
    assert_ne!(qr().header("etag"), Some(etag), "a new payee is a new code");

    let cleared = app.patch_json(
        &admin,
        "/api/admin/settings",
        &json!({"upiId": "", "donationHolder": "", "donationBank": ""}),
    );
    assert_eq!(
        cleared.status, 200,
        "the UPI ID, holder and bank may be left empty"
    );
    assert_eq!(qr().status, 404);
}

#[test]
fn the_sample_content_left_is_listed_until_admins_replace_it() {
    let (app, admin) = spawn_app_with_admin();
    let left = || {
        let response = app.get("/api/admin/sample-content").bearer(&admin).send();
        assert_eq!(response.status, 200, "{}", response.text());
        response.json()
    };
    let whats = |list: &serde_json::Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|item| {
                format!(
                    "{} -> {}",
                    item["what"].as_str().unwrap(),
                    item["where"].as_str().unwrap()
                )
            })
            .collect()
    };
    let fresh = whats(&left());
    for expected in [
        "The donation account details -> /admin/settings",
        "The president's name and message -> /admin/settings",
        "6 “Our Works” cards still show sample drawings -> /admin/cards",
        "6 gallery images are still sample drawings -> /admin/gallery",
        "The header logos are still our drawings -> /admin/settings",
    ] {
        assert!(
            fresh.iter().any(|what| what == expected),
            "{expected} in {fresh:?}"
        );
    }
    assert!(
        fresh
            .iter()
            .any(|what| what.contains("15 sample members")
                && what.ends_with("/admin/team?team=core")),
        "{fresh:?}"
    );

    let real = json!({
        "donationHolder": "Jyoti Trust", "donationAccount": "123456789012",
        "donationIfsc": "SBIN0001234", "donationBank": "State Bank of India"
    });
    app.change(&admin, "/api/admin/settings", &real);
    let after = whats(&left());
    assert!(
        !after
            .iter()
            .any(|what| what.starts_with("The donation account details")),
        "{after:?}"
    );
    assert_eq!(after.len(), fresh.len() - 1);
}

#[test]
fn the_footer_year_is_a_year_or_empty() {
    let (app, admin) = spawn_app_with_admin();
    assert_eq!(
        app.content()["settings"]["footerYear"],
        "2025",
        "the spec's year"
    );
    for bad in ["25", "1999", "20x5", "12025"] {
        let refused = app.patch_json(&admin, "/api/admin/settings", &json!({ "footerYear": bad }));
        assert_eq!(refused.status, 400, "{bad}");
    }
    for good in ["2031", ""] {
        let saved = app.patch_json(
            &admin,
            "/api/admin/settings",
            &json!({ "footerYear": good }),
        );
        assert_eq!(saved.status, 200, "{good}: {}", saved.text());
        assert_eq!(app.content()["settings"]["footerYear"], good);
    }
}

#[test]
fn what_parents_miss_heads_the_sample_list_until_it_is_filled_in() {
    let (app, admin) = spawn_app_with_admin();
    let list = || -> Vec<String> {
        let list = app
            .get("/api/admin/sample-content")
            .bearer(&admin)
            .send()
            .json();
        list.as_array()
            .unwrap()
            .iter()
            .map(|item| item["what"].as_str().unwrap().to_owned())
            .collect()
    };
    let fresh = list();
    assert!(fresh[0].starts_with("Visit us: class times"), "{fresh:?}");
    assert!(
        fresh[1].starts_with("Visit us: where the school is"),
        "{fresh:?}"
    );
    assert!(
        fresh[2].starts_with("Visit us: a phone number"),
        "{fresh:?}"
    );
    assert_eq!(fresh[3], "The site's address", "{fresh:?}");
    let times = json!({"visitTimes": "Monday to Saturday, 6 to 8 pm"});
    app.change(&admin, "/api/admin/settings", &times);
    let after = list();
    assert!(
        after[0].starts_with("Visit us: where the school is"),
        "{after:?}"
    );
    assert_eq!(after.len(), fresh.len() - 1);
}

#[test]
fn the_sites_address_comes_first_in_the_sample_list_after_visit_us_until_it_is_known() {
    let first = |app: &crate::helpers::TestApp, admin: &str| {
        let list = app
            .get("/api/admin/sample-content")
            .bearer(admin)
            .send()
            .json();
        let first = list
            .as_array()
            .unwrap()
            .iter()
            .find(|item| !item["what"].as_str().unwrap().starts_with("Visit us:"))
            .unwrap()
            .clone();
        format!("{} -> {}", first["what"], first["where"])
    };
    let (app, admin) = spawn_app_with_admin();
    assert_eq!(
        first(&app, &admin),
        "\"The site's address\" -> \"/admin/settings\""
    );
    app.change(
        &admin,
        "/api/admin/mail",
        &json!({"siteAddress": "https://jyoti.example.org"}),
    );
    assert!(!first(&app, &admin).contains("address"));

    // Behind a proxy, the command line names it; the stored one cannot then be changed.
    let app = crate::helpers::spawn_app_with(jyoti::config::Config {
        site_url: Some("https://jyoti.example.org".into()),
        ..crate::helpers::test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    assert!(!first(&app, &admin).contains("address"));
    let shown = app.get("/api/admin/mail").bearer(&admin).send().json();
    assert_eq!(shown["siteAddress"], "https://jyoti.example.org");
    assert_eq!(shown["fromCommandLine"]["siteAddress"], true);
    let refused = app.patch_json(
        &admin,
        "/api/admin/mail",
        &json!({"siteAddress": "https://other.example"}),
    );
    assert_eq!(refused.status, 400);
    assert!(refused.json()["errors"]["siteAddress"]
        .as_str()
        .unwrap()
        .contains("--site-url"));
    let sitemap = app.get("/sitemap.xml").send().text();
    assert!(
        sitemap.contains("<loc>https://jyoti.example.org/gallery</loc>"),
        "{sitemap}"
    );
}

#[test]
fn an_editor_is_shown_only_the_sample_content_an_editor_may_replace() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("editor@example.org");
    let whats = |token: &str| -> Vec<String> {
        let list = app
            .get("/api/admin/sample-content")
            .bearer(token)
            .send()
            .json();
        list.as_array()
            .unwrap()
            .iter()
            .map(|item| item["what"].as_str().unwrap().to_owned())
            .collect()
    };
    let (for_admin, for_editor) = (whats(&admin), whats(&editor));
    assert!(for_admin
        .iter()
        .any(|w| w == "The donation account details"));
    assert!(for_admin.iter().any(|w| w == "The site's address"));
    assert!(
        !for_editor
            .iter()
            .any(|w| w.contains("donation") || w.contains("address")),
        "{for_editor:?}"
    );
    assert!(
        for_editor.iter().any(|w| w.contains("president")),
        "{for_editor:?}"
    );
}

#[test]
fn visit_us_starts_empty_and_takes_times_ages_an_address_and_a_phone_number() {
    let (app, admin) = spawn_app_with_admin();
    let settings = app.content()["settings"].clone();
    for key in ["visitTimes", "visitAges", "visitAddress", "visitPhone"] {
        assert_eq!(
            settings[key], "",
            "{key} is empty on a new site, so Home hides the block"
        );
    }
    let visit = json!({
        "visitTimes": "Monday to Saturday\n6 to 8 pm",
        "visitAges": "Children aged 6 to 14",
        "visitAddress": "Near JGEC main gate\nJalpaiguri",
        "visitPhone": "+91 (98765) 43-210",
    });
    let saved = app.patch_json(&admin, "/api/admin/settings", &visit);
    assert_eq!(saved.status, 200, "{}", saved.text());
    let settings = app.content()["settings"].clone();
    for (key, value) in visit.as_object().unwrap() {
        assert_eq!(&settings[key], value, "{key}");
    }
    for bad in [
        "call me",
        "12345",
        "+91 98765 43210 12345 678",
        "9876543210; drop",
    ] {
        let refused = app.patch_json(&admin, "/api/admin/settings", &json!({ "visitPhone": bad }));
        assert_eq!(refused.status, 400, "{bad}");
        assert!(refused.json()["errors"]["visitPhone"].is_string(), "{bad}");
    }
    let long = app.patch_json(
        &admin,
        "/api/admin/settings",
        &json!({ "visitTimes": "x".repeat(301) }),
    );
    assert_eq!(long.status, 400);
    let emptied = app.patch_json(
        &admin,
        "/api/admin/settings",
        &json!({ "visitPhone": "", "visitTimes": "" }),
    );
    assert_eq!(emptied.status, 200, "{}", emptied.text());
    assert_eq!(app.content()["settings"]["visitPhone"], "");
}

#[test]
fn the_support_pages_trust_details_are_optional_for_admins_alone_and_alerted() {
    let (app, admin) = spawn_app_with_admin();
    let (_, editor) = app.editor("trust-editor@example.org");
    let settings = app.content()["settings"].clone();
    for key in ["donationRegistration", "donationTax", "donationPhone"] {
        assert_eq!(settings[key], "", "{key}");
    }
    let trust = json!({
        "donationRegistration": "A student club of JGEC, not registered",
        "donationTax": "Gifts are not tax deductible: no 80G certificate",
        "donationPhone": "+91 98765 43210",
    });
    let refused = app.patch_json(&editor, "/api/admin/settings", &trust);
    assert_eq!(refused.status, 403, "donors read them: admins only");
    let saved = app.patch_json(&admin, "/api/admin/settings", &trust);
    assert_eq!(saved.status, 200, "{}", saved.text());
    let subjects: Vec<String> = app
        .state
        .pool
        .get()
        .unwrap()
        .prepare("SELECT subject FROM alerts")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(subjects, ["Jyoti site: what donors read changed"]);
    assert_eq!(
        app.content()["settings"]["donationTax"],
        trust["donationTax"]
    );
    let refused = app.patch_json(
        &admin,
        "/api/admin/settings",
        &json!({"donationPhone": "ring ring"}),
    );
    assert_eq!(refused.status, 400);
}

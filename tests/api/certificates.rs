//! Certificates: the public lookup by number, and the admin list, create and delete.

use crate::helpers::{
    assert_deleted_once, assert_error, id, len, spawn_app, spawn_app_with_admin, Response, TestApp,
};
use serde_json::json;

#[test]
fn a_certificate_is_found_by_number_and_listed_for_admins() {
    let (app, admin) = spawn_app_with_admin();
    let created = app.create_certificate(&admin, "Rina Paul", 1001);
    assert_eq!(created["name"], "Rina Paul");
    assert_eq!(created["certinumber"], 1001);
    let found = app.get("/api/certificate/get_certificate/1001").send();
    assert_eq!(found.status, 200);
    assert_eq!(
        found.json(),
        json!({"name": "Rina Paul", "certinumber": 1001})
    );
    let list = app
        .get("/api/admin/display_certificate")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(len(&list), 1);
    assert_eq!(list[0]["_id"], created["_id"]);
}

#[test]
fn a_missing_certificate_is_404_and_a_non_number_400() {
    let app = spawn_app();
    let lookup = |number: &str| {
        app.get(&format!("/api/certificate/get_certificate/{number}"))
            .send()
    };
    assert_eq!(lookup("55").status, 404);
    for bad in ["abc", "0", "-5", "1.5", "1%20OR%201=1"] {
        assert_error(&lookup(bad), 400, bad);
    }
}

#[test]
fn a_numeric_string_is_accepted_and_bad_numbers_are_named() {
    let (app, admin) = spawn_app_with_admin();
    let create = |body| {
        app.post("/api/admin/post_certificate")
            .bearer(&admin)
            .json(&body)
            .send()
    };
    let response = create(json!({"name": "Text Number", "certinumber": "314"}));
    assert_eq!(response.status, 201, "{}", response.text());
    assert_eq!(response.json()["certinumber"], 314);
    for body in [
        json!({"name": "A", "certinumber": "abc"}),
        json!({"name": "A", "certinumber": -3}),
        json!({"name": "A", "certinumber": 0}),
        json!({"name": "A", "certinumber": 2.5}),
        json!({"name": "A"}),
        json!({"name": "", "certinumber": 3}),
    ] {
        let response = create(body.clone());
        assert_eq!(response.status, 400, "{body}");
        assert!(response.json()["errors"].is_object(), "{body}");
    }
}

#[test]
fn a_taken_certificate_number_is_409() {
    let (app, admin) = spawn_app_with_admin();
    app.create_certificate(&admin, "First", 9);
    let second = json!({"name": "Second", "certinumber": 9});
    let create = app.post("/api/admin/post_certificate").bearer(&admin);
    assert_error(&create.json(&second).send(), 409, "a taken number");
}

#[test]
fn an_admin_deletes_a_certificate() {
    let (app, admin) = spawn_app_with_admin();
    let created = app.create_certificate(&admin, "Gone", 10);
    let path = format!("/api/admin/delete_certificate/{}", id(&created));
    assert_deleted_once(&app, &admin, &path);
    let lookup = app.get("/api/certificate/get_certificate/10").send();
    assert_eq!(lookup.status, 404);
}

#[test]
fn certificates_come_in_pages_searched_by_name_or_number() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    for (name, number) in [("Asha", 1001), ("Bina", 2002), ("Chandan", 1003)] {
        app.create_certificate(&admin, name, number);
    }
    let page = |query: &str| {
        app.get(&format!("/api/admin/display_certificate?{query}"))
            .bearer(&admin)
            .send()
            .json()
    };
    assert_eq!(
        page("page=1")["items"][0]["name"],
        "Chandan",
        "newest first"
    );
    assert_eq!(page("sort=number")["items"][0]["certinumber"], 1001);
    assert_eq!(page("sort=name&size=2")["items"][1]["name"], "Bina");
    assert_eq!(page("q=100")["total"], 2);
    assert_eq!(page("q=bin")["items"][0]["certinumber"], 2002);
}

#[test]
fn a_certificate_names_its_event_and_issue_date_and_its_lookup_shows_them() {
    let (app, admin) = spawn_app_with_admin();
    let created = app.create(
        &admin,
        "/api/admin/post_certificate",
        json!({"name": "Rina Paul", "certinumber": 2001, "event": "Spoken English, winter batch", "issuedOn": "2025-01-31"}),
    );
    assert_eq!(created["event"], "Spoken English, winter batch");
    assert_eq!(created["issuedOn"], "2025-01-31");
    assert_eq!(created["revokedOn"], json!(null));
    let found = app.get("/api/certificate/get_certificate/2001").send();
    assert_eq!(
        found.json(),
        json!({"name": "Rina Paul", "certinumber": 2001,
               "event": "Spoken English, winter batch", "issuedOn": "2025-01-31"})
    );
    let list = app
        .get("/api/admin/display_certificate")
        .bearer(&admin)
        .send()
        .json();
    assert_eq!(list[0]["event"], "Spoken English, winter batch");

    let create = |body: serde_json::Value| {
        app.post("/api/admin/post_certificate")
            .bearer(&admin)
            .json(&body)
            .send()
    };
    for (body, field) in [
        (
            json!({"name": "A", "certinumber": 5, "issuedOn": "2025-02-30"}),
            "issuedOn",
        ),
        (
            json!({"name": "A", "certinumber": 5, "issuedOn": "31/01/2025"}),
            "issuedOn",
        ),
        (
            json!({"name": "A", "certinumber": 5, "event": "x".repeat(201)}),
            "event",
        ),
        (
            json!({"name": "A", "certinumber": 5, "event": "two\nlines"}),
            "event",
        ),
    ] {
        let response = create(body.clone());
        assert_eq!(response.status, 400, "{body}");
        assert!(response.json()["errors"][field].is_string(), "{body}");
    }
    let bare = create(json!({"name": "A", "certinumber": 5, "event": "", "issuedOn": ""}));
    assert_eq!(bare.status, 201, "{}", bare.text());
    assert_eq!(bare.json()["issuedOn"], json!(null));
}

#[test]
fn a_revoked_certificate_is_found_as_revoked_and_an_unrevoked_one_is_valid_again() {
    let (app, admin) = spawn_app_with_admin();
    let created = app.create_certificate(&admin, "Rahul O'Neil", 3003);
    let path = format!("/api/admin/certificates/{}/revocation", id(&created));
    let revoke = |body: serde_json::Value| app.patch_json(&admin, &path, &body);
    let lookup = || app.get("/api/certificate/get_certificate/3003").send();

    let revoked = revoke(json!({"revoked": true, "revokedOn": "2025-03-01"}));
    assert_eq!(revoked.status, 200, "{}", revoked.text());
    let found = lookup();
    assert_eq!(found.status, 200);
    assert_eq!(
        found.json(),
        json!({"name": "Rahul O'Neil", "certinumber": 3003, "revokedOn": "2025-03-01"})
    );

    assert_eq!(revoke(json!({"revoked": false})).status, 200);
    assert_eq!(
        lookup().json(),
        json!({"name": "Rahul O'Neil", "certinumber": 3003})
    );

    // Without a date it is revoked from today.
    assert_eq!(revoke(json!({"revoked": true})).status, 200);
    let today = lookup().json()["revokedOn"].as_str().unwrap().to_owned();
    assert_eq!(today.len(), 10, "{today}");

    for bad in [
        json!({"revoked": true, "revokedOn": "soon"}),
        json!({}),
        json!({"revoked": "yes"}),
    ] {
        assert_eq!(revoke(bad.clone()).status, 400, "{bad}");
    }
    let missing = app.patch_json(
        &admin,
        "/api/admin/certificates/987654/revocation",
        &json!({"revoked": true}),
    );
    assert_eq!(missing.status, 404);
}

#[test]
fn an_issued_certificate_is_corrected_but_keeps_its_number() {
    let (app, admin) = spawn_app_with_admin();
    let created = app.create_certificate(&admin, "Rahul ONeil", 3101);
    let path = format!("/api/admin/certificates/{}", id(&created));
    let edit = |body: serde_json::Value| app.patch_json(&admin, &path, &body);
    let lookup = || {
        app.get("/api/certificate/get_certificate/3101")
            .send()
            .json()
    };

    let fixed = edit(
        json!({"name": "Rahul O'Neil", "event": "Science fair 2025", "issuedOn": "2025-02-01"}),
    );
    assert_eq!(fixed.status, 200, "{}", fixed.text());
    assert_eq!(fixed.json()["name"], "Rahul O'Neil");
    assert_eq!(fixed.json()["certinumber"], 3101);
    assert_eq!(
        lookup(),
        json!({"name": "Rahul O'Neil", "certinumber": 3101, "event": "Science fair 2025", "issuedOn": "2025-02-01"})
    );

    // Only what is sent changes; an empty date removes it; its own number may be sent back.
    let dated = edit(json!({"issuedOn": "", "certinumber": 3101, "_id": id(&created)}));
    assert_eq!(dated.status, 200, "{}", dated.text());
    assert_eq!(
        lookup(),
        json!({"name": "Rahul O'Neil", "certinumber": 3101, "event": "Science fair 2025"})
    );

    // The number is fixed once issued: a printed code carries it.
    let renumbered = edit(json!({"certinumber": 3102}));
    assert_eq!(renumbered.status, 400);
    assert!(
        renumbered.json()["errors"]["certinumber"]
            .as_str()
            .unwrap()
            .contains("cannot change once the certificate is issued"),
        "{}",
        renumbered.text()
    );
    assert_eq!(
        app.get("/api/certificate/get_certificate/3102")
            .send()
            .status,
        404
    );

    for bad in [
        json!({"name": ""}),
        json!({"name": "a\nb"}),
        json!({"issuedOn": "soon"}),
        json!({"event": "x".repeat(201)}),
        json!({"_id": 1_000_000}),
        json!({"revokedOn": "2025-01-01"}),
    ] {
        assert_eq!(edit(bad.clone()).status, 400, "{bad}");
    }
    let missing = app.patch_json(
        &admin,
        "/api/admin/certificates/987654",
        &json!({"name": "Nobody"}),
    );
    assert_eq!(missing.status, 404);
    // The words after /admin/certificates/ are calls of their own, not ids.
    assert_eq!(
        app.get("/api/admin/certificates/csv")
            .bearer(&admin)
            .send()
            .status,
        200
    );
}

#[test]
fn the_next_free_certificate_number_follows_the_highest() {
    let (app, admin) = spawn_app_with_admin();
    let next = || {
        let answer = app
            .get("/api/admin/certificates/next-number")
            .bearer(&admin)
            .send();
        assert_eq!(answer.status, 200, "{}", answer.text());
        answer.json()["certinumber"].as_i64().unwrap()
    };
    let first = next();
    app.create_certificate(&admin, "High Number", 90_001);
    assert_eq!(next(), 90_002.max(first));
    app.create_certificate(&admin, "Low Number", 5);
    assert_eq!(next(), 90_002.max(first));
    assert_eq!(
        app.get("/api/admin/certificates/next-number").send().status,
        401
    );
}

#[test]
fn a_certificates_qr_code_is_an_admin_only_svg_of_its_verify_link() {
    let (app, admin) = spawn_app_with_admin();
    let created = app.create_certificate(&admin, "Priya Das", 1001);
    let path = format!("/api/admin/certificates/{}/qr.svg", id(&created));

    let unset = app.get(&path).bearer(&admin).send();
    assert_eq!(
        unset.status,
        409,
        "no site address, no QR code: {}",
        unset.text()
    );
    assert!(unset.text().contains("site address"), "{}", unset.text());

    app.change(
        &admin,
        "/api/admin/mail",
        &json!({"siteAddress": "https://jyoti.example"}),
    );
    let svg = app.get(&path).bearer(&admin).send();
    assert_eq!(svg.status, 200, "{}", svg.text());
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    assert_eq!(svg.header("cache-control"), Some("no-store"));
    // The link the code holds, in text for the printed page.
    let number = created["certinumber"].as_i64().unwrap();
    assert_eq!(
        svg.header("x-verify-link"),
        Some(format!("https://jyoti.example/verify/{number}").as_str())
    );
    let text = svg.text();
    assert!(
        text.contains("<svg") && text.contains("crispEdges"),
        "{text}"
    );

    assert_eq!(app.get(&path).send().status, 401);
    let (_, visitor) = app.register("visitor@example.org");
    assert_eq!(app.get(&path).bearer(&visitor).send().status, 403);
    assert_eq!(
        app.get("/api/admin/certificates/987654/qr.svg")
            .bearer(&admin)
            .send()
            .status,
        404
    );
}

fn import(app: &TestApp, admin: &str, csv: &str, dry_run: bool) -> Response {
    app.post(&format!("/api/admin/certificates/import?dryRun={dry_run}"))
        .bearer(admin)
        .raw_body("text/csv", csv.as_bytes().to_vec())
        .send()
}

fn certificate_count(app: &TestApp, admin: &str) -> usize {
    len(&app
        .get("/api/admin/display_certificate")
        .bearer(admin)
        .send()
        .json())
}

#[test]
fn an_import_preview_writes_nothing_and_names_every_bad_row() {
    let (app, admin) = spawn_app_with_admin();
    app.create_certificate(&admin, "Already Here", 7);
    let csv = "\u{feff}Name;Number;Event;Date\r\n\"Das; Priya\";1;Spoken English;2025-01-31\r\nB;1;;\r\nC;abc;;\r\nD;7;;\r\nE;8;;2025-02-30\r\nF;9;".to_owned()
        + &"x".repeat(201)
        + ";\r\n;10;;\r\n";
    let preview = import(&app, &admin, &csv, true);
    assert_eq!(preview.status, 200, "{}", preview.text());
    let answer = preview.json();
    assert_eq!(answer["rows"], 7);
    assert_eq!(answer["imported"], 0);
    let errors: Vec<(i64, String)> = answer["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["line"].as_i64().unwrap(),
                e["column"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expected = [
        (3, "number"),
        (4, "number"),
        (5, "number"),
        (6, "date"),
        (7, "event"),
        (8, "name"),
    ];
    assert_eq!(
        errors,
        expected.map(|(l, c)| (l, c.to_owned())).to_vec(),
        "{answer}"
    );
    assert_eq!(answer["errors"][0]["message"], "is also on line 2");
    assert_eq!(answer["errors"][2]["message"], "is already issued");
    assert_eq!(
        certificate_count(&app, &admin),
        1,
        "a preview writes nothing"
    );

    let commit = import(&app, &admin, &csv, false);
    assert_eq!(commit.status, 400, "{}", commit.text());
    assert_eq!(commit.json()["imported"], 0);
    assert_eq!(
        certificate_count(&app, &admin),
        1,
        "one bad row: nothing imported"
    );
}

#[test]
fn a_good_file_is_imported_whole_and_reads_back_from_the_export() {
    let (app, admin) = spawn_app_with_admin();
    let mut csv = String::from("name,number,event,date\n");
    csv.push_str("\"O'Neil, Rahul\",500,\"Course \"\"A\"\"\",2025-01-31\n");
    csv.push_str("=HYPERLINK(\"x\"),501,-cmd,\n");
    for number in 502..600 {
        csv.push_str(&format!("Holder {number},{number},Batch,\n"));
    }
    let preview = import(&app, &admin, &csv, true).json();
    assert_eq!(
        (preview["rows"].clone(), preview["errors"].clone()),
        (json!(100), json!([]))
    );
    let commit = import(&app, &admin, &csv, false);
    assert_eq!(commit.status, 200, "{}", commit.text());
    assert_eq!(commit.json()["imported"], 100);
    assert_eq!(certificate_count(&app, &admin), 100);
    let found = app
        .get("/api/certificate/get_certificate/500")
        .send()
        .json();
    assert_eq!(found["event"], "Course \"A\"");
    assert_eq!(found["issuedOn"], "2025-01-31");

    let again = import(&app, &admin, "name,number\nAgain,500\n", false);
    assert_eq!(again.status, 400, "a number already issued is refused");
    assert_eq!(again.json()["errors"][0]["message"], "is already issued");

    let export = app.get("/api/admin/certificates/csv").bearer(&admin).send();
    assert_eq!(export.status, 200);
    assert!(export
        .header("content-type")
        .unwrap()
        .starts_with("text/csv"));
    assert!(export
        .header("content-disposition")
        .unwrap()
        .contains("jyoti-certificates-"));
    let text = export.text();
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(lines[0], "Name,Number,Event,Date,Revoked on");
    assert_eq!(
        lines[1],
        "\"O'Neil, Rahul\",500,\"Course \"\"A\"\"\",2025-01-31,"
    );
    assert_eq!(lines[2], "\"'=HYPERLINK(\"\"x\"\")\",501,'-cmd,,");
    assert_eq!(
        lines.len(),
        102,
        "a header, 100 rows and the last line's end"
    );
    assert_eq!(app.get("/api/admin/certificates/csv").send().status, 401);
}

#[test]
fn an_import_over_its_limits_or_unreadable_is_refused_whole() {
    let (app, admin) = spawn_app_with_admin();
    let mut many = String::from("name,number\n");
    for number in 1..=5_001 {
        many.push_str(&format!("H,{number}\n"));
    }
    let refused = import(&app, &admin, &many, true);
    assert_eq!(refused.status, 400, "{}", refused.text());
    assert!(
        refused.text().contains("at most 5000"),
        "{}",
        refused.text()
    );

    let big = format!("name,number\n{}", "H,1\n".repeat(300_000));
    assert_eq!(import(&app, &admin, &big, true).status, 413);
    for bad in ["", "name,event\nA,B\n", "name,number\n\"A,1\n"] {
        let response = import(&app, &admin, bad, true);
        assert_eq!(response.status, 400, "{bad:?}");
        assert!(response.json()["message"].is_string(), "{bad:?}");
    }
    let latin1 = app
        .post("/api/admin/certificates/import?dryRun=true")
        .bearer(&admin)
        .raw_body("text/csv", b"name,number\nJos\xe9,1\n".to_vec())
        .send();
    assert_eq!(latin1.status, 400);
    assert_eq!(certificate_count(&app, &admin), 0);
}

#[test]
fn parallel_imports_all_succeed_or_are_refused_for_their_content() {
    let (app, admin) = spawn_app_with_admin();
    let statuses: Vec<(usize, u16)> = std::thread::scope(|scope| {
        let sent: Vec<_> = (0..48)
            .map(|n| {
                let (app, admin) = (&app, &admin);
                // Every other file repeats the numbers of the one before it.
                let first = 10_000 + (n / 2) * 10;
                let csv = format!(
                    "name,number\nHolder A{n},{first}\nHolder B{n},{}\n",
                    first + 1
                );
                scope.spawn(move || (n, import(app, admin, &csv, false).status))
            })
            .collect();
        sent.into_iter().map(|s| s.join().unwrap()).collect()
    });
    let unavailable: Vec<_> = statuses.iter().filter(|(_, s)| *s >= 500).collect();
    assert!(unavailable.is_empty(), "{unavailable:?}");
    assert_eq!(
        certificate_count(&app, &admin),
        48,
        "each pair of files imported once"
    );
}

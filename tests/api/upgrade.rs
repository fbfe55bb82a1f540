//! Upgrading a database made by an earlier schema: rows kept, content seeded once, backup first.
//!
//! `tests/fixtures/schema-vN.db` were made by the program of schema version N itself, filled
//! through its own API (tests/fixtures/README.md: which commit, which rows). Each test upgrades
//! a copy; the committed files are only ever read.

use crate::helpers::{ids, len, open_and_execute, query, spawn_app_on, temp_db, token, TestApp};
use jyoti::db::{self, migrations};
use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags};
use serde_json::json;
use std::path::{Path, PathBuf};

/// Every schema version a fixture was made by.
const FIXTURES: [u32; 21] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
];

/// The accounts and texts `tests/fixtures/make-fixture.py` puts in every fixture.
const ADMIN: &str = "admin@jyoti.example";
const ADMIN_PASSWORD: &str = "lantern at the night school";
const VISITOR: &str = "ananya.roy@jyoti.example";
const PROMOTED: &str = "moumita@jyoti.example";
const DELETED: &str = "spam@jyoti.example";
const PASSWORD: &str = "evening class for everyone";
const MESSAGE: &str = "আলো for every child 🌟 — \"thank you\", it's wonderful!";
/// From version 4 on (when messages remember being read), the message an admin marked read.
const READ_FROM: u32 = 4;
const READ: &str = "Old Visitor";

/// The committed fixture made by schema version `from`.
fn fixture(from: u32) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/schema-v{from}.db"))
}

/// A committed fixture, opened so that nothing can write to it.
fn read_only(path: &Path) -> Connection {
    Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap()
}

/// A copy of the fixture of schema version `from`, opened by this program and served.
struct Upgraded {
    from: u32,
    path: PathBuf,
    /// What opening it said it did.
    notes: Vec<String>,
    app: TestApp,
}

fn upgrade(from: u32) -> Upgraded {
    let fixture = fixture(from);
    let made_by: u32 = query(&read_only(&fixture), "PRAGMA user_version");
    assert_eq!(
        made_by,
        from,
        "{} is a version {from} database",
        fixture.display()
    );
    let (dir, path) = temp_db();
    std::fs::copy(&fixture, &path).unwrap();
    let (pool, notes) = db::open_noting(&path).unwrap();
    let app = spawn_app_on(dir, pool);
    Upgraded {
        from,
        path,
        notes,
        app,
    }
}

impl Upgraded {
    fn conn(&self) -> impl std::ops::Deref<Target = Connection> {
        self.app.state.pool.get().unwrap()
    }

    /// Logs in over HTTP and returns the session token.
    fn login(&self, email: &str, password: &str) -> String {
        let response = self.app.login(email, password);
        let from = self.from;
        assert_eq!(response.status, 200, "v{from} {email}: {}", response.text());
        token(&response.json())
    }

    /// `GET path` as `token`, expecting 200.
    fn read(&self, token: &str, path: &str) -> serde_json::Value {
        let response = self.app.get(path).bearer(token).send();
        let from = self.from;
        assert_eq!(response.status, 200, "v{from} {path}: {}", response.text());
        response.json()
    }
}

/// Every table of `old` (but SQLite's own), each with its columns there.
fn tables(old: &Connection) -> Vec<(String, Vec<String>)> {
    let names: Vec<String> = old
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    names
        .into_iter()
        .map(|table| {
            let columns = old
                .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
                .unwrap()
                .query_map([], |row| row.get(0))
                .unwrap()
                .map(Result::unwrap)
                .collect();
            (table, columns)
        })
        .collect()
}

/// The rows of `table` as `columns`, in one order whatever the order on disk.
fn rows(conn: &Connection, table: &str, columns: &[String]) -> Vec<Vec<Value>> {
    let order: Vec<String> = (1..=columns.len()).map(|n| n.to_string()).collect();
    let sql = format!(
        "SELECT {} FROM {table} ORDER BY {}",
        columns.join(", "),
        order.join(", ")
    );
    let mut stmt = conn.prepare(&sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
    stmt.query_map([], |row| (0..columns.len()).map(|i| row.get(i)).collect())
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// How a column an older version had, and today's schema does not, reads now: version 10
/// turned the users' admin flag into their role.
fn as_read_now(table: &str, column: &str) -> String {
    match (table, column) {
        ("users", "is_admin") => "(role = 'admin')".to_owned(),
        _ => column.to_owned(),
    }
}

/// Every row of every table of `old` is in `new` with the same values; `new` may add columns
/// and tables, never lose a row or change a value. Returns how many rows were compared.
fn assert_every_row_kept(old: &Connection, new: &Connection, what: &str) -> usize {
    let mut compared = 0;
    for (table, columns) in tables(old) {
        let before = rows(old, &table, &columns);
        let kept = tables(new)
            .into_iter()
            .find(|(name, _)| *name == table)
            .map(|(_, kept)| kept)
            .unwrap_or_default();
        let now: Vec<String> = columns
            .iter()
            .map(|c| match kept.contains(c) {
                true => c.clone(),
                false => as_read_now(&table, c),
            })
            .collect();
        let after = rows(new, &table, &now);
        // What the new version makes at its first start (the web push key) is no row lost.
        let after: Vec<_> = after
            .into_iter()
            .filter(|row| !(table == "settings" && before.iter().all(|old| old[0] != row[0])))
            .collect();
        assert_eq!(after, before, "{what}: the rows of {table}");
        compared += before.len();
    }
    compared
}

/// Opening the fixture of `from` migrates it to the latest schema with every row it had, after
/// a copy of the file as it was is written beside it, and says where that copy is.
fn assert_kept_with_a_copy_beside(from: u32) {
    let upgraded = upgrade(from);
    let conn = upgraded.conn();
    assert_eq!(migrations::version(&conn).unwrap(), migrations::LATEST);
    let made = read_only(&fixture(from));
    let compared = assert_every_row_kept(&made, &conn, &format!("v{from} upgraded"));
    assert!(
        compared > 10,
        "v{from}: only {compared} rows in the fixture"
    );

    let folder = upgraded.path.parent().unwrap();
    let copies: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().contains(".before-v"))
        .collect();
    assert_eq!(copies.len(), 1, "one copy before migrating: {copies:?}");
    let copy = &copies[0];
    let name = copy.file_name().unwrap().to_string_lossy();
    assert!(
        name.starts_with(&format!("jyoti.db.before-v{}-", migrations::LATEST)),
        "{name}"
    );
    assert_eq!(upgraded.notes.len(), 1, "{:?}", upgraded.notes);
    assert!(
        upgraded.notes[0].contains(&copy.display().to_string()),
        "the log says where: {:?}",
        upgraded.notes
    );
    assert_eq!(
        db::backup::check(copy).unwrap(),
        from,
        "the copy is the old version"
    );
    assert_same_database(copy, &fixture(from));
}

/// `copy` holds what `original` holds, page for page. Only the 100-byte file header may differ:
/// SQLite's backup counts its write there, and the server's WAL mode marks it.
fn assert_same_database(copy: &Path, original: &Path) {
    let (copy_bytes, original_bytes) = (
        std::fs::read(copy).unwrap(),
        std::fs::read(original).unwrap(),
    );
    assert_eq!(copy_bytes.len(), original_bytes.len(), "{}", copy.display());
    assert!(
        copy_bytes[100..] == original_bytes[100..],
        "{} is the fixture page for page",
        copy.display()
    );
    let (copy, original) = (read_only(copy), read_only(original));
    assert_every_row_kept(&original, &copy, "the copy beside");
    assert_every_row_kept(&copy, &original, "the copy beside");
}

#[test]
fn a_database_made_by_schema_v1_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(1);
}

#[test]
fn a_database_made_by_schema_v2_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(2);
}

#[test]
fn a_database_made_by_schema_v3_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(3);
}

#[test]
fn a_database_made_by_schema_v4_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(4);
}

#[test]
fn a_database_made_by_schema_v5_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(5);
}

#[test]
fn a_database_made_by_schema_v6_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(6);
}

#[test]
fn a_database_made_by_schema_v7_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(7);
}

#[test]
fn a_database_made_by_schema_v8_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(8);
}

#[test]
fn a_database_made_by_schema_v9_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(9);
}

#[test]
fn a_database_made_by_schema_v10_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(10);
}

#[test]
fn a_database_made_by_schema_v11_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(11);
}

#[test]
fn a_database_made_by_schema_v12_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(12);
}

#[test]
fn a_database_made_by_schema_v13_opens_with_every_row_kept_and_a_copy_of_it_beside() {
    assert_kept_with_a_copy_beside(13);
}

#[test]
fn old_accounts_sign_in_with_their_old_passwords_and_keep_their_roles_after_every_upgrade() {
    for from in FIXTURES {
        let upgraded = upgrade(from);
        let app = &upgraded.app;
        let admin = upgraded.login(ADMIN, ADMIN_PASSWORD);
        let users = upgraded.read(&admin, "/api/admin/users");
        let mut accounts: Vec<(String, bool)> = users
            .as_array()
            .unwrap()
            .iter()
            .map(|u| {
                (
                    u["email"].as_str().unwrap().to_owned(),
                    u["isAdmin"] == true,
                )
            })
            .collect();
        accounts.sort();
        let expected = [(ADMIN, true), (VISITOR, false), (PROMOTED, true)];
        let mut expected: Vec<(String, bool)> =
            expected.iter().map(|(e, a)| (e.to_string(), *a)).collect();
        expected.sort();
        assert_eq!(accounts, expected, "v{from}: the accounts and who is admin");

        let promoted = upgraded.login(PROMOTED, PASSWORD);
        let me = &upgraded.read(&promoted, "/api/auth/user")["userData"];
        assert_eq!(me["firstname"], "মৌমিতা", "v{from}");
        assert_eq!(me["lastname"], "D'Souza", "v{from}");
        assert_eq!(me["isAdmin"], true, "v{from}");
        // The same list, but for the sign-in just made.
        let without_sign_ins = |mut users: serde_json::Value| {
            for user in users.as_array_mut().unwrap() {
                user.as_object_mut().unwrap().remove("lastSignInAt");
            }
            users
        };
        assert_eq!(
            without_sign_ins(upgraded.read(&promoted, "/api/admin/users")),
            without_sign_ins(users.clone())
        );
        assert_eq!(
            me["role"], "admin",
            "v{from}: an admin is in the admin role"
        );

        let visitor = upgraded.login(VISITOR, PASSWORD);
        let me = &upgraded.read(&visitor, "/api/auth/user")["userData"];
        assert_eq!(
            (&me["firstname"], &me["department"], &me["year"]),
            (&json!("Ananya"), &json!("CSE"), &json!("3")),
            "v{from}"
        );
        let refused = app.get("/api/admin/users").bearer(&visitor).send();
        assert_eq!(refused.status, 403, "v{from}: a visitor is still no admin");
        assert_eq!(app.login(VISITOR, "not the password").status, 401);
        assert_eq!(app.login(DELETED, PASSWORD).status, 401, "v{from}");
    }
}

#[test]
fn notices_certificates_and_messages_read_the_same_after_every_upgrade() {
    for from in FIXTURES {
        let upgraded = upgrade(from);
        let app = &upgraded.app;
        let notices = app.get("/api/admin/servicelist").send().json();
        assert_eq!(
            notices,
            json!([
                {"_id": 2, "url": null, "date": "2024-12-14",
                 "title": "আলো: prize day on Saturday — bring your parents' signature"},
                {"_id": 1, "url": "https://example.org/admission", "date": "2024-11-02",
                 "title": "Admission open for the winter batch"},
            ]),
            "v{from}: newest first, the one without a link still without"
        );
        for (number, name) in [
            (1001, "Priya Das"),
            (1002, "সুমন বর্মন"),
            (1003, "Rahul O'Neil"),
        ] {
            let found = app
                .get(&format!("/api/certificate/get_certificate/{number}"))
                .send();
            assert_eq!(found.status, 200, "v{from} certificate {number}");
            assert_eq!(
                found.json(),
                json!({"name": name, "certinumber": number}),
                "v{from} certificate {number}: valid, with no event, date or revocation"
            );
        }
        let admin = upgraded.login(ADMIN, ADMIN_PASSWORD);
        let messages = upgraded.read(&admin, "/api/admin/contacts");
        assert_eq!(len(&messages), 2, "v{from}");
        let sent = messages
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == "Sharmistha Ghosh")
            .unwrap_or_else(|| panic!("v{from}: Sharmistha's message in {messages}"));
        assert_eq!(sent["message"], MESSAGE, "v{from}");
        assert_eq!(sent["telephone"], "+91 98300 12345", "v{from}");
        assert_eq!(sent["subject"], "5star", "v{from}");
        assert_eq!(
            sent["read"], false,
            "v{from}: a message nobody marked is unread"
        );
        let other = messages
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == READ)
            .unwrap_or_else(|| panic!("v{from}: {READ}'s message in {messages}"));
        assert_eq!(other["message"], "Can I volunteer on Sundays?", "v{from}");
        assert_eq!(
            other["read"],
            from >= READ_FROM,
            "v{from}: read only if an admin marked it so before the upgrade"
        );
    }
}

#[test]
fn a_message_marked_read_before_an_upgrade_stays_read_since_the_same_moment() {
    for from in FIXTURES.into_iter().filter(|&from| from >= READ_FROM) {
        let made = read_only(&fixture(from));
        let read_at = |conn: &Connection, name: &str| -> Option<String> {
            conn.query_row(
                "SELECT read_at FROM contacts WHERE name = ?1",
                [name],
                |row| row.get(0),
            )
            .unwrap()
        };
        let first_read = read_at(&made, READ).expect("the fixture holds a message marked read");
        assert_eq!(read_at(&made, "Sharmistha Ghosh"), None, "v{from}");

        let upgraded = upgrade(from);
        let admin = upgraded.login(ADMIN, ADMIN_PASSWORD);
        let page = upgraded.read(&admin, "/api/admin/contacts?page=1");
        let read: Vec<(&str, bool)> = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["name"].as_str().unwrap(), m["read"] == true))
            .collect();
        assert_eq!(
            read,
            [(READ, true), ("Sharmistha Ghosh", false)],
            "v{from}: newest first, the read one still read"
        );
        let id = page["items"][0]["_id"].as_i64().unwrap();
        // Marking it read again keeps the moment it was first read.
        let again = upgraded.app.patch_json(
            &admin,
            &format!("/api/admin/contacts/{id}"),
            &json!({"read": true}),
        );
        assert_eq!(again.status, 200, "v{from}: {}", again.text());
        assert_eq!(again.json()["read"], true, "v{from}");
        assert_eq!(
            read_at(&upgraded.conn(), READ),
            Some(first_read),
            "v{from}: read since before the upgrade"
        );
    }
}

#[test]
fn an_old_message_is_found_by_the_full_text_search_after_every_upgrade() {
    for from in FIXTURES {
        let upgraded = upgrade(from);
        let admin = upgraded.login(ADMIN, ADMIN_PASSWORD);
        // `আলো`, percent-encoded, and a word's beginning in English.
        for (search, name) in [
            ("%E0%A6%86%E0%A6%B2%E0%A7%8B", "Sharmistha Ghosh"),
            ("volunt", "Old Visitor"),
        ] {
            let found = upgraded.read(&admin, &format!("/api/admin/contacts?q={search}"));
            assert_eq!(found["total"], 1, "v{from} {search}: {found}");
            assert_eq!(found["items"][0]["name"], name, "v{from} {search}");
        }
    }
}

#[test]
fn site_content_edited_before_an_upgrade_stays_as_edited() {
    for from in FIXTURES.into_iter().filter(|&from| from >= 2) {
        let upgraded = upgrade(from);
        let app = &upgraded.app;
        let content = app.content();
        assert_eq!(
            content["settings"]["heroTitle"], "Jyoti — আলো for every child",
            "v{from}"
        );
        let members: Vec<&serde_json::Value> = content["teams"]
            .as_object()
            .unwrap()
            .values()
            .flat_map(|team| team["members"].as_array().unwrap())
            .collect();
        let edited: Vec<_> = members
            .iter()
            .filter(|m| m["name"] == "Tanmoy Edited")
            .collect();
        assert_eq!(edited.len(), 1, "v{from}: the renamed member");
        let photo = &edited[0]["photo"];
        let src = photo["src"].as_str().unwrap();
        assert!(
            src.starts_with("/media/"),
            "v{from}: the uploaded photo, {photo}"
        );
        let served = app.get(src).send();
        assert_eq!(served.status, 200, "v{from} {src}");
        assert_eq!(served.header("content-type"), Some("image/webp"));

        let made = read_only(&fixture(from));
        let works = |conn: &Connection| -> Vec<i64> {
            let mut stmt = conn
                .prepare("SELECT id FROM cards WHERE section = 'works' ORDER BY sort_order, id")
                .unwrap();
            stmt.query_map([], |row| row.get(0))
                .unwrap()
                .map(Result::unwrap)
                .collect()
        };
        assert_eq!(
            ids(&content["works"]),
            works(&made),
            "v{from}: the deleted card stays deleted, no card seeded again"
        );
        let count = |conn: &Connection| -> i64 { query(conn, "SELECT count(*) FROM members") };
        assert_eq!(
            count(&upgraded.conn()),
            count(&made),
            "v{from}: no member seeded again"
        );
    }
}

#[test]
fn a_v1_database_gets_the_default_content_once_when_upgraded() {
    let upgraded = upgrade(1);
    let members: i64 = query(&upgraded.conn(), "SELECT count(*) FROM members");
    assert_eq!(members, 47, "default content seeded by the new step");
    let (pool, notes) = db::open_noting(&upgraded.path).unwrap();
    assert!(notes.is_empty(), "no second migration: {notes:?}");
    let members: i64 = query(&pool.get().unwrap(), "SELECT count(*) FROM members");
    assert_eq!(members, 47, "seeded once");
}

#[test]
fn no_new_account_gets_the_id_of_one_deleted_before_an_upgrade() {
    // From v3 on, a fixture's newest account, leaving@jyoti.example, was deleted before the
    // upgrade.
    let leaving = 5;
    for from in FIXTURES.into_iter().filter(|&from| from >= 3) {
        let made = read_only(&fixture(from));
        let left: i64 = query(&made, "SELECT count(*) FROM users WHERE id >= 5");
        assert_eq!(left, 0, "v{from}: the highest id ever used is no account's");
        let upgraded = upgrade(from);
        let (id, _) = upgraded.app.register("newcomer@jyoti.example");
        assert!(id > leaving, "v{from}: the new account got id {id}");
    }
}

#[test]
fn the_default_content_is_seeded_once_and_never_over_edits() {
    let (_dir, path) = temp_db();
    open_and_execute(
        &path,
        "UPDATE members SET name = 'Edited by the club' WHERE id = 1;
         DELETE FROM cards WHERE section = 'works';",
    );
    let (pool, notes) = db::open_noting(&path).unwrap();
    assert!(notes.is_empty(), "no migration, no backup: {notes:?}");
    let conn = pool.get().unwrap();
    let name: String = query(&conn, "SELECT name FROM members WHERE id = 1");
    assert_eq!(name, "Edited by the club");
    let works: i64 = query(&conn, "SELECT count(*) FROM cards WHERE section = 'works'");
    assert_eq!(works, 0);
    let rosters: i64 = query(&conn, "SELECT count(*) FROM rosters");
    assert_eq!(rosters, 3);
}

#[test]
fn a_fresh_database_and_every_upgraded_one_have_the_same_schema() {
    let schema = |path: &Path| -> Vec<String> {
        let pool = db::open(path).unwrap();
        let conn = pool.get().unwrap();
        let mut stmt = conn
            .prepare("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name")
            .unwrap();
        stmt.query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    let (_dir, fresh) = temp_db();
    let fresh = schema(&fresh);
    for from in FIXTURES {
        let (_dir, path) = temp_db();
        std::fs::copy(fixture(from), &path).unwrap();
        assert_eq!(schema(&path), fresh, "upgraded from v{from}");
    }
}

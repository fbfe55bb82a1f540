//! The account commands: create-admin, reset-password, rotate-secret, and their entries in the activity log.

use super::*;

#[test]
fn create_admin_creates_an_admin_and_takes_over_an_existing_account_with_the_typed_password() {
    let dir = temp_dir();
    let db = file(&dir, "a.db");
    let created = account(
        "create-admin",
        "Chief@Example.org",
        &db,
        "a strong password\n",
    );
    assert_ok(&created);

    let server = serve(&db, &[]);
    let login = server.login("chief@example.org", "a strong password");
    assert_eq!(login.status, 200, "{}", login.text());
    let token = login.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(server.user_list_status(&token), 200);

    let register = server
        .request("POST", "/api/auth/register")
        .json(&json!({"firstname": "M", "email": "member@example.org", "password": "member password"}))
        .send();
    let member_token = register.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(server.user_list_status(&member_token), 403);
    let promoted = account(
        "create-admin",
        "member@example.org",
        &db,
        "the typed admin password\n",
    );
    assert_ok(&promoted);
    assert!(
        String::from_utf8_lossy(&promoted.stdout).contains("sessions are signed out"),
        "it says what it did to the existing account"
    );
    // Whoever registered the email first loses their sessions and their password.
    assert_eq!(server.user_list_status(&member_token), 401);
    assert_eq!(
        server.login("member@example.org", "member password").status,
        401
    );
    let login = server.login("member@example.org", "the typed admin password");
    assert_eq!(login.status, 200);
    let admin_token = login.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(server.user_list_status(&admin_token), 200);
}

#[test]
fn create_admin_refuses_a_short_password_and_a_bad_email() {
    let dir = temp_dir();
    let db = file(&dir, "b.db");
    let short = account("create-admin", "x@example.org", &db, "short\n");
    assert_refused(&short, "password");
    let bad_email = account(
        "create-admin",
        "not-an-email",
        &db,
        "long enough password\n",
    );
    assert_refused(&bad_email, "email");
}

#[test]
fn create_admin_refuses_a_database_that_is_not_there_unless_asked_and_names_the_file() {
    let dir = temp_dir();
    let mistyped = file(&dir, "jyoit.db");
    let refused = run(
        &[
            "create-admin",
            "--email",
            "a@example.org",
            "--db",
            &mistyped,
        ],
        "a long password\n",
    );
    assert_refused(&refused, "there is no database at");
    assert!(
        stderr(&refused).contains("--create"),
        "{}",
        stderr(&refused)
    );
    assert!(!Path::new(&mistyped).exists(), "nothing was made");
    let reset = run(
        &[
            "reset-password",
            "--email",
            "a@example.org",
            "--db",
            &mistyped,
        ],
        "a long password\n",
    );
    assert_refused(&reset, "there is no database at");
    assert_refused(
        &jyoti(&["rotate-secret", "--db", &mistyped]),
        "there is no database at",
    );
    assert!(!Path::new(&mistyped).exists(), "nothing was made");

    let created = account(
        "create-admin",
        "a@example.org",
        &mistyped,
        "a long password\n",
    );
    assert_ok(&created);
    let said = String::from_utf8_lossy(&created.stdout).into_owned();
    assert!(
        said.contains(&format!("created admin a@example.org in {mistyped}")),
        "{said}"
    );
}

#[test]
fn create_admin_at_a_terminal_asks_twice_and_never_shows_the_password() {
    let dir = temp_dir();
    let db = file(&dir, "tty.db");
    let args = [
        "create-admin",
        "--email",
        "tty@example.org",
        "--db",
        &db,
        "--create",
    ];
    let prompts = ["Password", "again"];

    let (screen, ok) = at_terminal(&args, &prompts, &["first typing", "second typing"]);
    assert!(!ok, "{screen}");
    assert!(screen.contains("the two passwords differ"), "{screen}");

    let (screen, ok) = at_terminal(&args, &prompts, &["typed at a terminal"; 2]);
    assert!(ok, "{screen}");
    assert!(!screen.contains("typed at a terminal"), "echoed: {screen}");
    assert!(!screen.contains("typing"), "echoed: {screen}");
    let server = serve(&db, &[]);
    assert_eq!(
        server
            .login("tty@example.org", "typed at a terminal")
            .status,
        200
    );
}

#[test]
fn reset_password_sets_a_new_password_and_signs_sessions_out() {
    let dir = temp_dir();
    let db = file(&dir, "r.db");
    let boss = "boss@example.org";
    assert_ok(&account("create-admin", boss, &db, "first secret pass\n"));
    let server = serve(&db, &[]);
    let old_token = server.login(boss, "first secret pass").json()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_ok(&account(
        "reset-password",
        boss,
        &db,
        "second secret pass\n",
    ));
    let me = server.request("GET", "/api/auth/user").bearer(&old_token);
    assert_eq!(me.send().status, 401);
    assert_eq!(server.login(boss, "first secret pass").status, 401);
    assert_eq!(server.login(boss, "second secret pass").status, 200);

    let ghost = account(
        "reset-password",
        "ghost@example.org",
        &db,
        "whatever pass 1\n",
    );
    assert!(!ghost.status.success(), "{}", stderr(&ghost));
    let common = account("reset-password", boss, &db, "password123\n");
    assert_refused(&common, "common");
}

#[test]
fn rotate_secret_signs_everyone_out_and_waits_for_the_server_to_stop() {
    let dir = temp_dir();
    let db = file(&dir, "r.db");
    let token = {
        let server = serve(&db, &[]);
        let register = server
            .request("POST", "/api/auth/register")
            .json(
                &json!({"firstname": "R", "email": "r@example.org", "password": "member password"}),
            )
            .send();
        let token = register.json()["token"].as_str().unwrap().to_owned();
        assert_refused(&jyoti(&["rotate-secret", "--db", &db]), "stop it first");
        token
    };
    let rotated = jyoti(&["rotate-secret", "--db", &db]);
    assert_ok(&rotated);
    assert!(String::from_utf8_lossy(&rotated.stdout).contains("signed out"));
    let server = serve(&db, &[]);
    let me = server
        .request("GET", "/api/auth/user")
        .bearer(&token)
        .send();
    assert_eq!(me.status, 401, "the old token no longer works");
    assert_eq!(server.login("r@example.org", "member password").status, 200);
}

/// The activity log's entries made by the server's commands, oldest first: `(actor, action)`.
fn command_entries(db: &str) -> Vec<(String, String)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT actor, action FROM audit_log WHERE actor_id IS NULL ORDER BY id")
        .unwrap();
    stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn the_server_commands_are_recorded_in_the_activity_log() {
    let dir = temp_dir();
    let (db, saved) = (file(&dir, "site.db"), file(&dir, "backup.db"));
    assert_ok(&account(
        "create-admin",
        "chief@example.org",
        &db,
        "a strong password\n",
    ));
    assert_ok(&account(
        "reset-password",
        "chief@example.org",
        &db,
        "another strong one\n",
    ));
    assert_ok(&jyoti(&["rotate-secret", "--db", &db]));
    assert_ok(&backup(&db, &saved));
    assert_ok(&restore(&saved, &db));
    let actions: Vec<String> = command_entries(&db)
        .into_iter()
        .map(|(actor, action)| {
            assert_eq!(actor, "server command");
            action
        })
        .collect();
    assert_eq!(
        actions,
        [
            "admin created (create-admin)",
            "password reset (reset-password)",
            "session secret rotated (rotate-secret)",
            "database restored (restore)",
        ]
    );
    // A password is never in the log, only that it changed.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let leaked: i64 = conn
        .query_row(
            "SELECT count(*) FROM audit_log WHERE changes LIKE '%strong%'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(leaked, 0);
}

/// The stored password hash of `email`.
fn stored_hash(db: &str, email: &str) -> String {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(
        "SELECT password_hash FROM users WHERE email = ?1",
        [email],
        |r| r.get(0),
    )
    .unwrap()
}

/// A reset link stored for `email` as "Forgot password?" would store it; its secret.
fn open_reset_link(db: &str, email: &str, secret: &str) {
    let hash = jyoti::domain::ResetToken::parse(secret).unwrap().hash();
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute(
        "INSERT INTO password_resets (token_hash, user_id, expires_at)
         SELECT ?1, id, unixepoch() + 3600 FROM users WHERE email = ?2",
        rusqlite::params![hash, email],
    )
    .unwrap();
}

#[test]
fn a_password_set_by_a_command_ends_open_reset_links_and_is_hashed_at_the_configured_cost() {
    let dir = temp_dir();
    let db = file(&dir, "links.db");
    let boss = "boss@example.org";
    assert_ok(&account("create-admin", boss, &db, "first secret pass\n"));
    assert!(
        stored_hash(&db, boss).starts_with("$2b$10$"),
        "JYOTI_BCRYPT_COST=10"
    );
    let server = serve(&db, &[]);
    let register = server
        .request("POST", "/api/auth/register")
        .json(&json!({"firstname": "M", "email": "member@example.org", "password": "member password"}))
        .send();
    assert_eq!(register.status, 201, "{}", register.text());
    let (boss_link, member_link) = ("ab".repeat(32), "cd".repeat(32));
    open_reset_link(&db, boss, &boss_link);
    open_reset_link(&db, "member@example.org", &member_link);
    let use_link = |secret: &str| {
        server
            .request("POST", "/api/auth/reset-password")
            .json(&json!({"token": secret, "password": "the attacker's choice"}))
            .send()
            .status
    };

    // reset-password, at another cost than the server's.
    let reset = Command::new(BIN)
        .args(["reset-password", "--email", boss, "--db", &db])
        .env("JYOTI_BCRYPT_COST", "11")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    reset
        .stdin
        .as_ref()
        .unwrap()
        .write_all(b"second secret pass\n")
        .unwrap();
    assert_ok(&reset.wait_with_output().unwrap());
    assert!(stored_hash(&db, boss).starts_with("$2b$11$"));
    assert_eq!(
        use_link(&boss_link),
        400,
        "the link asked for before the command"
    );

    // create-admin taking over an account that registered itself.
    assert_ok(&account(
        "create-admin",
        "member@example.org",
        &db,
        "the typed admin password\n",
    ));
    assert_eq!(
        use_link(&member_link),
        400,
        "the link asked for before the command"
    );
    assert_eq!(server.login(boss, "second secret pass").status, 200);
    assert_eq!(
        server
            .login("member@example.org", "the typed admin password")
            .status,
        200
    );
}

#[test]
fn second_factor_remove_lets_the_last_admin_in_with_the_password_alone_and_is_logged() {
    let dir = temp_dir();
    let db = file(&dir, "f.db");
    let boss = "boss@example.org";
    assert_ok(&account("create-admin", boss, &db, "first secret pass\n"));
    {
        // The admin's app, as the server stores it once confirmed.
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute(
            "INSERT INTO totp_secrets (user_id, secret, confirmed, created_at)
             SELECT id, x'3132333435', 1, 0 FROM users WHERE email = ?1",
            [boss],
        )
        .unwrap();
    }
    let server = serve(&db, &[]);
    let login = server.login(boss, "first secret pass").json();
    assert!(login["secondFactor"]["ticket"].is_string(), "{login}");

    let removed = jyoti(&["second-factor", "remove", "--email", boss, "--db", &db]);
    assert_ok(&removed);
    assert!(String::from_utf8_lossy(&removed.stdout).contains("removed"));
    let login = server.login(boss, "first secret pass").json();
    assert!(
        login["token"].is_string(),
        "the password alone now: {login}"
    );
    let again = jyoti(&["second-factor", "remove", "--email", boss, "--db", &db]);
    assert_ok(&again);
    assert!(String::from_utf8_lossy(&again.stdout).contains("nothing to remove"));
    assert_refused(
        &jyoti(&[
            "second-factor",
            "remove",
            "--email",
            "ghost@example.org",
            "--db",
            &db,
        ]),
        "no account",
    );
    let entries = command_entries(&db);
    assert!(
        entries
            .iter()
            .any(|(actor, action)| actor.contains("server command")
                && action == "second factor removed (second-factor remove)"),
        "{entries:?}"
    );
    let conn = rusqlite::Connection::open(&db).unwrap();
    let alert: String = conn
        .query_row(
            "SELECT subject FROM alerts ORDER BY id DESC LIMIT 1",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert!(alert.contains("second factor"), "{alert}");
}

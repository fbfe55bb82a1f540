//! `/api/auth`: registration, login, the current user, password changes and sessions.

use crate::helpers::{spawn_app, test_config, token, PASSWORD};
use serde_json::json;

#[test]
fn registering_answers_201_with_a_token_that_reads_the_user_back() {
    let app = spawn_app();
    let response = app.register_with(json!({
        "firstname": "Asha", "lastname": "Roy", "department": "ECE", "year": "3rd",
        "email": "Asha@Example.org", "password": "a good long password"
    }));
    assert_eq!(response.status, 201, "{}", response.text());
    let body = response.json();
    assert!(body["userId"].as_i64().is_some());
    let token = token(&body);
    assert_eq!(token.split('.').count(), 3, "a JWT");
    let me = app.me(&token);
    assert_eq!(me.status, 200);
    let user = &me.json()["userData"];
    assert_eq!(user["firstname"], "Asha");
    assert_eq!(user["email"], "asha@example.org");
    assert_eq!(user["isAdmin"], false);
    assert!(user["_id"].as_i64().is_some());
    assert!(user.get("password").is_none() && user.get("password_hash").is_none());
    assert!(!me.text().contains("$2"), "no bcrypt hash in {}", me.text());
}

#[test]
fn a_year_sent_as_a_number_is_kept_as_text() {
    let app = spawn_app();
    let response = app.register_with(
        json!({"firstname": "N", "email": "n@example.org", "password": "long enough 1", "year": 2}),
    );
    assert_eq!(response.status, 201, "{}", response.text());
}

#[test]
fn emails_are_unique_regardless_of_case() {
    let app = spawn_app();
    app.register("same@example.org");
    let response = app.register_with(
        json!({"firstname": "B", "email": "SAME@example.ORG", "password": PASSWORD}),
    );
    assert_eq!(response.status, 409);
    assert_eq!(response.json()["message"], "User Already Exists!");
}

#[test]
fn registration_refuses_a_common_password_with_a_clear_message() {
    let app = spawn_app();
    let response = app.register_with(
        json!({"firstname": "C", "email": "c@example.org", "password": "Password123"}),
    );
    assert_eq!(response.status, 400);
    let reason = response.json()["errors"]["password"].clone();
    assert!(reason.as_str().unwrap().contains("common"), "{reason}");
}

#[test]
fn registration_refuses_is_admin_and_unknown_fields() {
    let app = spawn_app();
    let response = app.register_with(
        json!({"firstname": "E", "email": "e@example.org", "password": PASSWORD, "isAdmin": true}),
    );
    assert_eq!(response.status, 400);
    let login = app.login("e@example.org", PASSWORD);
    assert_eq!(login.status, 401, "no account was made");
}

#[test]
fn login_gives_a_token_and_is_case_insensitive_on_email() {
    let app = spawn_app();
    app.register("login@example.org");
    let response = app.login("LOGIN@example.org", PASSWORD);
    assert_eq!(response.status, 200, "{}", response.text());
    let body = response.json();
    let me = app.me(&token(&body));
    assert_eq!(me.json()["userData"]["_id"], body["userId"]);
}

#[test]
fn unknown_email_and_wrong_password_get_the_same_401() {
    let app = spawn_app();
    app.register("known@example.org");
    let wrong = app.login("known@example.org", "not the password");
    let unknown = app.login("nobody@example.org", PASSWORD);
    assert_eq!(wrong.status, 401);
    assert_eq!(unknown.status, 401);
    assert_eq!(wrong.body, unknown.body);
}

#[test]
fn the_current_user_needs_a_valid_token() {
    let app = spawn_app();
    let basic = app
        .get("/api/auth/user")
        .header("Authorization", "Basic abc");
    assert_eq!(basic.send().status, 401);
    let (_, token) = app.register("tamper@example.org");
    let mut parts: Vec<String> = token.split('.').map(String::from).collect();
    parts[2] = parts[2].chars().rev().collect();
    assert_eq!(app.me(&parts.join(".")).status, 401);
}

#[test]
fn tokens_carry_sub_iat_exp_of_seven_days_and_ver() {
    let app = spawn_app();
    let (id, token) = app.register("claims@example.org");
    let payload = token.split('.').nth(1).unwrap();
    let claims: serde_json::Value = serde_json::from_slice(&base64url(payload)).unwrap();
    assert_eq!(claims["sub"], id.to_string());
    let (iat, exp) = (
        claims["iat"].as_u64().unwrap(),
        claims["exp"].as_u64().unwrap(),
    );
    assert_eq!(exp - iat, 7 * 24 * 3600);
    assert_eq!(claims["ver"], 0);
}

#[test]
fn a_raised_token_version_signs_old_sessions_out() {
    let app = spawn_app();
    let (id, token) = app.register("version@example.org");
    let conn = app.state.pool.get().unwrap();
    conn.execute(
        "UPDATE users SET token_version = token_version + 1 WHERE id = ?1",
        [id],
    )
    .unwrap();
    assert_eq!(app.me(&token).status, 401);
}

#[test]
fn the_jwt_secret_is_kept_in_the_database_so_tokens_survive_a_restart() {
    let app = spawn_app();
    let (_, token) = app.register("restart@example.org");
    let pool = jyoti::db::open(&app.dir.path().join("jyoti.db")).unwrap();
    let restarted = jyoti::startup::state(pool, test_config()).unwrap();
    assert!(restarted.jwt.verify(&token).is_some());
}

#[test]
fn changing_the_password_needs_the_current_one_and_signs_other_sessions_out() {
    let app = spawn_app();
    let (_, first_session) = app.register("me@example.org");
    let second_session = token(&app.login("me@example.org", PASSWORD).json());
    let change = |current: &str, new: &str| {
        app.post("/api/auth/password")
            .bearer(&first_session)
            .json(&json!({"currentPassword": current, "newPassword": new}))
            .send()
    };

    let wrong = change("not it at all", "a brand new secret");
    assert_eq!(wrong.status, 400);
    assert!(wrong.json()["errors"]["currentPassword"].is_string());

    let common = change(PASSWORD, "password123");
    assert_eq!(common.status, 400);
    let reason = common.json()["errors"]["newPassword"].clone();
    assert!(reason.as_str().unwrap().contains("common"), "{reason}");

    let changed = change(PASSWORD, "a brand new secret");
    assert_eq!(changed.status, 200, "{}", changed.text());
    assert_eq!(app.me(&token(&changed.json())).status, 200);
    assert_eq!(app.me(&first_session).status, 401);
    assert_eq!(app.me(&second_session).status, 401);
    assert_eq!(app.login("me@example.org", PASSWORD).status, 401);
    assert_eq!(
        app.login("me@example.org", "a brand new secret").status,
        200
    );
}

fn base64url(input: &str) -> Vec<u8> {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for c in input.bytes() {
        let value = alphabet.iter().position(|&a| a == c).expect("base64url") as u32;
        bits = (bits << 6) | value;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    out
}

#[test]
fn a_deleted_accounts_token_never_speaks_for_a_later_account() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    let (old_id, old_token) = app.register("gone@example.org");
    let deleted = app
        .delete(&format!("/api/admin/users/delete/{old_id}"))
        .bearer(&admin)
        .send();
    assert_eq!(deleted.status, 200);
    let (new_id, new_token) = app.register("next@example.org");
    assert!(
        new_id > old_id,
        "ids are never given out again: {old_id} then {new_id}"
    );
    assert_eq!(app.me(&old_token).status, 401);
    assert_eq!(app.me(&new_token).status, 200);
}

#[test]
fn logging_out_ends_the_session_on_the_server() {
    let app = spawn_app();
    let (_, token) = app.register("leaving@example.org");
    let copy = token.clone();
    let response = app.post("/api/auth/logout").bearer(&token).send();
    assert_eq!(response.status, 200, "{}", response.text());
    assert_eq!(response.json()["msg"], "Logged out");
    assert_eq!(
        app.me(&copy).status,
        401,
        "a kept copy of the token stops working"
    );
    assert_eq!(app.login("leaving@example.org", PASSWORD).status, 200);
}

#[test]
fn a_password_is_never_matched_on_its_first_72_bytes_only() {
    let app = spawn_app();
    let exact = "a".repeat(36) + &"b".repeat(36);
    let response = app
        .register_with(json!({"firstname": "L", "email": "long@example.org", "password": exact}));
    assert_eq!(response.status, 201, "{}", response.text());
    assert_eq!(app.login("long@example.org", &exact).status, 200);
    assert_eq!(
        app.login("long@example.org", &format!("{exact}-and-more"))
            .status,
        401
    );
    let refused = app.register_with(
        json!({"firstname": "L", "email": "longer@example.org", "password": exact.clone() + "c"}),
    );
    assert_eq!(refused.status, 400);
    assert!(refused.json()["errors"]["password"].is_string());
}

/// A reset link stored for `user` as "Forgot password?" would store it; its secret.
fn open_reset_link(app: &crate::helpers::TestApp, user: i64) -> String {
    let secret = "cd".repeat(32);
    let hash = jyoti::domain::ResetToken::parse(&secret).unwrap().hash();
    let conn = app.state.pool.get().unwrap();
    conn.execute(
        "INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?1, ?2, unixepoch() + 3600)",
        rusqlite::params![hash, user],
    )
    .unwrap();
    secret
}

fn use_reset_link(app: &crate::helpers::TestApp, secret: &str) -> u16 {
    app.post("/api/auth/reset-password")
        .json(&json!({"token": secret, "password": "the attacker's choice"}))
        .send()
        .status
}

#[test]
fn a_password_change_ends_every_open_reset_link_of_the_account() {
    let app = spawn_app();
    let (id, session) = app.register("me@example.org");
    let link = open_reset_link(&app, id);
    let changed = app
        .post("/api/auth/password")
        .bearer(&session)
        .json(&json!({"currentPassword": PASSWORD, "newPassword": "a brand new secret"}))
        .send();
    assert_eq!(changed.status, 200, "{}", changed.text());
    assert_eq!(use_reset_link(&app, &link), 400);
    assert_eq!(
        app.login("me@example.org", "a brand new secret").status,
        200
    );
}

#[test]
fn an_admins_change_of_the_email_ends_every_open_reset_link_of_the_account() {
    let (app, admin) = crate::helpers::spawn_app_with_admin();
    let (id, _) = app.register("old@example.org");
    let link = open_reset_link(&app, id);
    app.change(
        &admin,
        &format!("/api/admin/users/update/{id}"),
        &json!({"email": "new@example.org"}),
    );
    assert_eq!(use_reset_link(&app, &link), 400);
    assert_eq!(app.login("new@example.org", PASSWORD).status, 200);
}

#[test]
fn an_email_that_could_add_fields_to_a_mailto_link_or_not_be_mailed_is_refused() {
    let app = spawn_app();
    for email in [
        "x?bcc=spy%40attacker.example&body=@example.org",
        "a&b@example.org",
        "\"a b\"@example.org",
    ] {
        let response =
            app.register_with(json!({"firstname": "A", "email": email, "password": PASSWORD}));
        assert_eq!(response.status, 400, "{email}: {}", response.text());
        assert!(response.json()["errors"]["email"].is_string(), "{email}");
    }
}

#[test]
fn a_login_stores_a_password_hashed_at_another_cost_again_at_the_configured_one() {
    let app = spawn_app();
    let (id, _) = app.register("old@example.org");
    let other_cost = bcrypt::hash(PASSWORD, 11).unwrap();
    let conn = app.state.pool.get().unwrap();
    conn.execute(
        "UPDATE users SET password_hash = ?2 WHERE id = ?1",
        rusqlite::params![id, other_cost],
    )
    .unwrap();
    let session = token(&app.login("old@example.org", PASSWORD).json());
    let stored: String = app.query(&format!("SELECT password_hash FROM users WHERE id = {id}"));
    let cost: bcrypt::HashParts = stored.parse().unwrap();
    assert_eq!(cost.get_cost(), test_config().bcrypt_cost);
    assert_eq!(app.me(&session).status, 200, "the session stays");
    assert_eq!(app.login("old@example.org", PASSWORD).status, 200);
}

#[test]
fn registration_refuses_direction_controls_in_names_and_emails_mixing_alphabets() {
    let app = spawn_app();
    let person = |firstname: &str, email: &str| {
        json!({
            "firstname": firstname, "lastname": "Roy", "department": "ECE", "year": "3rd",
            "email": email, "password": "a good long password"
        })
    };
    let named = app.register_with(person("Asha\u{202E}nimda", "asha@example.org"));
    assert_eq!(named.status, 400, "{}", named.text());
    assert!(named.json()["errors"]["firstname"]
        .as_str()
        .unwrap()
        .contains("text-direction"));
    for email in [
        "\u{0430}dmin@example.org",
        "admin@ex\u{0430}mple.org",
        "\u{03BF}ffice@example.org",
        "adm\u{0131}n@example.org",
        "\u{0131}\u{0131}@example.org",
        "p\u{0251}ypal@example.org",
    ] {
        let response = app.register_with(person("Asha", email));
        assert_eq!(response.status, 400, "{email}: {}", response.text());
        let why = response.json()["errors"]["email"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(why.contains("mixes alphabets"), "{email}: {why}");
    }
    let one_alphabet = app.register_with(person("Asha", "\u{0430}\u{0448}\u{0430}@example.org"));
    assert_eq!(one_alphabet.status, 201, "{}", one_alphabet.text());
}

#[test]
fn a_login_or_registration_answer_with_its_token_is_kept_by_no_cache() {
    let app = spawn_app();
    app.register("asha@example.org");
    let login = app.login("asha@example.org", PASSWORD);
    assert_eq!(login.status, 200);
    assert_eq!(login.header("cache-control"), Some("no-store"));
    let registered = app.register_with(json!({
        "firstname": "Ravi", "email": "ravi@example.org", "password": "a good long password"
    }));
    assert_eq!(registered.status, 201, "{}", registered.text());
    assert_eq!(registered.header("cache-control"), Some("no-store"));
}

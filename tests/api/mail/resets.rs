//! "Forgot password?": the same answer whether an account exists, a link that works once and
//! for an hour and signs every session out, and the limits per account and per address.

use super::*;
use crate::helpers::{assert_error, token, PASSWORD};
use crate::limits::in_parallel;

#[test]
fn forgot_password_answers_the_same_for_an_account_and_an_unknown_email() {
    let (smtp, app, _) = mailing_app();
    app.register("member@example.org");
    let known = forgot(&app, "Member@Example.org");
    let unknown = forgot(&app, "nobody@example.org");
    assert_eq!(known.status, 202);
    assert_eq!(
        (known.status, known.body.clone()),
        (unknown.status, unknown.body.clone())
    );
    assert_eq!(known.json()["msg"], SAME_ANSWER);
    let mail = smtp.wait_for(1, WAIT).remove(0);
    assert_eq!(mail.to, ["member@example.org"]);
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("Reset your password on the Jyoti site")
    );
    assert!(
        app.state.mail.wait_idle(Duration::from_secs(10)),
        "the outbox settles"
    );
    assert_eq!(smtp.mails().len(), 1, "no mail for the unknown email");
    let malformed = forgot(&app, "not an email");
    assert_error(&malformed, 400, "a malformed email");
}

#[test]
fn a_reset_link_sets_the_password_once_and_signs_every_session_out() {
    let (smtp, app, _) = mailing_app();
    let (_, old_session) = app.register("member@example.org");
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    let secret = link_token(&smtp.wait_for(1, WAIT)[0]);
    let stored: String = app.query("SELECT token_hash FROM password_resets");
    assert_ne!(stored, secret, "only a hash of the secret is kept");
    wait_for_empty_outbox(&app);

    let weak = reset(&app, &secret, "short");
    assert_error(&weak, 400, "a too short password");
    assert!(weak.json()["errors"]["password"].is_string());
    let done = reset(&app, &secret, "a brand new long secret");
    assert_eq!(done.status, 200, "{}", done.text());
    assert_eq!(
        app.me(&old_session).status,
        401,
        "the old session is signed out"
    );
    assert_eq!(app.login("member@example.org", PASSWORD).status, 401);
    let login = app.login("member@example.org", "a brand new long secret");
    assert_eq!(login.status, 200);
    assert_eq!(app.me(&token(&login.json())).status, 200);

    let again = reset(&app, &secret, "yet another long secret");
    assert_error(&again, 400, "a used link");
    assert_eq!(again.json()["message"], LINK_GONE);
    let unknown = reset(&app, &"ab".repeat(32), "yet another long secret");
    assert_eq!(unknown.json()["message"], LINK_GONE);
    let garbage = reset(&app, "../../etc", "yet another long secret");
    assert_eq!(garbage.json()["message"], LINK_GONE);
}

#[test]
fn a_reset_link_works_for_an_hour_only() {
    let (smtp, app, _) = mailing_app();
    app.register("member@example.org");
    assert_eq!(forgot(&app, "member@example.org").status, 202);
    let secret = link_token(&smtp.wait_for(1, WAIT)[0]);
    let lifetime: i64 = app.query("SELECT expires_at - unixepoch() FROM password_resets");
    assert!((3590..=3600).contains(&lifetime), "{lifetime} seconds");
    // An hour later, as far as the link is concerned.
    execute(
        &app,
        "UPDATE password_resets SET expires_at = unixepoch() - 1",
        [],
    );
    let late = reset(&app, &secret, "a brand new long secret");
    assert_error(&late, 400, "an expired link");
    assert_eq!(late.json()["message"], LINK_GONE);
    assert_eq!(
        app.login("member@example.org", PASSWORD).status,
        200,
        "the password is unchanged"
    );
}

#[test]
fn forgot_password_is_limited_per_account_and_per_address_even_in_parallel() {
    let (smtp, app, _) = mailing_app();
    app.register("member@example.org");
    let passed = |statuses: &[u16]| statuses.iter().filter(|s| **s == 202).count();
    let statuses = in_parallel(8, |_| forgot(&app, "member@example.org"));
    assert_eq!(passed(&statuses), 3, "{statuses:?}");
    assert!(
        statuses.iter().all(|s| matches!(s, 202 | 429)),
        "{statuses:?}"
    );
    // The same limit for an email without an account: it tells nobody which has one.
    let statuses = in_parallel(5, |_| forgot(&app, "nobody@example.org"));
    assert_eq!(passed(&statuses), 3, "{statuses:?}");
    // 6 of the address's 10 are spent; others' emails get 4 more, then 429 with Retry-After.
    let statuses = in_parallel(10, |n| forgot(&app, &format!("someone{n}@example.org")));
    assert_eq!(passed(&statuses), 4, "{statuses:?}");
    let refused = forgot(&app, "late@example.org");
    assert_error(&refused, 429, "past the address's limit");
    assert!(refused.header("retry-after").is_some());
    smtp.wait_for(3, WAIT);
    assert!(
        app.state.mail.wait_idle(Duration::from_secs(10)),
        "the outbox settles"
    );
    assert_eq!(
        smtp.mails().len(),
        3,
        "one mail per request that passed, for the one account"
    );
}

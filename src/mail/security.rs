//! Mail about an account's own security, to its owner: a sign-in from a new browser (with its
//! "Sign out everywhere" link), a second step locked after wrong codes, second factors removed.

use super::Mailer;
use crate::db::outbox::{Kind, NewMail};
use crate::error::ApiError;
use rusqlite::Connection;

/// Where and how a sign-in came.
pub struct SignInPlace<'a> {
    pub address: &'a str,
    pub browser: &'a str,
}

impl Mailer {
    /// Queues the mail about a sign-in from a browser new to the account, with the link that
    /// signs out every session. `false` when email is off.
    pub fn queue_new_sign_in(
        &self,
        conn: &Connection,
        email: &str,
        place: &SignInPlace,
        link: Option<&str>,
    ) -> Result<bool, ApiError> {
        let at = crate::words::site_time(jiff::Timestamp::now());
        let what_to_do = match link {
            Some(link) => format!(
                "If it was not you, sign out everywhere at once with this link (it works for 7 \
                 days), then change your password and check your second factor on your Account \
                 page:\n\n{link}\n"
            ),
            None => "If it was not you, sign in and log out at once (logging out ends every \
                     session of the account), then change your password and check your second \
                     factor on your Account page.\n"
                .to_owned(),
        };
        let body = format!(
            "Your account {email} on the Jyoti site was signed in to from a browser it has not \
             been used from in the last 90 days.\n\n\
             When: {at}\nFrom the address: {}\nBrowser: {}\n\n\
             If this was you, there is nothing to do.\n\n{what_to_do}",
            place.address, place.browser
        );
        self.queue_security(conn, email, "New sign-in to your Jyoti account", body)
    }

    /// Queues the mail that wrong codes locked the account's second step.
    pub fn queue_locked(
        &self,
        conn: &Connection,
        email: &str,
        address: &str,
    ) -> Result<bool, ApiError> {
        let at = crate::words::site_time(jiff::Timestamp::now());
        let body = format!(
            "Five wrong codes were typed at the second step of signing in to your account {email} \
             on the Jyoti site, the last on {at} from the address {address}. The second step is \
             locked for 15 minutes.\n\n\
             Whoever typed them knew your password. If it was not you, change your password now \
             on your Account page.\n"
        );
        self.queue_security(
            conn,
            email,
            "Your Jyoti sign-in is locked for 15 minutes",
            body,
        )
    }

    fn queue_security(
        &self,
        conn: &Connection,
        email: &str,
        subject: &str,
        body: String,
    ) -> Result<bool, ApiError> {
        if !self.setup(conn)?.enabled() {
            return Ok(false);
        }
        crate::db::outbox::queue(
            conn,
            &NewMail {
                kind: Kind::Security,
                recipients: vec![email.to_owned()],
                reply_to: None,
                subject: subject.to_owned(),
                body,
            },
        )?;
        Ok(true)
    }
}

/// A short name for the browser a `User-Agent` names ("Chrome on Android"), or the header cut
/// short when it names none the site knows.
pub fn browser_name(user_agent: &str) -> String {
    let has = |word: &str| user_agent.contains(word);
    let browser = if has("Edg/") {
        "Edge"
    } else if has("Firefox/") {
        "Firefox"
    } else if has("SamsungBrowser/") {
        "Samsung Internet"
    } else if has("Chrome/") || has("Chromium/") {
        "Chrome"
    } else if has("Safari/") {
        "Safari"
    } else {
        ""
    };
    let system = if has("Android") {
        "Android"
    } else if has("iPhone") || has("iPad") {
        "iOS"
    } else if has("Windows") {
        "Windows"
    } else if has("Mac OS X") {
        "macOS"
    } else if has("Linux") {
        "Linux"
    } else {
        ""
    };
    match (browser, system) {
        ("", _) if user_agent.trim().is_empty() => "an unknown browser".to_owned(),
        ("", _) => crate::words::shorten(user_agent.trim(), 120),
        (browser, "") => browser.to_owned(),
        (browser, system) => format!("{browser} on {system}"),
    }
}

/// The alert that `member`'s second factors were removed by `by`: to every admin and to the
/// member (mailed as alerts are, so both the member and the admins who did it hear of it).
pub fn factors_removed(
    member: &crate::db::users::User,
    by: &str,
    address: &str,
) -> crate::alerts::Alert {
    use crate::alerts::{Alert, Weight};
    let what = format!("the second factor of {}", member.named());
    let change = [crate::db::audit::Change {
        field: "secondFactor".into(),
        old: "set up".into(),
        new: "(removed: signs in with the password alone until one is added again)".into(),
    }];
    let mut alert = Alert::change(by, address, &what, &change).weighing(Weight::Serious);
    alert.also_to.push(member.email.clone());
    alert
}

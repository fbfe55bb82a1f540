//! Alerts: the edits that matter (payment details, roles, email settings, the site's address,
//! admins invited) and the problems of `/healthz` that last a day. An alert is a record, stored
//! in the same transaction as its cause whatever the mail settings are; every admin sees it in
//! the admin area until they mark it read. Mail is one way to deliver it ([`delivery`]): held
//! until email works, merged when alerts come within a minute, and also sent to the addresses
//! the server's command line names (`--alert-to`), which no call of the API can change.

pub mod delivery;
mod lasting;

pub use lasting::start as start_lasting;

use crate::db::audit::Change;
use crate::db::{self, alerts::NewAlert, users::User};
use crate::domain::Role;
use crate::error::ApiError;
use crate::words::shorten;
use rusqlite::Connection;

/// How much an alert weighs: what goes first, on its own, and stays pinned.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Weight {
    /// Merged with the alerts of its minute (what donors read, a Bengali text, a lasting problem).
    #[default]
    Routine = 0,
    /// Roles, staff email addresses, the alarm's own delivery: mailed at once, before the
    /// routine ones and never in the same mail.
    Serious = 1,
    /// The payment details, their hold and the email settings: each in a mail of its own,
    /// through the mail settings in force when it was raised, and pinned at the top of the
    /// Alerts screen until every admin has read it.
    Pinned = 2,
}

impl Weight {
    pub fn from_stored(value: i64) -> Weight {
        match value {
            2 => Weight::Pinned,
            1 => Weight::Serious,
            _ => Weight::Routine,
        }
    }
}

/// An alert to raise.
#[derive(Debug, Clone, Default)]
pub struct Alert {
    pub subject: String,
    pub body: String,
    /// Mailed too, besides the admins and `--alert-to`: one who just lost the admin role.
    pub also_to: Vec<String>,
    pub weight: Weight,
}

/// A field as the admin area's screens name it ("UPI ID", not `upiId`); a field no screen names
/// (a role) as it is.
pub fn label(field: &str) -> &str {
    match field {
        "heroTitle" => "Welcome heading",
        "heroText" => "Welcome text",
        "visitTimes" => "Visit us class times",
        "visitAges" => "Visit us ages",
        "visitAddress" => "Visit us address",
        "visitPhone" => "Visit us phone number",
        "donationAppeal" => "Appeal to donors",
        "donationHolder" => "Account holder",
        "donationAccount" => "Bank account number",
        "donationIfsc" => "IFSC code",
        "donationBranch" => "Bank branch",
        "donationBank" => "Bank name",
        "upiId" => "UPI ID",
        "upiPayee" => "UPI payee name",
        "donationRegistration" => "Registration",
        "donationTax" => "Tax benefit",
        "donationPhone" => "Phone number for donors",
        "supportPhoto" => "Support page photo",
        "address" => "Address",
        "contactEmail" => "Contact email",
        "host" => "SMTP server",
        "port" => "Port",
        "security" => "Security",
        "username" => "User name",
        "password" => "Password",
        "sender" => "Send from",
        "contactTo" => "Send contact messages to",
        "siteAddress" => "The site's address",
        "presidentName" => "President's name",
        "presidentMessage" => "President's message",
        "makersCredit" => "Credit to the site makers",
        "footerYear" => "Year in the copyright line",
        "linkedin" => "LinkedIn page",
        "facebook" => "Facebook page",
        "instagram" => "Instagram page",
        "galleryMoreUrl" => "Full photo folder (Show More)",
        "heroPhoto" => "Banner photo",
        "clubLogo" => "Club logo",
        "collegeLogo" => "College emblem",
        "secondFactor" => "Second factor",
        "requireSecondFactor" => "Staff must use a second factor",
        field => field,
    }
}

/// How an alert to the admins ends: what to do if the change is nobody's on the team.
pub const IF_NOBODY: &str = "\nIf nobody on your team made this change, sign in, change it back, \
and read the Activity screen of the admin area to see what else was changed.\n";

/// The longest subject an alert keeps; a longer one is shortened, never refused.
const SUBJECT_MAX: usize = 200;
/// The longest body an alert keeps.
const BODY_MAX: usize = 20_000;

impl Alert {
    /// An edit that matters: who, from which address, what, and each change old → new.
    pub fn change(actor: &str, address: &str, what: &str, changes: &[Change]) -> Alert {
        let at = crate::words::site_time(jiff::Timestamp::now());
        let from = if address.is_empty() {
            String::new()
        } else {
            format!(", from the address {address}")
        };
        let mut body = format!("{actor} changed {what} on the Jyoti site{from}, on {at}.\n");
        if !changes.is_empty() {
            body.push('\n');
            let shown = |value: &str| match value {
                "" => "(empty)".to_owned(),
                value => value.to_owned(),
            };
            for change in changes {
                let (old, new) = (shown(&change.old), shown(&change.new));
                let field = label(&change.field);
                body.push_str(&format!("  {field}: {old} → {new}\n"));
            }
        }
        body.push_str(IF_NOBODY);
        Alert {
            subject: format!("Jyoti site: {what} changed"),
            body,
            also_to: Vec::new(),
            weight: Weight::Routine,
        }
    }

    /// The alert that `user`'s role changed, `was` → `now` (`was` is `None` for a new account):
    /// to every admin, and to `user` too when they lost the admin role. Seriously weighed.
    pub fn role_changed(
        actor: &str,
        address: &str,
        user: &User,
        was: Option<Role>,
        now: Role,
    ) -> Alert {
        let what = format!("the role of {}", user.named());
        let change = [Change {
            field: "role".into(),
            old: was.map(|role| role.to_string()).unwrap_or_default(),
            new: now.to_string(),
        }];
        let mut alert = Alert::change(actor, address, &what, &change).weighing(Weight::Serious);
        if was == Some(Role::Admin) {
            // The one who lost the role hears of it too.
            alert.also_to.push(user.email.clone());
        }
        alert
    }

    /// The same alert with `weight`.
    pub fn weighing(mut self, weight: Weight) -> Alert {
        self.weight = weight;
        self
    }
}

/// Stores `alert` in the caller's transaction, with the site's address for its links (the one
/// in force before the change it tells of). A subject or body past its limit is shortened.
pub fn raise(conn: &Connection, alert: &Alert, site: Option<&str>) -> Result<i64, ApiError> {
    let subject = shorten(&alert.subject, SUBJECT_MAX);
    let body = shorten(&alert.body, BODY_MAX);
    let also_to: Vec<String> = alert
        .also_to
        .iter()
        .filter(|address| address.len() <= 254)
        .take(10)
        .cloned()
        .collect();
    db::alerts::insert(
        conn,
        &NewAlert {
            subject: &subject,
            body: &body,
            also_to: &also_to,
            site,
            raised_ms: jiff::Timestamp::now().as_millisecond(),
            weight: alert.weight as i64,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_subject_is_shortened_not_refused() {
        let address = format!("{}@example.org", "a".repeat(240));
        let alert = Alert::change("someone", "", &format!("the role of {address}"), &[]);
        let dir = tempfile::tempdir().unwrap();
        let mut conn = Connection::open(dir.path().join("a.db")).unwrap();
        db::migrations::migrate(&mut conn).unwrap();
        raise(&conn, &alert, None).unwrap();
        let subject: String = conn
            .query_row("SELECT subject FROM alerts", [], |row| row.get(0))
            .unwrap();
        assert_eq!(subject.chars().count(), SUBJECT_MAX);
        assert!(subject.ends_with('…'));
    }
}

//! The mail the site writes and queues: a new contact message (a digest past the hour's cap),
//! password-reset links, invitations, thanks for a gift, and alerts through settings just
//! replaced.

use super::{MailSetup, Mailer, Queuing};
use crate::db::outbox::{Kind, NewMail};
use crate::db::{self, contacts::Contact, gifts::Gift, Pool};
use crate::domain::{Email, ResetToken};
use crate::error::ApiError;
use rusqlite::Connection;
use std::future::Future;
use std::sync::Arc;

/// Contact messages emailed one by one in an hour, whoever sent them: past this, one digest
/// says how many more came, so a flood of messages cannot use up the mail provider's quota and
/// stop the reset links.
pub const NOTIFICATIONS_PER_HOUR: usize = 30;

const HOUR_MS: i64 = 3600 * 1000;

/// The notifications of the last hour, and the digest waiting to say how many more came.
#[derive(Default)]
pub(super) struct Notifications {
    /// When each of the last hour's notifications was queued (Unix milliseconds), oldest first.
    sent: std::collections::VecDeque<i64>,
    /// The digest's outbox id and how many messages it counts, while it waits.
    digest: Option<(i64, usize)>,
}

impl Mailer {
    /// Queues the email about a new contact message, to the configured address or every admin,
    /// with Reply-To set to the visitor. Nothing when email is off. The message itself is
    /// already saved: a failure here is only logged, never the visitor's problem.
    pub fn queue_contact(&self, conn: &Connection, contact: &Contact) {
        let queued = self.setup(conn).and_then(|setup| {
            if !setup.enabled() {
                return Ok(false);
            }
            let recipients = match setup.contact_to.clone() {
                Some(address) => vec![address],
                None => db::users::admin_emails(conn)?,
            };
            if recipients.is_empty() {
                return Ok(false);
            }
            let mail = contact_mail(contact, recipients, setup.site_address.as_deref());
            self.queue_notification(conn, mail, setup.site_address.as_deref())?;
            Ok(true)
        });
        match queued {
            Ok(true) => self.wake(),
            Ok(false) => {}
            Err(err) => log::error!(
                "the email about contact message {} was not queued: {err:?}",
                contact.id
            ),
        }
    }

    /// Queues one notification, or past [`NOTIFICATIONS_PER_HOUR`] counts it in the digest that
    /// goes out when the hour of the oldest is over.
    fn queue_notification(
        &self,
        conn: &Connection,
        mail: NewMail,
        site: Option<&str>,
    ) -> Result<(), ApiError> {
        let now = jiff::Timestamp::now().as_millisecond();
        let mut notifications = self.notifications.lock().unwrap_or_else(|p| p.into_inner());
        while notifications
            .sent
            .front()
            .is_some_and(|at| *at <= now - HOUR_MS)
        {
            notifications.sent.pop_front();
        }
        if notifications.sent.len() < NOTIFICATIONS_PER_HOUR {
            db::outbox::queue(conn, &mail)?;
            notifications.sent.push_back(now);
            return Ok(());
        }
        if let Some((id, count)) = notifications.digest {
            let digest = digest_mail(mail.recipients.clone(), count + 1, site);
            if db::outbox::rewrite(conn, id, &digest.subject, &digest.body)? {
                notifications.digest = Some((id, count + 1));
                return Ok(());
            }
        }
        // The first message past the cap, or the last digest went out already.
        let due = notifications
            .sent
            .front()
            .map_or(now, |oldest| oldest + HOUR_MS);
        let id = db::outbox::queue_at(conn, &digest_mail(mail.recipients, 1, site), due)?;
        notifications.digest = Some((id, 1));
        Ok(())
    }

    /// For "Forgot password?": when `email` is an account's and reset links can be sent, stores
    /// a new link and queues it. Says nothing either way (the answer must not tell who has an
    /// account). The outbox counts as busy from this call until the link is queued or not.
    pub fn queue_reset(self: Arc<Self>, pool: Pool, email: Email) -> impl Future<Output = ()> {
        let queuing = Queuing::start(&self.bell);
        async move {
            let mailer = self.clone();
            let queued = db::run(&pool, move |conn| {
                let setup = mailer.setup(conn)?;
                let enabled = setup.enabled();
                let Some(site) = setup.site_address.filter(|_| enabled) else {
                    return Ok(false);
                };
                let Some(user) = db::users::find_by_email(conn, &email)? else {
                    return Ok(false);
                };
                let token = ResetToken::generate()?;
                db::in_transaction(conn, |tx| {
                    db::password_resets::create(tx, user.id, &token.hash())?;
                    db::outbox::queue(tx, &reset_mail(&user.email, &site, &token))?;
                    Ok(true)
                })
            })
            .await;
            match queued {
                Ok(true) => self.wake(),
                Ok(false) => {}
                Err(err) => log::error!("a password-reset email was not queued: {err:?}"),
            }
            drop(queuing);
        }
    }
}

impl Mailer {
    /// The route that the mail settings of `setup` give a mail, to keep it on them whatever
    /// changes before it goes: the command line's server by reference (its password stays off
    /// the disk), else the stored server and sender; `None` when `setup` has no way to mail.
    pub fn route(&self, setup: &MailSetup) -> Option<String> {
        if self.options.server.is_some() {
            return Some(self.command_line_via(setup));
        }
        let (Some(server), Some(sender)) = (&setup.server, &setup.sender) else {
            return None;
        };
        Some(
            serde_json::json!({
                "host": server.host,
                "port": server.port,
                "security": server.security.as_str(),
                "username": server.username,
                "password": server.password,
                "sender": sender,
            })
            .to_string(),
        )
    }

    /// A mail's own route through the command line's mail server, with a sender even when the
    /// admin area's was cleared: `--mail-from`, else the stored one, else `jyoti@` the site's
    /// (or the mail server's) host. The server's password stays out of the database.
    pub fn command_line_via(&self, setup: &MailSetup) -> String {
        let sender = setup.sender.clone().unwrap_or_else(|| {
            let host = setup
                .site_address
                .as_deref()
                .and_then(|site| site.split("://").nth(1))
                .map(|rest| rest.split([':', '/']).next().unwrap_or(rest).to_owned())
                .or_else(|| {
                    self.options
                        .server
                        .as_ref()
                        .map(|server| server.host.clone())
                })
                .unwrap_or_else(|| "localhost".to_owned());
            format!("jyoti@{host}")
        });
        serde_json::json!({ "commandLine": true, "sender": sender }).to_string()
    }
}

/// Whether a one-time link (an invitation, a reset link an admin made) was mailed, or why the
/// admin must pass it on themselves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkMail {
    Mailed,
    EmailOff,
    /// Email works but the site's address is unknown: the link would be a bare path, which
    /// opens nowhere from a mailbox.
    NoSiteAddress,
}

impl LinkMail {
    /// What `setup` allows.
    fn of(setup: &MailSetup) -> LinkMail {
        match (setup.enabled(), &setup.site_address) {
            (false, _) => LinkMail::EmailOff,
            (true, None) => LinkMail::NoSiteAddress,
            (true, Some(_)) => LinkMail::Mailed,
        }
    }

    pub fn mailed(self) -> bool {
        self == LinkMail::Mailed
    }

    /// The sentence for the admin who is shown the link instead.
    pub fn why(self) -> Option<&'static str> {
        match self {
            LinkMail::Mailed => None,
            LinkMail::EmailOff => Some("Email is off: send this link to them yourself."),
            LinkMail::NoSiteAddress => Some(
                "The link was not emailed: the site's address is not set (Email screen, or \
                 --site-url), and a link without it opens nowhere. Send this link to them yourself.",
            ),
        }
    }
}

impl Mailer {
    /// Queues the link that confirms `email` as the new address of the account `name` (in the
    /// caller's transaction) when email can carry it; says whether it was queued, or why not.
    pub fn queue_email_confirmation(
        &self,
        conn: &Connection,
        email: &str,
        name: &str,
        link: &str,
        asked_by: &str,
    ) -> Result<LinkMail, ApiError> {
        let mail = LinkMail::of(&self.setup(conn)?);
        if !mail.mailed() {
            return Ok(mail);
        }
        let body = format!(
            "{asked_by} changed the email address of {name} on the Jyoti site to {email}.\n\n\
             If this is your address, confirm it within 7 days by opening this link:\n\n\
             {link}\n\n\
             Until then the account keeps its old address. If you did not expect this email, \
             ignore it: nothing changes.\n"
        );
        db::outbox::queue(
            conn,
            &NewMail {
                kind: Kind::EmailChange,
                recipients: vec![email.to_owned()],
                reply_to: None,
                subject: "Confirm your email address for the Jyoti site".to_owned(),
                body,
            },
        )?;
        Ok(mail)
    }

    /// Queues the invitation link to the invited address (in the caller's transaction) when
    /// email is on and the site's address is known; otherwise the admin passes the link on.
    pub fn queue_invitation(
        &self,
        conn: &Connection,
        email: &str,
        role: crate::domain::Role,
        link: &str,
        invited_by: &str,
    ) -> Result<LinkMail, ApiError> {
        let mail = LinkMail::of(&self.setup(conn)?);
        if !mail.mailed() {
            return Ok(mail);
        }
        let body = format!(
            "{invited_by} invites you to help run the Jyoti site as {article} {role}.\n\n\
             To accept, open this link within 7 days and choose your password (or sign in with \
             the one you have, if {email} already has an account):\n\n{link}\n\n\
             The link works once. If you did not expect it, ignore this email.\n",
            // "an admin", "an editor": both roles start with a vowel.
            article = "an",
        );
        db::outbox::queue(
            conn,
            &NewMail {
                kind: Kind::Invitation,
                recipients: vec![email.to_owned()],
                reply_to: None,
                subject: "You are invited to help run the Jyoti site".to_owned(),
                body,
            },
        )?;
        Ok(mail)
    }

    /// Queues the thank-you for a gift found on the statement to the donor's email (in the
    /// caller's transaction). `false` when email is off or the donor gave no email.
    pub fn queue_thanks(&self, conn: &Connection, gift: &Gift) -> Result<bool, ApiError> {
        if gift.email.is_empty() || !self.setup(conn)?.enabled() {
            return Ok(false);
        }
        let (subject, body) = thanks(gift);
        db::outbox::queue(
            conn,
            &NewMail {
                kind: Kind::Thanks,
                recipients: vec![gift.email.clone()],
                reply_to: None,
                subject,
                body,
            },
        )?;
        Ok(true)
    }
}

/// The thank-you's subject and body, in the language the donor wrote in.
fn thanks(gift: &Gift) -> (String, String) {
    let amount = crate::domain::rupees_text(gift.amount_paise);
    let (name, reference) = (&gift.name, &gift.reference);
    match gift.lang.as_str() {
        "bn" => (
            "জ্যোতির পাশে দাঁড়ানোর জন্য ধন্যবাদ".to_owned(),
            format!(
                "প্রিয় {name},\n\n\
                 আপনার পাঠানো {amount} জ্যোতির কাছে পৌঁছেছে (পেমেন্টের রেফারেন্স {reference})। \
                 অনেক ধন্যবাদ!\n\n\
                 প্রতিটা টাকা খরচ হয় সন্ধের ক্লাসে, জ্যোতিতে যে ছেলেমেয়েরা পড়তে আসে তাদের বই, খাতা, \
                 পেনসিল আর পড়ার আলোর জন্য।\n\n\
                 কৃতজ্ঞতা জানিয়ে,\nজ্যোতির স্বেচ্ছাসেবকেরা\n",
                amount = bengali_digits(&amount),
            ),
        ),
        _ => (
            "Thank you for your gift to Jyoti".to_owned(),
            format!(
                "Dear {name},\n\n\
                 Your gift of {amount} (payment reference {reference}) has reached Jyoti. Thank you!\n\n\
                 Every rupee goes to the evening classes: books, copies, pencils and a light to study \
                 by for the children who come to Jyoti.\n\n\
                 With gratitude,\nthe volunteers of Jyoti\n"
            ),
        ),
    }
}

/// `text` with its digits written in Bengali (₹১,৫০০.৫০), as a Bengali reader writes numbers.
fn bengali_digits(text: &str) -> String {
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(digit) => char::from_u32(0x09E6 + digit).unwrap_or(c),
            None => c,
        })
        .collect()
}

fn contact_mail(contact: &Contact, recipients: Vec<String>, site: Option<&str>) -> NewMail {
    let stars = contact.subject.stars();
    let mut body = format!(
        "{name} sent a message through the contact form of the Jyoti site.\n\n\
         Name:      {name}\n\
         Email:     {email}\n\
         Telephone: {telephone}\n\
         Rating:    {stars} of 5 stars\n\n\
         {message}\n\n\
         Reply to this email to answer {name}.\n",
        name = contact.name,
        email = contact.email,
        telephone = contact.telephone,
        message = contact.message,
    );
    if let Some(site) = site {
        body.push_str(&format!("All messages: {site}/admin/contacts\n"));
    }
    NewMail {
        kind: Kind::Contact,
        recipients,
        reply_to: Some(contact.email.clone()),
        subject: format!("New message on the Jyoti site from {}", contact.name),
        body,
    }
}

/// The one mail about the `count` contact messages that came past the hour's cap.
fn digest_mail(recipients: Vec<String>, count: usize, site: Option<&str>) -> NewMail {
    let mut body = format!(
        "{count} more message(s) came through the contact form of the Jyoti site in the last hour. \
         So many came at once that they were not emailed one by one; read them in the admin area.\n"
    );
    if let Some(site) = site {
        body.push_str(&format!("\nAll messages: {site}/admin/contacts\n"));
    }
    NewMail {
        kind: Kind::Contact,
        recipients,
        reply_to: None,
        subject: format!("{count} more message(s) on the Jyoti site"),
        body,
    }
}

impl Mailer {
    /// A reset link an admin makes for an account (its owner forgot the password and email may
    /// be off): stored, mailed to the account when email works and the site's address is known.
    /// The link (a path when the site's address is unknown) and whether it was mailed.
    pub fn admin_reset_link(
        &self,
        conn: &Connection,
        user: &db::users::User,
    ) -> Result<(String, LinkMail), ApiError> {
        let setup = self.setup(conn)?;
        let token = ResetToken::generate()?;
        let site = setup.site_address.clone().unwrap_or_default();
        let link = format!("{site}/reset-password#token={}", token.as_str());
        db::password_resets::create(conn, user.id, &token.hash())?;
        let mail = LinkMail::of(&setup);
        if mail.mailed() {
            db::outbox::queue(conn, &reset_mail(&user.email, &site, &token))?;
            self.wake();
        }
        Ok((link, mail))
    }
}

fn reset_mail(email: &str, site: &str, token: &ResetToken) -> NewMail {
    let body = format!(
        "Someone, hopefully you, asked to reset the password of the account {email} on the Jyoti site.\n\n\
         To choose a new password, open this link within one hour:\n\n\
         {site}/reset-password#token={token}\n\n\
         The link works once. If you did not ask for it, ignore this email: your password stays as it is.\n",
        token = token.as_str(),
    );
    NewMail {
        kind: Kind::Reset,
        recipients: vec![email.to_owned()],
        reply_to: None,
        subject: "Reset your password on the Jyoti site".to_owned(),
        body,
    }
}

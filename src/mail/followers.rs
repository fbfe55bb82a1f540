//! Mail to followers: the link that confirms an address (nothing else goes before it), and each
//! new notice in the follower's language, one a second, each with its one-click unsubscribe.

use super::Mailer;
use crate::db::notices::Notice;
use crate::db::outbox::{self, Kind, NewMail};
use crate::error::ApiError;
use rusqlite::Connection;

/// Seconds between two notice mails, so a cheap mail plan is not flagged for a burst.
const GAP_MS: i64 = 1000;

impl Mailer {
    /// Queues the link that confirms `email` as a follower in `lang`.
    pub fn queue_follow_confirmation(
        &self,
        conn: &Connection,
        email: &str,
        lang: &str,
        link: &str,
    ) -> Result<(), ApiError> {
        let (subject, body) = match lang {
            "bn" => (
                "জ্যোতির নোটিস ইমেলে পেতে চান?".to_owned(),
                format!(
                    "জ্যোতির নোটিস বোর্ডে কেউ এই ঠিকানায় ({email}) নতুন নোটিস পাঠাতে বলেছেন।\n\n\
                     আপনি চাইলে ৭ দিনের মধ্যে এই লিঙ্কটি খুলুন:\n\n{link}\n\n\
                     আপনি না চাইলে এই মেলটি উপেক্ষা করুন: আর কোনো মেল যাবে না।\n"
                ),
            ),
            _ => (
                "Confirm: notices from Jyoti by email".to_owned(),
                format!(
                    "Someone asked on Jyoti's notice board for new notices to be sent to {email}.\n\n\
                     If that was you, open this link within 7 days to confirm:\n\n{link}\n\n\
                     If it was not, ignore this email: nothing more will be sent.\n"
                ),
            ),
        };
        outbox::queue(
            conn,
            &NewMail {
                kind: Kind::Follow,
                recipients: vec![email.to_owned()],
                reply_to: None,
                subject,
                body,
            },
        )?;
        Ok(())
    }

    /// Queues `notice` to every confirmed follower in their language, a second apart; how many.
    pub fn queue_notice(
        &self,
        conn: &Connection,
        notice: &Notice,
        site: &str,
    ) -> Result<usize, ApiError> {
        let followers = crate::db::followers::confirmed(conn)?;
        let start = jiff::Timestamp::now().as_millisecond();
        for (n, (email, lang, token)) in followers.iter().enumerate() {
            let prefix = if lang == "bn" { "/bn" } else { "" };
            let page = format!("{site}{prefix}/notice/{}", notice.id);
            let stop = format!("{site}{prefix}/unsubscribe?token={token}");
            let one_click = format!("{site}/api/followers/unsubscribe?token={token}");
            let (subject, body) = match lang.as_str() {
                "bn" => {
                    let title = notice.bn.get("title").unwrap_or(&notice.title);
                    (
                        format!("জ্যোতির নতুন নোটিস: {title}"),
                        format!(
                            "{title}\n{}\n\n{page}\n\n\
                             আর নোটিস ইমেলে না চাইলে: {stop}\n",
                            notice.date
                        ),
                    )
                }
                _ => (
                    format!("New notice from Jyoti: {}", notice.title),
                    format!(
                        "{}\n{}\n\n{page}\n\nTo stop getting notices by email: {stop}\n",
                        notice.title, notice.date
                    ),
                ),
            };
            let mail = NewMail {
                kind: Kind::Notice,
                recipients: vec![email.clone()],
                reply_to: None,
                subject,
                body,
            };
            outbox::queue_to_follower(conn, &mail, start + GAP_MS * n as i64, &one_click)?;
        }
        Ok(followers.len())
    }
}

//! Reset and invitation mails that waited past their link's life: the link taken out of the body,
//! and when the next one expires.

use crate::error::ApiError;
use rusqlite::Connection;

/// How long the link of a mail of this kind (`kind` in SQL) works, in seconds, from the named
/// parameters `:reset_seconds` and `:invitation_seconds`.
macro_rules! link_seconds {
    () => {
        "(CASE kind WHEN 'reset' THEN :reset_seconds ELSE :invitation_seconds END)"
    };
}

/// What a reset mail's body becomes once its link can no longer be used.
pub const LINK_REMOVED: &str =
    "(This password-reset email was not sent in time; its link has been removed.)";

/// What an invitation mail's body becomes once its link can no longer be used.
pub const INVITATION_REMOVED: &str =
    "(This invitation email was not sent in time; its link has been removed. Invite them again.)";

/// A reset or invitation mail given up on, or older than its link, keeps no link: the outbox
/// (and every backup of it) must not hold a way into an account. A sent mail leaves the outbox.
/// Whether any mail lost its link.
pub fn forget_old_links(conn: &Connection) -> Result<bool, ApiError> {
    let forgotten = conn
        .prepare_cached(concat!(
        "UPDATE outbox SET body = CASE kind WHEN 'reset' THEN :reset_gone ELSE :invitation_gone END,
             status = 'failed',
             last_error = coalesce(last_error, 'the link expired before it could be sent')
         WHERE kind IN ('reset', 'invitation') AND body NOT IN (:reset_gone, :invitation_gone)
           AND (status = 'failed'
                OR unixepoch(created_at) + ",
        link_seconds!(),
        " < unixepoch())"
    ))?
        .execute(rusqlite::named_params! {
            ":reset_gone": LINK_REMOVED,
            ":invitation_gone": INVITATION_REMOVED,
            ":reset_seconds": super::super::password_resets::VALID_SECONDS,
            ":invitation_seconds": super::super::invitations::VALID_SECONDS,
        })?;
    Ok(forgotten > 0)
}

/// When the link of the reset mail waiting longest expires (Unix milliseconds, rounded up to the
/// second after), if one waits: the sender must be awake then to remove it.
pub fn next_link_expiry(conn: &Connection) -> Result<Option<i64>, ApiError> {
    Ok(conn
        .prepare_cached(concat!(
            "SELECT (min(unixepoch(created_at) + ",
            link_seconds!(),
            ") + 1) * 1000 FROM outbox WHERE kind IN ('reset', 'invitation') AND status = 'pending'"
        ))?
        .query_row(
            rusqlite::named_params! {
                ":reset_seconds": super::super::password_resets::VALID_SECONDS,
                ":invitation_seconds": super::super::invitations::VALID_SECONDS,
            },
            |row| row.get(0),
        )?)
}

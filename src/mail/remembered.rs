//! What mail the site's server was started with, remembered in its database: a site rebuilt on
//! a new machine with its database but without the old environment file (no `--smtp-url`, no
//! `--alert-to`) would stop mailing its outside watchers in silence. The server that lacks what
//! the database remembers says so on `/healthz`, the Dashboard and in the log, until it runs
//! with them again, or for a week, after which the smaller setup is taken as meant.

use super::MailOptions;
use crate::db::settings;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};

/// The `settings` key of what was remembered.
const KEY: &str = "server_mail";

/// After this long without them, the missing addresses and server are taken as dropped on
/// purpose.
const TAKEN_AS_MEANT: i64 = 7 * 24 * 3600;

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Seen {
    /// How many `--alert-to` addresses (never the addresses: an admin's backup holds this).
    alert_to: usize,
    /// Whether `--smtp-url` was given.
    smtp_url: bool,
    /// Since when (Unix seconds) servers start with less than this.
    lacking_since: Option<i64>,
}

/// Compares `options` with what the database remembers, at `now` (Unix seconds), and remembers
/// anew: what the server lacks, in a sentence that says what to do, or `None`.
pub fn compare(
    conn: &Connection,
    options: &MailOptions,
    now: i64,
) -> rusqlite::Result<Option<String>> {
    let seen: Seen = settings::get(conn, KEY)?
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let has = Seen {
        alert_to: options.alert_to.len(),
        smtp_url: options.server.is_some(),
        lacking_since: None,
    };
    let lacks_watchers = has.alert_to < seen.alert_to;
    let lacks_server = seen.smtp_url && !has.smtp_url;
    let since = seen.lacking_since.unwrap_or(now);
    if !(lacks_watchers || lacks_server) || now - since > TAKEN_AS_MEANT {
        if has.alert_to > 0 || has.smtp_url || seen.alert_to > 0 || seen.smtp_url {
            settings::set(conn, KEY, &json(&has))?;
        }
        return Ok(None);
    }
    settings::set(
        conn,
        KEY,
        &json(&Seen {
            lacking_since: Some(since),
            ..seen
        }),
    )?;
    let mut missing = Vec::new();
    if lacks_watchers {
        missing.push(format!(
            "{} --alert-to address(es) (JYOTI_ALERT_TO), where it has {}",
            seen.alert_to, has.alert_to
        ));
    }
    if lacks_server {
        missing.push("a mail server on its command line (JYOTI_SMTP_URL)".to_owned());
    }
    Ok(Some(format!(
        "This site ran before with {}: alerts no longer reach everyone they did. Put the \
         missing lines back in /etc/default/jyoti (the recovery kit, jyoti offsite kit, holds \
         them) and restart jyoti. After a week without them, this is taken as meant.",
        missing.join(" and ")
    )))
}

fn json(seen: &Seen) -> String {
    serde_json::to_string(seen).unwrap_or_default()
}

//! The activity log as requests fill it: every write an admin or editor makes through the API is
//! recorded by [`record_writes`] once it succeeded, named from its route or from the [`Note`] its
//! handler left (the record it created, the fields it changed). Sign-ins and the server's
//! commands record their own entries.

use crate::access::{client_ip, Actor};
use crate::db;
use crate::db::audit::{Change, Entry, CHANGED, SERVER_COMMAND};
use crate::state::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, HttpRequest, HttpResponse};
use std::collections::HashMap;

/// What a handler says about its change, beyond what its route tells (kept on the response).
#[derive(Debug, Clone, Default)]
pub struct Note {
    /// The change in a few words, when the route's own words would not do.
    pub action: Option<String>,
    /// The record, when the path does not name it (a new record's id).
    pub target: Option<String>,
    pub changes: Vec<Change>,
    /// Record a read too (a backup download): a GET is otherwise not recorded.
    pub read: bool,
}

impl Note {
    /// A new record of the route's kind, by id.
    pub fn created(id: i64) -> Note {
        Note {
            target: Some(id.to_string()),
            ..Note::default()
        }
    }

    /// Fields changed, old → new.
    pub fn changes(changes: Vec<Change>) -> Note {
        Note {
            changes,
            ..Note::default()
        }
    }

    /// Leaves the note on a response.
    pub fn on(self, mut response: HttpResponse) -> HttpResponse {
        response.extensions_mut().insert(self);
        response
    }
}

/// The fields whose values differ between `old` and `new` (keys missing count as empty); the
/// fields named in `secret` show only that they changed.
pub fn differences<K>(
    old: &HashMap<K, String>,
    new: &[(&str, String)],
    secret: &[&str],
) -> Vec<Change>
where
    K: std::borrow::Borrow<str> + std::hash::Hash + Eq,
{
    new.iter()
        .filter_map(|(field, value)| {
            let before = old.get(*field).map(String::as_str).unwrap_or("");
            (before != value).then(|| {
                if secret.contains(field) {
                    Change {
                        field: (*field).to_owned(),
                        old: String::new(),
                        new: CHANGED.to_owned(),
                    }
                } else {
                    Change {
                        field: (*field).to_owned(),
                        old: before.to_owned(),
                        new: value.clone(),
                    }
                }
            })
        })
        .collect()
}

/// Middleware: records every successful write of an admin or editor (and every read a handler
/// notes), before the answer leaves. A write already committed stays answered as done when its
/// entry cannot be stored; that failure is logged.
pub async fn record_writes(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let response = next.call(req).await?;
    if !response.status().is_success() {
        return Ok(response);
    }
    let request = response.request();
    let Some(actor) = request.extensions().get::<Actor>().cloned() else {
        return Ok(response);
    };
    let note = response
        .response()
        .extensions()
        .get::<Note>()
        .cloned()
        .unwrap_or_default();
    let write = !matches!(*request.method(), Method::GET | Method::HEAD);
    if !write && !note.read {
        return Ok(response);
    }
    let entry = entry_of(request, actor, note);
    if let Some(state) = request.app_data::<web::Data<AppState>>() {
        let what = format!("{} {}", entry.action, entry.target);
        if let Err(err) = db::run(&state.pool, move |conn| db::audit::record(conn, &entry)).await {
            log::error!("the activity log did not record \"{what}\": {err:?}");
        }
    }
    Ok(response)
}

/// The entry of a request: who, from where, and what its route (or its note) says it did.
fn entry_of(request: &HttpRequest, actor: Actor, note: Note) -> Entry {
    let pattern = request.match_pattern().unwrap_or_default();
    let (kind, verb) = describe(request.method(), &pattern);
    // The members of a roster are reached through the roster's id.
    let in_path = if pattern.contains("/rosters/{id}/members") {
        "team"
    } else {
        kind
    };
    let (owner, id) = match note.target {
        Some(id) => (kind, Some(id)),
        None => (
            in_path,
            request
                .match_info()
                .get("id")
                .or_else(|| request.match_info().get("section"))
                .map(str::to_owned),
        ),
    };
    Entry {
        actor_id: Some(actor.id),
        actor: actor.name,
        address: client_ip(request).map_or_else(|_| String::new(), |ip| ip.to_string()),
        action: note.action.unwrap_or_else(|| match verb {
            "test email sent" => verb.to_owned(),
            _ => format!("{kind} {verb}"),
        }),
        target: match id {
            Some(id) => format!("{owner} {id}"),
            None => kind.to_owned(),
        },
        changes: note.changes,
    }
}

/// The kind of record an admin route works on, and what the method did to it, in plain words.
fn describe(method: &Method, pattern: &str) -> (&'static str, &'static str) {
    let resource = pattern
        .trim_start_matches("/api/admin/")
        .split('/')
        .next()
        .unwrap_or_default();
    let kind = match resource {
        "users" => "user",
        "contacts" | "contacts_delete" => "contact message",
        "feedback" => "feedback",
        "gifts" => "gift",
        "service" | "servicelist" => "notice",
        "post_certificate" | "delete_certificate" | "certificates" => "certificate",
        "rosters" if pattern.contains("/members") => "team member",
        "rosters" => "team",
        "members" => "team member",
        "cards" => "home card",
        "gallery" => "gallery image",
        "settings" => "site settings",
        "media" => "photo",
        "mail" => "email settings",
        "outbox" => "mail",
        "invitations" => "invitation",
        "backup" => "database backup",
        _ => "record",
    };
    let last = pattern.rsplit('/').next().unwrap_or_default();
    let verb = match (method, last) {
        (_, "order") => "reordered",
        (_, "delete") => "deleted",
        (_, "import") => "imported",
        (_, "retry") => "retried",
        (_, "revocation") => "revocation changed",
        (_, "sign-out") => "signed out everywhere",
        (_, "reset-link") => "password reset link made",
        (_, "test") => "test email sent",
        (&Method::GET, _) => "downloaded",
        (&Method::POST, _) => "added",
        (&Method::DELETE, _) => "deleted",
        _ => "changed",
    };
    (kind, verb)
}

/// Records an entry made outside a request handler's write (a sign-in, a server command);
/// a failure is logged, never the caller's problem.
pub fn record(conn: &rusqlite::Connection, entry: &Entry) {
    if let Err(err) = db::audit::record(conn, entry) {
        log::error!(
            "the activity log did not record \"{} {}\": {err:?}",
            entry.action,
            entry.target
        );
    }
}

/// Mails every admin about an edit that matters (when email is on): who, from which address,
/// what, and each change old → new. A failure is logged; the edit itself is saved.
pub fn alert(
    mailer: &crate::mail::Mailer,
    conn: &rusqlite::Connection,
    actor: &str,
    address: &str,
    what: &str,
    changes: &[Change],
) {
    let at = jiff::Timestamp::now().strftime("%-d %B %Y at %H:%M UTC");
    let mut body =
        format!("{actor} changed {what} on the Jyoti site, from the address {address}, on {at}.\n");
    if !changes.is_empty() {
        body.push('\n');
        for change in changes {
            let old = if change.old.is_empty() {
                "(empty)"
            } else {
                &change.old
            };
            body.push_str(&format!("  {}: {} → {}\n", change.field, old, change.new));
        }
    }
    let subject = format!("Jyoti site: {what} changed");
    if let Err(err) = mailer.queue_alert(conn, &subject, &body) {
        log::error!("the alert about \"{what}\" was not queued: {err:?}");
    }
}

/// An entry for a change made by one of the server's commands.
pub fn by_command(action: &str, target: &str, changes: Vec<Change>) -> Entry {
    Entry {
        actor_id: None,
        actor: SERVER_COMMAND.to_owned(),
        address: String::new(),
        action: action.to_owned(),
        target: target.to_owned(),
        changes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_named_in_plain_words() {
        let cases = [
            (Method::POST, "/api/admin/service", "notice added"),
            (
                Method::PATCH,
                "/api/admin/servicelist/update/{id}",
                "notice changed",
            ),
            (
                Method::DELETE,
                "/api/admin/delete_certificate/{id}",
                "certificate deleted",
            ),
            (
                Method::PUT,
                "/api/admin/rosters/{id}/members/order",
                "team member reordered",
            ),
            (
                Method::POST,
                "/api/admin/contacts/delete",
                "contact message deleted",
            ),
            (
                Method::GET,
                "/api/admin/backup",
                "database backup downloaded",
            ),
            (
                Method::PATCH,
                "/api/admin/settings",
                "site settings changed",
            ),
        ];
        for (method, pattern, words) in cases {
            let (kind, verb) = describe(&method, pattern);
            assert_eq!(format!("{kind} {verb}"), words, "{method} {pattern}");
        }
    }

    #[test]
    fn secrets_show_only_that_they_changed() {
        let old = HashMap::from([
            ("host".to_owned(), "a.example".to_owned()),
            ("password".to_owned(), "old secret".to_owned()),
        ]);
        let new = [
            ("host", "b.example".to_owned()),
            ("password", "new secret".to_owned()),
            ("port", String::new()),
        ];
        let changes = differences(&old, &new, &["password"]);
        assert_eq!(changes.len(), 2, "an unchanged field is not listed");
        assert_eq!(
            (changes[0].old.as_str(), changes[0].new.as_str()),
            ("a.example", "b.example")
        );
        assert_eq!(
            (changes[1].old.as_str(), changes[1].new.as_str()),
            ("", CHANGED)
        );
    }
}

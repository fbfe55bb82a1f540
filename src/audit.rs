//! The activity log as requests fill it. A staff member's request carries a [`Trail`] (who, from
//! where, what its route does), which the access check makes and hands to the handler with the
//! staff member; `db::run_as` runs each piece of that request's work in one transaction with its
//! entry, so a write and its entry are stored both or neither — also when the client goes away
//! mid-request (the work runs on the blocking pool to its end). The work names its record and
//! changes in the [`Note`] it is handed. Sign-ins, invitations and the server's commands write
//! their own entries, in their own write's transaction.

use crate::client::{client_ip, Actor};
use crate::db::audit::{Change, Entry, Kind, CHANGED, SERVER_COMMAND};
pub use crate::db::trail::{Note, Trail};
use crate::db::{self, Pool};
use crate::error::ApiError;
use actix_web::http::Method;
use actix_web::HttpRequest;
use std::collections::HashMap;

/// The trail of a request made by an admin or editor (made by the access check, which hands it
/// to the handler with the staff member).
pub fn trail_of(req: &HttpRequest, actor: &Actor, pool: &Pool) -> Trail {
    let (entry, kind, record) = entry_of(req, actor);
    Trail {
        entry,
        kind,
        record,
        call: format!("{} {}", req.method(), req.path()),
        write: !matches!(*req.method(), Method::GET | Method::HEAD),
        pool: pool.clone(),
    }
}

/// A signed-in admin or editor, whose request's trail is `trail`, was refused (403): recorded on
/// the blocking pool, where it runs to its end even when the client has gone.
pub fn refused(trail: &Trail, why: &str) {
    let mut entry = trail.entry.clone();
    entry.action = "refused".to_owned();
    entry.target = trail.call.clone();
    entry.changes = vec![Change {
        field: "reason".into(),
        old: String::new(),
        new: why.to_owned(),
    }];
    let pool = trail.pool.clone();
    // Not awaited: the refusal is answered at once; the entry follows.
    drop(actix_web::rt::task::spawn_blocking(move || {
        let stored = pool
            .get()
            .map_err(ApiError::from)
            .and_then(|conn| db::audit::record(&conn, &entry));
        if let Err(err) = stored {
            log::error!("the activity log did not record a refusal: {err:?}");
        }
    }));
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

/// The entry of a request: who, from where, and what its route says it did; and the record
/// its path names, if any.
fn entry_of(
    request: &HttpRequest,
    actor: &Actor,
) -> (Entry, &'static str, Option<(&'static str, i64)>) {
    let pattern = request.match_pattern().unwrap_or_default();
    let (kind, verb) = describe(request.method(), &pattern);
    // The members of a roster are reached through the roster's id.
    let in_path = if pattern.contains("/rosters/{id}/members") {
        "team"
    } else {
        kind
    };
    let id = request
        .match_info()
        .get("id")
        .or_else(|| request.match_info().get("section"))
        .map(str::to_owned);
    let record = request
        .match_info()
        .get("id")
        .and_then(|id| id.parse().ok())
        .map(|id| (in_path, id));
    let entry = Entry {
        actor_id: Some(actor.id),
        actor: actor.name.clone(),
        address: client_ip(request).map_or_else(|_| String::new(), |ip| ip.to_string()),
        action: match verb {
            "test email sent" => verb.to_owned(),
            _ => format!("{kind} {verb}"),
        },
        target: match id {
            Some(id) => format!("{in_path} {id}"),
            None => kind.to_owned(),
        },
        changes: Vec::new(),
        kind: Kind::of_record(kind),
    };
    (entry, kind, record)
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
        "alerts" => "alert",
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
        (_, "read") => "marked read",
        (&Method::GET, _) => "downloaded",
        (&Method::POST, _) => "added",
        (&Method::DELETE, _) => "deleted",
        _ => "changed",
    };
    (kind, verb)
}

/// An entry for what a user did themselves outside the admin area (a sign-in, a password
/// changed, an invitation accepted), filed under `kind`.
pub fn by_user(
    user: &crate::db::users::User,
    address: &str,
    action: &str,
    changes: Vec<Change>,
    kind: Kind,
) -> Entry {
    Entry {
        actor_id: Some(user.id),
        actor: user.named(),
        address: address.to_owned(),
        action: action.to_owned(),
        target: format!("user {} \"{}\"", user.id, user.email),
        changes,
        kind,
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
        kind: Kind::Commands,
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

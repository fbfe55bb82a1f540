//! The activity log as requests fill it. A staff member's request carries a [`Trail`] (who, from
//! where, what its route does); `db::run` runs each piece of that request's work in one
//! transaction with its entry, so a write and its entry are stored both or neither — also when
//! the client goes away mid-request (the work runs on the blocking pool to its end). The work
//! names its record and changes with [`note`]. Sign-ins, invitations and the server's commands
//! write their own entries, in their own write's transaction.

use crate::access::{client_ip, Actor};
use crate::db::audit::{Change, Entry, Kind, CHANGED, SERVER_COMMAND};
use crate::db::{self, Pool};
use crate::error::ApiError;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::HttpRequest;
use rusqlite::Connection;
use std::cell::RefCell;
use std::collections::HashMap;

/// What a piece of work says about its change, beyond what its route tells.
#[derive(Debug, Clone, Default)]
pub struct Note {
    /// The change in a few words, when the route's own words would not do.
    pub action: Option<String>,
    /// The record, when the path does not name it (a new record's id).
    pub target: Option<String>,
    /// The record as people know it (a notice's title, an account's email), when the work
    /// knows it better than the log's own look-up.
    pub name: Option<String>,
    pub changes: Vec<Change>,
    /// The kind the Activity screen files it under, when not the route's.
    pub kind: Option<Kind>,
    /// Record it even though nothing was written (a backup download, a test email).
    pub always: bool,
}

/// A staff member's request: who, from where, and what its route says it does.
#[derive(Clone)]
pub struct Trail {
    entry: Entry,
    /// The kind of record the route works on (a new record's, by the id its work notes).
    kind: &'static str,
    /// The kind of record and id the path names, to name it as it is before the work.
    record: Option<(&'static str, i64)>,
    /// The call as made: `GET /api/admin/users`.
    call: String,
    write: bool,
    pool: Pool,
}

tokio::task_local! {
    /// The trail of the request being answered; set once the staff member is known.
    static TRAIL: RefCell<Option<Trail>>;
}

thread_local! {
    /// What the work running on this thread noted about itself.
    static NOTE: RefCell<Option<Note>> = const { RefCell::new(None) };
}

/// Middleware: gives every API request a place for its trail (see [`follow`]).
pub async fn keep_trail(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    TRAIL.scope(RefCell::new(None), next.call(req)).await
}

/// Starts the trail of a request made by an admin or editor (called by the access check).
pub fn follow(req: &HttpRequest, actor: &Actor, pool: &Pool) {
    let (entry, kind, record) = entry_of(req, actor);
    let trail = Trail {
        entry,
        kind,
        record,
        call: format!("{} {}", req.method(), req.path()),
        write: !matches!(*req.method(), Method::GET | Method::HEAD),
        pool: pool.clone(),
    };
    // Outside the API's scope there is no trail to keep (nothing there writes).
    let _ = TRAIL.try_with(|kept| *kept.borrow_mut() = Some(trail));
}

/// The trail of the request being answered on this task, if a staff member made it.
pub fn current() -> Option<Trail> {
    TRAIL.try_with(|kept| kept.borrow().clone()).ok().flatten()
}

/// Inside work run by `db::run`: adds to what its entry says.
pub fn note(add: impl FnOnce(&mut Note)) {
    NOTE.with(|note| add(note.borrow_mut().get_or_insert_with(Note::default)));
}

/// Inside work run by `db::run`: the record it created, by id.
pub fn created(id: i64) {
    note(|note| note.target = Some(id.to_string()));
}

/// Inside work run by `db::run`: the fields it changed, old → new.
pub fn changed(changes: Vec<Change>) {
    note(|note| note.changes.extend(changes));
}

/// Runs a staff request's `work`. A write runs in one transaction with its entry: when the entry
/// cannot be stored, nothing is. A read is recorded only when it notes itself (a download).
pub fn audited<T>(
    conn: &mut Connection,
    trail: &Trail,
    work: impl FnOnce(&mut Connection) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    NOTE.with(|note| note.borrow_mut().take());
    if !trail.write {
        let result = work(conn)?;
        if let Some(note) = NOTE.with(|note| note.borrow_mut().take()) {
            if note.always {
                let entry = trail.entry_with(conn, note, None)?;
                db::audit::record(conn, &entry)?;
            }
        }
        return Ok(result);
    }
    conn.execute_batch("BEGIN IMMEDIATE")?;
    let outcome = (|| {
        let before = match trail.record {
            Some((kind, id)) => db::audit::name_of(conn, kind, id)?,
            None => None,
        };
        let changes_before = conn.total_changes();
        let result = work(conn)?;
        let wrote = conn.total_changes() != changes_before;
        let note = NOTE.with(|note| note.borrow_mut().take());
        if wrote || note.as_ref().is_some_and(|note| note.always) {
            let entry = trail.entry_with(conn, note.unwrap_or_default(), before)?;
            db::audit::record(conn, &entry)?;
        }
        Ok(result)
    })();
    finish(conn, outcome)
}

/// Commits the transaction `audited` opened when the work succeeded; rolls it back otherwise, or
/// when the commit failed (a busy or full database leaves it open).
fn finish<T>(conn: &Connection, outcome: Result<T, ApiError>) -> Result<T, ApiError> {
    let outcome = outcome.and_then(|result| {
        conn.execute_batch("COMMIT")?;
        Ok(result)
    });
    if !conn.is_autocommit() {
        // What the rollback could say adds nothing to the error being answered.
        let _ = conn.execute_batch("ROLLBACK");
    }
    outcome
}

impl Trail {
    /// The entry of this request with what its work noted; `before` names the record as it was.
    fn entry_with(
        &self,
        conn: &Connection,
        note: Note,
        before: Option<String>,
    ) -> Result<Entry, ApiError> {
        let mut entry = self.entry.clone();
        if let Some(action) = note.action {
            entry.action = action;
        }
        if let Some(kind) = note.kind {
            entry.kind = kind;
        }
        let name = match note.target {
            Some(id) => {
                entry.target = format!("{} {id}", self.kind);
                match (note.name, id.parse()) {
                    (Some(name), _) => Some(name),
                    (None, Ok(id)) => db::audit::name_of(conn, self.kind, id)?,
                    (None, Err(_)) => None,
                }
            }
            None => note.name.or(before),
        };
        if let Some(name) = name.filter(|name| !name.is_empty()) {
            entry.target = format!("{} \"{name}\"", entry.target);
        }
        entry.changes = note.changes;
        Ok(entry)
    }
}

/// A signed-in admin or editor was refused (403): recorded on the blocking pool, where it runs
/// to its end even when the client has gone.
pub fn refused(why: &str) {
    let Some(trail) = current() else {
        return;
    };
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

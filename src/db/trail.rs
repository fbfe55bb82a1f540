//! The activity log's side of a staff member's request, kept with the database: the request's
//! [`Trail`] (who, from where, what its route does), which the access check makes and hands to
//! the handler with the staff member, and the handler to [`run_as`](super::run_as); and
//! [`audited`], which runs the request's work in one transaction with its entry, so a write and
//! its entry are stored both or neither. The work names its record and changes in its [`Note`].

use super::audit::{Change, Entry, Kind};
use super::Pool;
use crate::error::ApiError;
use rusqlite::Connection;

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
    pub entry: Entry,
    /// The kind of record the route works on (a new record's, by the id its work notes).
    pub kind: &'static str,
    /// The kind of record and id the path names, to name it as it is before the work.
    pub record: Option<(&'static str, i64)>,
    /// The call as made: `GET /api/admin/users`.
    pub call: String,
    pub write: bool,
    pub pool: Pool,
}

impl Note {
    /// The record the work created, by id.
    pub fn created(&mut self, id: i64) {
        self.target = Some(id.to_string());
    }

    /// The fields the work changed, old → new.
    pub fn changed(&mut self, changes: Vec<Change>) {
        self.changes.extend(changes);
    }
}

/// Runs a staff request's `work`, which may say more about itself in the [`Note`] it is handed. A
/// write runs in one transaction with its entry: when the entry cannot be stored, nothing is. A
/// read is recorded only when its note says `always` (a download).
pub fn audited<T>(
    conn: &mut Connection,
    trail: &Trail,
    work: impl FnOnce(&mut Connection, &mut Note) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let mut note = Note::default();
    if !trail.write {
        let result = work(conn, &mut note)?;
        if note.always {
            let entry = trail.entry_with(conn, note, None)?;
            super::audit::record(conn, &entry)?;
        }
        return Ok(result);
    }
    conn.execute_batch("BEGIN IMMEDIATE")?;
    let outcome = (|| {
        let before = match trail.record {
            Some((kind, id)) => super::audit::name_of(conn, kind, id)?,
            None => None,
        };
        let changes_before = conn.total_changes();
        let result = work(conn, &mut note)?;
        let wrote = conn.total_changes() != changes_before;
        if wrote || note.always {
            let entry = trail.entry_with(conn, note, before)?;
            super::audit::record(conn, &entry)?;
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
                    (None, Ok(id)) => super::audit::name_of(conn, self.kind, id)?,
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

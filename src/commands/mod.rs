//! Maintenance commands run from a terminal: the accounts' (create-admin, reset-password,
//! rotate-secret, second-factor remove) and the copies' (backup, restore, offsite), and what they share: a database
//! opened as the server would, each change stored with its activity-log entry.

mod accounts;
mod copies;

pub use accounts::{create_admin, reset_password, rotate_secret, second_factor};
pub use copies::{backup, offsite, restore};

use crate::db;
use crate::error::ApiError;
use rusqlite::Connection;
use std::path::Path;

pub(super) fn database_error(err: ApiError) -> String {
    format!("cannot update the database: {err:?}")
}

/// Refuses a database that is not there: a mistyped --db must not quietly make a new site.
/// `hint` ends the sentence with the way to make one, where the command has it.
pub(super) fn existing(db: &Path, hint: &str) -> Result<(), String> {
    match db.is_file() {
        true => Ok(()),
        false => Err(format!(
            "there is no database at {}: check --db (a service keeps it in /var/lib/jyoti/jyoti.db){hint}",
            db.display()
        )),
    }
}

/// Runs `work` on the database at `path`, opened (and migrated, or made) as the server would.
/// Afterwards every file of the database belongs to its folder's owner, also when this ran as
/// root.
pub(super) fn on_database<T>(
    path: &Path,
    work: impl FnOnce(&Connection) -> Result<T, String>,
) -> Result<T, String> {
    let result = (|| -> Result<T, String> {
        let pool = db::open(path)?;
        let mut conn = pool
            .get()
            .map_err(|e| format!("cannot use the database: {e}"))?;
        // The change and its activity-log entry (and alert) are stored both or neither.
        let tx = db::begin(&mut conn).map_err(|e| format!("cannot use the database: {e}"))?;
        let value = work(&tx)?;
        tx.commit()
            .map_err(|e| format!("cannot update the database: {e}"))?;
        Ok(value)
    })();
    let settled = crate::files::settle_database(path);
    let value = result?;
    settled?;
    Ok(value)
}

/// Stores a command's activity-log entry (in the command's transaction).
pub(super) fn record(conn: &Connection, entry: &crate::db::audit::Entry) -> Result<(), String> {
    db::audit::record(conn, entry).map_err(database_error)
}

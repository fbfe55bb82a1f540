//! Which tables were written, for the caches: each table's version, moved on by the pool's own
//! commits (SQLite's update hook) and by other processes' (`data_version`), and the tables a
//! build read (SQLite's authorizer).

use super::configure;
use super::pool::refuse_commits_the_file_cannot_keep;
use crate::error::ApiError;
use rusqlite::Connection;
use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Notices commits that did not go through this pool (`jyoti create-admin` while the server
/// runs), which the update hook never sees: SQLite's `data_version` on a connection of its own
/// changes whenever any other connection commits. Which tables changed is unknown then, so every
/// version moves on.
///
/// The pool's own commits change it too. They are counted (a commit hook), so a change with no
/// own commit since is certainly another process's, and moves the versions at once; a change
/// that may be either moves them at most once per [`UNSURE_EVERY`], so that the site's own
/// writes do not rebuild every cache each time. The health probe writes through the watcher's
/// connection, which its own `data_version` does not count.
pub(super) struct OutsideWrites {
    pub(super) watcher: Mutex<Watcher>,
    epoch: AtomicU64,
    pub(super) own_commits: AtomicU64,
}

pub(super) struct Watcher {
    pub(super) conn: Connection,
    /// The `data_version` and own commits when the versions last moved (or were found current).
    seen: i64,
    own_seen: u64,
    /// When an unsure change last moved the versions.
    unsure_at: Option<std::time::Instant>,
}

/// An unsure change moves every version at most this often.
const UNSURE_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

impl OutsideWrites {
    pub(super) fn open(path: &Path) -> rusqlite::Result<OutsideWrites> {
        let conn = Connection::open(path)?;
        configure(&conn)?;
        refuse_commits_the_file_cannot_keep(&conn, path.to_path_buf(), None)?;
        let seen = data_version(&conn)?;
        Ok(OutsideWrites {
            watcher: Mutex::new(Watcher {
                conn,
                seen,
                own_seen: 0,
                unsure_at: None,
            }),
            epoch: AtomicU64::new(0),
            own_commits: AtomicU64::new(0),
        })
    }

    /// A number that moves on when another process committed to the file.
    pub(super) fn epoch(&self) -> u64 {
        // Another thread asking right now tells the same; a failed read leaves the caches as
        // they are, to be checked again on the next call.
        if let Ok(mut watcher) = self.watcher.try_lock() {
            if let Ok(version) = data_version(&watcher.conn) {
                let own = self.own_commits.load(Ordering::Acquire);
                let certain = own == watcher.own_seen;
                let unsure_due = watcher
                    .unsure_at
                    .is_none_or(|at| at.elapsed() >= UNSURE_EVERY);
                if version != watcher.seen && (certain || unsure_due) {
                    if !certain {
                        watcher.unsure_at = Some(std::time::Instant::now());
                    }
                    watcher.seen = version;
                    watcher.own_seen = own;
                    self.epoch.fetch_add(1, Ordering::AcqRel);
                }
            }
        }
        self.epoch.load(Ordering::Acquire)
    }
}

fn data_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("PRAGMA data_version")?
        .query_row([], |row| row.get(0))
}

/// The tables a cached value can be built from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    Users,
    Contacts,
    Notices,
    Certificates,
    SiteSettings,
    Rosters,
    Members,
    Cards,
    GalleryImages,
    Media,
    MailSettings,
    AuditLog,
    Translations,
}

impl Table {
    pub(super) const COUNT: usize = 13;
    pub(super) const ALL: [Table; Table::COUNT] = [
        Table::Users,
        Table::Contacts,
        Table::Notices,
        Table::Certificates,
        Table::SiteSettings,
        Table::Rosters,
        Table::Members,
        Table::Cards,
        Table::GalleryImages,
        Table::Media,
        Table::MailSettings,
        Table::AuditLog,
        Table::Translations,
    ];

    /// The table a write to `name` changes, as the update hook names it (it never reports a
    /// `WITHOUT ROWID` table such as `media_variants`).
    fn named(name: &str) -> Option<Table> {
        Some(match name {
            "users" => Table::Users,
            "contacts" => Table::Contacts,
            "notices" => Table::Notices,
            "certificates" => Table::Certificates,
            "site_settings" => Table::SiteSettings,
            "rosters" => Table::Rosters,
            "members" => Table::Members,
            "cards" => Table::Cards,
            "gallery_images" => Table::GalleryImages,
            "media" => Table::Media,
            "mail_settings" => Table::MailSettings,
            "audit_log" => Table::AuditLog,
            "translations" => Table::Translations,
            _ => return None,
        })
    }

    /// The table whose version covers a read of `name`: a photo's variants are written only
    /// with their `media` row (added with it, deleted by its cascade), so `media` stands for them.
    fn read_as(name: &str) -> Option<Table> {
        match name {
            "media_variants" => Some(Table::Media),
            name => Table::named(name),
        }
    }
}

/// Every table's version at one moment, for a value whose tables are known only once it is built.
pub struct Versions {
    pub(super) tables: [u64; Table::COUNT],
    pub(super) outside: u64,
}

impl Versions {
    /// As [`Pool::version`] was for `tables` at the moment of the snapshot.
    pub fn of(&self, tables: &[Table]) -> u64 {
        tables
            .iter()
            .map(|table| self.tables[*table as usize])
            .sum::<u64>()
            + self.outside
    }
}

/// Runs `work` and answers what it returned with the tables its statements read, as SQLite's
/// authorizer reports them while each statement is prepared (the statement cache is emptied
/// first, or a cached statement would be read unseen). A table no version covers is an error:
/// a value built from it could not know when it goes stale.
pub fn reading<T>(
    conn: &mut Connection,
    work: impl FnOnce(&mut Connection) -> Result<T, ApiError>,
) -> Result<(T, Vec<Table>), ApiError> {
    let read = Arc::new(Mutex::new(std::collections::BTreeSet::<String>::new()));
    let noted = read.clone();
    conn.flush_prepared_statement_cache();
    conn.authorizer(Some(move |context: rusqlite::hooks::AuthContext<'_>| {
        if let rusqlite::hooks::AuthAction::Read { table_name, .. } = context.action {
            noted
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(table_name.to_owned());
        }
        rusqlite::hooks::Authorization::Allow
    }))?;
    let result = work(conn);
    conn.authorizer(
        None::<fn(rusqlite::hooks::AuthContext<'_>) -> rusqlite::hooks::Authorization>,
    )?;
    // The statements prepared under the authorizer go with it.
    conn.flush_prepared_statement_cache();
    let value = result?;
    let names = std::mem::take(&mut *read.lock().unwrap_or_else(|p| p.into_inner()));
    let mut tables = Vec::new();
    for name in names.iter().filter(|name| !name.starts_with("sqlite_")) {
        match Table::read_as(name) {
            Some(table) if !tables.contains(&table) => tables.push(table),
            Some(_) => {}
            None => {
                return Err(ApiError::internal(format!(
                    "a cached value read the table {name}, which no version covers (add it to db::Table)"
                )))
            }
        }
    }
    Ok((value, tables))
}

thread_local! {
    /// The tables the work on this thread has written to, one bit each, as SQLite reports them.
    pub(super) static TOUCHED: Cell<u32> = const { Cell::new(0) };
}

/// Notes each row change in [`TOUCHED`]; the change becomes visible to caches when its work ends.
pub(super) fn watch_writes(conn: &Connection) -> rusqlite::Result<()> {
    conn.update_hook(Some(|_, _: &str, table: &str, _| {
        if let Some(table) = Table::named(table) {
            TOUCHED.with(|touched| touched.set(touched.get() | 1 << table as u32));
        }
    }))
}

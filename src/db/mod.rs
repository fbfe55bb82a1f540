//! The SQLite database: opening it, the per-connection PRAGMAs, migrations, and running work on the blocking pool.
//!
//! All SQL of the program lives in this folder.

/// A row type read from the columns of its fields' names (a query renames a column with `AS`
/// where the field's name differs): the struct, and its `from_row` for `query_row`/`query_map`.
macro_rules! row {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$field_meta:meta])* pub $field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        pub struct $name { $($(#[$field_meta])* pub $field: $ty,)* }

        impl $name {
            fn from_row(row: &rusqlite::Row) -> rusqlite::Result<$name> {
                Ok($name { $($field: row.get(stringify!($field))?,)* })
            }
        }
    };
}
use row;

/// The statements of one page of `$table`, from constant pieces (see [`PageSql`]).
/// `$matching!()` is ` FROM … WHERE …` testing the search `?1`; the count of matches is by
/// default `count(*)` of `$matching!()` (a table with a search index counts in the index).
///
/// A page picks its ids first (from the index of `$order`, without reading the rows it skips),
/// then reads only those rows: a deep page costs an index walk, not a table walk.
macro_rules! page_sql {
    ($columns:ident, $matching:ident, $table:literal, $order:literal) => {
        super::page_sql!(
            $columns,
            $matching,
            $table,
            $order,
            concat!("SELECT count(*)", $matching!())
        )
    };
    ($columns:ident, $matching:ident, $table:literal, $order:literal, $count:expr) => {
        super::PageSql {
            search: concat!(
                "SELECT ",
                $columns!(),
                " FROM ",
                $table,
                " WHERE id IN (SELECT id",
                $matching!(),
                " ORDER BY ",
                $order,
                " LIMIT ?2 OFFSET ?3) ORDER BY ",
                $order
            ),
            all: concat!(
                "SELECT ",
                $columns!(),
                " FROM ",
                $table,
                " WHERE id IN (SELECT id FROM ",
                $table,
                " WHERE ?1 IS NULL ORDER BY ",
                $order,
                " LIMIT ?2 OFFSET ?3) ORDER BY ",
                $order
            ),
            count: $count,
            ids: concat!("SELECT id FROM ", $table, " ORDER BY ", $order),
            by_ids: concat!(
                "SELECT ",
                $columns!(),
                " FROM ",
                $table,
                " WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY ",
                $order
            ),
        }
    };
}
use page_sql;

/// `pub fn page`: one page of `$table`'s rows whose search is the `LIKE` pattern `?1` of the
/// module's `matching!()`, in the order each sort of `$sort` names (a literal `ORDER BY`).
macro_rules! like_page {
    ($row:ident, $sort:ident, $table:literal { $($variant:ident => $order:literal,)* }) => {
        /// One page of the rows matching the search, in the chosen order.
        pub fn page(
            conn: &mut rusqlite::Connection,
            listing: &crate::domain::Listing<$sort>,
            kept: Option<&super::kept_orders::KeptOrders>,
        ) -> Result<super::Page<$row>, crate::error::ApiError> {
            let sql = match listing.sort {
                $($sort::$variant => super::page_sql!(columns, matching, $table, $order),)*
            };
            super::page_like(conn, sql, listing, kept, $row::from_row)
        }
    };
}
use like_page;

pub mod alerts;
pub mod audit;
pub mod backup;
pub mod cards;
pub mod certificates;
pub mod contacts;
pub mod feedback;
pub mod gallery_images;
pub mod gifts;
pub mod invitations;
pub mod kept_orders;
pub mod mail_settings;
pub mod media;
pub mod members;
pub mod migrations;
pub mod notices;
pub mod outbox;
pub mod password_resets;
pub mod payment_hold;
pub mod rosters;
pub mod seed;
pub mod settings;
pub mod site_settings;
pub mod tls;
pub mod translations;
pub mod users;

use crate::error::ApiError;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::Connection;
use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The connection pool, and how often each table has been written through it.
#[derive(Clone)]
pub struct Pool {
    connections: r2d2::Pool<SqliteConnectionManager>,
    versions: Arc<[AtomicU64; Table::COUNT]>,
    outside: Arc<OutsideWrites>,
}

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
struct OutsideWrites {
    watcher: Mutex<Watcher>,
    epoch: AtomicU64,
    own_commits: AtomicU64,
}

struct Watcher {
    conn: Connection,
    /// The `data_version` and own commits when the versions last moved (or were found current).
    seen: i64,
    own_seen: u64,
    /// When an unsure change last moved the versions.
    unsure_at: Option<std::time::Instant>,
}

/// An unsure change moves every version at most this often.
const UNSURE_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

impl OutsideWrites {
    fn open(path: &Path) -> rusqlite::Result<OutsideWrites> {
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
    fn epoch(&self) -> u64 {
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

impl Pool {
    pub fn get(&self) -> Result<r2d2::PooledConnection<SqliteConnectionManager>, r2d2::Error> {
        self.connections.get()
    }

    /// Most connections open at once.
    pub fn max_size(&self) -> u32 {
        self.connections.max_size()
    }

    /// A number that grows whenever one of `tables` is written through this pool: a value built
    /// from those tables is current exactly while this number stays the same.
    pub fn version(&self, tables: &[Table]) -> u64 {
        let outside = self.outside.epoch();
        tables
            .iter()
            .map(|table| self.versions[*table as usize].load(Ordering::Acquire))
            .sum::<u64>()
            + outside
    }

    /// Every table's version now.
    pub fn versions(&self) -> Versions {
        Versions {
            tables: Table::ALL.map(|table| self.versions[table as usize].load(Ordering::Acquire)),
            outside: self.outside.epoch(),
        }
    }

    fn publish(&self, touched: u32) {
        for (index, version) in self.versions.iter().enumerate() {
            if touched & (1 << index) != 0 {
                version.fetch_add(1, Ordering::AcqRel);
            }
        }
    }
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
    const COUNT: usize = 13;
    const ALL: [Table; Table::COUNT] = [
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
    tables: [u64; Table::COUNT],
    outside: u64,
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
    static TOUCHED: Cell<u32> = const { Cell::new(0) };
}

/// Notes each row change in [`TOUCHED`]; the change becomes visible to caches when its work ends.
fn watch_writes(conn: &Connection) -> rusqlite::Result<()> {
    conn.update_hook(Some(|_, _: &str, table: &str, _| {
        if let Some(table) = Table::named(table) {
            TOUCHED.with(|touched| touched.set(touched.get() | 1 << table as u32));
        }
    }))
}

/// A commit is turned into a rollback while the database file cannot be written (made
/// read-only while serving): the write-ahead log would take it, but it could never be copied
/// into the file, and the log would grow without end. Asked at each commit, without opening
/// the file (see `files::can_write`).
/// The hook also counts the pool's commits in `count` (see [`OutsideWrites`]).
fn refuse_commits_the_file_cannot_keep(
    conn: &Connection,
    file: std::path::PathBuf,
    count: Option<Arc<OutsideWrites>>,
) -> rusqlite::Result<()> {
    conn.commit_hook(Some(move || {
        if let Some(outside) = &count {
            outside.own_commits.fetch_add(1, Ordering::AcqRel);
        }
        !crate::files::can_write(&file)
    }))
}

/// Most connections the pool keeps; WAL lets readers run side by side, SQLite serialises writers.
const POOL_SIZE: u32 = 8;

/// Applied to every connection, in this order (docs/running.md, "Where the data lives"): wait for a writer instead of failing,
/// readers beside one writer, every commit on disk before it is answered, foreign keys enforced.
/// Then: a deleted or rewritten row's old bytes are zeroed, also on pages that leave the table
/// for the free list, or a sent mail's link would live on in the file's free space and in every
/// backup of it (`FAST` zeroes only pages written anyway, and a few mails fill more than one
/// page). The write-ahead log keeps older copies of pages too: see [`scrub_log`].
const PRAGMAS: &str = "PRAGMA busy_timeout = 5000;
PRAGMA journal_mode = WAL;
PRAGMA synchronous = FULL;
PRAGMA foreign_keys = ON;
PRAGMA secure_delete = ON;";

pub fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(PRAGMAS)
}

/// Opens (creating if needed) and migrates the database, then builds the pool.
/// Errors are one sentence for a volunteer at a terminal.
pub fn open(path: &Path) -> Result<Pool, String> {
    open_noting(path).map(|(pool, _)| pool)
}

/// [`open`], also saying what it did that the log should show (such as a pre-migration backup).
pub fn open_noting(path: &Path) -> Result<(Pool, Vec<String>), String> {
    let mut notes = Vec::new();
    let shown = path.display();
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(format!(
            "cannot open the database {shown}: the folder {} does not exist",
            folder.display()
        ));
    }
    if let Some(why) = crate::files::not_writable(path) {
        return Err(why);
    }
    let unusable = |err: rusqlite::Error| {
        format!("cannot open the database {shown}: {err} (is it a SQLite file, and can this user write to its folder?)")
    };
    let mut conn = Connection::open(path).map_err(unusable)?;
    configure(&conn).map_err(unusable)?;
    let version = migrations::version(&conn).map_err(unusable)?;
    if version > 0 && version < migrations::LATEST {
        let copy = std::path::PathBuf::from(format!(
            "{shown}.before-v{}-{}.bak",
            migrations::LATEST,
            crate::db::backup::stamp()
        ));
        crate::db::backup::exact_copy(path, &copy)
            .map_err(|err| format!("not migrating {shown}: the backup first failed: {err}"))?;
        notes.push(format!(
            "upgrading the database from schema version {version} to {}; a copy of it as it was is at {}",
            migrations::LATEST,
            copy.display()
        ));
    }
    migrations::migrate(&mut conn)
        .map_err(|err| format!("cannot prepare the database {shown}: {err}"))?;
    drop(conn);

    let outside = Arc::new(
        OutsideWrites::open(path)
            .map_err(|err| format!("cannot open the database {shown}: {err}"))?,
    );
    let (watched, counted) = (path.to_path_buf(), outside.clone());
    let manager = SqliteConnectionManager::file(path).with_init(move |conn| {
        watch_writes(conn)?;
        refuse_commits_the_file_cannot_keep(conn, watched.clone(), Some(counted.clone()))?;
        configure(conn)
    });
    let connections = r2d2::Pool::builder()
        .max_size(POOL_SIZE)
        .min_idle(Some(2))
        .build(manager)
        .map_err(|err| format!("cannot open the database {shown}: {err}"))?;
    let pool = Pool {
        connections,
        versions: Arc::new(Default::default()),
        outside,
    };
    Ok((pool, notes))
}

/// Runs `work` with a pooled connection on the blocking thread pool, never on an actix worker.
/// The tables it wrote get new versions once it is done (committed), so no cache built from them
/// outlives a write: a write cannot forget to clear a cache, because it never has to.
pub async fn run<T, F>(pool: &Pool, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut Connection) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    // A staff member's request: its work and its activity-log entry are one transaction.
    let trail = crate::audit::current();
    let pool = pool.clone();
    actix_web::web::block(move || {
        run_here(&pool, |conn| match &trail {
            Some(trail) => crate::audit::audited(conn, trail, work),
            None => work(conn),
        })
    })
    .await?
}

/// [`run`] on a thread of the server's own (a worker), which may block.
pub fn run_here<T>(
    pool: &Pool,
    work: impl FnOnce(&mut Connection) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let mut conn = pool.get()?;
    TOUCHED.with(|touched| touched.set(0));
    let result = work(&mut conn);
    pool.publish(TOUCHED.with(Cell::take));
    result
}

/// Copies every change in the write-ahead log into the database file and empties the log (a
/// clean stop). Fails, rather than answering half done, while another connection is reading.
pub fn checkpoint(pool: &Pool) -> Result<(), String> {
    let conn = pool.get().map_err(|e| e.to_string())?;
    match scrub_log(&conn).map_err(|e| format!("{e:?}"))? {
        true => Ok(()),
        false => Err("another connection was still reading".into()),
    }
}

/// Empties the write-ahead log into the database file and cuts the log to nothing, so the
/// older copies of pages it keeps (such as a deleted mail's, with its link) are in no file any
/// more. `false` when a reader still needed the log after the busy timeout: try again later.
pub fn scrub_log(conn: &Connection) -> Result<bool, ApiError> {
    let (busy, _, _): (i64, i64, i64) =
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?))
        })?;
    Ok(busy == 0)
}

impl Pool {
    /// Whether the database takes a write now (for `/healthz`): a small change committed to
    /// disk, through the watcher's connection so that no cache takes it for another process's.
    /// The value changes each time, or SQLite would write no page and prove nothing.
    pub fn probe_write(&self) -> Result<(), ApiError> {
        let mut watcher = self
            .outside
            .watcher
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        in_transaction(&mut watcher.conn, |conn| {
            settings::set(
                conn,
                "health_probe",
                &jiff::Timestamp::now().as_nanosecond().to_string(),
            )?;
            Ok(())
        })
    }
}

/// One page of a list and how many rows match in all (the paged answer of a list call).
#[derive(Debug, serde::Serialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: i64,
    pub page: u32,
    pub size: u32,
}

impl<T> Page<T> {
    /// The same page with each row turned into what is shown.
    pub fn map<U>(self, show: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(show).collect(),
            total: self.total,
            page: self.page,
            size: self.size,
        }
    }
}

/// The statements that read one page of a long list, all in the list's order.
pub struct PageSql {
    /// The page of rows matching the search `?1`; size `?2`, offset `?3`.
    pub search: &'static str,
    /// The page of every row (`?1` is NULL, tested once rather than per row); `?2`, `?3` as above.
    pub all: &'static str,
    /// How many rows match the search `?1`.
    pub count: &'static str,
    /// Every row's id.
    pub ids: &'static str,
    /// The rows whose ids are in the JSON array `?1`.
    pub by_ids: &'static str,
}

/// Reads one page. Without a search, the ids of the whole list come from `kept` when the list
/// keeps them: the page is a slice of them and the total their number, however deep the page.
fn page_of<T, S>(
    conn: &Connection,
    sql: PageSql,
    filter: Option<String>,
    listing: &crate::domain::Listing<S>,
    kept: Option<&kept_orders::KeptOrders>,
    from_row: fn(&rusqlite::Row) -> rusqlite::Result<T>,
) -> Result<Page<T>, ApiError> {
    let page = |items, total| Page {
        items,
        total,
        page: listing.page,
        size: listing.size,
    };
    if let (None, Some(kept)) = (&filter, kept) {
        let ids = kept.ids(conn, sql.ids)?;
        let start =
            usize::try_from(listing.offset()).map_or(ids.len(), |start| start.min(ids.len()));
        let end = start.saturating_add(listing.size as usize).min(ids.len());
        let chosen = serde_json::to_string(&ids[start..end]).map_err(ApiError::internal)?;
        let items = conn
            .prepare_cached(sql.by_ids)?
            .query_map([chosen], from_row)?
            .collect::<Result<_, _>>()?;
        return Ok(page(items, ids.len() as i64));
    }
    let total = conn
        .prepare_cached(sql.count)?
        .query_row([&filter], |row| row.get(0))?;
    let items = conn
        .prepare_cached(if filter.is_some() {
            sql.search
        } else {
            sql.all
        })?
        .query_map(
            rusqlite::params![filter, listing.size, listing.offset()],
            from_row,
        )?
        .collect::<Result<_, _>>()?;
    Ok(page(items, total))
}

/// [`page_of`] for a list whose search is a `LIKE` pattern (`?1`) over some of its columns.
fn page_like<T, S>(
    conn: &Connection,
    sql: PageSql,
    listing: &crate::domain::Listing<S>,
    kept: Option<&kept_orders::KeptOrders>,
    from_row: fn(&rusqlite::Row) -> rusqlite::Result<T>,
) -> Result<Page<T>, ApiError> {
    page_of(conn, sql, listing.like_pattern(), listing, kept, from_row)
}

/// The row that the write `sql` (`… RETURNING …`) gives back, `None` when it wrote no row.
///
/// The statement is stepped to its end: outside a transaction SQLite commits there, and a
/// commit that fails (a full disk, a file made read-only) fails that step. `query_row` stops at
/// the first row and drops the error when it resets the statement, so a write that never
/// reached the disk would be answered as saved.
fn written_row<T>(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    from_row: impl FnOnce(&rusqlite::Row) -> rusqlite::Result<T>,
) -> rusqlite::Result<Option<T>> {
    let mut stmt = conn.prepare_cached(sql)?;
    let mut rows = stmt.query(params)?;
    let written = rows.next()?.map(from_row).transpose()?;
    while rows.next()?.is_some() {}
    Ok(written)
}

/// [`written_row`] for a write that always writes a row (an `INSERT`).
fn inserted_row<T>(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    from_row: impl FnOnce(&rusqlite::Row) -> rusqlite::Result<T>,
) -> rusqlite::Result<T> {
    written_row(conn, sql, params, from_row)?.ok_or(rusqlite::Error::QueryReturnedNoRows)
}

/// Hands each row of a whole list to its callback, in the list's order, until it says stop.
pub type EachRow<T> = fn(&Connection, &mut dyn FnMut(T) -> bool) -> Result<(), ApiError>;

/// Every row `sql` selects with `params`, each read by `from_row` and handed to `each` as it is
/// read, until `each` says stop: a list of any length, never whole in memory.
fn each_row<T>(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    from_row: fn(&rusqlite::Row) -> rusqlite::Result<T>,
    each: &mut dyn FnMut(T) -> bool,
) -> Result<(), ApiError> {
    let mut stmt = conn.prepare_cached(sql)?;
    let mut rows = stmt.query(params)?;
    while let Some(row) = rows.next()? {
        if !each(from_row(row)?) {
            break;
        }
    }
    Ok(())
}

/// Every row `sql` selects with `params`, each read by `from_row`.
fn all_rows<T>(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    from_row: fn(&rusqlite::Row) -> rusqlite::Result<T>,
) -> Result<Vec<T>, ApiError> {
    let rows = conn
        .prepare_cached(sql)?
        .query_map(params, from_row)?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// Whether the write `sql` (an `UPDATE` or `DELETE` by id) changed a row: `false` means there
/// was no such row.
fn changed_any(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<bool, ApiError> {
    Ok(conn.prepare_cached(sql)?.execute(params)? > 0)
}

/// [`in_transaction`] for a write that sets a row's photo: the photo it names (if any) exists
/// when the write lands.
fn with_photo<T>(
    conn: &mut Connection,
    photo_id: Option<Option<i64>>,
    write: impl FnOnce(&Connection) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    in_transaction(conn, |conn| {
        media::check_photo(conn, photo_id)?;
        write(conn)
    })
}

/// Runs `work` in one write transaction, so what it checks still holds when it writes (a photo
/// it refers to cannot be deleted in between).
pub fn in_transaction<T>(
    conn: &mut Connection,
    work: impl FnOnce(&Connection) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let tx = begin(conn)?;
    let result = work(&tx)?;
    tx.commit()?;
    Ok(result)
}

/// A write transaction, or a savepoint inside the one already open (a staff member's request
/// runs its work in a transaction that also takes its activity-log entry, see [`run`]).
pub enum Tx<'c> {
    Top(rusqlite::Transaction<'c>),
    Nested(rusqlite::Savepoint<'c>),
}

impl std::ops::Deref for Tx<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        match self {
            Tx::Top(tx) => tx,
            Tx::Nested(savepoint) => savepoint,
        }
    }
}

impl Tx<'_> {
    pub fn commit(self) -> rusqlite::Result<()> {
        match self {
            Tx::Top(tx) => tx.commit(),
            Tx::Nested(savepoint) => savepoint.commit(),
        }
    }
}

/// Begins a write (`IMMEDIATE`: the write lock first, so a read never has to become a write and
/// fail on a busy database), or a savepoint when a transaction is open already.
pub fn begin(conn: &mut Connection) -> rusqlite::Result<Tx<'_>> {
    begin_with(conn, rusqlite::TransactionBehavior::Immediate)
}

/// [`begin`] with another behaviour for a transaction that may only read.
pub fn begin_with(
    conn: &mut Connection,
    behavior: rusqlite::TransactionBehavior,
) -> rusqlite::Result<Tx<'_>> {
    if conn.is_autocommit() {
        conn.transaction_with_behavior(behavior).map(Tx::Top)
    } else {
        conn.savepoint().map(Tx::Nested)
    }
}

/// A UNIQUE constraint failure becomes 409 with `message`; any other error stays what it is.
/// Use as `.map_err(conflict_if_taken("…"))`.
pub fn conflict_if_taken(message: &'static str) -> impl Fn(rusqlite::Error) -> ApiError {
    move |err| match &err {
        rusqlite::Error::SqliteFailure(e, _)
            if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE =>
        {
            ApiError::Conflict(message.into())
        }
        _ => err.into(),
    }
}

/// Puts a whole list in the given order: `ids_sql` selects the list's ids (scoped by `?1`),
/// `update_sql` sets one row's position. The order must name exactly the list's ids.
fn reorder(
    conn: &mut Connection,
    ids_sql: &str,
    update_sql: &str,
    scope: rusqlite::types::Value,
    order: &crate::domain::Order,
) -> Result<(), ApiError> {
    let tx = begin(conn)?;
    let mut current: Vec<i64> = tx
        .prepare(ids_sql)?
        .query_map([&scope], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    let mut wanted = order.ids().to_vec();
    current.sort_unstable();
    wanted.sort_unstable();
    if current != wanted {
        return Err(ApiError::field(
            "ids",
            "must list every item of this list exactly once",
        ));
    }
    {
        let mut stmt = tx.prepare(update_sql)?;
        for (position, id) in order.ids().iter().enumerate() {
            stmt.execute(rusqlite::params![id, position as i64 + 1])?;
        }
    }
    tx.commit()?;
    Ok(())
}

//! Opening the database: migrating it first (with a copy of an older schema's file), the pool
//! of connections with each one's PRAGMAs and hooks, and emptying the write-ahead log.

use super::migrations;
use super::versions::{watch_writes, OutsideWrites, Table, Versions};
use crate::error::ApiError;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::Connection;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The connection pool, and how often each table has been written through it.
#[derive(Clone)]
pub struct Pool {
    connections: r2d2::Pool<SqliteConnectionManager>,
    versions: Arc<[AtomicU64; Table::COUNT]>,
    outside: Arc<OutsideWrites>,
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

    pub(super) fn publish(&self, touched: u32) {
        for (index, version) in self.versions.iter().enumerate() {
            if touched & (1 << index) != 0 {
                version.fetch_add(1, Ordering::AcqRel);
            }
        }
    }
}

/// A commit is turned into a rollback while the database file cannot be written (made
/// read-only while serving): the write-ahead log would take it, but it could never be copied
/// into the file, and the log would grow without end. Asked at each commit, without opening
/// the file (see `files::can_write`).
/// The hook also counts the pool's commits in `count` (see [`OutsideWrites`]).
pub(super) fn refuse_commits_the_file_cannot_keep(
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
        super::in_transaction(&mut watcher.conn, |conn| {
            super::settings::set(
                conn,
                "health_probe",
                &jiff::Timestamp::now().as_nanosecond().to_string(),
            )?;
            Ok(())
        })
    }
}

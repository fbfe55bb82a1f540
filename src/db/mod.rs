//! The SQLite database: opening it, the per-connection PRAGMAs, migrations, and running work on the blocking pool.
//!
//! All SQL of the program lives in this folder.

pub mod backup;
pub mod certificates;
pub mod contacts;
pub mod media;
pub mod migrations;
pub mod notices;
pub mod settings;
pub mod site_content;
pub mod users;

use crate::error::ApiError;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::Connection;
use std::path::Path;

pub type Pool = r2d2::Pool<SqliteConnectionManager>;

/// Most connections the pool keeps; WAL lets readers run side by side, SQLite serialises writers.
const POOL_SIZE: u32 = 8;

/// Applied to every connection, in this order (DESIGN §4): wait for a writer instead of failing,
/// readers beside one writer, every commit on disk before it is answered, foreign keys enforced.
const PRAGMAS: &str = "PRAGMA busy_timeout = 5000;
PRAGMA journal_mode = WAL;
PRAGMA synchronous = FULL;
PRAGMA foreign_keys = ON;";

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
        crate::db::backup::backup(path, &copy)
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

    let manager = SqliteConnectionManager::file(path).with_init(|conn| configure(conn));
    let pool = Pool::builder()
        .max_size(POOL_SIZE)
        .min_idle(Some(2))
        .build(manager)
        .map_err(|err| format!("cannot open the database {shown}: {err}"))?;
    Ok((pool, notes))
}

/// Runs `work` with a pooled connection on the blocking thread pool, never on an actix worker.
pub async fn run<T, F>(pool: &Pool, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut Connection) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let pool = pool.clone();
    actix_web::web::block(move || {
        let mut conn = pool.get()?;
        work(&mut conn)
    })
    .await?
}

/// Whether the database answers at all (for `/healthz`).
pub fn ping(conn: &Connection) -> Result<(), ApiError> {
    conn.query_row("SELECT 1", [], |_| Ok(()))?;
    Ok(())
}

/// True when `err` is a UNIQUE constraint failure, so the caller can answer 409.
pub fn is_unique_violation(err: &rusqlite::Error) -> bool {
    matches!(
        err,
        rusqlite::Error::SqliteFailure(e, _) if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
    )
}

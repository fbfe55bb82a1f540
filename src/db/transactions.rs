//! Running work: on the blocking pool ([`run`]), with a staff request's activity-log entry in the
//! same transaction ([`run_as`]), and in one write transaction or a savepoint inside one ([`begin`]).

use super::trail::{audited, Note, Trail};
use super::versions::TOUCHED;
use super::Pool;
use crate::error::ApiError;
use rusqlite::Connection;
use std::cell::Cell;

/// Runs `work` with a pooled connection on the blocking thread pool, never on an actix worker.
/// The tables it wrote get new versions once it is done (committed), so no cache built from them
/// outlives a write: a write cannot forget to clear a cache, because it never has to. For a
/// visitor's request and the server's own work; a staff member's goes through [`run_as`].
pub async fn run<T, F>(pool: &Pool, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut Connection) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let pool = pool.clone();
    actix_web::web::block(move || run_here(&pool, work)).await?
}

/// [`run`] for the request of a staff member, whose `trail` the access check made: its work and
/// its activity-log entry are one transaction.
pub async fn run_as<T, F>(pool: &Pool, trail: &Trail, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut Connection) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    run_noted(pool, trail, |conn, _| work(conn)).await
}

/// [`run_as`] for work that says more about itself in the activity log than its route does: the
/// record it created, the fields it changed, other words (see [`Note`]).
pub async fn run_noted<T, F>(pool: &Pool, trail: &Trail, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut Connection, &mut Note) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let pool = pool.clone();
    let trail = trail.clone();
    actix_web::web::block(move || run_here(&pool, |conn| audited(conn, &trail, work))).await?
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

/// The id of the row the `INSERT … RETURNING id` `sql` adds, a row that names the photo
/// `photo_id` (if any): in one transaction with the check that the photo exists.
pub(super) fn inserted_with_photo(
    conn: &mut Connection,
    photo_id: Option<Option<i64>>,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<i64, ApiError> {
    with_photo(conn, photo_id, |conn| {
        Ok(super::inserted_row(conn, sql, params, |row| row.get(0))?)
    })
}

/// [`changed_any`](super::changed_any) for an `UPDATE` by id that may set the row's photo
/// `photo_id`: in one transaction with the check that the photo exists.
pub(super) fn changed_with_photo(
    conn: &mut Connection,
    photo_id: Option<Option<i64>>,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<bool, ApiError> {
    with_photo(conn, photo_id, |conn| super::changed_any(conn, sql, params))
}

/// [`in_transaction`] for a write that sets a row's photo: the photo it names (if any) exists
/// when the write lands.
fn with_photo<T>(
    conn: &mut Connection,
    photo_id: Option<Option<i64>>,
    write: impl FnOnce(&Connection) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    in_transaction(conn, |conn| {
        super::media::check_photo(conn, photo_id)?;
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

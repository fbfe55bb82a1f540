//! A value built from some tables and kept until one of them is written.
//!
//! Nothing clears a cache by hand: `db::run` learns from SQLite which tables each piece of work
//! wrote, and a cached value is rebuilt once any of its tables has a newer version.

use crate::db::{self, Pool, Table};
use crate::error::ApiError;
use rusqlite::Connection;
use std::sync::{Arc, RwLock};

type Build<T> = fn(&mut Connection) -> Result<T, ApiError>;

pub struct Cached<T> {
    tables: &'static [Table],
    build: Build<T>,
    /// The value and the version of its tables it was built at.
    slot: RwLock<Option<(u64, Arc<T>)>>,
}

impl<T: Send + Sync + 'static> Cached<T> {
    /// A value that `build` makes from `tables` (and nothing else).
    pub fn new(tables: &'static [Table], build: Build<T>) -> Cached<T> {
        Cached {
            tables,
            build,
            slot: RwLock::new(None),
        }
    }

    /// The kept value while its tables are unchanged, otherwise a fresh one (built on the
    /// blocking pool, and kept unless a write came in meanwhile).
    pub async fn get(&self, pool: &Pool) -> Result<Arc<T>, ApiError> {
        let version = pool.version(self.tables);
        if let Some((built, value)) = self.slot.read().map_err(ApiError::internal)?.as_ref() {
            if *built == version {
                return Ok(value.clone());
            }
        }
        let value = Arc::new(db::run(pool, self.build).await?);
        if pool.version(self.tables) == version {
            *self.slot.write().map_err(ApiError::internal)? = Some((version, value.clone()));
        }
        Ok(value)
    }
}

//! A long list's ids in each of its orders, kept in memory until its table is written.
//!
//! A page deep in an order would otherwise walk the order's index up to it on every request
//! (2,500 pages into 100,000 contacts by name is 100,000 index entries); with the ids kept, every
//! unsearched page is a slice, and its total their number. A list keeps at most a few orders of
//! 8 bytes a row: 100,000 contacts in three orders are 2.4 MB.

use super::{Pool, Table};
use crate::error::ApiError;
use rusqlite::Connection;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The ids by the statement that reads them in order, and the version of the table they were
/// read at.
type Kept = HashMap<&'static str, (u64, Arc<[i64]>)>;

pub struct KeptOrders {
    pool: Pool,
    table: Table,
    kept: Mutex<Kept>,
}

impl KeptOrders {
    pub fn new(pool: Pool, table: Table) -> KeptOrders {
        KeptOrders {
            pool,
            table,
            kept: Mutex::new(HashMap::new()),
        }
    }

    pub fn table(&self) -> Table {
        self.table
    }

    /// The ids that `sql` (which reads only this table) selects, in its order: the kept ones
    /// while the table is unchanged, otherwise fresh ones, kept unless a write came in meanwhile.
    pub fn ids(&self, conn: &Connection, sql: &'static str) -> Result<Arc<[i64]>, ApiError> {
        let version = self.pool.version(&[self.table]);
        if let Some((read_at, ids)) = self.lock().get(sql) {
            if *read_at == version {
                return Ok(ids.clone());
            }
        }
        let ids: Arc<[i64]> = conn
            .prepare_cached(sql)?
            .query_map([], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        if self.pool.version(&[self.table]) == version {
            self.lock().insert(sql, (version, ids.clone()));
        }
        Ok(ids)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

//! A value built from some tables and kept until one of them is written.
//!
//! Nothing clears a cache by hand, and nobody lists what a value is made from: each build
//! records the tables its statements read (`db::reading`, from SQLite's authorizer), `db::run`
//! learns from SQLite which tables each piece of work wrote, and a kept value is rebuilt once
//! any of the tables it was read from has a newer version. A builder that starts reading
//! another table is followed at once.

use crate::db::{self, Pool, Table};
use crate::error::ApiError;
use rusqlite::Connection;
use std::sync::{Arc, RwLock};

type Build<T> = fn(&mut Connection) -> Result<T, ApiError>;

pub struct Cached<T> {
    build: Build<T>,
    slot: RwLock<Option<Kept<T>>>,
}

/// A built value, the tables it was read from and their version then.
struct Kept<T> {
    tables: Vec<Table>,
    version: u64,
    value: Arc<T>,
}

impl<T: Send + Sync + 'static> Cached<T> {
    /// A value that `build` makes from the database.
    pub fn new(build: Build<T>) -> Cached<T> {
        Cached {
            build,
            slot: RwLock::new(None),
        }
    }

    /// The kept value while its tables are unchanged, otherwise a fresh one (built on the
    /// blocking pool, and kept unless one of its tables was written meanwhile).
    pub async fn get(&self, pool: &Pool) -> Result<Arc<T>, ApiError> {
        if let Some(kept) = self.slot.read().map_err(ApiError::internal)?.as_ref() {
            if pool.version(&kept.tables) == kept.version {
                return Ok(kept.value.clone());
            }
        }
        let before = pool.versions();
        let build = self.build;
        let (value, tables) = db::run(pool, move |conn| db::reading(conn, build)).await?;
        let value = Arc::new(value);
        let version = before.of(&tables);
        if pool.version(&tables) == version {
            *self.slot.write().map_err(ApiError::internal)? = Some(Kept {
                tables,
                version,
                value: value.clone(),
            });
        }
        Ok(value)
    }

    /// The tables the kept value was read from (none before the first build).
    pub fn tables(&self) -> Vec<Table> {
        self.slot
            .read()
            .ok()
            .and_then(|slot| slot.as_ref().map(|kept| kept.tables.clone()))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count_notices(conn: &mut Connection) -> Result<i64, ApiError> {
        Ok(conn.query_row("SELECT count(*) FROM notices", [], |row| row.get(0))?)
    }

    fn read_server_settings(conn: &mut Connection) -> Result<i64, ApiError> {
        Ok(conn.query_row("SELECT count(*) FROM settings", [], |row| row.get(0))?)
    }

    fn add_notice(conn: &mut Connection) -> Result<(), ApiError> {
        conn.execute(
            "INSERT INTO notices (title, date) VALUES ('Exam', '2026-01-02')",
            [],
        )?;
        Ok(())
    }

    #[actix_web::test]
    async fn a_value_follows_the_tables_it_read_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let pool = db::open(&dir.path().join("jyoti.db")).unwrap();
        let notices = Cached::new(count_notices);
        assert_eq!(*notices.get(&pool).await.unwrap(), 0);
        assert_eq!(notices.tables(), [Table::Notices], "what the build read");
        // Its statement is prepared again under the authorizer: a cached statement is not missed.
        assert_eq!(*notices.get(&pool).await.unwrap(), 0);
        let kept = notices.get(&pool).await.unwrap();
        assert!(
            Arc::ptr_eq(&kept, &notices.get(&pool).await.unwrap()),
            "kept while unchanged"
        );
        db::run(&pool, add_notice).await.unwrap();
        assert_eq!(
            *notices.get(&pool).await.unwrap(),
            1,
            "rebuilt after a write to it"
        );
        db::run(&pool, |conn| {
            conn.execute(
                "UPDATE site_settings SET value = 'x' WHERE key = 'heroTitle'",
                [],
            )?;
            Ok(())
        })
        .await
        .unwrap();
        let after = notices.get(&pool).await.unwrap();
        assert!(Arc::ptr_eq(&after, &notices.get(&pool).await.unwrap()));
        assert_eq!(notices.tables(), [Table::Notices]);
    }

    #[actix_web::test]
    async fn a_value_read_from_a_table_no_version_covers_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let pool = db::open(&dir.path().join("jyoti.db")).unwrap();
        let settings = Cached::new(read_server_settings);
        let refused = settings
            .get(&pool)
            .await
            .expect_err("settings has no version");
        assert!(format!("{refused:?}").contains("settings"), "{refused:?}");
    }
}

//! Schema versions: `PRAGMA user_version` counts the steps applied; each step runs in one transaction.

use rusqlite::{Connection, Transaction, TransactionBehavior};

/// One schema step: its SQL, then any data it brings (run in the same transaction).
struct Step {
    sql: &'static str,
    then: Option<fn(&Transaction) -> rusqlite::Result<()>>,
    /// The step rebuilds a table: the old table's pages are compacted away afterwards, so the
    /// file holds no stale copies of its rows.
    vacuum: bool,
}

impl Step {
    /// A step that is only its SQL (most are).
    const fn sql(sql: &'static str) -> Step {
        Step {
            sql,
            then: None,
            vacuum: false,
        }
    }
}

/// Step N brings the database from version N-1 to N. Never edit a shipped step; add one.
/// Before adding step N+1, commit the fixture of version N (tests/fixtures/README.md).
const STEPS: &[Step] = &[
    Step::sql(include_str!("migrations/001_schema.sql")),
    // Content as data; the default content is seeded here, so once per database and never over edits.
    Step {
        sql: include_str!("migrations/002_site_content.sql"),
        then: Some(super::seed::seed),
        vacuum: false,
    },
    Step {
        sql: include_str!("migrations/003_users_never_reuse_ids.sql"),
        then: None,
        vacuum: true,
    },
    Step::sql(include_str!("migrations/004_lists_at_scale.sql")),
    Step::sql(include_str!("migrations/005_https_certificates.sql")),
    Step::sql(include_str!("migrations/006_feedback.sql")),
    Step::sql(include_str!("migrations/007_email.sql")),
    Step::sql(include_str!("migrations/008_certificates.sql")),
    Step::sql(include_str!("migrations/009_photo_focus.sql")),
    // Rebuilds the outbox (its kinds grow), whose old pages may hold a reset link's secret.
    Step {
        sql: include_str!("migrations/010_roles_and_audit.sql"),
        then: None,
        vacuum: true,
    },
    // Rebuilds the outbox again (a thank-you kind), so it is compacted after like step 10.
    Step {
        sql: include_str!("migrations/011_gifts.sql"),
        then: None,
        vacuum: true,
    },
    Step::sql(include_str!("migrations/012_alerts_and_payment_hold.sql")),
    Step::sql(include_str!("migrations/013_bengali_texts.sql")),
    // Rebuilds the outbox one last time (its kinds are checked in Rust from now on).
    Step {
        sql: include_str!("migrations/014_outbox_kinds_in_rust.sql"),
        then: None,
        vacuum: true,
    },
    Step::sql(include_str!("migrations/015_translations_any_language.sql")),
    Step::sql(include_str!(
        "migrations/016_alerts_that_cannot_be_drowned.sql"
    )),
    Step::sql(include_str!(
        "migrations/017_bengali_certificate_events.sql"
    )),
    Step::sql(include_str!("migrations/018_the_bin.sql")),
    Step::sql(include_str!("migrations/019_the_bin_listed.sql")),
    Step::sql(include_str!("migrations/020_second_factors.sql")),
    Step::sql(include_str!("migrations/021_followers.sql")),
    Step::sql(include_str!("migrations/022_held_writes.sql")),
];

/// Today's whole schema as SQL, from a database `migrate` made: every table, index, trigger and
/// view (the shadow tables a full-text index makes for itself left out), in a stable order.
/// The top-level `schema.sql` is this text, checked by a test.
pub fn schema_text(conn: &Connection) -> rusqlite::Result<String> {
    let mut items: Vec<(String, String, String)> = conn
        .prepare(
            "SELECT type, name, sql FROM sqlite_schema s WHERE sql IS NOT NULL
               AND name NOT LIKE 'sqlite_%'
               AND NOT EXISTS (SELECT 1 FROM sqlite_schema v WHERE v.type = 'table'
                   AND v.sql LIKE 'CREATE VIRTUAL TABLE%' AND s.name LIKE v.name || '\\_%' ESCAPE '\\')",
        )?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let rank = |kind: &str| match kind {
        "table" => 0,
        "index" => 1,
        "view" => 2,
        _ => 3,
    };
    items.sort_by(|a, b| (rank(&a.0), &a.1).cmp(&(rank(&b.0), &b.1)));
    let mut text = format!(
        "-- The Jyoti site's database as it is today: schema version {LATEST}, the sum of the steps in\n\
         -- src/db/migrations/ (which are what a database is made and upgraded with). For reading:\n\
         -- a test checks it against a database the steps made.\n"
    );
    for (_, _, sql) in items {
        text.push('\n');
        text.push_str(sql.trim());
        text.push_str(";\n");
    }
    Ok(text)
}

/// The version a database has after [`migrate`].
pub const LATEST: u32 = STEPS.len() as u32;

pub fn version(conn: &Connection) -> rusqlite::Result<u32> {
    conn.query_row("PRAGMA user_version", [], |row| row.get(0))
}

/// Applies every missing step, each with its version bump in one transaction,
/// so a failed step leaves the database as it was.
pub fn migrate(conn: &mut Connection) -> Result<(), String> {
    migrate_to(conn, LATEST)
}

/// [`migrate`] up to version `upto` only (the schema an older database should have).
pub fn migrate_to(conn: &mut Connection, upto: u32) -> Result<(), String> {
    let from = version(conn).map_err(|e| e.to_string())?;
    if from > LATEST {
        return Err(format!(
            "its schema version {from} is newer than this program knows ({LATEST}); use a newer jyoti"
        ));
    }
    for (index, step) in STEPS
        .iter()
        .enumerate()
        .take(upto as usize)
        .skip(from as usize)
    {
        let to = index as u32 + 1;
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| e.to_string())?;
        tx.execute_batch(step.sql)
            .map_err(|e| format!("migration to version {to} failed: {e}"))?;
        if let Some(then) = step.then {
            then(&tx).map_err(|e| format!("migration to version {to} failed: {e}"))?;
        }
        tx.pragma_update(None, "user_version", to)
            .map_err(|e| e.to_string())?;
        tx.commit().map_err(|e| e.to_string())?;
        if step.vacuum {
            conn.execute_batch("VACUUM")
                .map_err(|e| format!("compacting after migration to version {to} failed: {e}"))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod schema_tests {
    use super::*;

    /// `JYOTI_WRITE_SCHEMA=1 cargo test --lib schema_sql` writes it anew after a new step.
    #[test]
    fn schema_sql_is_todays_schema() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate(&mut conn).unwrap();
        let today = schema_text(&conn).unwrap();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/schema.sql");
        if std::env::var_os("JYOTI_WRITE_SCHEMA").is_some() {
            std::fs::write(path, &today).unwrap();
        }
        let written = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            written == today,
            "schema.sql is not today's schema: run JYOTI_WRITE_SCHEMA=1 cargo test --lib schema_sql"
        );
    }
}

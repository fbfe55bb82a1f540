//! The `settings` table: values the server keeps for itself, such as the generated session secret.
//! (The club's texts are `site_settings`; the command line's options are `config::Config`.)

use rusqlite::Connection;

/// Stores `value` under `key` unless a value is already there; returns the stored value either way.
pub fn get_or_insert(conn: &Connection, key: &str, value: &str) -> rusqlite::Result<String> {
    conn.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO NOTHING",
        [key, value],
    )?;
    conn.query_row("SELECT value FROM settings WHERE key = ?1", [key], |row| {
        row.get(0)
    })
}

/// Stores `value` under `key`, replacing what was there.
pub fn set(conn: &Connection, key: &str, value: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [key, value],
    )?;
    Ok(())
}

/// The value under `key`, if there is one.
pub fn get(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    use rusqlite::OptionalExtension;
    conn.query_row("SELECT value FROM settings WHERE key = ?1", [key], |row| {
        row.get(0)
    })
    .optional()
}

pub fn remove(conn: &Connection, key: &str) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM settings WHERE key = ?1", [key])?;
    Ok(())
}

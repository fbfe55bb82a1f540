//! The `site_settings` table: the club's own words and details (hero text, donation details,
//! address, links), key by key. Not to be confused with `settings`, the server's own values.

use crate::domain::SiteSettingsPatch;
use crate::error::ApiError;
use rusqlite::{params, Connection};
use std::collections::HashMap;

/// The stored value of every key; `supportPhoto` holds `media:ID` or a shipped drawing's path.
pub fn all(conn: &Connection) -> Result<HashMap<String, String>, ApiError> {
    let stored = conn
        .prepare_cached("SELECT key, value FROM site_settings")?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<_, _>>()?;
    Ok(stored)
}

/// Stores every changed key, in the caller's transaction (so all of them or none).
pub fn update(tx: &Connection, patch: &SiteSettingsPatch) -> Result<(), ApiError> {
    for (key, value) in &patch.0 {
        if let Some(id) = super::media::stored_reference(value) {
            super::media::check_photo(tx, Some(Some(id)))
                .map_err(|_| ApiError::field(key, "no uploaded photo has this id"))?;
        }
        tx.execute(
            "INSERT INTO site_settings (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![key, value],
        )?;
    }
    Ok(())
}

/// The key under which the day the donation details last changed is kept (not a setting an
/// admin edits: the server writes it).
pub const DONATIONS_CHANGED_ON: &str = "donationsChangedOn";

/// Notes that the donation details changed today (UTC).
pub fn donations_changed(tx: &Connection) -> Result<(), ApiError> {
    tx.execute(
        "INSERT INTO site_settings (key, value) VALUES (?1, date('now'))
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [DONATIONS_CHANGED_ON],
    )?;
    Ok(())
}

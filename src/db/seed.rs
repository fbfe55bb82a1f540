//! The sample content a new database starts with (our own artwork, sample names and texts),
//! written once by the migration that made the content tables.

use rusqlite::{params, Transaction};
use serde_json::{json, Value};

/// The content a new site shows until admins replace it.
const SAMPLE_CONTENT: &str = include_str!("../seed/content.json");

/// Fills a new database with the default content; runs once, inside the migration that made the tables.
pub fn seed(tx: &Transaction) -> rusqlite::Result<()> {
    let content: Value = serde_json::from_str(SAMPLE_CONTENT)
        .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
    let text = |value: &Value| value.as_str().unwrap_or_default().to_owned();
    let art = |item: &Value| item["photo"]["src"].as_str().map(str::to_owned);

    if let Some(settings) = content["settings"].as_object() {
        for (key, value) in settings {
            let value = if key == "supportPhoto" {
                art(&json!({ "photo": value })).unwrap_or_default()
            } else {
                text(value)
            };
            tx.execute(
                "INSERT INTO site_settings (key, value) VALUES (?1, ?2)",
                params![key, value],
            )?;
        }
    }
    for section in ["works", "awards"] {
        for (order, card) in content[section]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            tx.execute(
                "INSERT INTO cards (section, sort_order, caption, art) VALUES (?1, ?2, ?3, ?4)",
                params![section, order as i64 + 1, text(&card["caption"]), art(card)],
            )?;
        }
    }
    for (order, image) in content["gallery"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        tx.execute(
            "INSERT INTO gallery_images (sort_order, caption, art) VALUES (?1, ?2, ?3)",
            params![order as i64 + 1, text(&image["caption"]), art(image)],
        )?;
    }
    for (order, roster) in content["teams"]
        .as_object()
        .into_iter()
        .flat_map(|teams| teams.values())
        .enumerate()
    {
        let roster_id: i64 = tx.query_row(
            "INSERT INTO rosters (slug, title, sort_order) VALUES (?1, ?2, ?3) RETURNING id",
            params![
                text(&roster["slug"]),
                text(&roster["title"]),
                order as i64 + 1
            ],
            |row| row.get(0),
        )?;
        for (position, member) in roster["members"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            tx.execute(
                "INSERT INTO members (roster_id, sort_order, name, department, year, position, art, link)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    roster_id,
                    position as i64 + 1,
                    text(&member["name"]),
                    text(&member["department"]),
                    text(&member["year"]),
                    text(&member["position"]),
                    art(member),
                    member["link"].as_str()
                ],
            )?;
        }
    }
    Ok(())
}

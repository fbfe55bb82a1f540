//! The sample content a new database starts with (our own artwork, sample names and texts),
//! written once by the migration that made the content tables.

use crate::error::ApiError;
use rusqlite::{params, Connection, Transaction};
use serde_json::{json, Value};

/// The content a new site shows until admins replace it.
const SAMPLE_CONTENT: &str = include_str!("../seed/content.json");

/// Fills a new database with the default content; runs once, inside the migration that made the tables.
pub fn seed(tx: &Transaction) -> rusqlite::Result<()> {
    let content: Value = serde_json::from_str(SAMPLE_CONTENT)
        .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
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
        seed_roster(tx, roster, order as i64 + 1)?;
    }
    Ok(())
}

/// A text of the sample content ("" for none).
fn text(value: &Value) -> String {
    value.as_str().unwrap_or_default().to_owned()
}

/// The drawing of an item of the sample content, if it has one.
fn art(item: &Value) -> Option<String> {
    item["photo"]["src"].as_str().map(str::to_owned)
}

/// Writes a sample roster, `order`th of the rosters, and its members.
fn seed_roster(tx: &Transaction, roster: &Value, order: i64) -> rusqlite::Result<()> {
    let roster_id: i64 = super::inserted_row(
        tx,
        "INSERT INTO rosters (slug, title, sort_order) VALUES (?1, ?2, ?3) RETURNING id",
        params![text(&roster["slug"]), text(&roster["title"]), order],
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
    Ok(())
}

/// A part of the site that still shows the sample content, and the admin screen that replaces it.
#[derive(Debug, serde::Serialize)]
pub struct SampleLeft {
    pub what: String,
    #[serde(rename = "where")]
    pub screen: String,
}

/// How the sample-content list names the donation details (only admins may change them).
pub const DONATION_DETAILS_LEFT: &str = "The donation account details";

/// The settings worth replacing while they still read as seeded, by what an admin calls them.
/// (The hero text, the address and the branch are true of the school as seeded.)
const SAMPLE_SETTINGS: &[(&str, &[&str])] = &[
    (
        DONATION_DETAILS_LEFT,
        &[
            "donationHolder",
            "donationAccount",
            "donationIfsc",
            "donationBank",
        ],
    ),
    (
        "The president's name and message",
        &["presidentName", "presidentMessage"],
    ),
    ("The contact email", &["contactEmail"]),
    ("The social links", &["linkedin", "facebook", "instagram"]),
    ("The gallery's Show More link", &["galleryMoreUrl"]),
    ("The photo on the Support page", &["supportPhoto"]),
];

/// Whether the payment details are still none or the sample ones: a site's first real details
/// then apply at once, with no hold.
pub fn payment_is_sample(conn: &Connection) -> Result<bool, ApiError> {
    let content: Value = serde_json::from_str(SAMPLE_CONTENT).map_err(ApiError::internal)?;
    let stored = super::site_settings::all(conn)?;
    Ok(crate::domain::DONATION_DETAILS.iter().all(|key| {
        let value = stored.get(*key).map_or("", String::as_str);
        value.is_empty() || content["settings"][*key].as_str() == Some(value)
    }))
}

/// The Visit us settings a new site lacks, as the still-to-finish list names them, first.
pub const VISIT_US_FIRST: [(&str, &str); 3] = [
    (
        "visitTimes",
        "Visit us: class times for parents (empty, so parents miss them)",
    ),
    (
        "visitAddress",
        "Visit us: where the school is, for parents (empty)",
    ),
    ("visitPhone", "Visit us: a phone number for parents (empty)"),
];

/// What is still the sample content a new database started with, each with the admin screen
/// that replaces it: settings still as seeded, pictures still our drawings, sample members.
pub fn still_sample(conn: &Connection) -> Result<Vec<SampleLeft>, ApiError> {
    let mut left = settings_left(conn)?;
    left.extend(drawings_left(conn)?);
    let mut rosters = conn.prepare_cached(
        "SELECT rosters.slug, rosters.title, count(*) FROM members JOIN rosters ON rosters.id = members.roster_id
         WHERE members.name LIKE 'Sample Member %' GROUP BY rosters.id ORDER BY rosters.sort_order",
    )?;
    let samples = rosters.query_map([], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, i64>(2)?,
        ))
    })?;
    for sample in samples {
        let (slug, title, members) = sample?;
        left.push(SampleLeft {
            what: format!("{title}: {members} sample members"),
            screen: format!("/admin/team?team={slug}"),
        });
    }
    Ok(left)
}

/// The settings still as a new site has them: the Visit us ones still empty, the others still
/// as seeded, and the header logos still our drawings.
fn settings_left(conn: &Connection) -> Result<Vec<SampleLeft>, ApiError> {
    let content: Value = serde_json::from_str(SAMPLE_CONTENT).map_err(ApiError::internal)?;
    let seeded = |key: &str| match &content["settings"][key] {
        Value::String(text) => Some(text.clone()),
        photo => photo["src"].as_str().map(str::to_owned),
    };
    let stored = super::site_settings::all(conn)?;
    let mut left = Vec::new();
    // What parents look for first, which a new site starts without: Visit us hides while empty.
    for (key, what) in VISIT_US_FIRST {
        if stored.get(key).is_none_or(|value| value.trim().is_empty()) {
            left.push(SampleLeft {
                what: what.to_owned(),
                screen: "/admin/settings".to_owned(),
            });
        }
    }
    for (what, keys) in SAMPLE_SETTINGS {
        let unchanged = keys.iter().any(|key| {
            seeded(key).is_some_and(|seed| !seed.is_empty() && stored.get(*key) == Some(&seed))
        });
        if unchanged {
            left.push(SampleLeft {
                what: (*what).to_owned(),
                screen: "/admin/settings".to_owned(),
            });
        }
    }
    // The settings with a drawing of ours for a default are the header logos.
    let drawn_logos = crate::domain::photo_settings()
        .filter(|(key, drawing)| {
            drawing.is_some()
                && stored
                    .get(*key)
                    .and_then(|v| super::media::stored_reference(v))
                    .is_none()
        })
        .count();
    if drawn_logos > 0 {
        left.push(SampleLeft {
            what: match drawn_logos {
                1 => "One of the header logos is still our drawing".to_owned(),
                _ => "The header logos are still our drawings".to_owned(),
            },
            screen: "/admin/settings".to_owned(),
        });
    }
    Ok(left)
}

/// The Home cards and gallery images that still show our sample drawings, counted.
fn drawings_left(conn: &Connection) -> Result<Vec<SampleLeft>, ApiError> {
    let mut left = Vec::new();
    let count =
        |sql: &str| -> Result<i64, ApiError> { Ok(conn.query_row(sql, [], |row| row.get(0))?) };
    for (section, name, screen) in [
        ("works", "Our Works", "/admin/cards"),
        ("awards", "Performance & Awards", "/admin/cards"),
    ] {
        let drawn: i64 = conn.query_row(
            "SELECT count(*) FROM cards WHERE section = ?1 AND photo_id IS NULL AND art IS NOT NULL",
            [section],
            |row| row.get(0),
        )?;
        if drawn > 0 {
            left.push(SampleLeft {
                what: format!("{drawn} “{name}” cards still show sample drawings"),
                screen: screen.to_owned(),
            });
        }
    }
    let drawn =
        count("SELECT count(*) FROM gallery_images WHERE photo_id IS NULL AND art IS NOT NULL")?;
    if drawn > 0 {
        left.push(SampleLeft {
            what: format!("{drawn} gallery images are still sample drawings"),
            screen: "/admin/gallery".to_owned(),
        });
    }
    Ok(left)
}

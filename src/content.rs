//! The public content document of `GET /api/content`: everything the public pages show, built
//! from the content tables in display order (docs/admin-guide.md, "The admin area").

use crate::conditional::Encoded;
use crate::db;
use crate::db::media::{stored_reference, Photo};
use crate::domain::TextKind;
use crate::error::ApiError;
use rusqlite::Connection;
use serde::{Serialize, Serializer};
use std::collections::HashMap;

/// Size of the shipped drawings, for `width`/`height` on the page.
const MEMBER_ART: (u32, u32) = (300, 300);
const PICTURE_ART: (u32, u32) = (800, 600);
const LOGO_ART: (u32, u32) = (96, 96);

#[derive(Serialize)]
pub struct Document {
    settings: Settings,
    works: Vec<Picture>,
    awards: Vec<Picture>,
    gallery: Vec<Picture>,
    /// Rosters by slug, in their order.
    #[serde(serialize_with = "by_slug")]
    teams: Vec<Team>,
    /// The day (`2026-11-25`) the donation details last changed, for donors to see.
    #[serde(rename = "donationsChangedAt")]
    donations_changed_at: Option<String>,
    /// The site's time zone (`--time-zone`), in which the admin screens write times.
    #[serde(rename = "timeZone")]
    time_zone: &'static str,
}

/// Every site setting, in the order the admin screen lists them; the photo settings are photos.
/// `bn`: the Bengali versions of the text settings that have one, by key.
struct Settings(Vec<(&'static str, Setting)>, HashMap<String, String>);

/// The Bengali versions of a record's texts, by field (left out when there are none).
type Bengali = HashMap<String, String>;

#[derive(Serialize)]
#[serde(untagged)]
enum Setting {
    Text(String),
    Photo(Option<Photo>),
}

/// A carousel card or gallery image.
#[derive(Serialize)]
struct Picture {
    #[serde(rename = "_id")]
    id: i64,
    caption: String,
    photo: Option<Photo>,
    #[serde(skip_serializing_if = "HashMap::is_empty")]
    bn: Bengali,
}

#[derive(Serialize)]
struct Team {
    #[serde(rename = "_id")]
    id: i64,
    slug: String,
    title: String,
    /// 1 for the first roster.
    order: usize,
    members: Vec<Member>,
    #[serde(skip_serializing_if = "HashMap::is_empty")]
    bn: Bengali,
}

/// A team member as the team pages show them; also the rows of the admin's member list.
#[derive(Serialize)]
pub struct Member {
    #[serde(rename = "_id")]
    id: i64,
    name: String,
    department: String,
    year: String,
    position: String,
    photo: Option<Photo>,
    link: Option<String>,
    #[serde(skip_serializing_if = "HashMap::is_empty")]
    bn: Bengali,
}

impl Serialize for Settings {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len() + 1))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.serialize_entry("bn", &self.1)?;
        map.end()
    }
}

fn by_slug<S: Serializer>(teams: &[Team], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_map(teams.iter().map(|team| (&team.slug, team)))
}

/// The uploaded photos, by id.
type MediaById = HashMap<i64, db::media::Media>;

impl Document {
    pub fn build(conn: &Connection) -> Result<Document, ApiError> {
        let media = db::media::all(conn)?;
        let bengali = db::translations::bengali(conn)?;
        let stored = db::site_settings::all(conn)?;
        let settings = settings_of(&stored, &media);

        let shown = |kind: TextKind, picture: db::Picture| Picture {
            bn: bengali.of(kind, &picture.id.to_string()),
            id: picture.id,
            caption: picture.caption,
            photo: photo_of(&media, picture.photo_id, picture.art, PICTURE_ART),
        };
        let (mut works, mut awards) = (Vec::new(), Vec::new());
        for card in db::cards::list(conn)? {
            let picture = shown(TextKind::Card, card.picture);
            if card.section == "works" {
                works.push(picture);
            } else {
                awards.push(picture);
            }
        }

        let gallery = db::gallery_images::list(conn)?
            .into_iter()
            .map(|image| shown(TextKind::Gallery, image))
            .collect();

        let teams = teams_of(conn, &media, &bengali)?;
        let donations_changed_at = stored.get(db::site_settings::DONATIONS_CHANGED_ON).cloned();
        Ok(Document {
            donations_changed_at,
            time_zone: crate::words::site_zone_name(),
            settings: Settings(settings, bengali.settings()),
            works,
            awards,
            gallery,
            teams,
        })
    }
}

/// The uploaded photo `photo_id` (from `media`), else the shipped drawing `art` of `size`.
fn photo_of(
    media: &MediaById,
    photo_id: Option<i64>,
    art: Option<String>,
    size: (u32, u32),
) -> Option<Photo> {
    match (photo_id.and_then(|id| media.get(&id)), art) {
        (Some(media), _) => Some(media.photo()),
        (None, Some(art)) => Some(drawing(art, size)),
        (None, None) => None,
    }
}

/// Every setting as `stored`, in the admin screen's order; a photo setting as its photo (an
/// uploaded one, the drawing stored, or its own drawing by default).
fn settings_of(
    stored: &HashMap<String, String>,
    media: &MediaById,
) -> Vec<(&'static str, Setting)> {
    let photo_settings: HashMap<_, _> = crate::domain::photo_settings().collect();
    crate::domain::site_setting_keys()
        .map(|key| {
            let value = stored.get(key).cloned().unwrap_or_default();
            let setting = match photo_settings.get(key) {
                Some(default) => Setting::Photo(match stored_reference(&value) {
                    Some(id) => photo_of(media, Some(id), None, PICTURE_ART),
                    None => {
                        let art = Some(value)
                            .filter(|v| !v.is_empty())
                            .or(default.map(str::to_owned));
                        let size = if default.is_some() {
                            LOGO_ART
                        } else {
                            PICTURE_ART
                        };
                        photo_of(media, None, art, size)
                    }
                }),
                None => Setting::Text(value),
            };
            (key, setting)
        })
        .collect()
}

/// The rosters in their order, each with its members in theirs.
fn teams_of(
    conn: &Connection,
    media: &MediaById,
    bengali: &db::translations::Bengali,
) -> Result<Vec<Team>, ApiError> {
    let mut members: HashMap<i64, Vec<Member>> = HashMap::new();
    for member in db::members::list(conn)? {
        members
            .entry(member.roster_id)
            .or_default()
            .push(Member::shown(member, media, bengali));
    }
    Ok(db::rosters::list(conn)?
        .into_iter()
        .enumerate()
        .map(|(index, roster)| Team {
            bn: bengali.of(TextKind::Roster, &roster.id.to_string()),
            members: members.remove(&roster.id).unwrap_or_default(),
            id: roster.id,
            slug: roster.slug,
            title: roster.title,
            order: index + 1,
        })
        .collect())
}

impl Member {
    /// `member` with its uploaded photo (from `media`) or its shipped drawing, and its Bengali
    /// texts (from `bengali`).
    pub fn shown(
        member: db::members::Member,
        media: &MediaById,
        bengali: &db::translations::Bengali,
    ) -> Member {
        let photo = photo_of(media, member.photo_id, member.art, MEMBER_ART);
        Member {
            bn: bengali.of(TextKind::Member, &member.id.to_string()),
            id: member.id,
            name: member.name,
            department: member.department,
            year: member.year,
            position: member.position,
            photo,
            link: member.link,
        }
    }
}

/// One of our shipped drawings, which has a single size and no variants.
fn drawing(src: String, (width, height): (u32, u32)) -> Photo {
    Photo {
        src,
        width,
        height,
        srcset: None,
        photo_id: None,
        focus: None,
    }
}

/// The document as served: serialised and compressed once per change.
pub fn published(conn: &mut Connection) -> Result<Encoded, ApiError> {
    Encoded::json(&Document::build(conn)?)
}

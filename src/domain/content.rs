//! Parsed input for the site content admins edit: rosters, members, cards, gallery images, settings.

use super::inputs::{optional_url, present};
use super::values::*;
use super::Checker;
use crate::error::ApiError;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A roster slug: what follows `/team` in its URL (`2k26` → `/team2k26`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slug(String);

impl Slug {
    pub fn parse(value: Option<String>) -> Result<Slug, String> {
        let value = line(value, 20, true)?.to_lowercase();
        if !value
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err("may hold only letters a-z, digits and -".into());
        }
        Ok(Slug(value))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A photo reference from the client: an uploaded media id, or `null` for none.
fn photo_id(value: Option<Option<i64>>) -> Result<Option<Option<i64>>, String> {
    match value {
        Some(Some(id)) if id <= 0 => Err("must be the id of an uploaded photo".into()),
        other => Ok(other),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterRequest {
    slug: Option<String>,
    title: Option<String>,
}

/// A roster to create (both fields) or change (either field).
pub struct RosterInput {
    pub slug: Option<Slug>,
    pub title: Option<String>,
}

impl RosterInput {
    pub fn parse(request: RosterRequest, creating: bool) -> Result<RosterInput, ApiError> {
        let mut check = Checker::default();
        let slug = match request.slug {
            None if !creating => Some(None),
            slug => check.check("slug", Slug::parse(slug)).map(Some),
        };
        let title = match request.title {
            None if !creating => Some(None),
            title => check.check("title", line(title, 100, true)).map(Some),
        };
        check.finish(|| {
            Some(RosterInput {
                slug: slug?,
                title: title?,
            })
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MemberRequest {
    name: Option<String>,
    department: Option<String>,
    year: Option<String>,
    position: Option<String>,
    #[serde(default, deserialize_with = "present")]
    link: Option<Option<String>>,
    #[serde(default, rename = "photoId", deserialize_with = "present")]
    photo_id: Option<Option<i64>>,
}

/// A member to create or change; `None` leaves a field as it is (on create: empty).
pub struct MemberInput {
    pub name: Option<String>,
    pub department: Option<String>,
    pub year: Option<String>,
    pub position: Option<String>,
    pub link: Option<Option<HttpUrl>>,
    pub photo_id: Option<Option<i64>>,
}

impl MemberInput {
    pub fn parse(request: MemberRequest, creating: bool) -> Result<MemberInput, ApiError> {
        let mut check = Checker::default();
        let mut field =
            |name: &'static str, value: Option<String>, max: usize, required: bool| match value {
                None if !creating || !required => Some(None),
                value => check.check(name, line(value, max, required)).map(Some),
            };
        let name = field("name", request.name, 100, true);
        let department = field("department", request.department, 100, false);
        let year = field("year", request.year, 20, false);
        let position = field("position", request.position, 100, false);
        let link = match request.link {
            None => Some(None),
            Some(link) => check.check("link", optional_url(link)).map(Some),
        };
        let photo_id = check.check("photoId", photo_id(request.photo_id));
        check.finish(|| {
            Some(MemberInput {
                name: name?,
                department: department?,
                year: year?,
                position: position?,
                link: link?,
                photo_id: photo_id?,
            })
        })
    }
}

/// Home page carousels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Works,
    Awards,
}

impl Section {
    pub fn parse(value: &str) -> Result<Section, String> {
        match value {
            "works" => Ok(Section::Works),
            "awards" => Ok(Section::Awards),
            _ => Err("must be works or awards".into()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Section::Works => "works",
            Section::Awards => "awards",
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PictureRequest {
    section: Option<String>,
    caption: Option<String>,
    #[serde(default, rename = "photoId", deserialize_with = "present")]
    photo_id: Option<Option<i64>>,
}

/// A carousel card or gallery image: a caption and a photo.
pub struct PictureInput {
    pub section: Option<Section>,
    pub caption: Option<String>,
    pub photo_id: Option<Option<i64>>,
}

impl PictureInput {
    /// `with_section`: cards name their carousel; gallery images refuse the field.
    pub fn parse(
        request: PictureRequest,
        creating: bool,
        with_section: bool,
    ) -> Result<PictureInput, ApiError> {
        let mut check = Checker::default();
        let section = match (request.section, with_section) {
            (None, true) if creating => check
                .check("section", Err("is required".to_string()))
                .map(Some),
            (None, _) => Some(None),
            (Some(_), false) => check.check(
                "section",
                Err("is not a field of a gallery image".to_string()),
            ),
            (Some(section), true) => check.check("section", Section::parse(&section)).map(Some),
        };
        let caption = match request.caption {
            None if !creating => Some(None),
            caption => check.check("caption", line(caption, 200, true)).map(Some),
        };
        let photo_id = check.check("photoId", photo_id(request.photo_id));
        check.finish(|| {
            Some(PictureInput {
                section: section?,
                caption: caption?,
                photo_id: photo_id?,
            })
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderRequest {
    ids: Vec<i64>,
}

/// A new order for a whole list: every id of the list exactly once.
pub struct Order(Vec<i64>);

impl Order {
    pub fn parse(request: OrderRequest) -> Result<Order, ApiError> {
        let mut seen = std::collections::HashSet::new();
        if request.ids.len() > 1000 || !request.ids.iter().all(|id| *id > 0 && seen.insert(*id)) {
            return Err(ApiError::field("ids", "must list each item's id once"));
        }
        Ok(Order(request.ids))
    }

    pub fn ids(&self) -> &[i64] {
        &self.0
    }
}

/// How each site setting is checked.
#[derive(Clone, Copy)]
enum SettingKind {
    Line(usize),
    Text(usize),
    Url,
    Email,
    Photo,
}

/// Every setting the site knows, with its rule; anything else is refused.
const SETTINGS: &[(&str, SettingKind)] = &[
    ("heroTitle", SettingKind::Line(200)),
    ("heroText", SettingKind::Text(2000)),
    ("donationAccount", SettingKind::Line(100)),
    ("donationIfsc", SettingKind::Line(50)),
    ("donationBranch", SettingKind::Line(100)),
    ("donationAppeal", SettingKind::Text(2000)),
    ("supportPhoto", SettingKind::Photo),
    ("address", SettingKind::Text(300)),
    ("contactEmail", SettingKind::Email),
    ("linkedin", SettingKind::Url),
    ("facebook", SettingKind::Url),
    ("instagram", SettingKind::Url),
    ("presidentName", SettingKind::Line(100)),
    ("presidentMessage", SettingKind::Text(2000)),
    ("galleryMoreUrl", SettingKind::Url),
    ("makersCredit", SettingKind::Line(200)),
];

pub fn setting_keys() -> impl Iterator<Item = &'static str> {
    SETTINGS.iter().map(|(key, _)| *key)
}

/// Changed settings, each checked by its rule. `supportPhoto` takes a media id and is stored as `media:ID`.
pub struct SettingsPatch(pub Vec<(&'static str, String)>);

impl SettingsPatch {
    pub fn parse(request: BTreeMap<String, serde_json::Value>) -> Result<SettingsPatch, ApiError> {
        let mut errors = crate::error::FieldErrors::new();
        let mut changes = Vec::new();
        for (key, value) in request {
            let Some((name, kind)) = SETTINGS.iter().find(|(name, _)| *name == key) else {
                return Err(ApiError::BadRequest(format!("unknown setting `{key}`")));
            };
            let text = match (&value, kind) {
                (serde_json::Value::Number(n), SettingKind::Photo) => {
                    n.as_i64().filter(|id| *id > 0).map(|id| id.to_string())
                }
                (serde_json::Value::String(s), _) => Some(s.clone()),
                _ => None,
            };
            let parsed = match (text, kind) {
                (None, SettingKind::Photo) => {
                    Err("must be the id of an uploaded photo".to_string())
                }
                (None, _) => Err("must be text".to_string()),
                (Some(text), SettingKind::Line(max)) => line(Some(text), *max, true),
                (Some(text), SettingKind::Text(max)) => super::values::text(Some(text), *max, true),
                (Some(text), SettingKind::Url) => {
                    HttpUrl::parse(Some(text)).map(|u| u.as_str().to_owned())
                }
                (Some(text), SettingKind::Email) => {
                    Email::parse(Some(text)).map(|e| e.as_str().to_owned())
                }
                (Some(text), SettingKind::Photo) => match text.parse::<i64>() {
                    Ok(id) if id > 0 => Ok(format!("media:{id}")),
                    _ => Err("must be the id of an uploaded photo".to_string()),
                },
            };
            match parsed {
                Ok(value) => changes.push((*name, value)),
                Err(why) => {
                    errors.insert((*name).to_owned(), why);
                }
            }
        }
        if errors.is_empty() {
            Ok(SettingsPatch(changes))
        } else {
            Err(ApiError::Validation(errors))
        }
    }
}

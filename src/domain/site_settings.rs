//! Changes to the site settings: the club's texts and details, each key with its own rule.

use super::text::*;
use super::values::*;
use crate::error::ApiError;
use std::collections::BTreeMap;

/// How each site setting is checked.
#[derive(Clone, Copy)]
enum SettingKind {
    Line(usize),
    /// A line that may be empty (the detail is then not shown).
    OptionalLine(usize),
    Text(usize),
    /// Text that may be empty (the detail is then not shown).
    OptionalText(usize),
    Url,
    Email,
    /// An uploaded photo's id; there is always one (or the seeded drawing).
    Photo,
    /// An uploaded photo's id, or null for the built-in default: the drawing at this path, or no
    /// photo.
    PhotoOrDefault(Option<&'static str>),
    /// A UPI ID (`name@bank`), or empty for no UPI payments.
    Upi,
    /// A year (the footer's copyright line), or empty for the current year.
    Year,
    /// A telephone number a phone can dial (digits, spaces, `+`, `-`, brackets), or empty.
    Phone,
}

/// Every setting the site knows, with its rule; anything else is refused.
const SETTINGS: &[(&str, SettingKind)] = &[
    ("heroTitle", SettingKind::Line(200)),
    ("heroText", SettingKind::Text(2000)),
    ("donationHolder", SettingKind::OptionalLine(100)),
    ("donationAccount", SettingKind::Line(100)),
    ("donationIfsc", SettingKind::Line(50)),
    ("donationBranch", SettingKind::Line(100)),
    ("donationBank", SettingKind::OptionalLine(100)),
    ("upiId", SettingKind::Upi),
    ("upiPayee", SettingKind::OptionalLine(100)),
    ("donationAppeal", SettingKind::Text(2000)),
    // What lets a donor judge whether giving is safe: shown on Support when filled in.
    ("donationRegistration", SettingKind::OptionalLine(200)),
    ("donationTax", SettingKind::OptionalLine(200)),
    ("donationPhone", SettingKind::Phone),
    ("supportPhoto", SettingKind::Photo),
    ("heroPhoto", SettingKind::PhotoOrDefault(None)),
    (
        "clubLogo",
        SettingKind::PhotoOrDefault(Some("/art/logo-jyoti.svg")),
    ),
    (
        "collegeLogo",
        SettingKind::PhotoOrDefault(Some("/art/logo-jgec.svg")),
    ),
    ("address", SettingKind::Text(300)),
    ("contactEmail", SettingKind::Email),
    ("linkedin", SettingKind::Url),
    ("facebook", SettingKind::Url),
    ("instagram", SettingKind::Url),
    ("presidentName", SettingKind::Line(100)),
    ("presidentMessage", SettingKind::Text(2000)),
    ("galleryMoreUrl", SettingKind::Url),
    ("makersCredit", SettingKind::Line(200)),
    ("footerYear", SettingKind::Year),
    // Home's "Visit us" block for parents, hidden while all four are empty.
    ("visitTimes", SettingKind::OptionalText(300)),
    ("visitAges", SettingKind::OptionalLine(100)),
    ("visitAddress", SettingKind::OptionalText(300)),
    ("visitPhone", SettingKind::Phone),
];

/// The settings that say where donors' money goes: only admins change them, and every change
/// is alerted to every admin. A change waits out the payment hold before donors see it.
pub const DONATION_DETAILS: &[&str] = &[
    "donationHolder",
    "donationAccount",
    "donationIfsc",
    "donationBranch",
    "donationBank",
    "upiId",
    "upiPayee",
];

/// What donors read beside the payment details: only admins change them, and every change is
/// alerted (at once: they say nothing about where the money goes).
pub const DONOR_FACING: &[&str] = &[
    "donationAppeal",
    "donationRegistration",
    "donationTax",
    "donationPhone",
    "supportPhoto",
];

/// A number to call: at most 20 characters of digits, spaces, `+`, `-` and brackets, with 8 to
/// 15 digits; or empty.
fn phone(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(String::new());
    }
    let digits = text.chars().filter(char::is_ascii_digit).count();
    let allowed = text
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '-' | '(' | ')'));
    if !allowed || text.len() > 20 || !(8..=15).contains(&digits) {
        return Err("must be a phone number: 8 to 15 digits, with spaces, +, - or brackets".into());
    }
    Ok(text.to_owned())
}

/// A UPI virtual payment address: `name@handle` (letters, digits, `.`, `-`, `_` before the `@`;
/// letters and digits after it), or empty.
fn upi_id(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(String::new());
    }
    let valid = text.split_once('@').is_some_and(|(name, handle)| {
        (2..=100).contains(&name.len())
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
            && (2..=50).contains(&handle.len())
            && handle.bytes().all(|b| b.is_ascii_alphanumeric())
    });
    if valid {
        Ok(text.to_owned())
    } else {
        Err("must be a UPI ID such as jyoti@sbi".into())
    }
}

/// A year from 2010 (when Jyoti began) to 2200, or empty.
fn year(text: &str) -> Result<String, String> {
    let text = text.trim();
    match text.parse::<u16>() {
        _ if text.is_empty() => Ok(String::new()),
        Ok(2010..=2200) if text.len() == 4 => Ok(text.to_owned()),
        _ => Err("must be a year such as 2025, or empty for the current year".into()),
    }
}

pub fn site_setting_keys() -> impl Iterator<Item = &'static str> {
    SETTINGS.iter().map(|(key, _)| *key)
}

/// The settings that hold a photo (`media:ID`, a shipped drawing's path, or empty), each with
/// what shows while it is empty: a built-in drawing, or nothing.
pub fn photo_settings() -> impl Iterator<Item = (&'static str, Option<&'static str>)> {
    SETTINGS.iter().filter_map(|(key, kind)| match kind {
        SettingKind::Photo => Some((*key, None)),
        SettingKind::PhotoOrDefault(drawing) => Some((*key, *drawing)),
        _ => None,
    })
}

/// Changed settings, each checked by its rule. A photo setting takes a media id and is stored as
/// `media:ID`; `null` sets one that has a default back to it (stored empty).
pub struct SiteSettingsPatch(pub Vec<(&'static str, String)>);

impl SiteSettingsPatch {
    pub fn parse(
        request: BTreeMap<String, serde_json::Value>,
    ) -> Result<SiteSettingsPatch, ApiError> {
        let mut errors = crate::error::FieldErrors::new();
        let mut changes = Vec::new();
        for (key, value) in request {
            let Some((name, kind)) = SETTINGS.iter().find(|(name, _)| *name == key) else {
                return Err(ApiError::field(&key, "is not a field this call takes"));
            };
            let text = match (&value, kind) {
                (serde_json::Value::Null, SettingKind::PhotoOrDefault(_)) => {
                    changes.push((*name, String::new()));
                    continue;
                }
                (
                    serde_json::Value::Number(n),
                    SettingKind::Photo | SettingKind::PhotoOrDefault(_),
                ) => n.as_i64().filter(|id| *id > 0).map(|id| id.to_string()),
                (serde_json::Value::String(s), _) => Some(s.clone()),
                _ => None,
            };
            let parsed = match (text, kind) {
                (None, SettingKind::Photo) => {
                    Err("must be the id of an uploaded photo".to_string())
                }
                (None, SettingKind::PhotoOrDefault(_)) => {
                    Err("must be the id of an uploaded photo, or null for the default".to_string())
                }
                (None, _) => Err("must be text".to_string()),
                (Some(text), SettingKind::Line(max)) => line(Some(text), *max, true),
                (Some(text), SettingKind::OptionalLine(max)) => line(Some(text), *max, false),
                (Some(text), SettingKind::Upi) => upi_id(&text),
                (Some(text), SettingKind::Year) => year(&text),
                (Some(text), SettingKind::Text(max)) => super::text::text(Some(text), *max, true),
                (Some(text), SettingKind::OptionalText(max)) => {
                    super::text::text(Some(text), *max, false)
                }
                (Some(text), SettingKind::Phone) => phone(&text),
                (Some(text), SettingKind::Url) => {
                    HttpUrl::parse(Some(text)).map(|u| u.as_str().to_owned())
                }
                (Some(text), SettingKind::Email) => {
                    Email::parse(Some(text)).map(|e| e.as_str().to_owned())
                }
                (Some(text), SettingKind::Photo | SettingKind::PhotoOrDefault(_)) => {
                    match text.parse::<i64>() {
                        Ok(id) if id > 0 => Ok(format!("media:{id}")),
                        _ => Err("must be the id of an uploaded photo".to_string()),
                    }
                }
            };
            match parsed {
                Ok(value) => changes.push((*name, value)),
                Err(why) => {
                    errors.insert((*name).to_owned(), why);
                }
            }
        }
        if errors.is_empty() {
            Ok(SiteSettingsPatch(changes))
        } else {
            Err(ApiError::Validation(errors))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DONATION_DETAILS;

    /// The service worker's offline copy leaves out the settings of the app's list: it must be
    /// this one, or a stale payment detail could show on a phone with no connection.
    #[test]
    fn the_offline_copy_leaves_out_every_payment_detail() {
        let names = include_str!("../../frontend/src/lib/offline-names.js");
        let line = names
            .lines()
            .find(|line| line.starts_with("export const PAYMENT_KEYS"))
            .expect("offline-names.js lists PAYMENT_KEYS");
        let listed: Vec<&str> = line.split('\'').skip(1).step_by(2).collect();
        assert_eq!(listed, DONATION_DETAILS);
    }
}

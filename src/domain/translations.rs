//! A Bengali version of a text admins write for the public pages: which texts have one, and a
//! change of one parsed from a request.

use super::text::{line, text};
use super::{Checker, DONATION_DETAILS};
use crate::error::ApiError;
use serde::Deserialize;

/// The kinds of record whose texts have Bengali versions, as the `translations` table names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    Setting,
    Card,
    Gallery,
    Notice,
    Roster,
    Member,
    /// A certificate's event, once for every certificate of it: its record is the event's
    /// English.
    Event,
}

impl TextKind {
    /// The kind of record whose history keeps these texts (a setting's and an event's have none).
    pub fn record_kind(self) -> Option<super::BinKind> {
        match self {
            TextKind::Card => Some(super::BinKind::Card),
            TextKind::Gallery => Some(super::BinKind::Gallery),
            TextKind::Notice => Some(super::BinKind::Notice),
            TextKind::Roster => Some(super::BinKind::Roster),
            TextKind::Member => Some(super::BinKind::Member),
            TextKind::Setting | TextKind::Event => None,
        }
    }

    pub const ALL: [TextKind; 7] = [
        TextKind::Setting,
        TextKind::Card,
        TextKind::Gallery,
        TextKind::Notice,
        TextKind::Roster,
        TextKind::Member,
        TextKind::Event,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TextKind::Setting => "setting",
            TextKind::Card => "card",
            TextKind::Gallery => "gallery",
            TextKind::Notice => "notice",
            TextKind::Roster => "roster",
            TextKind::Member => "member",
            TextKind::Event => "event",
        }
    }

    pub fn parse(name: &str) -> Option<TextKind> {
        TextKind::ALL.into_iter().find(|kind| kind.as_str() == name)
    }

    /// The fields of a record of this kind that have a Bengali version, each with its longest
    /// length and whether it may run over several lines (settings: see [`SETTING_TEXTS`]).
    fn fields(self) -> &'static [(&'static str, usize, bool)] {
        match self {
            TextKind::Setting => SETTING_TEXTS,
            TextKind::Card | TextKind::Gallery => &[("caption", 200, false)],
            TextKind::Notice => &[("title", 200, false)],
            TextKind::Roster => &[("title", 100, false)],
            TextKind::Member => &[("position", 100, false), ("year", 40, false)],
            TextKind::Event => &[("event", 200, false)],
        }
    }

    /// The longest length and whether it may be several lines, for a field with a Bengali version.
    pub fn field(self, field: &str) -> Option<(usize, bool)> {
        self.fields()
            .iter()
            .find(|(name, ..)| *name == field)
            .map(|&(_, max, multiline)| (max, multiline))
    }
}

/// The site settings that are text visitors read, with their limits. The donation details
/// (account, IFSC, UPI, the names money goes to) have none: a Bengali version would be a second
/// set of payment details outside the payment hold and its alerts.
pub const SETTING_TEXTS: &[(&str, usize, bool)] = &[
    ("heroTitle", 200, false),
    ("heroText", 2000, true),
    ("donationAppeal", 2000, true),
    ("donationRegistration", 200, false),
    ("donationTax", 200, false),
    ("address", 300, true),
    ("presidentName", 100, false),
    ("presidentMessage", 2000, true),
    ("makersCredit", 200, false),
    ("visitTimes", 300, true),
    ("visitAges", 100, false),
    ("visitAddress", 300, true),
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextRequest {
    /// The language it is written in; Bengali when not given.
    lang: Option<String>,
    kind: Option<String>,
    record: Option<serde_json::Value>,
    field: Option<String>,
    text: Option<String>,
}

/// The Bengali version of one text; an empty `text` removes it (the English shows again).
#[derive(Debug)]
pub struct BengaliText {
    /// The language it is written in (one of [`TRANSLATED`]).
    pub lang: String,
    pub kind: TextKind,
    /// The record's id, or the setting's key.
    pub record: String,
    pub field: String,
    pub text: String,
}

impl BengaliText {
    pub fn parse(request: TextRequest) -> Result<BengaliText, ApiError> {
        let mut check = Checker::default();
        let lang = check.check("lang", language(request.lang));
        let kind = check.check(
            "kind",
            request
                .kind
                .as_deref()
                .and_then(TextKind::parse)
                .ok_or_else(|| "is not a kind of text with a Bengali version".to_owned()),
        );
        let record = check.check("record", record(request.record, kind));
        let field = kind.and_then(|kind| {
            check.check(
                "field",
                request
                    .field
                    .as_deref()
                    .and_then(|field| Some((field, kind.field(field)?)))
                    .filter(|(field, _)| {
                        kind != TextKind::Setting
                            || record.as_deref() == Some(*field)
                                && !DONATION_DETAILS.contains(field)
                    })
                    .ok_or_else(|| "is not a text with a Bengali version".to_owned()),
            )
        });
        let words = field.and_then(|(_, (max, multiline))| {
            let words = match multiline {
                true => text(request.text, max, false),
                false => line(request.text, max, false),
            };
            check.check("text", words)
        });
        check.finish(|| {
            Some(BengaliText {
                lang: lang?,
                kind: kind?,
                record: record?,
                field: field?.0.to_owned(),
                text: words?,
            })
        })
    }
}

/// The Bengali screen's query: `?missing=1` for only the texts with English and no Bengali
/// yet, `q` for those whose place, English or Bengali holds it, `page` and `size` for one page
/// of them. Without `page` or `size`, every text.
#[derive(Debug, Default, Deserialize)]
pub struct TextsQuery {
    lang: Option<String>,
    missing: Option<String>,
    q: Option<String>,
    page: Option<String>,
    size: Option<String>,
}

/// [`TextsQuery`] parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextsWanted {
    /// The language whose versions are listed beside the English.
    pub lang: String,
    pub missing_only: bool,
    /// The search, lower-cased; `None` for all.
    pub search: Option<String>,
    /// The page (from 1) and its size; `None` for all.
    pub page: Option<(u32, u32)>,
}

impl TextsWanted {
    pub fn parse(query: TextsQuery) -> Result<TextsWanted, ApiError> {
        use super::listing::{number, DEFAULT_SIZE, MAX_SIZE};
        let mut check = Checker::default();
        let paged = query.page.is_some() || query.size.is_some();
        let page = check.check("page", number(query.page, 1, 1_000_000));
        let size = check.check("size", number(query.size, DEFAULT_SIZE, MAX_SIZE));
        let missing = check.check(
            "missing",
            match query.missing.as_deref().map(str::trim) {
                None | Some("" | "0" | "false") => Ok(false),
                Some("1" | "true") => Ok(true),
                Some(_) => Err("must be 1 or 0".to_owned()),
            },
        );
        let search = check.check("q", super::listing::search_text(query.q.as_deref()));
        let lang = check.check("lang", language(query.lang));
        check.finish(|| {
            Some(TextsWanted {
                lang: lang?,
                missing_only: missing?,
                search: search?.map(|q| q.to_lowercase()),
                page: match paged {
                    true => Some((page?, size?)),
                    false => None,
                },
            })
        })
    }
}

/// The languages besides English that the site's texts are written in: what `lang` may name in
/// the translations API (the frontend's `LANGUAGES`, in `frontend/src/i18n/languages.js`, but
/// English). A third language is added here too.
pub const TRANSLATED: &[&str] = &["bn"];

/// A translation's language: Bengali when none is named; one of [`TRANSLATED`] when one is.
fn language(value: Option<String>) -> Result<String, String> {
    match value.as_deref().map(str::trim) {
        None | Some("") => Ok("bn".to_owned()),
        Some(lang) if TRANSLATED.contains(&lang) => Ok(lang.to_owned()),
        Some(_) => Err(format!(
            "is not a language of this site's texts ({})",
            TRANSLATED.join(", ")
        )),
    }
}

/// A record's id (a whole number), for a setting its key (the field it is), for an event its
/// English.
fn record(value: Option<serde_json::Value>, kind: Option<TextKind>) -> Result<String, String> {
    match (kind, value) {
        (Some(TextKind::Setting), Some(serde_json::Value::String(key))) => Ok(key),
        (Some(TextKind::Event), Some(serde_json::Value::String(event))) => {
            line(Some(event), 200, true).map_err(|_| "is not a certificate's event".to_owned())
        }
        (Some(_), Some(serde_json::Value::Number(id))) => id
            .as_i64()
            .filter(|id| *id > 0)
            .map(|id| id.to_string())
            .ok_or_else(|| "is not a record's number".to_owned()),
        _ => Err("names no record".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(body: serde_json::Value) -> Result<BengaliText, ApiError> {
        BengaliText::parse(serde_json::from_value(body).unwrap())
    }

    #[test]
    fn only_public_texts_take_a_bengali_version_and_payment_details_never() {
        let ok =
            parse(json!({"kind": "notice", "record": 3, "field": "title", "text": " নতুন ক্লাস "}))
                .unwrap();
        assert_eq!(
            (ok.kind, ok.record.as_str(), ok.text.as_str()),
            (TextKind::Notice, "3", "নতুন ক্লাস")
        );
        assert!(parse(
            json!({"kind": "setting", "record": "address", "field": "address", "text": "জলপাইগুড়ি"})
        )
        .is_ok());
        for refused in [
            json!({"kind": "setting", "record": "upiId", "field": "upiId", "text": "x@y"}),
            json!({"kind": "setting", "record": "donationAccount", "field": "donationAccount", "text": "1"}),
            json!({"kind": "setting", "record": "address", "field": "heroTitle", "text": "x"}),
            json!({"kind": "notice", "record": 3, "field": "url", "text": "x"}),
            json!({"kind": "notice", "record": -1, "field": "title", "text": "x"}),
            json!({"kind": "users", "record": 1, "field": "email", "text": "x"}),
            json!({"kind": "card", "record": 1, "field": "caption", "text": "a\u{202E}b"}),
            json!({"kind": "card", "record": 1, "field": "caption", "text": "a".repeat(201)}),
        ] {
            assert!(parse(refused.clone()).is_err(), "{refused}");
        }
    }
}

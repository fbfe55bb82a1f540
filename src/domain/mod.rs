//! Parsed input: values that passed validation and so may reach SQL.
//!
//! Each type's inner value is private; the only way to get one is its `parse`.

mod bin;
pub mod certificate_import;
mod certificates;
mod contacts;
mod feedback;
mod gifts;
mod invitations;
mod listing;
mod mail;
mod media;
mod members;
mod notices;
mod order;
mod pictures;
mod rosters;
pub mod second_factor;
mod site_settings;
mod text;
mod translations;
pub mod upi;
mod users;
mod values;

pub use bin::*;
pub use certificates::*;
pub use contacts::*;
pub use feedback::*;
pub use gifts::*;
pub use invitations::*;
pub use listing::*;
pub use mail::*;
pub use media::*;
pub use members::*;
pub use notices::*;
pub use order::*;
pub use pictures::*;
pub use rosters::*;
pub use site_settings::*;
pub use text::*;
pub use translations::*;
pub use users::*;
pub use values::*;

use crate::error::{ApiError, FieldErrors};
use serde::{Deserialize, Deserializer};

/// Collects every bad field of one request so the client learns all of them at once.
#[derive(Default)]
pub struct Checker {
    errors: FieldErrors,
}

impl Checker {
    /// Records the outcome of one field's parse; `None` when it was refused.
    pub fn check<T>(&mut self, field: &'static str, parsed: Result<T, String>) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(why) => {
                self.errors.insert(field.to_owned(), why);
                None
            }
        }
    }

    /// Hands back the built value, or every field error.
    pub fn finish<T>(self, build: impl FnOnce() -> Option<T>) -> Result<T, ApiError> {
        if self.errors.is_empty() {
            build().ok_or_else(|| ApiError::internal("a parsed field went missing"))
        } else {
            Err(ApiError::Validation(self.errors))
        }
    }
}

/// Tells a field sent as `null` (`Some(None)`) from a field left out (`None`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// Text fields that some clients send as numbers (a year such as `3`).
fn loose_text(value: Option<NumberOrText>) -> Option<String> {
    value.map(|value| match value {
        NumberOrText::Number(number) => number.to_string(),
        NumberOrText::Text(text) => text,
    })
}

/// An empty or null URL means "no link".
fn optional_url(value: Option<String>) -> Result<Option<HttpUrl>, String> {
    match value {
        Some(url) if !url.trim().is_empty() => HttpUrl::parse(Some(url)).map(Some),
        _ => Ok(None),
    }
}

/// A photo reference from the client: an uploaded media id, or `null` for none.
fn photo_id(value: Option<Option<i64>>) -> Result<Option<Option<i64>>, String> {
    match value {
        Some(Some(id)) if id <= 0 => Err("must be the id of an uploaded photo".into()),
        other => Ok(other),
    }
}

/// A record's `_id` sent back in a change (the spec's edit forms send the record they fetched):
/// allowed when it is the id in the path.
fn same_id(sent: Option<NumberOrText>, path_id: i64) -> Result<(), String> {
    let matches = match &sent {
        None => true,
        Some(NumberOrText::Number(n)) => n.as_i64() == Some(path_id),
        Some(NumberOrText::Text(text)) => text.trim().parse::<i64>().ok() == Some(path_id),
    };
    if matches {
        Ok(())
    } else {
        Err("must be the id in the path".into())
    }
}

/// A yes/no field that some clients send as the text `"true"` or `"false"`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum BoolOrText {
    Bool(bool),
    Text(String),
}

impl BoolOrText {
    fn parse(self) -> Result<bool, String> {
        match self {
            BoolOrText::Bool(value) => Ok(value),
            BoolOrText::Text(text) => match text.as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err("must be true or false".into()),
            },
        }
    }
}

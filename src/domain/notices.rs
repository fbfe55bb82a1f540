//! A notice to create or change.

use super::text::*;
use super::values::*;
use super::{optional_url, present, same_id, Checker};
use crate::error::ApiError;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoticeRequest {
    #[serde(rename = "_id")]
    id: Option<NumberOrText>,
    #[serde(default, deserialize_with = "present")]
    url: Option<Option<String>>,
    title: Option<String>,
    #[serde(default, deserialize_with = "present")]
    date: Option<Option<String>>,
    /// On create: whether the notice is mailed to the followers (yes unless `false`).
    #[serde(rename = "tellFollowers")]
    tell_followers: Option<bool>,
    /// Sent back by a form that sends the create answer back; never stored.
    #[serde(rename = "told")]
    _told: Option<serde::de::IgnoredAny>,
}

/// An empty or null date means "today" on create.
fn optional_date(value: Option<String>) -> Result<Option<IsoDate>, String> {
    match value {
        Some(date) if !date.trim().is_empty() => IsoDate::parse(date.trim()).map(Some),
        _ => Ok(None),
    }
}

pub struct NewNotice {
    pub url: Option<HttpUrl>,
    pub title: String,
    /// `None`: the day it is stored.
    pub date: Option<IsoDate>,
    /// Whether the notice is mailed to the followers.
    pub tell_followers: bool,
}

impl NewNotice {
    pub fn parse(request: NoticeRequest) -> Result<NewNotice, ApiError> {
        let mut check = Checker::default();
        if request.id.is_some() {
            check.check::<()>("_id", Err("is not a field this call takes".into()));
        }
        let url = check.check("url", optional_url(request.url.flatten()));
        let title = check.check("title", line(request.title, 200, true));
        let date = check.check("date", optional_date(request.date.flatten()));
        check.finish(|| {
            Some(NewNotice {
                url: url?,
                title: title?,
                date: date?,
                tell_followers: request.tell_followers.unwrap_or(true),
            })
        })
    }
}

/// A change to a notice; `None` leaves that field as it is, `Some(None)` url removes the link.
pub struct NoticeUpdate {
    pub url: Option<Option<HttpUrl>>,
    pub title: Option<String>,
    pub date: Option<IsoDate>,
}

impl NoticeUpdate {
    /// A change to the notice whose id is in the path.
    pub fn parse(request: NoticeRequest, path_id: i64) -> Result<NoticeUpdate, ApiError> {
        let mut check = Checker::default();
        check.check("_id", same_id(request.id, path_id));
        let url = match request.url {
            None => Some(None),
            Some(url) => check.check("url", optional_url(url)).map(Some),
        };
        let title = match request.title {
            None => Some(None),
            title => check.check("title", line(title, 200, true)).map(Some),
        };
        let date = match request.date {
            None | Some(None) => Some(None),
            Some(Some(date)) if date.trim().is_empty() => Some(None),
            Some(Some(date)) => check.check("date", IsoDate::parse(date.trim())).map(Some),
        };
        check.finish(|| {
            Some(NoticeUpdate {
                url: url?,
                title: title?,
                date: date?,
            })
        })
    }
}

//! An answer to the feedback form (`/form`).

use super::text::*;
use super::values::*;
use super::Checker;
use crate::error::ApiError;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeedbackRequest {
    name: Option<String>,
    email: Option<String>,
    mobile: Option<String>,
    gender: Option<String>,
    interested: Option<bool>,
    rating: Option<NumberOrText>,
    suggestion: Option<String>,
}

/// Every answer is optional, but a form with none says nothing and is refused.
pub struct NewFeedback {
    pub name: String,
    /// Empty, or an address that parsed.
    pub email: String,
    pub mobile: String,
    /// `""`, `male`, `female` or `other`.
    pub gender: &'static str,
    pub interested: bool,
    /// 1 to 5 stars.
    pub rating: Option<u8>,
    pub suggestion: String,
}

/// A blank answer is no answer.
fn given(value: Option<String>) -> Option<String> {
    value.filter(|text| !text.trim().is_empty())
}

fn gender(value: Option<String>) -> Result<&'static str, String> {
    match given(value).as_deref().map(str::trim) {
        None => Ok(""),
        Some("male") => Ok("male"),
        Some("female") => Ok("female"),
        Some("other") => Ok("other"),
        Some(_) => Err("must be male, female or other".into()),
    }
}

fn rating(value: Option<NumberOrText>) -> Result<Option<u8>, String> {
    let stars = match value {
        None => return Ok(None),
        Some(NumberOrText::Number(number)) => number.as_i64(),
        Some(NumberOrText::Text(text)) if text.trim().is_empty() => return Ok(None),
        Some(NumberOrText::Text(text)) => text.trim().parse().ok(),
    };
    match stars {
        Some(stars @ 1..=5) => Ok(Some(stars as u8)),
        _ => Err("must be a whole number of stars from 1 to 5".into()),
    }
}

impl NewFeedback {
    pub fn parse(request: FeedbackRequest) -> Result<NewFeedback, ApiError> {
        let mut check = Checker::default();
        let name = check.check("name", line(request.name, 100, false));
        let email = check.check(
            "email",
            given(request.email).map_or(Ok(String::new()), |email| {
                Email::parse(Some(email)).map(|email| email.as_str().to_owned())
            }),
        );
        let mobile = check.check(
            "mobile",
            given(request.mobile).map_or(Ok(String::new()), |mobile| telephone(Some(mobile))),
        );
        let gender = check.check("gender", gender(request.gender));
        let rating = check.check("rating", rating(request.rating));
        let suggestion = check.check("suggestion", text(request.suggestion, 5000, false));
        let feedback = check.finish(|| {
            Some(NewFeedback {
                name: name?,
                email: email?,
                mobile: mobile?,
                gender: gender?,
                interested: request.interested.unwrap_or(false),
                rating: rating?,
                suggestion: suggestion?,
            })
        })?;
        if feedback.says_nothing() {
            return Err(ApiError::BadRequest(
                "Fill in at least one answer before submitting.".into(),
            ));
        }
        Ok(feedback)
    }

    fn says_nothing(&self) -> bool {
        self.name.is_empty()
            && self.email.is_empty()
            && self.mobile.is_empty()
            && self.gender.is_empty()
            && !self.interested
            && self.rating.is_none()
            && self.suggestion.is_empty()
    }
}

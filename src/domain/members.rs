//! A roster member to add or change.

use super::text::*;
use super::values::*;
use super::{optional_url, photo_id, present, Checker};
use crate::error::ApiError;
use serde::Deserialize;

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

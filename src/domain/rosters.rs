//! A roster to create or change, and its slug.

use super::text::*;
use super::Checker;
use crate::error::ApiError;
use serde::Deserialize;

/// A roster slug: what follows `/team` in its URL (`2k26` → `/team2k26`).
#[derive(Debug)]
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
pub struct CoreTeamRequest {
    id: Option<i64>,
    #[serde(rename = "formerSlug")]
    former_slug: Option<String>,
}

/// The roster `/team` is to show as the core team, and the address the current core team moves
/// to (`2k25` → `/team2k25`), so last year's page stays.
pub struct CoreTeamChoice {
    pub id: i64,
    pub former_slug: Slug,
}

impl CoreTeamChoice {
    pub fn parse(request: CoreTeamRequest) -> Result<CoreTeamChoice, ApiError> {
        let mut check = Checker::default();
        let id = check.check(
            "id",
            request
                .id
                .filter(|id| *id > 0)
                .ok_or_else(|| "is required: the id of the team to show at /team".to_string()),
        );
        let former_slug = check.check(
            "formerSlug",
            Slug::parse(request.former_slug).and_then(|slug| match slug.as_str() {
                "core" => Err("must be a new address for the current core team, not core".into()),
                _ => Ok(slug),
            }),
        );
        check.finish(|| {
            Some(CoreTeamChoice {
                id: id?,
                former_slug: former_slug?,
            })
        })
    }
}

//! A message from the contact form.

use super::text::*;
use super::values::*;
use super::Checker;
use crate::error::ApiError;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContactRequest {
    name: Option<String>,
    email: Option<String>,
    telephone: Option<String>,
    subject: Option<String>,
    message: Option<String>,
}

pub struct NewContact {
    pub name: String,
    pub email: Email,
    pub telephone: String,
    pub rating: Rating,
    pub message: String,
}

impl NewContact {
    pub fn parse(request: ContactRequest) -> Result<NewContact, ApiError> {
        let mut check = Checker::default();
        let name = check.check("name", line(request.name, 100, true));
        let email = check.check("email", Email::parse(request.email));
        let telephone = check.check("telephone", telephone(request.telephone));
        let rating = check.check("subject", Rating::parse(request.subject));
        let message = check.check("message", text(request.message, 5000, true));
        check.finish(|| {
            Some(NewContact {
                name: name?,
                email: email?,
                telephone: telephone?,
                rating: rating?,
                message: message?,
            })
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContactReadRequest {
    pub read: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContactsDeleteRequest {
    ids: Option<Vec<i64>>,
    q: Option<String>,
}

/// Which messages to delete at once: the ones picked, or every one matching a search (all of
/// them for an empty search).
pub enum ContactsToDelete {
    Ids(Vec<i64>),
    Matching(Option<String>),
}

impl ContactsToDelete {
    pub fn parse(request: ContactsDeleteRequest) -> Result<ContactsToDelete, ApiError> {
        match (request.ids, request.q) {
            (Some(ids), None) if ids.len() <= 10_000 && ids.iter().all(|id| *id > 0) => {
                Ok(ContactsToDelete::Ids(ids))
            }
            (Some(_), None) => Err(ApiError::field("ids", "must be at most 10,000 message ids")),
            (None, Some(q)) => super::listing::search_text(Some(&q))
                .map(ContactsToDelete::Matching)
                .map_err(|why| ApiError::field("q", why)),
            _ => Err(ApiError::BadRequest(
                "Send either the ids of the messages or a search (q)".into(),
            )),
        }
    }
}

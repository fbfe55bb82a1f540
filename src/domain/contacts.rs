//! A message from the contact form.

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

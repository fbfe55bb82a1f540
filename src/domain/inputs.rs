//! Request bodies as sent (unknown fields refused) and the parsed inputs made from them.

use super::values::*;
use super::Checker;
use crate::error::ApiError;
use serde::{Deserialize, Deserializer};

/// Tells a field sent as `null` (`Some(None)`) from a field left out (`None`).
pub(super) fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// Text fields that some clients send as numbers (a year such as `3`).
fn loose_text(value: Option<NumberOrText>) -> Option<String> {
    value.map(|value| match value {
        NumberOrText::Number(number) => number.to_string(),
        NumberOrText::Text(text) => text,
    })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisterRequest {
    firstname: Option<String>,
    lastname: Option<String>,
    department: Option<String>,
    year: Option<NumberOrText>,
    email: Option<String>,
    password: Option<String>,
}

pub struct NewUser {
    pub firstname: String,
    pub lastname: String,
    pub department: String,
    pub year: String,
    pub email: Email,
    pub password: Password,
}

impl NewUser {
    pub fn parse(request: RegisterRequest) -> Result<NewUser, ApiError> {
        let mut check = Checker::default();
        let firstname = check.check("firstname", line(request.firstname, 100, true));
        let lastname = check.check("lastname", line(request.lastname, 100, false));
        let department = check.check("department", line(request.department, 100, false));
        let year = check.check("year", line(loose_text(request.year), 20, false));
        let email = check.check("email", Email::parse(request.email));
        let password = check.check("password", Password::parse(request.password));
        check.finish(|| {
            Some(NewUser {
                firstname: firstname?,
                lastname: lastname?,
                department: department?,
                year: year?,
                email: email?,
                password: password?,
            })
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoginRequest {
    email: Option<String>,
    password: Option<String>,
}

pub struct Credentials {
    pub email: Email,
    /// Not length-checked: a wrong password of any length is just wrong.
    pub password: String,
}

impl Credentials {
    pub fn parse(request: LoginRequest) -> Result<Credentials, ApiError> {
        let mut check = Checker::default();
        let email = check.check("email", Email::parse(request.email));
        let password = check.check(
            "password",
            match request.password {
                Some(p) if !p.is_empty() && p.len() <= 1024 => Ok(p),
                Some(p) if !p.is_empty() => Err("is too long".to_string()),
                _ => Err("is required".to_string()),
            },
        );
        check.finish(|| {
            Some(Credentials {
                email: email?,
                password: password?,
            })
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserUpdateRequest {
    firstname: Option<String>,
    lastname: Option<String>,
    department: Option<String>,
    year: Option<NumberOrText>,
    email: Option<String>,
    #[serde(rename = "isAdmin")]
    is_admin: Option<bool>,
}

/// A change to a user; `None` leaves that field as it is.
pub struct UserUpdate {
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub department: Option<String>,
    pub year: Option<String>,
    pub email: Option<Email>,
    pub is_admin: Option<bool>,
}

impl UserUpdate {
    pub fn parse(request: UserUpdateRequest) -> Result<UserUpdate, ApiError> {
        let mut check = Checker::default();
        let mut optional = |field, value: Option<String>, max, required| match value {
            None => Some(None),
            value => check.check(field, line(value, max, required)).map(Some),
        };
        let firstname = optional("firstname", request.firstname, 100, true);
        let lastname = optional("lastname", request.lastname, 100, false);
        let department = optional("department", request.department, 100, false);
        let year = optional("year", loose_text(request.year), 20, false);
        let email = match request.email {
            None => Some(None),
            email => check.check("email", Email::parse(email)).map(Some),
        };
        check.finish(|| {
            Some(UserUpdate {
                firstname: firstname?,
                lastname: lastname?,
                department: department?,
                year: year?,
                email: email?,
                is_admin: request.is_admin,
            })
        })
    }
}

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
pub struct NoticeRequest {
    #[serde(default, deserialize_with = "present")]
    url: Option<Option<String>>,
    title: Option<String>,
    #[serde(default, deserialize_with = "present")]
    date: Option<Option<String>>,
}

/// An empty or null URL means "no link".
pub(super) fn optional_url(value: Option<String>) -> Result<Option<HttpUrl>, String> {
    match value {
        Some(url) if !url.trim().is_empty() => HttpUrl::parse(Some(url)).map(Some),
        _ => Ok(None),
    }
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
}

impl NewNotice {
    pub fn parse(request: NoticeRequest) -> Result<NewNotice, ApiError> {
        let mut check = Checker::default();
        let url = check.check("url", optional_url(request.url.flatten()));
        let title = check.check("title", line(request.title, 200, true));
        let date = check.check("date", optional_date(request.date.flatten()));
        check.finish(|| {
            Some(NewNotice {
                url: url?,
                title: title?,
                date: date?,
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
    pub fn parse(request: NoticeRequest) -> Result<NoticeUpdate, ApiError> {
        let mut check = Checker::default();
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CertificateRequest {
    name: Option<String>,
    certinumber: Option<NumberOrText>,
}

pub struct NewCertificate {
    pub name: String,
    pub certinumber: CertNumber,
}

impl NewCertificate {
    pub fn parse(request: CertificateRequest) -> Result<NewCertificate, ApiError> {
        let mut check = Checker::default();
        let name = check.check("name", line(request.name, 100, true));
        let certinumber = check.check("certinumber", CertNumber::parse(request.certinumber));
        check.finish(|| {
            Some(NewCertificate {
                name: name?,
                certinumber: certinumber?,
            })
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordChangeRequest {
    #[serde(rename = "currentPassword")]
    current_password: Option<String>,
    #[serde(rename = "newPassword")]
    new_password: Option<String>,
}

pub struct PasswordChange {
    pub current: String,
    pub new: Password,
}

impl PasswordChange {
    pub fn parse(request: PasswordChangeRequest) -> Result<PasswordChange, ApiError> {
        let mut check = Checker::default();
        let current = check.check(
            "currentPassword",
            request
                .current_password
                .filter(|p| !p.is_empty())
                .ok_or_else(|| "is required".to_string()),
        );
        let new = check.check("newPassword", Password::parse(request.new_password));
        check.finish(|| {
            Some(PasswordChange {
                current: current?,
                new: new?,
            })
        })
    }
}

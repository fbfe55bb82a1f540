//! Accounts: registration, login, an admin's change to a user, a password change.

use super::values::*;
use super::{loose_text, same_id, BoolOrText, Checker};
use crate::error::ApiError;
use serde::Deserialize;

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
    #[serde(rename = "_id")]
    id: Option<NumberOrText>,
    firstname: Option<String>,
    lastname: Option<String>,
    department: Option<String>,
    year: Option<NumberOrText>,
    email: Option<String>,
    #[serde(rename = "isAdmin")]
    is_admin: Option<BoolOrText>,
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
    /// A change to the user whose id is in the path.
    pub fn parse(request: UserUpdateRequest, path_id: i64) -> Result<UserUpdate, ApiError> {
        let mut check = Checker::default();
        check.check("_id", same_id(request.id, path_id));
        let is_admin = match request.is_admin {
            None => Some(None),
            Some(value) => check.check("isAdmin", value.parse()).map(Some),
        };
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
                is_admin: is_admin?,
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

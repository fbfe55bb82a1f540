//! Accounts: registration, login, an admin's change to a user, a password change.

use super::text::*;
use super::values::*;
use super::{loose_text, same_id, BoolOrText, Checker};
use crate::error::ApiError;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use serde::{Deserialize, Serialize};

/// What an account may do: admins everything, editors publish and read messages, users (the
/// visitors who registered) nothing in the admin area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Admin,
    Editor,
    User,
}

impl Role {
    pub const CHOICES: [Role; 3] = [Role::Admin, Role::Editor, Role::User];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Editor => "editor",
            Role::User => "user",
        }
    }

    pub fn parse(text: &str) -> Result<Role, String> {
        Role::CHOICES
            .into_iter()
            .find(|role| role.as_str() == text)
            .ok_or_else(|| "must be admin, editor or user".to_string())
    }

    /// Admins and editors: the accounts that use the admin area.
    pub fn is_staff(self) -> bool {
        self != Role::User
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromSql for Role {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Role> {
        Role::parse(value.as_str()?).map_err(|e| FromSqlError::Other(e.into()))
    }
}

impl ToSql for Role {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(self.as_str().into())
    }
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
        let email = check.check("email", Email::parse_new(request.email));
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

/// A password typed to prove who one is (a login, accepting an invitation): not checked against
/// the rules for new passwords, as a wrong one of any length is just wrong, but bounded.
pub fn typed_password(password: Option<String>) -> Result<String, String> {
    match password {
        Some(p) if !p.is_empty() && p.len() <= 1024 => Ok(p),
        Some(p) if !p.is_empty() => Err("is too long".to_string()),
        _ => Err("is required".to_string()),
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
        let password = check.check("password", typed_password(request.password));
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
    role: Option<String>,
    /// Sent back by a form that sends the whole record; never changed by a client.
    #[serde(rename = "lastSignInAt")]
    _last_sign_in_at: Option<serde::de::IgnoredAny>,
    #[serde(rename = "secondFactor")]
    _second_factor: Option<serde::de::IgnoredAny>,
}

/// A change to a user; `None` leaves that field as it is.
pub struct UserUpdate {
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub department: Option<String>,
    pub year: Option<String>,
    pub email: Option<Email>,
    /// The spec's `isAdmin: true` is the admin role; `false` makes an admin a user (an editor
    /// or user stays as they are).
    pub is_admin: Option<bool>,
    pub role: Option<Role>,
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
        let role = match request.role {
            None => Some(None),
            Some(text) => check.check("role", Role::parse(&text)).map(Some),
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
            email => check.check("email", Email::parse_new(email)).map(Some),
        };
        check.finish(|| {
            Some(UserUpdate {
                firstname: firstname?,
                lastname: lastname?,
                department: department?,
                year: year?,
                email: email?,
                is_admin: is_admin?,
                role: role?,
            })
        })
    }
}

impl UserUpdate {
    /// The role the account has after this change, from the one it has now. A form may send
    /// the whole record back with only one of `role` and the spec's `isAdmin` changed: the one
    /// that differs from the account as it is wins.
    pub fn new_role(&self, current: Role) -> Role {
        match (self.role, self.is_admin) {
            (Some(role), _) if role != current => role,
            (_, Some(true)) => Role::Admin,
            (_, Some(false)) if current == Role::Admin => Role::User,
            _ => current,
        }
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

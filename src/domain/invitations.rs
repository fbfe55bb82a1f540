//! Invitations to join the team: an admin's invitation, and what its link's page sends.

use super::text::*;
use super::values::*;
use super::{typed_password, Checker, ResetToken, Role};
use crate::error::ApiError;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InvitationRequest {
    email: Option<String>,
    role: Option<String>,
}

/// An admin's invitation: who, and as what (an admin or an editor; visitors register).
pub struct NewInvitation {
    pub email: Email,
    pub role: Role,
}

impl NewInvitation {
    pub fn parse(request: InvitationRequest) -> Result<NewInvitation, ApiError> {
        let mut check = Checker::default();
        let email = check.check("email", Email::parse_new(request.email));
        let role = check.check(
            "role",
            match request.role.as_deref().map(Role::parse) {
                None => Err("is required".to_string()),
                Some(Ok(role)) if role.is_staff() => Ok(role),
                Some(_) => Err("must be admin or editor".to_string()),
            },
        );
        check.finish(|| {
            Some(NewInvitation {
                email: email?,
                role: role?,
            })
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InvitationTokenRequest {
    token: Option<String>,
}

impl InvitationTokenRequest {
    /// `None` when the text cannot be one of our tokens (it is then no working link either).
    pub fn token(&self) -> Option<ResetToken> {
        self.token.as_deref().and_then(ResetToken::parse)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcceptInvitationRequest {
    token: Option<String>,
    password: Option<String>,
    firstname: Option<String>,
    lastname: Option<String>,
}

/// What the invitation page sends: the link's secret, a password (the new account's, or the
/// existing account's own), and for a new account its name.
pub struct Acceptance {
    pub token: Option<ResetToken>,
    pub password: String,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
}

impl Acceptance {
    pub fn parse(request: AcceptInvitationRequest) -> Result<Acceptance, ApiError> {
        let mut check = Checker::default();
        let password = check.check("password", typed_password(request.password));
        let firstname = match request.firstname {
            None => Some(None),
            name => check.check("firstname", line(name, 100, false)).map(Some),
        };
        let lastname = match request.lastname {
            None => Some(None),
            name => check.check("lastname", line(name, 100, false)).map(Some),
        };
        let token = request.token.as_deref().and_then(ResetToken::parse);
        check.finish(|| {
            Some(Acceptance {
                token,
                password: password?,
                firstname: firstname?,
                lastname: lastname?,
            })
        })
    }

    /// The new account's first name and password, checked as a registration checks them. The
    /// name may be left out (the call needs only the token and a password): the invited
    /// address's part before the `@` stands in, and the account page changes it.
    pub fn new_account(&self, email: &str) -> Result<(String, String, Password), ApiError> {
        let mut check = Checker::default();
        let given = self
            .firstname
            .clone()
            .filter(|name| !name.trim().is_empty());
        let stand_in = || {
            let local = email.split('@').next().unwrap_or(email);
            Some(local.chars().take(100).collect::<String>())
        };
        let firstname = check.check("firstname", line(given.or_else(stand_in), 100, true));
        let lastname = check.check("lastname", line(self.lastname.clone(), 100, false));
        let password = check.check("password", Password::parse(Some(self.password.clone())));
        check.finish(|| Some((firstname?, lastname?, password?)))
    }
}

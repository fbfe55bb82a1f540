//! A certificate to issue.

use super::values::*;
use super::Checker;
use crate::error::ApiError;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CertificateRequest {
    name: Option<String>,
    certinumber: Option<NumberOrText>,
    event: Option<String>,
    #[serde(rename = "issuedOn")]
    issued_on: Option<String>,
}

pub struct NewCertificate {
    pub name: String,
    pub certinumber: CertNumber,
    /// The event or course; empty when not given.
    pub event: String,
    pub issued_on: Option<IsoDate>,
}

/// An optional date: absent, null or empty means none.
pub(super) fn optional_date(value: Option<String>) -> Result<Option<IsoDate>, String> {
    match value.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(date) => IsoDate::parse(date).map(Some),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RevocationRequest {
    revoked: Option<bool>,
    #[serde(rename = "revokedOn")]
    revoked_on: Option<String>,
}

/// Revoked from a date (today when none is given), or valid again.
pub enum Revocation {
    Revoked(Option<IsoDate>),
    Valid,
}

impl Revocation {
    pub fn parse(request: RevocationRequest) -> Result<Revocation, ApiError> {
        let mut check = Checker::default();
        let revoked = check.check(
            "revoked",
            request
                .revoked
                .ok_or_else(|| "is required (true or false)".to_string()),
        );
        let on = check.check("revokedOn", optional_date(request.revoked_on));
        check.finish(|| {
            Some(match revoked? {
                true => Revocation::Revoked(on?),
                false => Revocation::Valid,
            })
        })
    }
}

impl NewCertificate {
    pub fn parse(request: CertificateRequest) -> Result<NewCertificate, ApiError> {
        let mut check = Checker::default();
        let name = check.check("name", line(request.name, 100, true));
        let certinumber = check.check("certinumber", CertNumber::parse(request.certinumber));
        let event = check.check("event", line(request.event, 200, false));
        let issued_on = check.check("issuedOn", optional_date(request.issued_on));
        check.finish(|| {
            Some(NewCertificate {
                name: name?,
                certinumber: certinumber?,
                event: event?,
                issued_on: issued_on?,
            })
        })
    }
}

//! A certificate to issue.

use super::text::*;
use super::values::*;
use super::{present, same_id, Checker};
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CertificateChangeRequest {
    #[serde(rename = "_id")]
    id: Option<NumberOrText>,
    name: Option<String>,
    certinumber: Option<NumberOrText>,
    event: Option<String>,
    #[serde(rename = "issuedOn", default, deserialize_with = "present")]
    issued_on: Option<Option<String>>,
}

/// A correction to an issued certificate: its holder's name, event or date; `None` leaves that
/// field as it is. The number is fixed once issued (a printed code carries it): one sent must
/// be the certificate's own.
pub struct CertificateChange {
    pub name: Option<String>,
    pub certinumber: Option<CertNumber>,
    pub event: Option<String>,
    /// `Some(None)` removes the date.
    pub issued_on: Option<Option<IsoDate>>,
}

impl CertificateChange {
    pub fn parse(
        request: CertificateChangeRequest,
        path_id: i64,
    ) -> Result<CertificateChange, ApiError> {
        let mut check = Checker::default();
        check.check("_id", same_id(request.id, path_id));
        let name = match request.name {
            None => Some(None),
            name => check.check("name", line(name, 100, true)).map(Some),
        };
        let certinumber = match request.certinumber {
            None => Some(None),
            number => check
                .check("certinumber", CertNumber::parse(number))
                .map(Some),
        };
        let event = match request.event {
            None => Some(None),
            event => check.check("event", line(event, 200, false)).map(Some),
        };
        let issued_on = match request.issued_on {
            None => Some(None),
            Some(date) => check.check("issuedOn", optional_date(date)).map(Some),
        };
        check.finish(|| {
            Some(CertificateChange {
                name: name?,
                certinumber: certinumber?,
                event: event?,
                issued_on: issued_on?,
            })
        })
    }
}

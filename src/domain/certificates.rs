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

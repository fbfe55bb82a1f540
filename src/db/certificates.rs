//! The `certificates` table: certificate numbers and the names they were issued to.

use super::Page;
use crate::domain::{CertificateSort, Listing, NewCertificate};
use crate::error::ApiError;
use rusqlite::{params, Connection};
use serde::Serialize;
use std::collections::HashMap;

super::row! {
    #[derive(Debug, Serialize)]
    pub struct Certificate {
        #[serde(rename = "_id")]
        pub id: i64,
        pub name: String,
        pub certinumber: i64,
    }
}

pub fn insert(conn: &Connection, certificate: &NewCertificate) -> Result<Certificate, ApiError> {
    conn.prepare_cached("INSERT INTO certificates (name, certinumber) VALUES (?1, ?2) RETURNING id, name, certinumber")?
        .query_row(params![certificate.name, certificate.certinumber.get()], Certificate::from_row)
        .map_err(super::conflict_if_taken(
            "A certificate with this number already exists",
        ))
}

/// In certificate-number order.
pub fn list(conn: &Connection) -> Result<Vec<Certificate>, ApiError> {
    let mut stmt =
        conn.prepare_cached("SELECT id, name, certinumber FROM certificates ORDER BY certinumber")?;
    let certificates = stmt
        .query_map([], Certificate::from_row)?
        .collect::<Result<_, _>>()?;
    Ok(certificates)
}

/// Certificate number → holder's name, for lookups.
pub fn names(conn: &Connection) -> Result<HashMap<i64, String>, ApiError> {
    let mut stmt = conn.prepare_cached("SELECT certinumber, name FROM certificates")?;
    let names = stmt
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<_, _>>()?;
    Ok(names)
}

pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached("DELETE FROM certificates WHERE id = ?1")?
        .execute([id])?
        > 0)
}

macro_rules! columns {
    () => {
        "id, name, certinumber"
    };
}

/// Certificates whose holder's name or number contains the `LIKE` pattern `?1` (all when NULL).
macro_rules! matching {
    () => {
        " FROM certificates WHERE (?1 IS NULL OR name LIKE ?1 ESCAPE '\\'
            OR CAST(certinumber AS TEXT) LIKE ?1 ESCAPE '\\')"
    };
}

/// One page of the certificates matching the search, in the chosen order.
pub fn page(
    conn: &mut Connection,
    listing: &Listing<CertificateSort>,
    kept: Option<&super::kept_orders::KeptOrders>,
) -> Result<Page<Certificate>, ApiError> {
    let sql = match listing.sort {
        CertificateSort::Newest => super::page_sql!(columns, matching, "certificates", "id DESC"),
        CertificateSort::Number => {
            super::page_sql!(columns, matching, "certificates", "certinumber")
        }
        CertificateSort::Name => {
            super::page_sql!(columns, matching, "certificates", "name COLLATE NOCASE, id")
        }
    };
    super::page_of(
        conn,
        sql,
        listing.like_pattern(),
        listing,
        kept,
        Certificate::from_row,
    )
}

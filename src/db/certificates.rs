//! The `certificates` table: certificate numbers and the names they were issued to.

use crate::domain::NewCertificate;
use crate::error::ApiError;
use rusqlite::{params, Connection, Row};
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct Certificate {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub certinumber: i64,
}

fn from_row(row: &Row) -> rusqlite::Result<Certificate> {
    Ok(Certificate {
        id: row.get(0)?,
        name: row.get(1)?,
        certinumber: row.get(2)?,
    })
}

pub fn insert(conn: &Connection, certificate: &NewCertificate) -> Result<Certificate, ApiError> {
    conn.prepare_cached("INSERT INTO certificates (name, certinumber) VALUES (?1, ?2) RETURNING id, name, certinumber")?
        .query_row(params![certificate.name, certificate.certinumber.get()], from_row)
        .map_err(|err| {
            if super::is_unique_violation(&err) {
                ApiError::Conflict("A certificate with this number already exists".into())
            } else {
                err.into()
            }
        })
}

/// In certificate-number order.
pub fn list(conn: &Connection) -> Result<Vec<Certificate>, ApiError> {
    let mut stmt =
        conn.prepare_cached("SELECT id, name, certinumber FROM certificates ORDER BY certinumber")?;
    let certificates = stmt.query_map([], from_row)?.collect::<Result<_, _>>()?;
    Ok(certificates)
}

pub fn delete(conn: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached("DELETE FROM certificates WHERE id = ?1")?
        .execute([id])?
        > 0)
}

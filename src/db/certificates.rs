//! The `certificates` table: certificate numbers, the names they were issued to, the event or
//! course and issue date they may name, and when they were revoked.

use crate::domain::certificate_import::{self, Checked};
use crate::domain::{CertificateChange, CertificateSort, NewCertificate, Revocation};
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use std::collections::HashMap;

macro_rules! columns {
    () => {
        "id, name, certinumber, event, issued_on, revoked_on,
         (SELECT json_group_object(field, text) FROM translations t
           WHERE t.lang = 'bn' AND t.kind = 'event' AND t.record = certificates.event) AS bn"
    };
}

super::row! {
    #[derive(Debug, Serialize)]
    pub struct Certificate {
        #[serde(rename = "_id")]
        pub id: i64,
        pub name: String,
        pub certinumber: i64,
        /// The event or course; empty when not given.
        pub event: String,
        #[serde(rename = "issuedOn")]
        pub issued_on: Option<String>,
        /// The date it stopped being valid; `None` while valid.
        #[serde(rename = "revokedOn")]
        pub revoked_on: Option<String>,
        /// The event's Bengali, when one is written for it.
        #[serde(skip_serializing_if = "super::translations::Texts::is_empty")]
        pub bn: super::translations::Texts,
    }
}

/// What a public lookup tells about a certificate number.
#[derive(Debug, Clone)]
pub struct Holder {
    pub name: String,
    pub event: String,
    /// The event's Bengali, when one is written (for every certificate of that event).
    pub event_bn: Option<String>,
    pub issued_on: Option<String>,
    pub revoked_on: Option<String>,
}

pub fn insert(conn: &Connection, certificate: &NewCertificate) -> Result<Certificate, ApiError> {
    super::inserted_row(
        conn,
        concat!(
            "INSERT INTO certificates (name, certinumber, event, issued_on) VALUES (?1, ?2, ?3, ?4) RETURNING ",
            columns!()
        ),
        params![
            certificate.name,
            certificate.certinumber.get(),
            certificate.event,
            certificate.issued_on.as_ref().map(|date| date.as_str()),
        ],
        Certificate::from_row,
    )
        .map_err(super::conflict_if_taken(
            "A certificate with this number already exists",
        ))
}

/// In certificate-number order.
/// Every certificate by number, one at a time.
pub fn each(conn: &Connection, each: &mut dyn FnMut(Certificate) -> bool) -> Result<(), ApiError> {
    super::each_row(
        conn,
        concat!(
            "SELECT ",
            columns!(),
            " FROM certificates ORDER BY certinumber"
        ),
        [],
        Certificate::from_row,
        each,
    )
}

/// Checks the CSV file against the certificates already issued and, unless `dry_run` or a row is
/// bad, adds them all in one transaction: all or nothing.
pub fn import(
    conn: &mut Connection,
    text: &str,
    dry_run: bool,
) -> Result<Result<Checked, String>, ApiError> {
    // Immediate: the numbers checked stay free until the insert, and parallel imports wait
    // their turn instead of failing when a deferred read cannot become a write.
    let behavior = match dry_run {
        true => rusqlite::TransactionBehavior::Deferred,
        false => rusqlite::TransactionBehavior::Immediate,
    };
    let tx = super::begin_with(conn, behavior)?;
    let taken: std::collections::HashSet<i64> = {
        let mut stmt = tx.prepare_cached("SELECT certinumber FROM certificates")?;
        let numbers = stmt
            .query_map([], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        numbers
    };
    let checked = match certificate_import::check(text, |number| taken.contains(&number)) {
        Ok(checked) => checked,
        Err(why) => return Ok(Err(why)),
    };
    if dry_run || !checked.errors.is_empty() {
        return Ok(Ok(checked));
    }
    for certificate in &checked.certificates {
        insert(&tx, certificate)?;
    }
    tx.commit()?;
    Ok(Ok(checked))
}

/// Every certificate in number order, one at a time, until `each` answers false.
pub fn for_each(
    conn: &Connection,
    mut each: impl FnMut(&Certificate) -> bool,
) -> Result<(), ApiError> {
    let mut stmt = conn.prepare_cached(concat!(
        "SELECT ",
        columns!(),
        " FROM certificates ORDER BY certinumber"
    ))?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        if !each(&Certificate::from_row(row)?) {
            break;
        }
    }
    Ok(())
}

/// Certificate number → what its lookup tells, for lookups.
pub fn holders(conn: &Connection) -> Result<HashMap<i64, Holder>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT certinumber, name, event, issued_on, revoked_on, t.text FROM certificates c
           LEFT JOIN translations t
             ON t.lang = 'bn' AND t.kind = 'event' AND t.record = c.event AND t.field = 'event'",
    )?;
    let holders = stmt
        .query_map([], |row| {
            Ok((
                row.get(0)?,
                Holder {
                    name: row.get(1)?,
                    event: row.get(2)?,
                    issued_on: row.get(3)?,
                    revoked_on: row.get(4)?,
                    event_bn: row.get(5)?,
                },
            ))
        })?
        .collect::<Result<_, _>>()?;
    Ok(holders)
}

/// The certificate with this id.
pub fn find(conn: &Connection, id: i64) -> Result<Option<Certificate>, ApiError> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .prepare_cached(concat!(
            "SELECT ",
            columns!(),
            " FROM certificates WHERE id = ?1"
        ))?
        .query_row([id], Certificate::from_row)
        .optional()?)
}

/// Revokes the certificate from `on` (today when `None`), or makes it valid again; false when
/// there is no such certificate.
/// Corrects a certificate's name, event or date; `None` when there is no such certificate. A
/// number sent with it must be its own: a printed QR code and verify link carry it.
pub fn update(
    conn: &mut Connection,
    id: i64,
    change: &CertificateChange,
) -> Result<Option<Certificate>, ApiError> {
    let tx = super::begin(conn)?;
    if let Some(number) = &change.certinumber {
        let current: Option<i64> = tx
            .query_row(
                "SELECT certinumber FROM certificates WHERE id = ?1",
                [id],
                |row| row.get(0),
            )
            .optional()?;
        match current {
            None => return Ok(None),
            Some(current) if current != number.get() => {
                return Err(ApiError::field(
                    "certinumber",
                    "cannot change once the certificate is issued: delete it and issue a new one",
                ))
            }
            Some(_) => {}
        }
    }
    let issued_on = change
        .issued_on
        .as_ref()
        .map(|date| date.as_ref().map(|date| date.as_str()));
    let certificate = super::written_row(
        &tx,
        concat!(
            "UPDATE certificates SET name = coalesce(?2, name), event = coalesce(?3, event),
                issued_on = CASE WHEN ?4 THEN ?5 ELSE issued_on END WHERE id = ?1 RETURNING ",
            columns!()
        ),
        params![
            id,
            change.name,
            change.event,
            issued_on.is_some(),
            issued_on.flatten()
        ],
        Certificate::from_row,
    )?;
    tx.commit()?;
    Ok(certificate)
}

/// The number after the highest one issued (1 for the first): what a new certificate is
/// offered.
pub fn next_number(conn: &Connection) -> Result<i64, ApiError> {
    Ok(conn.query_row(
        "SELECT coalesce(max(certinumber), 0) + 1 FROM certificates",
        [],
        |row| row.get(0),
    )?)
}

pub fn set_revoked(
    conn: &mut Connection,
    id: i64,
    revocation: &Revocation,
) -> Result<bool, ApiError> {
    let changed = match revocation {
        Revocation::Revoked(on) => conn
            .prepare_cached(
                "UPDATE certificates SET revoked_on = coalesce(?2, date('now')) WHERE id = ?1",
            )?
            .execute(params![id, on.as_ref().map(|date| date.as_str())])?,
        Revocation::Valid => conn
            .prepare_cached("UPDATE certificates SET revoked_on = NULL WHERE id = ?1")?
            .execute([id])?,
    };
    Ok(changed > 0)
}

pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    super::changed_any(conn, "DELETE FROM certificates WHERE id = ?1", [id])
}

/// Certificates whose holder's name or number contains the `LIKE` pattern `?1` (all when NULL).
macro_rules! matching {
    () => {
        " FROM certificates WHERE (?1 IS NULL OR name LIKE ?1 ESCAPE '\\'
            OR CAST(certinumber AS TEXT) LIKE ?1 ESCAPE '\\')"
    };
}

super::like_page!(Certificate, CertificateSort, "certificates" {
    Newest => "id DESC",
    Number => "certinumber",
    Name => "name COLLATE NOCASE, id",
});

//! The `contacts` table: messages and star reviews sent from the contact form.

use crate::domain::{NewContact, Rating};
use crate::error::ApiError;
use rusqlite::{params, Connection, Row};
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct Contact {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub email: String,
    pub telephone: String,
    /// The spec calls the rating `subject` (`5star` … `1star`).
    pub subject: Rating,
    pub message: String,
    #[serde(rename = "createdAt")]
    pub created_at: String,
}

macro_rules! columns {
    () => {
        "id, name, email, telephone, rating, message, created_at"
    };
}

fn from_row(row: &Row) -> rusqlite::Result<Contact> {
    let stars: i64 = row.get(4)?;
    let subject = Rating::from_stars(stars).ok_or_else(|| {
        rusqlite::Error::FromSqlConversionFailure(
            4,
            rusqlite::types::Type::Integer,
            "rating out of range".into(),
        )
    })?;
    Ok(Contact {
        id: row.get(0)?,
        name: row.get(1)?,
        email: row.get(2)?,
        telephone: row.get(3)?,
        subject,
        message: row.get(5)?,
        created_at: row.get(6)?,
    })
}

pub fn insert(conn: &Connection, contact: &NewContact) -> Result<Contact, ApiError> {
    let sql = concat!(
        "INSERT INTO contacts (name, email, telephone, rating, message) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING ",
        columns!()
    );
    Ok(conn.prepare_cached(sql)?.query_row(
        params![
            contact.name,
            contact.email.as_str(),
            contact.telephone,
            contact.rating.stars(),
            contact.message
        ],
        from_row,
    )?)
}

/// Newest first.
pub fn list(conn: &Connection) -> Result<Vec<Contact>, ApiError> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM contacts ORDER BY created_at DESC, id DESC"
    );
    let mut stmt = conn.prepare_cached(sql)?;
    let contacts = stmt.query_map([], from_row)?.collect::<Result<_, _>>()?;
    Ok(contacts)
}

pub fn delete(conn: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached("DELETE FROM contacts WHERE id = ?1")?
        .execute([id])?
        > 0)
}

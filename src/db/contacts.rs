//! The `contacts` table: messages and star reviews sent from the contact form.

use crate::domain::{NewContact, Rating};
use crate::error::ApiError;
use rusqlite::{params, Connection};
use serde::Serialize;

super::row! {
    #[derive(Debug, Serialize)]
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
}

/// Stored as 1 to 5 stars; anything else in the file is a fault, not a rating.
impl rusqlite::types::FromSql for Rating {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        let stars = value.as_i64()?;
        Rating::from_stars(stars).ok_or(rusqlite::types::FromSqlError::OutOfRange(stars))
    }
}

macro_rules! columns {
    () => {
        "id, name, email, telephone, rating AS subject, message, created_at"
    };
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
        Contact::from_row,
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
    let contacts = stmt
        .query_map([], Contact::from_row)?
        .collect::<Result<_, _>>()?;
    Ok(contacts)
}

pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached("DELETE FROM contacts WHERE id = ?1")?
        .execute([id])?
        > 0)
}

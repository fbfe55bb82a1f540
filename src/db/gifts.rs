//! The `gifts` table: payments donors told the club about on the Support page.

use crate::domain::{GiftSort, NewGift};
use crate::error::ApiError;
use rusqlite::{params, Connection};
use serde::{Serialize, Serializer};

super::row! {
    #[derive(Debug, Serialize)]
    pub struct Gift {
        #[serde(rename = "_id")]
        pub id: i64,
        pub name: String,
        /// Empty when the donor gave none.
        pub email: String,
        /// Rupees in the JSON (`1500.5`); paise here and in the database.
        #[serde(rename = "amount", serialize_with = "rupees")]
        pub amount_paise: i64,
        pub reference: String,
        #[serde(rename = "receivedAt")]
        pub received_at: Option<String>,
        #[serde(rename = "thankedAt")]
        pub thanked_at: Option<String>,
        #[serde(rename = "createdAt")]
        pub created_at: String,
        /// The language the donor wrote in (`en`, `bn`): their thank-you's.
        pub lang: String,
    }
}

/// Paise as rupees: exact, as no amount has more than two decimals and all fit in 2^53.
fn rupees<S: Serializer>(paise: &i64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_f64(*paise as f64 / 100.0)
}

macro_rules! columns {
    () => {
        "id, name, email, amount_paise, reference, received_at, thanked_at, created_at, lang"
    };
}

pub fn insert(conn: &Connection, gift: &NewGift) -> Result<Gift, ApiError> {
    let sql = concat!(
        "INSERT INTO gifts (name, email, amount_paise, reference, lang) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING ",
        columns!()
    );
    Ok(super::inserted_row(
        conn,
        sql,
        params![
            gift.name,
            gift.email,
            gift.amount_paise,
            gift.reference,
            gift.lang
        ],
        Gift::from_row,
    )?)
}

/// Every gift told, newest first, one at a time.
pub fn each(conn: &Connection, each: &mut dyn FnMut(Gift) -> bool) -> Result<(), ApiError> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM gifts ORDER BY created_at DESC, id DESC"
    );
    super::each_row(conn, sql, [], Gift::from_row, each)
}

/// Gifts whose name, email or reference contains the `LIKE` pattern `?1` (all when NULL).
macro_rules! matching {
    () => {
        " FROM gifts WHERE (?1 IS NULL OR name LIKE ?1 ESCAPE '\\'
            OR email LIKE ?1 ESCAPE '\\' OR reference LIKE ?1 ESCAPE '\\')"
    };
}

super::like_page!(Gift, GiftSort, "gifts" {
    Newest => "created_at DESC, id DESC",
    Oldest => "created_at, id",
    Waiting => "received_at IS NOT NULL, created_at DESC, id DESC",
});

/// Marks the gift received (keeping the first time it was) or not yet; `None` when there is no
/// such gift.
pub fn set_received(conn: &Connection, id: i64, received: bool) -> Result<Option<Gift>, ApiError> {
    let sql = super::mark_sql!(columns, "gifts", "received_at");
    Ok(super::written_row(
        conn,
        sql,
        params![id, received],
        Gift::from_row,
    )?)
}

/// Notes that the gift's thank-you mail was queued.
pub fn set_thanked(conn: &Connection, id: i64) -> Result<Option<Gift>, ApiError> {
    let sql = concat!(
        "UPDATE gifts SET thanked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1 RETURNING ",
        columns!()
    );
    Ok(super::written_row(conn, sql, [id], Gift::from_row)?)
}

/// How many gifts wait to be found on the statement, for the dashboard.
pub fn waiting(conn: &Connection) -> Result<i64, ApiError> {
    Ok(conn.query_row(
        "SELECT count(*) FROM gifts WHERE received_at IS NULL",
        [],
        |row| row.get(0),
    )?)
}

pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    super::changed_any(conn, "DELETE FROM gifts WHERE id = ?1", [id])
}

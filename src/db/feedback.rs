//! The `feedback` table: answers to the feedback form.

use super::Page;
use crate::domain::{FeedbackSort, Listing, NewFeedback};
use crate::error::ApiError;
use rusqlite::{params, Connection};
use serde::Serialize;

super::row! {
    #[derive(Debug, Serialize)]
    pub struct Feedback {
        #[serde(rename = "_id")]
        pub id: i64,
        pub name: String,
        pub email: String,
        pub mobile: String,
        pub gender: String,
        pub interested: bool,
        /// 1 to 5 stars, or none given.
        pub rating: Option<i64>,
        pub suggestion: String,
        #[serde(rename = "createdAt")]
        pub created_at: String,
    }
}

macro_rules! columns {
    () => {
        "id, name, email, mobile, gender, interested, rating, suggestion, created_at"
    };
}

pub fn insert(conn: &Connection, feedback: &NewFeedback) -> Result<Feedback, ApiError> {
    let sql = concat!(
        "INSERT INTO feedback (name, email, mobile, gender, interested, rating, suggestion)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING ",
        columns!()
    );
    Ok(conn.prepare_cached(sql)?.query_row(
        params![
            feedback.name,
            feedback.email,
            feedback.mobile,
            feedback.gender,
            feedback.interested,
            feedback.rating,
            feedback.suggestion
        ],
        Feedback::from_row,
    )?)
}

/// Newest first.
pub fn list(conn: &Connection) -> Result<Vec<Feedback>, ApiError> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM feedback ORDER BY created_at DESC, id DESC"
    );
    let mut stmt = conn.prepare_cached(sql)?;
    let answers = stmt
        .query_map([], Feedback::from_row)?
        .collect::<Result<_, _>>()?;
    Ok(answers)
}

/// Answers whose name, email or suggestion contains the `LIKE` pattern `?1` (all when NULL).
macro_rules! matching {
    () => {
        " FROM feedback WHERE (?1 IS NULL OR name LIKE ?1 ESCAPE '\\'
            OR email LIKE ?1 ESCAPE '\\' OR suggestion LIKE ?1 ESCAPE '\\')"
    };
}

/// One page of the answers matching the search, in the chosen order.
pub fn page(
    conn: &mut Connection,
    listing: &Listing<FeedbackSort>,
    kept: Option<&super::kept_orders::KeptOrders>,
) -> Result<Page<Feedback>, ApiError> {
    let sql = match listing.sort {
        FeedbackSort::Newest => {
            super::page_sql!(columns, matching, "feedback", "created_at DESC, id DESC")
        }
        FeedbackSort::Oldest => super::page_sql!(columns, matching, "feedback", "created_at, id"),
    };
    super::page_like(conn, sql, listing, kept, Feedback::from_row)
}

pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    Ok(conn
        .prepare_cached("DELETE FROM feedback WHERE id = ?1")?
        .execute([id])?
        > 0)
}

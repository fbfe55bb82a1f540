//! The `feedback` table: answers to the feedback form.

use crate::domain::{FeedbackSort, NewFeedback};
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
    Ok(super::inserted_row(
        conn,
        sql,
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
/// Every answer, newest first, one at a time.
pub fn each(conn: &Connection, each: &mut dyn FnMut(Feedback) -> bool) -> Result<(), ApiError> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM feedback ORDER BY created_at DESC, id DESC"
    );
    super::each_row(conn, sql, [], Feedback::from_row, each)
}

/// Answers whose name, email or suggestion contains the `LIKE` pattern `?1` (all when NULL).
macro_rules! matching {
    () => {
        " FROM feedback WHERE (?1 IS NULL OR name LIKE ?1 ESCAPE '\\'
            OR email LIKE ?1 ESCAPE '\\' OR suggestion LIKE ?1 ESCAPE '\\')"
    };
}

super::like_page!(Feedback, FeedbackSort, "feedback" {
    Newest => "created_at DESC, id DESC",
    Oldest => "created_at, id",
});

pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    super::changed_any(conn, "DELETE FROM feedback WHERE id = ?1", [id])
}

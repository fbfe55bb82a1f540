//! The `contacts` table: messages and star reviews sent from the contact form.

use super::Page;
use crate::domain::{full_text_query, ContactSort, Listing, NewContact, Rating};
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
        /// Whether an admin has marked it read.
        pub read: bool,
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
        "id, name, email, telephone, rating AS subject, message, created_at, read_at IS NOT NULL AS read"
    };
}

pub fn insert(conn: &Connection, contact: &NewContact) -> Result<Contact, ApiError> {
    let sql = concat!(
        "INSERT INTO contacts (name, email, telephone, rating, message) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING ",
        columns!()
    );
    Ok(super::inserted_row(
        conn,
        sql,
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
/// Every message, newest first, one at a time.
pub fn each(conn: &Connection, each: &mut dyn FnMut(Contact) -> bool) -> Result<(), ApiError> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM contacts ORDER BY created_at DESC, id DESC"
    );
    super::each_row(conn, sql, [], Contact::from_row, each)
}

pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    super::changed_any(conn, "DELETE FROM contacts WHERE id = ?1", [id])
}

/// What a search box's text asks of the full-text index.
enum Search {
    /// No search: every message.
    All,
    Terms(String),
    /// Text without a single word (only punctuation): no message, never all of them.
    Nothing,
}

fn full_text(search: Option<&str>) -> Search {
    match search {
        None => Search::All,
        Some(text) => full_text_query(text).map_or(Search::Nothing, Search::Terms),
    }
}

/// Messages matching the full-text query `?1` (all when it is NULL).
macro_rules! matching {
    () => {
        " FROM contacts WHERE (?1 IS NULL OR id IN
            (SELECT rowid FROM contacts_search WHERE contacts_search MATCH ?1))"
    };
}

/// One page of the messages matching the search, in the chosen order.
pub fn page(
    conn: &mut Connection,
    listing: &Listing<ContactSort>,
    kept: Option<&super::kept_orders::KeptOrders>,
) -> Result<Page<Contact>, ApiError> {
    // The search index counts its matches without reading a message.
    const COUNT: &str = "SELECT count(*) FROM contacts_search WHERE contacts_search MATCH ?1";
    let sql = match listing.sort {
        ContactSort::Newest => {
            super::page_sql!(
                columns,
                matching,
                "contacts",
                "created_at DESC, id DESC",
                COUNT
            )
        }
        ContactSort::Oldest => {
            super::page_sql!(columns, matching, "contacts", "created_at, id", COUNT)
        }
        ContactSort::Name => {
            super::page_sql!(
                columns,
                matching,
                "contacts",
                "name COLLATE NOCASE, id",
                COUNT
            )
        }
    };
    match full_text(listing.search.as_deref()) {
        Search::Nothing => Ok(Page {
            items: Vec::new(),
            total: 0,
            page: listing.page,
            size: listing.size,
        }),
        Search::All => super::page_of(conn, sql, None, listing, kept, Contact::from_row),
        Search::Terms(terms) => {
            super::page_of(conn, sql, Some(terms), listing, None, Contact::from_row)
        }
    }
}

/// Calls `each` with every message matching `search` (all without one), newest first, one row
/// at a time, until it returns false.
pub fn for_each(
    conn: &Connection,
    search: Option<&str>,
    mut each: impl FnMut(&Contact) -> bool,
) -> Result<(), ApiError> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        matching!(),
        " ORDER BY created_at DESC, id DESC"
    );
    let terms = match full_text(search) {
        Search::Nothing => return Ok(()),
        Search::All => None,
        Search::Terms(terms) => Some(terms),
    };
    let mut stmt = conn.prepare_cached(sql)?;
    let mut rows = stmt.query([terms])?;
    while let Some(row) = rows.next()? {
        if !each(&Contact::from_row(row)?) {
            break;
        }
    }
    Ok(())
}

/// How many messages are not marked read.
pub fn unread(conn: &Connection) -> Result<i64, ApiError> {
    Ok(conn
        .prepare_cached("SELECT count(*) FROM contacts WHERE read_at IS NULL")?
        .query_row([], |row| row.get(0))?)
}

/// Marks a message read or unread; `None` when there is no such message.
pub fn set_read(conn: &mut Connection, id: i64, read: bool) -> Result<Option<Contact>, ApiError> {
    let sql = super::mark_sql!(columns, "contacts", "read_at");
    Ok(super::written_row(
        conn,
        sql,
        params![id, read],
        Contact::from_row,
    )?)
}

/// Deletes the messages with these ids (unknown ones are skipped); how many went.
pub fn delete_ids(conn: &mut Connection, ids: &[i64]) -> Result<usize, ApiError> {
    super::in_transaction(conn, |conn| {
        let mut stmt = conn.prepare_cached("DELETE FROM contacts WHERE id = ?1")?;
        let mut deleted = 0;
        for id in ids {
            deleted += stmt.execute([id])?;
        }
        Ok(deleted)
    })
}

/// The ids of every message matching `search` (all of them without one).
pub fn matching_ids(conn: &Connection, search: Option<&str>) -> Result<Vec<i64>, ApiError> {
    let terms = match full_text(search) {
        Search::Nothing => return Ok(Vec::new()),
        Search::All => None,
        Search::Terms(terms) => Some(terms),
    };
    let sql = concat!("SELECT id", matching!());
    let ids = conn
        .prepare_cached(sql)?
        .query_map([terms], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(ids)
}

/// Deletes every message matching `search` (all of them without one); how many went.
pub fn delete_matching(conn: &mut Connection, search: Option<&str>) -> Result<usize, ApiError> {
    let terms = match full_text(search) {
        Search::Nothing => return Ok(0),
        Search::All => None,
        Search::Terms(terms) => Some(terms),
    };
    let sql = concat!("DELETE", matching!());
    Ok(conn.prepare_cached(sql)?.execute([terms])?)
}

//! The `members` table: the people on a roster, in the order admins set.

use crate::domain::{HttpUrl, Listing, MemberInput, MemberSort, Order};
use crate::error::ApiError;
use rusqlite::{params, Connection};

super::row! {
    pub struct Member {
        pub id: i64,
        pub roster_id: i64,
        pub name: String,
        pub department: String,
        pub year: String,
        pub position: String,
        pub photo_id: Option<i64>,
        /// A shipped drawing, for sample members without an uploaded photo.
        pub art: Option<String>,
        pub link: Option<String>,
    }
}

/// One page of a roster's members matching the search (name, department, year, position), in
/// the chosen order. A roster is one year's team, so a page is read straight from its rows.
pub fn page(
    conn: &Connection,
    roster_id: i64,
    listing: &Listing<MemberSort>,
) -> Result<super::Page<Member>, ApiError> {
    macro_rules! matching {
        () => {
            " FROM members WHERE roster_id = ?4 AND (?1 IS NULL OR name LIKE ?1 ESCAPE '\\'
                OR department LIKE ?1 ESCAPE '\\' OR year LIKE ?1 ESCAPE '\\'
                OR position LIKE ?1 ESCAPE '\\')"
        };
    }
    macro_rules! select {
        ($order:literal) => {
            concat!(
                "SELECT id, roster_id, name, department, year, position, photo_id, art, link",
                matching!(),
                " ORDER BY ",
                $order,
                " LIMIT ?2 OFFSET ?3"
            )
        };
    }
    let sql = match listing.sort {
        MemberSort::Order => select!("sort_order, id"),
        MemberSort::Name => select!("name COLLATE NOCASE, id"),
    };
    let filter = listing.like_pattern();
    let total = conn
        .prepare_cached(concat!("SELECT count(*)", matching!()))?
        .query_row(params![filter, 0, 0, roster_id], |row| row.get(0))?;
    let items = conn
        .prepare_cached(sql)?
        .query_map(
            params![filter, listing.size, listing.offset(), roster_id],
            Member::from_row,
        )?
        .collect::<Result<_, _>>()?;
    Ok(super::Page {
        items,
        total,
        page: listing.page,
        size: listing.size,
    })
}

/// Every roster's members, each roster's in its order.
pub fn list(conn: &Connection) -> Result<Vec<Member>, ApiError> {
    super::all_rows(
        conn,
        "SELECT id, roster_id, name, department, year, position, photo_id, art, link
         FROM members ORDER BY sort_order, id",
        [],
        Member::from_row,
    )
}

fn link(input: &MemberInput) -> Option<&str> {
    input
        .link
        .as_ref()
        .and_then(|link| link.as_ref().map(HttpUrl::as_str))
}

/// Adds a member at the end of an existing roster (the caller checks that it exists).
pub fn insert(conn: &mut Connection, roster_id: i64, input: &MemberInput) -> Result<i64, ApiError> {
    super::inserted_with_photo(
        conn,
        input.photo_id,
        "INSERT INTO members (roster_id, sort_order, name, department, year, position, photo_id, link)
         VALUES (?1, (SELECT coalesce(max(sort_order), 0) + 1 FROM members WHERE roster_id = ?1),
                 ?2, coalesce(?3, ''), coalesce(?4, ''), coalesce(?5, ''), ?6, ?7)
         RETURNING id",
        params![
            roster_id,
            input.name,
            input.department,
            input.year,
            input.position,
            input.photo_id.flatten(),
            link(input)
        ],
    )
}

pub fn update(conn: &mut Connection, id: i64, input: &MemberInput) -> Result<bool, ApiError> {
    super::changed_with_photo(
        conn,
        input.photo_id,
        "UPDATE members SET name = coalesce(?2, name), department = coalesce(?3, department),
            year = coalesce(?4, year), position = coalesce(?5, position),
            photo_id = CASE WHEN ?6 THEN ?7 ELSE photo_id END,
            art = CASE WHEN ?6 THEN NULL ELSE art END,
            link = CASE WHEN ?8 THEN ?9 ELSE link END
         WHERE id = ?1",
        params![
            id,
            input.name,
            input.department,
            input.year,
            input.position,
            input.photo_id.is_some(),
            input.photo_id.flatten(),
            input.link.is_some(),
            link(input)
        ],
    )
}

pub fn delete(conn: &mut Connection, id: i64) -> Result<bool, ApiError> {
    super::changed_any(conn, "DELETE FROM members WHERE id = ?1", [id])
}

/// Puts one roster's members in the given order.
pub fn reorder(conn: &mut Connection, roster_id: i64, order: &Order) -> Result<(), ApiError> {
    super::reorder(
        conn,
        "SELECT id FROM members WHERE roster_id = ?1",
        "UPDATE members SET sort_order = ?2 WHERE id = ?1",
        rusqlite::types::Value::Integer(roster_id),
        order,
    )
}

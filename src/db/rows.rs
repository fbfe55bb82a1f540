//! The shapes tables share: pages of long lists, rows a write gives back, whole lists read or
//! handed on row by row, a list put in a new order, and the captioned picture of the gallery and
//! the home page's cards.

use super::begin;
use super::kept_orders::KeptOrders;
use crate::error::ApiError;
use rusqlite::Connection;

/// One page of a list and how many rows match in all (the paged answer of a list call).
#[derive(Debug, serde::Serialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: i64,
    pub page: u32,
    pub size: u32,
}

impl<T> Page<T> {
    /// The same page with each row turned into what is shown.
    pub fn map<U>(self, show: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(show).collect(),
            total: self.total,
            page: self.page,
            size: self.size,
        }
    }
}

/// The statements that read one page of a long list, all in the list's order.
pub struct PageSql {
    /// The page of rows matching the search `?1`; size `?2`, offset `?3`.
    pub search: &'static str,
    /// The page of every row (`?1` is NULL, tested once rather than per row); `?2`, `?3` as above.
    pub all: &'static str,
    /// How many rows match the search `?1`.
    pub count: &'static str,
    /// Every row's id.
    pub ids: &'static str,
    /// The rows whose ids are in the JSON array `?1`.
    pub by_ids: &'static str,
}

/// Reads one page. Without a search, the ids of the whole list come from `kept` when the list
/// keeps them: the page is a slice of them and the total their number, however deep the page.
pub(super) fn page_of<T, S>(
    conn: &Connection,
    sql: PageSql,
    filter: Option<String>,
    listing: &crate::domain::Listing<S>,
    kept: Option<&KeptOrders>,
    from_row: fn(&rusqlite::Row) -> rusqlite::Result<T>,
) -> Result<Page<T>, ApiError> {
    let page = |items, total| Page {
        items,
        total,
        page: listing.page,
        size: listing.size,
    };
    if let (None, Some(kept)) = (&filter, kept) {
        let ids = kept.ids(conn, sql.ids)?;
        let start =
            usize::try_from(listing.offset()).map_or(ids.len(), |start| start.min(ids.len()));
        let end = start.saturating_add(listing.size as usize).min(ids.len());
        let chosen = serde_json::to_string(&ids[start..end]).map_err(ApiError::internal)?;
        let items = conn
            .prepare_cached(sql.by_ids)?
            .query_map([chosen], from_row)?
            .collect::<Result<_, _>>()?;
        return Ok(page(items, ids.len() as i64));
    }
    let total = conn
        .prepare_cached(sql.count)?
        .query_row([&filter], |row| row.get(0))?;
    let items = conn
        .prepare_cached(if filter.is_some() {
            sql.search
        } else {
            sql.all
        })?
        .query_map(
            rusqlite::params![filter, listing.size, listing.offset()],
            from_row,
        )?
        .collect::<Result<_, _>>()?;
    Ok(page(items, total))
}

/// [`page_of`] for a list whose search is a `LIKE` pattern (`?1`) over some of its columns.
pub(super) fn page_like<T, S>(
    conn: &Connection,
    sql: PageSql,
    listing: &crate::domain::Listing<S>,
    kept: Option<&KeptOrders>,
    from_row: fn(&rusqlite::Row) -> rusqlite::Result<T>,
) -> Result<Page<T>, ApiError> {
    page_of(conn, sql, listing.like_pattern(), listing, kept, from_row)
}

/// The row that the write `sql` (`… RETURNING …`) gives back, `None` when it wrote no row.
///
/// The statement is stepped to its end: outside a transaction SQLite commits there, and a
/// commit that fails (a full disk, a file made read-only) fails that step. `query_row` stops at
/// the first row and drops the error when it resets the statement, so a write that never
/// reached the disk would be answered as saved.
pub(super) fn written_row<T>(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    from_row: impl FnOnce(&rusqlite::Row) -> rusqlite::Result<T>,
) -> rusqlite::Result<Option<T>> {
    let mut stmt = conn.prepare_cached(sql)?;
    let mut rows = stmt.query(params)?;
    let written = rows.next()?.map(from_row).transpose()?;
    while rows.next()?.is_some() {}
    Ok(written)
}

/// [`written_row`] for a write that always writes a row (an `INSERT`).
pub(super) fn inserted_row<T>(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    from_row: impl FnOnce(&rusqlite::Row) -> rusqlite::Result<T>,
) -> rusqlite::Result<T> {
    written_row(conn, sql, params, from_row)?.ok_or(rusqlite::Error::QueryReturnedNoRows)
}

/// Hands each row of a whole list to its callback, in the list's order, until it says stop.
pub type EachRow<T> = fn(&Connection, &mut dyn FnMut(T) -> bool) -> Result<(), ApiError>;

/// Every row `sql` selects with `params`, each read by `from_row` and handed to `each` as it is
/// read, until `each` says stop: a list of any length, never whole in memory.
pub(super) fn each_row<T>(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    from_row: fn(&rusqlite::Row) -> rusqlite::Result<T>,
    each: &mut dyn FnMut(T) -> bool,
) -> Result<(), ApiError> {
    let mut stmt = conn.prepare_cached(sql)?;
    let mut rows = stmt.query(params)?;
    while let Some(row) = rows.next()? {
        if !each(from_row(row)?) {
            break;
        }
    }
    Ok(())
}

/// Every row `sql` selects with `params`, each read by `from_row`.
pub(super) fn all_rows<T>(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    from_row: fn(&rusqlite::Row) -> rusqlite::Result<T>,
) -> Result<Vec<T>, ApiError> {
    let rows = conn
        .prepare_cached(sql)?
        .query_map(params, from_row)?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// A captioned photo in an ordered list: a gallery image, or a card of the home page's carousels.
#[derive(Debug)]
pub struct Picture {
    pub id: i64,
    pub caption: String,
    pub photo_id: Option<i64>,
    /// A shipped drawing, for sample pictures without an uploaded photo.
    pub art: Option<String>,
}

impl Picture {
    /// Read from the columns `id`, `caption`, `photo_id` and `art`.
    pub(super) fn from_row(row: &rusqlite::Row) -> rusqlite::Result<Picture> {
        Ok(Picture {
            id: row.get("id")?,
            caption: row.get("caption")?,
            photo_id: row.get("photo_id")?,
            art: row.get("art")?,
        })
    }
}

/// Whether the write `sql` (an `UPDATE` or `DELETE` by id) changed a row: `false` means there
/// was no such row.
pub(super) fn changed_any(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<bool, ApiError> {
    Ok(conn.prepare_cached(sql)?.execute(params)? > 0)
}

/// Puts a whole list in the given order: `ids_sql` selects the list's ids (scoped by `?1`),
/// `update_sql` sets one row's position. The order must name exactly the list's ids.
pub(super) fn reorder(
    conn: &mut Connection,
    ids_sql: &str,
    update_sql: &str,
    scope: rusqlite::types::Value,
    order: &crate::domain::Order,
) -> Result<(), ApiError> {
    let tx = begin(conn)?;
    let mut current: Vec<i64> = tx
        .prepare(ids_sql)?
        .query_map([&scope], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    let mut wanted = order.ids().to_vec();
    current.sort_unstable();
    wanted.sort_unstable();
    if current != wanted {
        return Err(ApiError::field(
            "ids",
            "must list every item of this list exactly once",
        ));
    }
    {
        let mut stmt = tx.prepare(update_sql)?;
        for (position, id) in order.ids().iter().enumerate() {
            stmt.execute(rusqlite::params![id, position as i64 + 1])?;
        }
    }
    tx.commit()?;
    Ok(())
}

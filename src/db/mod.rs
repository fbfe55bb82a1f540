//! The SQLite database: all SQL of the program lives in this folder, one file per table. Here:
//! the macros and re-exports the tables share; opening is in `pool.rs`, running work in
//! `transactions.rs`, table versions for the caches in `versions.rs`, shared shapes in `rows.rs`.

/// A row type read from the columns of its fields' names (a query renames a column with `AS`
/// where the field's name differs): the struct, and its `from_row` for `query_row`/`query_map`.
macro_rules! row {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$field_meta:meta])* pub $field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        pub struct $name { $($(#[$field_meta])* pub $field: $ty,)* }

        impl $name {
            fn from_row(row: &rusqlite::Row) -> rusqlite::Result<$name> {
                Ok($name { $($field: row.get(stringify!($field))?,)* })
            }
        }
    };
}
use row;

/// The statements of one page of `$table`, from constant pieces (see [`PageSql`]).
/// `$matching!()` is ` FROM … WHERE …` testing the search `?1`; the count of matches is by
/// default `count(*)` of `$matching!()` (a table with a search index counts in the index).
///
/// A page picks its ids first (from the index of `$order`, without reading the rows it skips),
/// then reads only those rows: a deep page costs an index walk, not a table walk.
macro_rules! page_sql {
    ($columns:ident, $matching:ident, $table:literal, $order:literal) => {
        super::page_sql!(
            $columns,
            $matching,
            $table,
            $order,
            concat!("SELECT count(*)", $matching!())
        )
    };
    ($columns:ident, $matching:ident, $table:literal, $order:literal, $count:expr) => {
        super::PageSql {
            search: concat!(
                "SELECT ",
                $columns!(),
                " FROM ",
                $table,
                " WHERE id IN (SELECT id",
                $matching!(),
                " ORDER BY ",
                $order,
                " LIMIT ?2 OFFSET ?3) ORDER BY ",
                $order
            ),
            all: concat!(
                "SELECT ",
                $columns!(),
                " FROM ",
                $table,
                " WHERE id IN (SELECT id FROM ",
                $table,
                " WHERE ?1 IS NULL ORDER BY ",
                $order,
                " LIMIT ?2 OFFSET ?3) ORDER BY ",
                $order
            ),
            count: $count,
            ids: concat!("SELECT id FROM ", $table, " ORDER BY ", $order),
            by_ids: concat!(
                "SELECT ",
                $columns!(),
                " FROM ",
                $table,
                " WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY ",
                $order
            ),
        }
    };
}
use page_sql;

/// The `UPDATE` that marks the row of `$table` with id `?1`: `$column` becomes the moment of the
/// first marking when `?2` is true (a second marking keeps it), NULL when false. It returns the
/// row's `$columns!()`.
macro_rules! mark_sql {
    ($columns:ident, $table:literal, $column:literal) => {
        concat!(
            "UPDATE ",
            $table,
            " SET ",
            $column,
            " = CASE WHEN ?2 THEN coalesce(",
            $column,
            ", strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) END WHERE id = ?1 RETURNING ",
            $columns!()
        )
    };
}
use mark_sql;

/// `pub fn page`: one page of `$table`'s rows whose search is the `LIKE` pattern `?1` of the
/// module's `matching!()`, in the order each sort of `$sort` names (a literal `ORDER BY`).
macro_rules! like_page {
    ($row:ident, $sort:ident, $table:literal { $($variant:ident => $order:literal,)* }) => {
        /// One page of the rows matching the search, in the chosen order.
        pub fn page(
            conn: &mut rusqlite::Connection,
            listing: &crate::domain::Listing<$sort>,
            kept: Option<&super::kept_orders::KeptOrders>,
        ) -> Result<super::Page<$row>, crate::error::ApiError> {
            let sql = match listing.sort {
                $($sort::$variant => super::page_sql!(columns, matching, $table, $order),)*
            };
            super::page_like(conn, sql, listing, kept, $row::from_row)
        }
    };
}
use like_page;

pub mod alerts;
pub mod audit;
pub mod backup;
pub mod bin;
pub mod cards;
pub mod certificates;
pub mod contacts;
pub mod email_changes;
pub mod feedback;
pub mod followers;
pub mod gallery_images;
pub mod gifts;
pub mod held_writes;
pub mod history;
pub mod invitations;
pub mod kept_orders;
pub mod mail_settings;
pub mod media;
pub mod members;
pub mod migrations;
pub mod notices;
pub mod outbox;
pub mod password_resets;
pub mod payment_hold;
pub mod push_subscriptions;
pub mod rosters;
pub mod second_factors;
pub mod seed;
pub mod settings;
pub mod site_settings;
pub mod tls;
pub mod trail;
pub mod translations;
pub mod users;

mod pool;
mod rows;
mod transactions;
mod versions;

pub use pool::{checkpoint, configure, open, open_noting, scrub_log, Pool};
use rows::{
    all_rows, changed_any, each_row, inserted_row, page_like, page_of, reorder, written_row,
};
pub use rows::{EachRow, Page, PageSql, Picture};
pub use transactions::{
    begin, begin_with, conflict_if_taken, in_transaction, run, run_as, run_here, run_noted, Tx,
};
use transactions::{changed_with_photo, inserted_with_photo};
pub use versions::{reading, Table, Versions};

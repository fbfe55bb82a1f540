//! The Activity screen's calls (admins only): the log a page at a time, searched, and as CSV.

use super::calls::page_of;
use crate::access::AdminUser;
use crate::db::{self, Table};
use crate::domain::{like_pattern, search_text, AuditSort, ListQuery, Listing};
use crate::download::{attachment, produced};
use crate::error::ApiError;
use crate::export::{audit_header, audit_row};
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

#[derive(serde::Deserialize)]
pub(super) struct AuditQuery {
    page: Option<String>,
    #[serde(rename = "pageSize")]
    page_size: Option<String>,
    /// The other lists' name for `pageSize`.
    size: Option<String>,
    q: Option<String>,
}

/// `{"items":[…],"total":N}`, newest first; `pageSize` (or `size`, as the other lists say).
pub(super) async fn page(
    _: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let size_field = if query.page_size.is_some() {
        "pageSize"
    } else {
        "size"
    };
    let listing = Listing::<AuditSort>::parse(ListQuery::new(
        query.page,
        query.page_size.or(query.size),
        None,
        query.q,
    ))
    .map_err(|err| rename_field(err, "size", size_field))?
    .unwrap_or_else(Listing::first_page);
    let page = page_of(&state, db::audit::page, listing, Some(Table::AuditLog)).await?;
    Ok(HttpResponse::Ok().json(json!({
        "items": page.items,
        "total": page.total,
        "page": page.page,
        "pageSize": page.size,
    })))
}

/// The field errors of `err` with `from` named `to`.
fn rename_field(err: ApiError, from: &str, to: &str) -> ApiError {
    match err {
        ApiError::Validation(mut errors) => {
            if let Some(why) = errors.remove(from) {
                errors.insert(to.to_owned(), why);
            }
            ApiError::Validation(errors)
        }
        other => other,
    }
}

#[derive(serde::Deserialize)]
pub(super) struct CsvQuery {
    q: Option<String>,
}

/// Every entry (matching `?q=`) as CSV, streamed row by row.
pub(super) async fn csv(
    _: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<CsvQuery>,
) -> Result<HttpResponse, ApiError> {
    let search =
        search_text(query.into_inner().q.as_deref()).map_err(|why| ApiError::field("q", why))?;
    let pattern = search.map(|text| like_pattern(&text));
    let filename = format!("jyoti-activity-{}.csv", db::backup::stamp());
    let rows = produced(state.pool.clone(), false, move |conn, write| {
        if write(audit_header()) {
            db::audit::for_each(conn, pattern.as_deref(), |item| write(audit_row(item)))?;
        }
        Ok(())
    });
    Ok(attachment("text/csv; charset=utf-8", &filename).streaming(rows))
}

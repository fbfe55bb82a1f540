//! The Activity screen's calls (admins only): the log a page at a time, searched, and as CSV.

use crate::access::{AdminUser, Query};
use crate::db::{self, audit::Filter, audit::Kind, Table};
use crate::domain::{like_pattern, search_text, AuditSort, ListQuery, Listing};
use crate::download::{attachment, produced};
use crate::error::ApiError;
use crate::export::{audit_header, audit_row};
use crate::state::AppState;
use actix_web::{web, HttpResponse};

#[derive(serde::Deserialize)]
pub(super) struct AuditQuery {
    page: Option<String>,
    #[serde(rename = "pageSize")]
    page_size: Option<String>,
    /// The other lists' name for `pageSize`.
    size: Option<String>,
    q: Option<String>,
    kind: Option<String>,
    actor: Option<String>,
}

/// The filter of `?q=&kind=&actor=`: without a kind, every kind but sign-ins.
fn filter_of(
    q: Option<&str>,
    kind: Option<&str>,
    actor: Option<String>,
) -> Result<Filter, ApiError> {
    let search = search_text(q).map_err(|why| ApiError::field("q", why))?;
    let kind = match kind.map(str::trim).filter(|kind| !kind.is_empty()) {
        None => None,
        Some("all") => Some(None),
        Some(text) => Some(Some(Kind::parse(text).ok_or_else(|| {
            ApiError::field(
                "kind",
                "must be signins, payment, users, content, settings, commands or all",
            )
        })?)),
    };
    Ok(Filter {
        pattern: search.map(|text| like_pattern(&text)),
        kind,
        actor: actor.filter(|actor| !actor.trim().is_empty()),
    })
}

/// `{"items":[…],"total":N,"page":P,"size":S}` as the other lists answer, newest first; the size
/// asked as `pageSize` (or `size`, as the other lists say).
pub(super) async fn page(
    staff: AdminUser,
    state: web::Data<AppState>,
    query: Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let size_field = if query.page_size.is_some() {
        "pageSize"
    } else {
        "size"
    };
    let filter = filter_of(query.q.as_deref(), query.kind.as_deref(), query.actor)?;
    let listing = Listing::<AuditSort>::parse(ListQuery::new(
        query.page,
        query.page_size.or(query.size),
        None,
        None,
    ))
    .map_err(|err| rename_field(err, "size", size_field))?
    .unwrap_or_else(Listing::first_page);
    let (number, size) = (listing.page, listing.size);
    let kept = state.kept_orders(Table::AuditLog).cloned();
    let page = db::run_as(&state.pool, staff.trail(), move |conn| {
        db::audit::page(conn, &filter, number, size, kept.as_deref())
    })
    .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// Everyone the log names, for the Activity screen's person filter.
pub(super) async fn actors(
    staff: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let actors = db::run_as(&state.pool, staff.trail(), |conn| db::audit::actors(conn)).await?;
    Ok(HttpResponse::Ok().json(actors))
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
    kind: Option<String>,
    actor: Option<String>,
}

/// Every entry (matching `?q=`) as CSV, streamed row by row.
pub(super) async fn csv(
    _: AdminUser,
    state: web::Data<AppState>,
    query: Query<CsvQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let filter = filter_of(query.q.as_deref(), query.kind.as_deref(), query.actor)?;
    let filename = format!("jyoti-activity-{}.csv", db::backup::stamp());
    let rows = produced(state.pool.clone(), false, move |conn, write| {
        if write(audit_header()) {
            db::audit::for_each(conn, &filter, |item| write(audit_row(item)))?;
        }
        Ok(())
    });
    Ok(attachment("text/csv; charset=utf-8", &filename).streaming(rows))
}

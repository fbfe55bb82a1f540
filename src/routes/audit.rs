//! The Activity screen's calls (admins only): the log a page at a time, searched, and as CSV.

use crate::auth::AdminUser;
use crate::db;
use crate::domain::{search_text, DEFAULT_SIZE, MAX_SIZE};
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

/// The search as a `LIKE` pattern, `%`, `_` and `\` taken literally.
fn like_pattern(q: Option<&str>) -> Result<Option<String>, ApiError> {
    let search = search_text(q).map_err(|why| ApiError::field("q", why))?;
    Ok(search.map(|text| {
        let escaped: String = text
            .chars()
            .flat_map(|c| match c {
                '%' | '_' | '\\' => vec!['\\', c],
                c => vec![c],
            })
            .collect();
        format!("%{escaped}%")
    }))
}

fn number(field: &str, value: Option<&str>, default: u32, max: u32) -> Result<u32, ApiError> {
    match value.map(str::trim) {
        None | Some("") => Ok(default),
        Some(text) => match text.parse::<u32>() {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            _ => Err(ApiError::field(
                field,
                format!("must be a whole number from 1 to {max}"),
            )),
        },
    }
}

/// `{"items":[…],"total":N}`, newest first.
pub(super) async fn page(
    _: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let page = number("page", query.page.as_deref(), 1, 1_000_000)?;
    let size_field = if query.page_size.is_some() {
        "pageSize"
    } else {
        "size"
    };
    let size = number(
        size_field,
        query.page_size.as_deref().or(query.size.as_deref()),
        DEFAULT_SIZE,
        MAX_SIZE,
    )?;
    let pattern = like_pattern(query.q.as_deref())?;
    let offset = i64::from(page - 1) * i64::from(size);
    let (items, total) = db::run(&state.pool, move |conn| {
        db::audit::page(conn, pattern.as_deref(), size, offset)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .json(json!({ "items": items, "total": total, "page": page, "pageSize": size })))
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
    let pattern = like_pattern(query.into_inner().q.as_deref())?;
    let filename = format!("jyoti-activity-{}.csv", db::backup::stamp());
    let rows = produced(state.pool.clone(), move |conn, write| {
        if write(audit_header()) {
            db::audit::for_each(conn, pattern.as_deref(), |item| write(audit_row(item)))?;
        }
        Ok(())
    });
    Ok(attachment("text/csv; charset=utf-8", &filename).streaming(rows))
}

//! Admin editing of the home page's carousel cards.

use super::calls::{message, record};
use crate::access::{Json, StaffUser};
use crate::db::{self, cards::Card};
use crate::domain::{Order, OrderRequest, Section};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

record!(Card, "Card not found", Card);

/// Each carousel has its own order.
pub(super) async fn reorder(
    staff: StaffUser,
    state: web::Data<AppState>,
    section: web::Path<String>,
    body: Json<OrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let section = Section::parse(&section).map_err(|_| ApiError::NotFound("No such carousel"))?;
    let order = Order::parse(body.into_inner())?;
    db::run_as(&state.pool, staff.trail(), move |conn| {
        db::cards::reorder(conn, section, &order)
    })
    .await?;
    Ok(message("Order saved"))
}

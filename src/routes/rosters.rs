//! Admin editing of rosters: the team pages `/team` (core) and `/team{slug}`.

use super::{created, delete, message, patch, post, put, Call, PathId, Record};
use crate::auth::AdminUser;
use crate::db::{self, rosters::Roster};
use crate::domain::{Order, OrderRequest, RosterInput, RosterRequest};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

pub fn calls() -> Vec<Call> {
    vec![
        post("/admin/rosters", create),
        put("/admin/rosters/order", reorder),
        patch("/admin/rosters/{id}", update),
        delete("/admin/rosters/{id}", remove),
    ]
}

impl Record for Roster {
    const NOT_FOUND: &'static str = "Team not found";
}

async fn create(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<RosterRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = RosterInput::parse(body.into_inner(), true)?;
    let id = db::run(&state.pool, move |conn| db::rosters::insert(conn, &input)).await?;
    Ok(created(id, "Team Created"))
}

async fn update(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Roster>,
    body: web::Json<RosterRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = RosterInput::parse(body.into_inner(), false)?;
    let updated = db::run(&state.pool, move |conn| {
        db::rosters::update(conn, id.get(), &input)
    })
    .await?;
    id.done(updated, "Updated Successfully")
}

async fn remove(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Roster>,
) -> Result<HttpResponse, ApiError> {
    let deleted = db::run(&state.pool, move |conn| db::rosters::delete(conn, id.get())).await?;
    id.done(deleted, "Team deleted")
}

async fn reorder(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<OrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let order = Order::parse(body.into_inner())?;
    db::run(&state.pool, move |conn| db::rosters::reorder(conn, &order)).await?;
    Ok(message("Order saved"))
}

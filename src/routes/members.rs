//! Admin editing of a roster's members.

use super::{created, delete, message, patch, post, put, Call, PathId, Record};
use crate::auth::AdminUser;
use crate::db::{self, members::Member, rosters::Roster};
use crate::domain::{MemberInput, MemberRequest, Order, OrderRequest};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

pub fn calls() -> Vec<Call> {
    vec![
        post("/admin/rosters/{id}/members", create),
        put("/admin/rosters/{id}/members/order", reorder),
        patch("/admin/members/{id}", update),
        delete("/admin/members/{id}", remove),
    ]
}

impl Record for Member {
    const NOT_FOUND: &'static str = "Member not found";
}

async fn create(
    _: AdminUser,
    state: web::Data<AppState>,
    roster: PathId<Roster>,
    body: web::Json<MemberRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = MemberInput::parse(body.into_inner(), true)?;
    let id = db::run(&state.pool, move |conn| {
        if !db::rosters::exists(conn, roster.get())? {
            return Ok(None);
        }
        db::members::insert(conn, roster.get(), &input).map(Some)
    })
    .await?;
    Ok(created(roster.found(id)?, "Member Added"))
}

async fn update(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Member>,
    body: web::Json<MemberRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = MemberInput::parse(body.into_inner(), false)?;
    let updated = db::run(&state.pool, move |conn| {
        db::members::update(conn, id.get(), &input)
    })
    .await?;
    id.done(updated, "Updated Successfully")
}

async fn remove(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Member>,
) -> Result<HttpResponse, ApiError> {
    let deleted = db::run(&state.pool, move |conn| db::members::delete(conn, id.get())).await?;
    id.done(deleted, "Member deleted")
}

async fn reorder(
    _: AdminUser,
    state: web::Data<AppState>,
    roster: PathId<Roster>,
    body: web::Json<OrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let order = Order::parse(body.into_inner())?;
    db::run(&state.pool, move |conn| {
        db::members::reorder(conn, roster.get(), &order)
    })
    .await?;
    Ok(message("Order saved"))
}

//! Admin editing of the home page's carousel cards.

use super::{created, delete, message, patch, post, put, Call, PathId, Record};
use crate::auth::AdminUser;
use crate::db::{self, cards::Card};
use crate::domain::{Order, OrderRequest, PictureInput, PictureRequest, Section};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

pub fn calls() -> Vec<Call> {
    vec![
        post("/admin/cards", create),
        put("/admin/cards/{section}/order", reorder),
        patch("/admin/cards/{id}", update),
        delete("/admin/cards/{id}", remove),
    ]
}

impl Record for Card {
    const NOT_FOUND: &'static str = "Card not found";
}

/// Cards name their carousel.
const WITH_SECTION: bool = true;

async fn create(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<PictureRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = PictureInput::parse(body.into_inner(), true, WITH_SECTION)?;
    let id = db::run(&state.pool, move |conn| db::cards::insert(conn, &input)).await?;
    Ok(created(id, "Card Created"))
}

async fn update(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Card>,
    body: web::Json<PictureRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = PictureInput::parse(body.into_inner(), false, WITH_SECTION)?;
    let updated = db::run(&state.pool, move |conn| {
        db::cards::update(conn, id.get(), &input)
    })
    .await?;
    id.done(updated, "Updated Successfully")
}

async fn remove(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<Card>,
) -> Result<HttpResponse, ApiError> {
    let deleted = db::run(&state.pool, move |conn| db::cards::delete(conn, id.get())).await?;
    id.done(deleted, "Card deleted")
}

async fn reorder(
    _: AdminUser,
    state: web::Data<AppState>,
    section: web::Path<String>,
    body: web::Json<OrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let section = Section::parse(&section).map_err(|_| ApiError::NotFound("No such carousel"))?;
    let order = Order::parse(body.into_inner())?;
    db::run(&state.pool, move |conn| {
        db::cards::reorder(conn, section, &order)
    })
    .await?;
    Ok(message("Order saved"))
}

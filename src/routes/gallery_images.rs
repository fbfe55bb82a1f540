//! Admin editing of the gallery's images.

use super::{created, delete, message, patch, post, put, Call, PathId, Record};
use crate::auth::AdminUser;
use crate::db::{self, gallery_images::GalleryImage};
use crate::domain::{Order, OrderRequest, PictureInput, PictureRequest};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

pub fn calls() -> Vec<Call> {
    vec![
        post("/admin/gallery", create),
        put("/admin/gallery/order", reorder),
        patch("/admin/gallery/{id}", update),
        delete("/admin/gallery/{id}", remove),
    ]
}

impl Record for GalleryImage {
    const NOT_FOUND: &'static str = "Gallery image not found";
}

/// Gallery images have no carousel to name.
const WITH_SECTION: bool = false;

async fn create(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<PictureRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = PictureInput::parse(body.into_inner(), true, WITH_SECTION)?;
    let id = db::run(&state.pool, move |conn| {
        db::gallery_images::insert(conn, &input)
    })
    .await?;
    Ok(created(id, "Image Added"))
}

async fn update(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<GalleryImage>,
    body: web::Json<PictureRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = PictureInput::parse(body.into_inner(), false, WITH_SECTION)?;
    let updated = db::run(&state.pool, move |conn| {
        db::gallery_images::update(conn, id.get(), &input)
    })
    .await?;
    id.done(updated, "Updated Successfully")
}

async fn remove(
    _: AdminUser,
    state: web::Data<AppState>,
    id: PathId<GalleryImage>,
) -> Result<HttpResponse, ApiError> {
    let deleted = db::run(&state.pool, move |conn| {
        db::gallery_images::delete(conn, id.get())
    })
    .await?;
    id.done(deleted, "Image deleted")
}

async fn reorder(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<OrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let order = Order::parse(body.into_inner())?;
    db::run(&state.pool, move |conn| {
        db::gallery_images::reorder(conn, &order)
    })
    .await?;
    Ok(message("Order saved"))
}

//! Admin editing of the site content: rosters and members, carousel cards, gallery images, settings.
//! Every change invalidates the cached `/api/content` document.

use crate::auth::AdminUser;
use crate::db::{self, site_content::OrderedList};
use crate::domain::{
    Id, MemberInput, MemberRequest, Order, OrderRequest, PictureInput, PictureRequest, RosterInput,
    RosterRequest, Section, SettingsPatch,
};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;
use std::collections::BTreeMap;

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/admin/rosters").route(web::post().to(create_roster)))
        .service(web::resource("/admin/rosters/order").route(web::put().to(order_rosters)))
        .service(
            web::resource("/admin/rosters/{id}")
                .route(web::patch().to(update_roster))
                .route(web::delete().to(delete_roster)),
        )
        .service(web::resource("/admin/rosters/{id}/members").route(web::post().to(create_member)))
        .service(
            web::resource("/admin/rosters/{id}/members/order").route(web::put().to(order_members)),
        )
        .service(
            web::resource("/admin/members/{id}")
                .route(web::patch().to(update_member))
                .route(web::delete().to(delete_member)),
        )
        .service(web::resource("/admin/cards").route(web::post().to(create_card)))
        .service(web::resource("/admin/cards/{section}/order").route(web::put().to(order_cards)))
        .service(
            web::resource("/admin/cards/{id}")
                .route(web::patch().to(update_card))
                .route(web::delete().to(delete_card)),
        )
        .service(web::resource("/admin/gallery").route(web::post().to(create_gallery_image)))
        .service(web::resource("/admin/gallery/order").route(web::put().to(order_gallery)))
        .service(
            web::resource("/admin/gallery/{id}")
                .route(web::patch().to(update_gallery_image))
                .route(web::delete().to(delete_gallery_image)),
        )
        .service(web::resource("/admin/settings").route(web::patch().to(update_settings)));
}

/// Runs a content change, then drops the cached document so the next page load shows it.
async fn change<T, F>(state: &AppState, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut rusqlite::Connection) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let result = db::run(&state.pool, work).await;
    state.content.invalidate();
    result
}

fn id(path: &str, what: &'static str) -> Result<i64, ApiError> {
    Id::parse(path).map(Id::get).ok_or(ApiError::NotFound(what))
}

fn found(found: bool, what: &'static str, message: &str) -> Result<HttpResponse, ApiError> {
    if found {
        Ok(HttpResponse::Ok().json(json!({ "msg": message })))
    } else {
        Err(ApiError::NotFound(what))
    }
}

const NO_ROSTER: &str = "Team not found";
const NO_MEMBER: &str = "Member not found";
const NO_CARD: &str = "Card not found";
const NO_IMAGE: &str = "Gallery image not found";

async fn create_roster(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<RosterRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = RosterInput::parse(body.into_inner(), true)?;
    let id = change(&state, move |conn| {
        db::site_content::create_roster(conn, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(json!({ "_id": id, "msg": "Team Created" })))
}

async fn update_roster(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<RosterRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id(&path, NO_ROSTER)?;
    let input = RosterInput::parse(body.into_inner(), false)?;
    let updated = change(&state, move |conn| {
        db::site_content::update_roster(conn, id, &input)
    })
    .await?;
    found(updated, NO_ROSTER, "Updated Successfully")
}

async fn delete_roster(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = id(&path, NO_ROSTER)?;
    let deleted = change(&state, move |conn| {
        db::site_content::delete_roster(conn, id)
    })
    .await?;
    found(deleted, NO_ROSTER, "Team deleted")
}

async fn reorder(
    state: &AppState,
    list: OrderedList,
    body: OrderRequest,
) -> Result<HttpResponse, ApiError> {
    let order = Order::parse(body)?;
    change(state, move |conn| {
        db::site_content::reorder(conn, list, &order)
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "msg": "Order saved" })))
}

async fn order_rosters(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<OrderRequest>,
) -> Result<HttpResponse, ApiError> {
    reorder(&state, OrderedList::Rosters, body.into_inner()).await
}

async fn order_members(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<OrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let roster_id = id(&path, NO_ROSTER)?;
    reorder(
        &state,
        OrderedList::Members { roster_id },
        body.into_inner(),
    )
    .await
}

async fn order_cards(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<OrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let section = Section::parse(&path).map_err(|_| ApiError::NotFound("No such carousel"))?;
    reorder(&state, OrderedList::Cards(section), body.into_inner()).await
}

async fn order_gallery(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<OrderRequest>,
) -> Result<HttpResponse, ApiError> {
    reorder(&state, OrderedList::Gallery, body.into_inner()).await
}

async fn create_member(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<MemberRequest>,
) -> Result<HttpResponse, ApiError> {
    let roster_id = id(&path, NO_ROSTER)?;
    let input = MemberInput::parse(body.into_inner(), true)?;
    let id = change(&state, move |conn| {
        db::site_content::create_member(conn, roster_id, &input)
    })
    .await?;
    let id = id.ok_or(ApiError::NotFound(NO_ROSTER))?;
    Ok(HttpResponse::Created().json(json!({ "_id": id, "msg": "Member Added" })))
}

async fn update_member(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<MemberRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id(&path, NO_MEMBER)?;
    let input = MemberInput::parse(body.into_inner(), false)?;
    let updated = change(&state, move |conn| {
        db::site_content::update_member(conn, id, &input)
    })
    .await?;
    found(updated, NO_MEMBER, "Updated Successfully")
}

async fn delete_member(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = id(&path, NO_MEMBER)?;
    let deleted = change(&state, move |conn| {
        db::site_content::delete_member(conn, id)
    })
    .await?;
    found(deleted, NO_MEMBER, "Member deleted")
}

async fn create_card(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<PictureRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = PictureInput::parse(body.into_inner(), true, true)?;
    let id = change(&state, move |conn| {
        db::site_content::create_picture(conn, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(json!({ "_id": id, "msg": "Card Created" })))
}

async fn update_card(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<PictureRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id(&path, NO_CARD)?;
    let input = PictureInput::parse(body.into_inner(), false, true)?;
    let updated = change(&state, move |conn| {
        db::site_content::update_card(conn, id, &input)
    })
    .await?;
    found(updated, NO_CARD, "Updated Successfully")
}

async fn delete_card(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = id(&path, NO_CARD)?;
    let deleted = change(&state, move |conn| db::site_content::delete_card(conn, id)).await?;
    found(deleted, NO_CARD, "Card deleted")
}

async fn create_gallery_image(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<PictureRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = PictureInput::parse(body.into_inner(), true, false)?;
    let id = change(&state, move |conn| {
        db::site_content::create_picture(conn, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(json!({ "_id": id, "msg": "Image Added" })))
}

async fn update_gallery_image(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<PictureRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id(&path, NO_IMAGE)?;
    let input = PictureInput::parse(body.into_inner(), false, false)?;
    let updated = change(&state, move |conn| {
        db::site_content::update_gallery_image(conn, id, &input)
    })
    .await?;
    found(updated, NO_IMAGE, "Updated Successfully")
}

async fn delete_gallery_image(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = id(&path, NO_IMAGE)?;
    let deleted = change(&state, move |conn| {
        db::site_content::delete_gallery_image(conn, id)
    })
    .await?;
    found(deleted, NO_IMAGE, "Image deleted")
}

async fn update_settings(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<BTreeMap<String, serde_json::Value>>,
) -> Result<HttpResponse, ApiError> {
    let patch = SettingsPatch::parse(body.into_inner())?;
    change(&state, move |conn| {
        db::site_content::update_settings(conn, &patch)
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "msg": "Updated Successfully" })))
}

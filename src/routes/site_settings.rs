//! Admin editing of the site settings: the club's texts and details.

use super::calls::message;
use crate::auth::AdminUser;
use crate::db;
use crate::domain::SiteSettingsPatch;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use std::collections::BTreeMap;

pub(super) async fn update(
    _: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<BTreeMap<String, serde_json::Value>>,
) -> Result<HttpResponse, ApiError> {
    let patch = SiteSettingsPatch::parse(body.into_inner())?;
    db::run(&state.pool, move |conn| {
        db::site_settings::update(conn, &patch)
    })
    .await?;
    Ok(message("Updated Successfully"))
}

/// What still shows the sample content, each with the admin screen that replaces it.
pub(super) async fn still_sample(
    _: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let left = db::run(&state.pool, |conn| db::seed::still_sample(conn)).await?;
    Ok(HttpResponse::Ok().json(left))
}

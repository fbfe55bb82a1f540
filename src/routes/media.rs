//! Photos: admin upload (multipart), list and delete; public serving of the WebP variants.

use crate::auth::AdminUser;
use crate::db;
use crate::domain::{line, Id};
use crate::error::ApiError;
use crate::images::{self, MAX_UPLOAD};
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use serde_json::json;

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/admin/media")
            .route(web::get().to(list))
            .route(web::post().to(upload)),
    )
    .service(web::resource("/admin/media/{id}").route(web::delete().to(delete)));
}

/// The public route for the variants, outside `/api`.
pub fn files(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/media/{file}").route(web::get().to(serve)));
}

const TOO_LARGE: &str = "Photos can be 10 MB at most";

async fn upload(
    _: AdminUser,
    state: web::Data<AppState>,
    mut form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let mut file: Option<Vec<u8>> = None;
    let mut alt = String::new();
    while let Some(field) = form.next().await {
        let mut field = field.map_err(|e| ApiError::BadRequest(format!("Invalid upload: {e}")))?;
        let name = field.name().unwrap_or_default().to_owned();
        let limit = if name == "file" { MAX_UPLOAD } else { 1024 };
        let mut data = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| ApiError::BadRequest(format!("Invalid upload: {e}")))?;
            if data.len() + chunk.len() > limit {
                return Err(if name == "file" {
                    ApiError::field("file", TOO_LARGE)
                } else {
                    ApiError::PayloadTooLarge
                });
            }
            data.extend_from_slice(&chunk);
        }
        match name.as_str() {
            "file" => file = Some(data),
            "alt" => {
                alt = line(
                    Some(String::from_utf8_lossy(&data).into_owned()),
                    200,
                    false,
                )
                .map_err(|why| ApiError::field("alt", why))?
            }
            other => {
                return Err(ApiError::BadRequest(format!(
                    "Unknown form field `{other}`"
                )))
            }
        }
    }
    let file = file
        .filter(|f| !f.is_empty())
        .ok_or_else(|| ApiError::field("file", "choose a photo to upload"))?;
    let processed = web::block(move || images::process(&file))
        .await?
        .map_err(|why| ApiError::field("file", why))?;
    let id = db::run(&state.pool, move |conn| {
        db::media::insert(conn, &processed.hash, &alt, &processed.variants)
    })
    .await?;
    let media = db::run(&state.pool, move |conn| {
        Ok(db::media::all(conn)?.remove(&id))
    })
    .await?;
    let media = media.ok_or_else(|| ApiError::internal("the upload vanished"))?;
    Ok(HttpResponse::Created().json(
        json!({ "_id": id, "alt": media.alt, "photo": media.photo(), "msg": "Photo Uploaded" }),
    ))
}

async fn list(_: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let list = db::run(&state.pool, |conn| {
        let mut media: Vec<_> = db::media::all(conn)?.into_values().collect();
        media.sort_by_key(|m| std::cmp::Reverse(m.id));
        media
            .into_iter()
            .map(|m| Ok(json!({ "_id": m.id, "alt": m.alt, "photo": m.photo(), "usedBy": db::media::uses(conn, m.id)? })))
            .collect::<Result<Vec<_>, ApiError>>()
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

async fn delete(
    _: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let not_found = ApiError::NotFound("Photo not found");
    let Some(id) = Id::parse(&path) else {
        return Err(not_found);
    };
    if db::run(&state.pool, move |conn| db::media::delete(conn, id.get())).await? {
        Ok(HttpResponse::Ok().json(json!({ "msg": "Photo deleted" })))
    } else {
        Err(not_found)
    }
}

/// `/media/{id}-{hash}-{width}.webp`: the name changes with the content, so it is cached for good.
async fn serve(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> HttpResponse {
    let not_found = || {
        HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("No such photo")
    };
    let Some(stem) = path.strip_suffix(".webp") else {
        return not_found();
    };
    let mut parts = stem.splitn(3, '-');
    let (Some(id), Some(hash), Some(width)) = (parts.next(), parts.next(), parts.next()) else {
        return not_found();
    };
    let (Some(id), Ok(width)) = (Id::parse(id), width.parse::<u32>()) else {
        return not_found();
    };
    if hash.len() != 16 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        return not_found();
    }
    let etag = format!("\"{hash}-{width}\"");
    if super::etag_matches(&req, &etag) {
        return HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .finish();
    }
    let hash = hash.to_owned();
    match db::run(&state.pool, move |conn| {
        db::media::variant(conn, id.get(), &hash, width)
    })
    .await
    {
        Ok(Some(data)) => HttpResponse::Ok()
            .content_type("image/webp")
            .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
            .insert_header((header::ETAG, etag))
            .body(data),
        Ok(None) => not_found(),
        Err(err) => actix_web::ResponseError::error_response(&err),
    }
}

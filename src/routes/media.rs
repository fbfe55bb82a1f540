//! Photos: admin upload, list and delete; public serving of the WebP variants.

use super::calls::{record, PathId};
use crate::access::{Query, StaffUser};
use crate::conditional::not_modified;
use crate::db::{self, media::Media};
use crate::domain::{BinKind, Id, Role};
use crate::error::ApiError;
use crate::images::Upload;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use serde_json::json;

/// The public route for the variants, outside `/api`.
pub fn files(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/media/{file}").route(web::get().to(serve)));
}

record!(Media, "Photo not found", Photo);

/// `DELETE /api/admin/media/{id}`'s query: `withUses=true` takes the photo off the places that
/// use it too (they get it back when it is restored from the bin).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeleteQuery {
    #[serde(rename = "withUses")]
    with_uses: Option<String>,
}

/// Deletes a photo into the bin: `{"msg": "Photo deleted"}`; 409 naming its uses while pages
/// show it, unless asked `withUses=true`.
pub(super) async fn delete(
    user: StaffUser,
    state: web::Data<AppState>,
    id: PathId<Media>,
    query: Query<DeleteQuery>,
) -> Result<HttpResponse, ApiError> {
    let with_uses = match query.into_inner().with_uses.as_deref() {
        None | Some("false") => false,
        Some("true") => true,
        Some(_) => return Err(ApiError::field("withUses", "must be true or false")),
    };
    let (by, record) = (user.0.named(), id.get());
    let found = db::run_as(&state.pool, user.trail(), move |conn| {
        db::bin::keep(conn, BinKind::Photo, record, &by, None)?;
        db::media::delete(conn, record, with_uses)
    })
    .await?;
    id.done(found, "Photo deleted")
}

pub(super) async fn upload(
    staff: StaffUser,
    state: web::Data<AppState>,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let (photo, alt) = Upload::read(form).await?.process().await?;
    let admin = staff.0.role == Role::Admin;
    let media = db::run_noted(&state.pool, staff.trail(), move |conn, note| {
        // Donors pay by the QR code the site makes from its own UPI ID (on the Support page):
        // a picture of another one would send them elsewhere. An admin's is kept, noted with
        // the ID it pays, and placing it before visitors waits out the payment hold
        // (`upi_guard`); an editor's is refused.
        let own = db::site_settings::all(conn)?
            .remove("upiId")
            .unwrap_or_default();
        let foreign = photo
            .upi
            .iter()
            .find(|id| own.is_empty() || !id.eq_ignore_ascii_case(&own));
        if let (Some(id), false) = (foreign, admin) {
            return Err(ApiError::field(
                "file",
                format!(
                    "is a UPI QR code that pays {id}, not the site's own UPI ID. Donors pay by \
                     the QR code the Support page makes from the UPI ID in Settings."
                ),
            ));
        }
        let media = db::media::insert(conn, &photo.hash, &alt, &photo.variants)?;
        if let Some(id) = foreign.or(photo.upi.first()) {
            db::media::set_pays(conn, media.id, id)?;
        }
        note.created(media.id);
        Ok(media)
    })
    .await?;
    Ok(HttpResponse::Created().json(
        json!({ "_id": media.id, "alt": media.alt, "photo": media.photo(), "msg": "Photo Uploaded" }),
    ))
}

/// `/media/{id}-{hash}-{width}.webp`: the name changes with the content, so it is cached for good.
pub(super) async fn serve(
    req: HttpRequest,
    state: web::Data<AppState>,
    file: web::Path<String>,
) -> HttpResponse {
    let Some((id, hash, width)) = variant_name(&file) else {
        return no_such_photo();
    };
    let etag = format!("\"{hash}-{width}\"");
    if let Some(answer) = not_modified(&req, &etag) {
        return answer;
    }
    match db::run(&state.pool, move |conn| {
        db::media::variant(conn, id, &hash, width)
    })
    .await
    {
        Ok(Some(data)) => HttpResponse::Ok()
            .content_type("image/webp")
            .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
            .insert_header((header::ETAG, etag))
            .body(data),
        Ok(None) => no_such_photo(),
        Err(err) => err.error_response(),
    }
}

/// `(id, hash, width)` from `{id}-{hash}-{width}.webp`, the hash 16 hex digits.
fn variant_name(file: &str) -> Option<(i64, String, u32)> {
    let mut parts = file.strip_suffix(".webp")?.splitn(3, '-');
    let (id, hash, width) = (parts.next()?, parts.next()?, parts.next()?);
    let id = Id::parse(id)?.get();
    let width = width.parse().ok()?;
    if hash.len() != 16 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    Some((id, hash.to_owned(), width))
}

fn no_such_photo() -> HttpResponse {
    HttpResponse::NotFound()
        .content_type("text/plain; charset=utf-8")
        .body("No such photo")
}

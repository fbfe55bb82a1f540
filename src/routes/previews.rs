//! What link previews and search engines fetch beside the pages: the preview picture, the
//! sitemap, robots.txt and the notices' Atom feed (made in `crate::previews`).

use crate::assets::Lang;
use crate::error::ApiError;
use crate::previews::{self, FEED_PATH, IMAGE_PATH};
use crate::state::AppState;
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};

pub fn files(cfg: &mut web::ServiceConfig) {
    // HEAD too: crawlers check a picture or sitemap before fetching it.
    cfg.service(readable(IMAGE_PATH).to(image))
        .service(readable("/sitemap.xml").to(sitemap))
        .service(readable("/robots.txt").to(robots))
        .service(readable(FEED_PATH).to(feed))
        .service(readable(&format!("/{{lang}}{FEED_PATH}")).to(feed_in));
}

/// A path answered to GET and HEAD only.
fn readable(path: &str) -> actix_web::Resource {
    web::resource(path)
        .guard(actix_web::guard::Any(actix_web::guard::Get()).or(actix_web::guard::Head()))
}

/// Made once per change of the photos it may come from; crawlers may keep it a day.
async fn image(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let image = state.previews.image(&state.pool).await?;
    Ok(image.respond(&req, StatusCode::OK, "public, max-age=86400"))
}

/// The facts and the site address, and a text made from them.
async fn made(
    state: &AppState,
    content_type: &'static str,
    make: impl Fn(&previews::Facts, Option<&str>) -> String,
) -> Result<HttpResponse, ApiError> {
    let facts = state.previews.facts(&state.pool).await?;
    let site = state.mail.site_address(facts.stored_site_address());
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(make(&facts, site.as_deref())))
}

async fn sitemap(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let pages = state.assets.pages().into_owned();
    made(&state, "application/xml; charset=utf-8", |facts, site| {
        previews::sitemap(facts, &pages, site)
    })
    .await
}

async fn robots(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    made(&state, "text/plain; charset=utf-8", |_, site| {
        previews::robots(site)
    })
    .await
}

async fn feed(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    made(
        &state,
        "application/atom+xml; charset=utf-8",
        |facts, site| previews::feed(facts, site, Lang::English),
    )
    .await
}

/// The feed in another language: `/bn/notices.atom`.
async fn feed_in(
    state: web::Data<AppState>,
    lang: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let pages = state.assets.pages().into_owned();
    let prefix = format!("/{lang}");
    let (Lang::Other(code, language), "/") = pages.language_of(&prefix) else {
        return Ok(HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("No such feed"));
    };
    let lang = Lang::Other(code, language);
    made(
        &state,
        "application/atom+xml; charset=utf-8",
        |facts, site| previews::feed(facts, site, lang),
    )
    .await
}

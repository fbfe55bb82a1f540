//! Link previews and search: each page's own `<title>`, description, canonical address, Open
//! Graph and Twitter tags filled into `index.html` (so a shared link shows the right title and
//! picture with no JavaScript run), the 1200×630 preview picture, `/sitemap.xml`, `/robots.txt`,
//! the notices' Atom feed and the organisation's JSON-LD on `/`.
//!
//! Absolute addresses come from the site address (`--domain`, else the admin's setting), never
//! from a request's Host. Without one, canonical and `og:url` are left out, the preview picture
//! is named by its path, the sitemap lists nothing and robots.txt names no sitemap.

use crate::cache::Cached;
use crate::conditional::Encoded;
use crate::db::media::stored_reference;
use crate::db::rosters::CORE;
use crate::db::{self, notices::Notice, Table};
use crate::error::ApiError;
use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use rusqlite::Connection;
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex};

/// The Home page's title, and the end of every other page's (as the app's `SITE_TITLE`).
pub const SITE_TITLE: &str = "JYOTI - A RAY OF HOPE";
const SITE_DESCRIPTION: &str =
    "Jyoti is a free night education center run by students of JGEC for \
children who need it, supported by alumni since 2010.";
/// The preview picture's path and size (what Facebook, WhatsApp and LinkedIn show large).
pub const IMAGE_PATH: &str = "/preview.jpg";
pub const IMAGE_SIZE: (u32, u32) = (1200, 630);
pub const FEED_PATH: &str = "/notices.atom";

/// The public pages' headings, as each page shows it in its `<h1>` (the app makes its tab title
/// from that heading, so these must stay the same texts), with a description for previews.
/// `/team` and the roster pages take their roster's title. Public pages go in the sitemap.
const PAGES: &[(&str, &str, &str)] = &[
    (
        "/support",
        "Support Jyoti",
        "Help Jyoti keep its free night school running: how to donate.",
    ),
    (
        "/gallery",
        "Gallery",
        "Photos from Jyoti's classes, events and celebrations.",
    ),
    ("/notice", "NOTICE BOARD", "The latest notices from Jyoti."),
    (
        "/contact",
        "Keep in Touch",
        "Write to Jyoti, or find its address and social links.",
    ),
    ("/form", "Feedback Form", "Tell Jyoti what you think."),
    (
        "/verify",
        "Verify authenticity of certificate",
        "Check a certificate issued by Jyoti by its number.",
    ),
];

/// Pages for one visitor, not for search engines: their heading, and `noindex`.
const PRIVATE_PAGES: &[(&str, &str)] = &[
    ("/signup", "Registration"),
    ("/login", "Login"),
    ("/forgot-password", "Forgot password"),
    ("/reset-password", "Choose a new password"),
    ("/verify/:number", "Verify authenticity of certificate"),
    ("/account", "Your account"),
];

/// The not-found page's heading (the app's 404 page).
const NOT_FOUND: &str = "Sorry, We couldn't find what you are looking for!";

/// What the previews are made from; rebuilt when one of these tables is written.
pub const TABLES: &[Table] = &[
    Table::SiteSettings,
    Table::Rosters,
    Table::Notices,
    Table::MailSettings,
    Table::Media,
];

/// The tables the preview picture is chosen from.
const IMAGE_TABLES: &[Table] = &[
    Table::SiteSettings,
    Table::GalleryImages,
    Table::Cards,
    Table::Media,
];

pub struct Facts {
    settings: HashMap<String, String>,
    /// `(slug, title)` in the rosters' order; the core team's slug is [`CORE`].
    rosters: Vec<(String, String)>,
    /// Newest first.
    notices: Vec<Notice>,
    /// The site address an admin stored (may be empty).
    stored_site_address: String,
    /// The smallest picture of the club's uploaded logo, for the loading screen; none while the
    /// built-in drawing is the logo.
    club_logo: Option<String>,
}

impl Facts {
    fn build(conn: &mut Connection) -> Result<Facts, ApiError> {
        let settings = db::site_settings::all(conn)?;
        Ok(Facts {
            club_logo: club_logo(conn, &settings)?,
            settings,
            rosters: db::rosters::list(conn)?
                .into_iter()
                .map(|roster| (roster.slug, roster.title))
                .collect(),
            notices: db::notices::list(conn)?,
            stored_site_address: db::mail_settings::get(conn)?.site_address,
        })
    }

    /// The site address an admin stored ("" for none); [`crate::mail::Mailer::site_address`]
    /// puts `--domain` first.
    pub fn stored_site_address(&self) -> &str {
        &self.stored_site_address
    }

    fn setting(&self, key: &str) -> &str {
        self.settings.get(key).map(String::as_str).unwrap_or("")
    }

    fn roster_title(&self, slug: &str) -> Option<&str> {
        self.rosters
            .iter()
            .find(|(known, _)| known == slug)
            .map(|(_, title)| title.as_str())
    }

    /// Every public page's path, for the sitemap.
    fn public_paths(&self) -> Vec<String> {
        let mut paths = vec!["/".to_owned(), "/team".to_owned()];
        paths.extend(
            self.rosters
                .iter()
                .filter(|(slug, _)| slug != CORE)
                .map(|(slug, _)| format!("/team{slug}")),
        );
        paths.extend(PAGES.iter().map(|(path, _, _)| (*path).to_owned()));
        paths
    }
}

/// One page as its preview describes it.
pub struct Page {
    /// What the filled page is kept under: the path, or the route pattern of a page with an id.
    key: String,
    /// The page's own address, for canonical and `og:url`; `None` for pages not to be indexed.
    canonical: Option<String>,
    title: String,
    description: String,
}

impl Page {
    fn public(path: &str, heading: &str, description: &str) -> Page {
        Page {
            key: path.to_owned(),
            canonical: Some(path.to_owned()),
            title: full_title(path, heading),
            description: description.to_owned(),
        }
    }

    fn private(key: &str, heading: &str) -> Page {
        Page {
            key: key.to_owned(),
            canonical: None,
            title: full_title(key, heading),
            description: SITE_DESCRIPTION.to_owned(),
        }
    }
}

/// As the app sets `document.title`: the Home title alone, or "Heading | JYOTI - A RAY OF HOPE".
fn full_title(path: &str, heading: &str) -> String {
    if path == "/" {
        SITE_TITLE.to_owned()
    } else {
        format!("{heading} | {SITE_TITLE}")
    }
}

/// The page a client route shows, or `None` for a path the app does not know (a 404).
/// `pattern` is the route table's pattern the path matched, if any.
fn page_for(path: &str, pattern: Option<&str>, facts: &Facts) -> Option<Page> {
    if path == "/" {
        return Some(Page::public("/", SITE_TITLE, SITE_DESCRIPTION));
    }
    if let Some(slug) = path.strip_prefix("/team") {
        let slug = if slug.is_empty() { CORE } else { slug };
        if pattern.is_some() || slug != CORE {
            if let Some(title) = facts.roster_title(slug) {
                let description = format!("The members of {title} at Jyoti.");
                return Some(Page::public(path, title, &description));
            }
        }
    }
    let pattern = pattern?;
    if let Some((_, heading, description)) = PAGES.iter().find(|(p, _, _)| *p == pattern) {
        return Some(Page::public(pattern, heading, description));
    }
    if let Some((_, heading)) = PRIVATE_PAGES.iter().find(|(p, _)| *p == pattern) {
        return Some(Page::private(pattern, heading));
    }
    if pattern == "/admin" || pattern.starts_with("/admin/") {
        // Admin screens name themselves once their data is shown; before that, "Admin".
        return Some(Page::private("/admin", "Admin"));
    }
    // A page without a heading of its own (`/logout`): the site's title alone.
    Some(Page {
        title: SITE_TITLE.to_owned(),
        ..Page::private(pattern, SITE_TITLE)
    })
}

/// What the server keeps for previews: the facts, the picture and the filled pages.
pub struct Previews {
    facts: Cached<Facts>,
    image: Cached<Encoded>,
    /// Filled pages by [`Page::key`], with the facts and `index.html` they were filled from.
    pages: Mutex<HashMap<String, Filled>>,
}

struct Filled {
    facts: Arc<Facts>,
    site: Option<String>,
    index: Bytes,
    page: Encoded,
}

impl Default for Previews {
    fn default() -> Previews {
        Previews::new()
    }
}

impl Previews {
    pub fn new() -> Previews {
        Previews {
            facts: Cached::new(TABLES, Facts::build),
            image: Cached::new(IMAGE_TABLES, preview_image),
            pages: Mutex::new(HashMap::new()),
        }
    }

    pub async fn facts(&self, pool: &db::Pool) -> Result<Arc<Facts>, ApiError> {
        self.facts.get(pool).await
    }

    pub async fn image(&self, pool: &db::Pool) -> Result<Arc<Encoded>, ApiError> {
        self.image.get(pool).await
    }

    /// `index` filled for `path` (which matched `pattern` of the route table, if any), and
    /// whether the app knows the path. Filled once per page and change, gzipped then.
    pub fn page(
        &self,
        index: &Encoded,
        path: &str,
        pattern: Option<&str>,
        facts: &Arc<Facts>,
        site: Option<&str>,
    ) -> (bool, Encoded) {
        let (known, page) = match page_for(path, pattern, facts) {
            Some(page) => (true, page),
            None => (false, Page::private("*", NOT_FOUND)),
        };
        let mut pages = self.pages.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(filled) = pages.get(&page.key) {
            if Arc::ptr_eq(&filled.facts, facts)
                && filled.site.as_deref() == site
                && filled.index == index.identity()
            {
                return (known, filled.page.clone());
            }
        }
        let html = fill(
            &String::from_utf8_lossy(index.identity()),
            &page,
            facts,
            site,
        );
        let encoded = Encoded::made(
            HeaderValue::from_static("text/html; charset=utf-8"),
            html.into_bytes(),
        );
        pages.insert(
            page.key,
            Filled {
                facts: facts.clone(),
                site: site.map(str::to_owned),
                index: index.identity().clone(),
                page: encoded.clone(),
            },
        );
        (known, encoded)
    }
}

/// Text made safe for HTML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The loading screen's logo in `index.html`, as the build writes it.
const LOADER_LOGO: &str = "class=\"loader-logo\" src=\"/art/logo-jyoti.svg\"";

/// The uploaded club logo's smallest variant, if the club chose one.
fn club_logo(
    conn: &Connection,
    settings: &HashMap<String, String>,
) -> Result<Option<String>, ApiError> {
    let Some(id) = settings.get("clubLogo").and_then(|v| stored_reference(v)) else {
        return Ok(None);
    };
    let media = db::media::all(conn)?;
    Ok(media
        .get(&id)
        .and_then(|photo| Some(photo.url(photo.sizes.first()?.0))))
}

/// `index` with its `<title>` replaced by the page's head tags and its description removed, and
/// the club's own logo on the loading screen.
fn fill(index: &str, page: &Page, facts: &Facts, site: Option<&str>) -> String {
    let mut html = match &facts.club_logo {
        Some(logo) => index.replacen(
            LOADER_LOGO,
            &format!("class=\"loader-logo\" src=\"{}\"", escape(logo)),
            1,
        ),
        None => index.to_owned(),
    };
    if let Some(start) = html.find("<meta name=\"description\"") {
        if let Some(end) = html[start..].find('>') {
            let end = start + end + 1;
            let end = end + html[end..].len() - html[end..].trim_start().len();
            html.replace_range(start..end, "");
        }
    }
    let head = head_tags(page, facts, site);
    match (html.find("<title>"), html.find("</title>")) {
        (Some(start), Some(end)) if start < end => {
            html.replace_range(start..end + "</title>".len(), &head)
        }
        _ => {
            if let Some(at) = html.find("</head>") {
                html.insert_str(at, &head);
            }
        }
    }
    html
}

fn head_tags(page: &Page, facts: &Facts, site: Option<&str>) -> String {
    let absolute = |path: &str| format!("{}{path}", site.unwrap_or(""));
    let title = escape(&page.title);
    let description = escape(&page.description);
    let image = escape(&absolute(IMAGE_PATH));
    let mut tags = String::new();
    let mut line = |text: String| {
        if !tags.is_empty() {
            tags.push_str("\n    ");
        }
        tags.push_str(&text);
    };
    line(format!("<title>{title}</title>"));
    line(format!(
        "<meta name=\"description\" content=\"{description}\">"
    ));
    match (&page.canonical, site) {
        (Some(path), Some(_)) => {
            let url = escape(&absolute(path));
            line(format!("<link rel=\"canonical\" href=\"{url}\">"));
            line(format!("<meta property=\"og:url\" content=\"{url}\">"));
        }
        (Some(_), None) => {}
        (None, _) => line("<meta name=\"robots\" content=\"noindex\">".to_owned()),
    }
    line(format!(
        "<meta property=\"og:site_name\" content=\"{}\">",
        escape(SITE_TITLE)
    ));
    line("<meta property=\"og:type\" content=\"website\">".to_owned());
    line(format!("<meta property=\"og:title\" content=\"{title}\">"));
    line(format!(
        "<meta property=\"og:description\" content=\"{description}\">"
    ));
    line(format!("<meta property=\"og:image\" content=\"{image}\">"));
    line("<meta property=\"og:image:type\" content=\"image/jpeg\">".to_owned());
    line(format!(
        "<meta property=\"og:image:width\" content=\"{}\">",
        IMAGE_SIZE.0
    ));
    line(format!(
        "<meta property=\"og:image:height\" content=\"{}\">",
        IMAGE_SIZE.1
    ));
    line("<meta name=\"twitter:card\" content=\"summary_large_image\">".to_owned());
    line(format!("<meta name=\"twitter:title\" content=\"{title}\">"));
    line(format!(
        "<meta name=\"twitter:description\" content=\"{description}\">"
    ));
    line(format!("<meta name=\"twitter:image\" content=\"{image}\">"));
    line(format!(
        "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Notices\" href=\"{FEED_PATH}\">"
    ));
    if page.key == "/" {
        line(format!(
            "<script type=\"application/ld+json\">{}</script>",
            json_ld(facts, site)
        ));
    }
    tags
}

/// The organisation as schema.org describes it, as JSON safe inside a `<script>` element
/// (`<`, `>` and `&` written as `\u003c`… so no text can close the element).
fn json_ld(facts: &Facts, site: Option<&str>) -> String {
    let mut organisation = serde_json::json!({
        "@context": "https://schema.org",
        "@type": ["EducationalOrganization", "NGO"],
        "name": "Jyoti",
        "alternateName": SITE_TITLE,
        "description": SITE_DESCRIPTION,
    });
    // schema.org wants absolute addresses: without the site address, none.
    if let Some(site) = site {
        organisation["url"] = format!("{site}/").into();
        organisation["logo"] = format!("{site}/art/logo-jyoti.svg").into();
        organisation["image"] = format!("{site}{IMAGE_PATH}").into();
    }
    let address = facts.setting("address");
    if !address.is_empty() {
        organisation["address"] = serde_json::json!({
            "@type": "PostalAddress",
            "streetAddress": address,
        });
    }
    let email = facts.setting("contactEmail");
    if !email.is_empty() {
        organisation["email"] = email.into();
    }
    let same_as: Vec<&str> = ["facebook", "instagram", "linkedin"]
        .iter()
        .map(|key| facts.setting(key))
        .filter(|url| !url.is_empty())
        .collect();
    if !same_as.is_empty() {
        organisation["sameAs"] = same_as.into();
    }
    organisation
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// Text made safe for XML text and attribute values.
fn xml(text: &str) -> String {
    escape(text).replace("&#39;", "&apos;")
}

/// `/sitemap.xml`: every public page and roster, at the site address (none without one).
pub fn sitemap(facts: &Facts, site: Option<&str>) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    if let Some(site) = site {
        for path in facts.public_paths() {
            let _ = writeln!(
                out,
                "  <url><loc>{}</loc></url>",
                xml(&format!("{site}{path}"))
            );
        }
    }
    out.push_str("</urlset>\n");
    out
}

/// `/robots.txt`: everything may be crawled but the admin area; the sitemap where it is known.
pub fn robots(site: Option<&str>) -> String {
    let mut out = String::from("User-agent: *\nAllow: /\nDisallow: /admin\n");
    if let Some(site) = site {
        let _ = writeln!(out, "\nSitemap: {site}/sitemap.xml");
    }
    out
}

/// `/notices.atom`: the notices, newest first, as an Atom feed (RFC 4287).
pub fn feed(facts: &Facts, site: Option<&str>) -> String {
    let base = site.unwrap_or("");
    let id = |suffix: &str| match site {
        Some(site) => format!("{site}{suffix}"),
        None => format!("urn:jyoti{}", suffix.replace(['/', '#'], ":")),
    };
    let updated = facts
        .notices
        .iter()
        .map(|notice| notice.date.as_str())
        .max()
        .map(timestamp)
        .unwrap_or_else(|| timestamp("2010-01-01"));
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n",
    );
    let _ = writeln!(out, "  <id>{}</id>", xml(&id(FEED_PATH)));
    let _ = writeln!(out, "  <title>Notices | {}</title>", xml(SITE_TITLE));
    let _ = writeln!(out, "  <updated>{updated}</updated>");
    let _ = writeln!(out, "  <author><name>Jyoti</name></author>");
    let _ = writeln!(
        out,
        "  <link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>",
        xml(&format!("{base}{FEED_PATH}"))
    );
    let _ = writeln!(
        out,
        "  <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>",
        xml(&format!("{base}/notice"))
    );
    for notice in &facts.notices {
        let link = notice
            .url
            .clone()
            .unwrap_or_else(|| format!("{base}/notice"));
        out.push_str("  <entry>\n");
        let _ = writeln!(
            out,
            "    <id>{}</id>",
            xml(&id(&format!("/notice#{}", notice.id)))
        );
        let _ = writeln!(out, "    <title>{}</title>", xml(&notice.title));
        let _ = writeln!(out, "    <updated>{}</updated>", timestamp(&notice.date));
        let _ = writeln!(out, "    <link href=\"{}\"/>", xml(&link));
        out.push_str("  </entry>\n");
    }
    out.push_str("</feed>\n");
    out
}

/// A notice's day (`2026-11-22`) as an RFC 3339 time at its start.
fn timestamp(date: &str) -> String {
    format!("{date}T00:00:00Z")
}

/// The preview picture: the Home banner's photo, else the Support page's, else the first gallery
/// or card photo that is an upload, cropped to 1200×630 around its focal point as JPEG (not every
/// site that shows previews reads WebP); made once per change of those tables. Without an
/// uploaded photo, our artwork: the club's logo on the lamp's glow.
fn preview_image(conn: &mut Connection) -> Result<Encoded, ApiError> {
    let settings = db::site_settings::all(conn)?;
    let setting = |key: &str| settings.get(key).and_then(|value| stored_reference(value));
    let candidates = setting("heroPhoto")
        .into_iter()
        .chain(setting("supportPhoto"))
        .chain(
            db::gallery_images::list(conn)?
                .into_iter()
                .filter_map(|i| i.photo_id),
        )
        .chain(
            db::cards::list(conn)?
                .into_iter()
                .filter_map(|c| c.photo_id),
        );
    let media = db::media::all(conn)?;
    let (width, height) = IMAGE_SIZE;
    let mut picture = None;
    for photo in candidates.filter_map(|id| media.get(&id)) {
        if let Some(decoded) = largest_variant(conn, photo)? {
            picture = Some(
                crop_around(&decoded, width, height, photo.focus)
                    .resize_exact(width, height, image::imageops::FilterType::Triangle)
                    .to_rgb8(),
            );
            break;
        }
    }
    let picture = match picture {
        Some(picture) => picture,
        None => {
            let logo = match setting("clubLogo").and_then(|id| media.get(&id)) {
                Some(photo) => largest_variant(conn, photo)?,
                None => None,
            };
            artwork(width, height, logo)
        }
    };
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 85)
        .encode_image(&picture)
        .map_err(ApiError::internal)?;
    Ok(Encoded::plain(HeaderValue::from_static("image/jpeg"), jpeg))
}

/// An uploaded photo's largest variant, decoded; none if it is unreadable.
fn largest_variant(
    conn: &Connection,
    photo: &db::media::Media,
) -> Result<Option<image::DynamicImage>, ApiError> {
    let Some(&(largest, _)) = photo.sizes.iter().max() else {
        return Ok(None);
    };
    let Some(webp) = db::media::variant(conn, photo.id, &photo.hash, largest)? else {
        return Ok(None);
    };
    Ok(image::load_from_memory_with_format(&webp, image::ImageFormat::WebP).ok())
}

/// The largest part of `image` with the shape `width`×`height` that keeps the focal point where
/// it is in the photo, as far as the edges allow (as CSS `object-position` does for the pages).
fn crop_around(
    image: &image::DynamicImage,
    width: u32,
    height: u32,
    focus: crate::domain::Focus,
) -> image::DynamicImage {
    let (w, h) = (image.width() as u64, image.height() as u64);
    let (cw, ch) = if w * height as u64 > h * width as u64 {
        ((h * width as u64 / height as u64).max(1), h)
    } else {
        (w, (w * height as u64 / width as u64).max(1))
    };
    let x = (w - cw) * focus.x as u64 / 100;
    let y = (h - ch) * focus.y as u64 / 100;
    image.crop_imm(x as u32, y as u32, cw as u32, ch as u32)
}

/// Our built-in logo drawing, drawn once at 320×320 from its SVG.
const LOGO_DRAWING: &[u8] = include_bytes!("seed/logo-jyoti.png");

/// Our artwork when there is no photo: the lamp's glow, from the site's orange to a warm dark,
/// with the club's logo (its upload, else our drawing) in the middle.
fn artwork(width: u32, height: u32, logo: Option<image::DynamicImage>) -> image::RgbImage {
    let (cx, cy) = (width as f32 * 0.5, height as f32 * 0.5);
    let reach = (width as f32).hypot(height as f32) * 0.55;
    let mut picture = image::RgbaImage::from_fn(width, height, |x, y| {
        let glow = 1.0 - ((x as f32 - cx).hypot(y as f32 - cy) / reach).min(1.0);
        let mix = |dark: f32, light: f32| (dark + (light - dark) * glow * glow) as u8;
        image::Rgba([mix(67.0, 251.0), mix(20.0, 146.0), mix(7.0, 60.0), 255])
    });
    let logo = logo.or_else(|| image::load_from_memory(LOGO_DRAWING).ok());
    if let Some(logo) = logo {
        let side = height * 11 / 20;
        let logo = logo.resize(side, side, image::imageops::FilterType::Triangle);
        let x = (width - logo.width()) / 2;
        let y = (height - logo.height()) / 2;
        image::imageops::overlay(&mut picture, &logo, x as i64, y as i64);
    }
    image::DynamicImage::ImageRgba8(picture).to_rgb8()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Facts with these settings and no rosters, notices or site address.
    fn facts(settings: HashMap<String, String>) -> Facts {
        Facts {
            settings,
            rosters: Vec::new(),
            notices: Vec::new(),
            stored_site_address: String::new(),
            club_logo: None,
        }
    }

    #[test]
    fn text_is_escaped_for_html_and_json_ld_cannot_close_its_script() {
        assert_eq!(
            escape("<script>\"a\" & 'b'</script>"),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
        let facts = facts(HashMap::from([("address".into(), "</script><b>".into())]));
        let json = json_ld(&facts, None);
        assert!(!json.contains('<'));
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(parsed["address"]["streetAddress"], "</script><b>");
    }

    #[test]
    fn a_page_without_a_heading_has_the_site_title_once() {
        let facts = facts(HashMap::new());
        let page = page_for("/logout", Some("/logout"), &facts).unwrap();
        assert_eq!(page.title, SITE_TITLE);
        assert!(page.canonical.is_none());
        assert!(page_for("/teamnobody", None, &facts).is_none());
    }

    #[test]
    fn a_crop_keeps_the_focal_point_as_far_as_the_edges_allow() {
        // A tall photo: black above, white below; a wide frame from its bottom shows white.
        let tall = image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(100, 400, |_, y| {
            image::Rgb(if y < 200 { [0, 0, 0] } else { [255, 255, 255] })
        }));
        let bottom = crop_around(&tall, 1200, 630, crate::domain::Focus { x: 50, y: 100 });
        assert_eq!((bottom.width(), bottom.height()), (100, 52));
        assert_eq!(bottom.to_rgb8().get_pixel(50, 0).0, [255, 255, 255]);
        let top = crop_around(&tall, 1200, 630, crate::domain::Focus { x: 50, y: 0 });
        assert_eq!(top.to_rgb8().get_pixel(50, 51).0, [0, 0, 0]);
    }

    #[test]
    fn the_artwork_has_our_logo_in_the_middle_of_the_glow() {
        let picture = artwork(1200, 630, None);
        assert_eq!(picture.dimensions(), (1200, 630));
        let nothing = image::DynamicImage::ImageRgba8(image::RgbaImage::new(10, 10));
        let glow = artwork(1200, 630, Some(nothing));
        let differs = |x0: u32, y0: u32| {
            let (mut differing, mut all) = (0, 0);
            for y in (y0..y0 + 200).step_by(4) {
                for x in (x0..x0 + 200).step_by(4) {
                    all += 1;
                    differing += usize::from(picture.get_pixel(x, y) != glow.get_pixel(x, y));
                }
            }
            differing * 100 / all
        };
        // The logo covers the middle and leaves the corners to the glow.
        assert!(differs(500, 215) > 80, "{}", differs(500, 215));
        assert_eq!(differs(0, 0), 0);
    }

    #[test]
    fn home_is_the_site_title_alone() {
        assert_eq!(full_title("/", SITE_TITLE), SITE_TITLE);
        assert_eq!(
            full_title("/gallery", "Gallery"),
            "Gallery | JYOTI - A RAY OF HOPE"
        );
    }
}

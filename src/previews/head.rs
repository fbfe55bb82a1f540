//! The head tags filled into `index.html` for one page: title, description, canonical address,
//! Open Graph and Twitter tags, JSON-LD on Home; and the club's logo on the loading screen.

use super::{escape, json_ld::json_ld, Facts, Page, IMAGE_PATH, IMAGE_SIZE, SITE_TITLE};
use crate::conditional::Encoded;
use crate::db;
use crate::db::media::stored_reference;
use crate::error::ApiError;
use rusqlite::Connection;
use std::collections::HashMap;

/// What comes before the loading screen's logo's address in `index.html` (the build writes the
/// drawing there as a data address, so the page asks for no logo before its code).
const LOADER_LOGO: &str = "class=\"loader-logo\" src=\"";

/// The uploaded club logo's smallest variant, if the club chose one.
pub(super) fn club_logo(
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

/// The parts of `index.html` in English that a page in another language replaces, as the build
/// writes them: `<html lang>`, the installed app's manifest, the loading screen's name and its
/// spoken word, the no-script note.
const ENGLISH_PARTS: [&str; 5] = [
    "<html lang=\"en\">",
    "<link rel=\"manifest\" href=\"/manifest.webmanifest\">",
    "<p class=\"loader-name\">Jyoti</p>",
    "<span class=\"visually-hidden\">Loading</span>",
    "<noscript>Jyoti's website needs JavaScript to show its pages.</noscript>",
];

/// `index` with its `<title>` replaced by the page's head tags and its description removed, the
/// club's own logo on the loading screen, a page in another language in its words, and the
/// content document (`content`) for the app's first screen.
pub(super) fn fill(
    index: &str,
    page: &Page,
    facts: &Facts,
    content: Option<&Encoded>,
    site: Option<&str>,
) -> String {
    let mut html = index.to_owned();
    if let (Some(logo), Some(at)) = (&facts.club_logo, html.find(LOADER_LOGO)) {
        let start = at + LOADER_LOGO.len();
        if let Some(length) = html[start..].find('"') {
            html.replace_range(start..start + length, &escape(logo));
        }
    }
    if let Some([name, loading, noscript]) = &page.loader {
        let own = [
            format!("<html lang=\"{}\">", escape(&page.lang)),
            format!(
                "<link rel=\"manifest\" href=\"/{}/manifest.webmanifest\">",
                escape(&page.lang)
            ),
            format!("<p class=\"loader-name\">{}</p>", escape(name)),
            format!("<span class=\"visually-hidden\">{}</span>", escape(loading)),
            format!("<noscript>{}</noscript>", escape(noscript)),
        ];
        for (english, own) in ENGLISH_PARTS.iter().zip(own) {
            html = html.replacen(english, &own, 1);
        }
    }
    if let Some(start) = html.find("<meta name=\"description\"") {
        if let Some(end) = html[start..].find('>') {
            let end = start + end + 1;
            let end = end + html[end..].len() - html[end..].trim_start().len();
            html.replace_range(start..end, "");
        }
    }
    if let (Some(content), Some(at)) = (content, html.rfind("</body>")) {
        html.insert_str(at, &content_block(content));
    }
    if let Some(at) = html.find("</head>") {
        html.insert_str(at, &first_loads(page));
    }
    if let (Some(content), Some(at)) = (content, html.find("</head>")) {
        html.insert_str(at, &picture_links(&page.english, content));
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

/// The content document as a data block the app reads at start (`lib/content.js`), with the
/// ETags to ask `/api/content` whether it is still current. A data block runs no script, so the
/// Content-Security-Policy allows it; every `<` is written `\u003c`, which JSON reads as `<`,
/// so no text in it can end the block.
fn content_block(content: &Encoded) -> String {
    let json = String::from_utf8_lossy(content.identity()).replace('<', "\\u003c");
    format!(
        "<script type=\"application/json\" id=\"site-content\" data-etags=\"{}\">{json}</script>\n  ",
        escape(&content.etags())
    )
}

/// The pictures a page's first screen shows, from the content document, each with the `sizes`
/// its `<img>` has (the preload is the image's own request only when they match): the header's
/// logos an admin chose, and the page's largest picture, fetched first.
fn picture_links(english: &str, content: &Encoded) -> String {
    let Ok(content) = serde_json::from_slice::<serde_json::Value>(content.identity()) else {
        return String::new();
    };
    let settings = &content["settings"];
    let first_member = |slug: &str| content["teams"][slug]["members"][0]["photo"].clone();
    let largest = match english {
        "/" => Some((settings["heroPhoto"].clone(), "100vw")),
        "/gallery" => Some((
            content["gallery"][0]["photo"].clone(),
            "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
        )),
        "/support" => Some((
            settings["supportPhoto"].clone(),
            "(min-width: 900px) 50vw, 100vw",
        )),
        "/team" => Some((first_member("core"), "160px")),
        path => path
            .strip_prefix("/team")
            .filter(|slug| !slug.is_empty())
            .map(|slug| (first_member(slug), "160px")),
    };
    // The header's two logos where an admin chose photos (the app carries our drawings itself).
    let logos = ["clubLogo", "collegeLogo"]
        .map(|name| &settings[name])
        .into_iter()
        .filter(|logo| !logo["photoId"].is_null())
        .map(|photo| (photo.clone(), "72px", false));
    let mut links = String::new();
    for (photo, sizes, first) in logos
        .into_iter()
        .chain(largest.map(|(photo, sizes)| (photo, sizes, true)))
    {
        let Some(src) = photo["src"].as_str() else {
            continue;
        };
        let mut link = format!(
            "<link rel=\"preload\" as=\"image\" href=\"{}\"",
            escape(src)
        );
        if let Some(srcset) = photo["srcset"].as_str() {
            link += &format!(
                " imagesrcset=\"{}\" imagesizes=\"{}\"",
                escape(srcset),
                escape(sizes)
            );
        }
        if first {
            link += " fetchpriority=\"high\"";
        }
        links += &format!("  {link}>\n  ");
    }
    links
}

/// What the page loads beyond the app's own code, asked for as the page arrives and taken by the
/// page's own call (the same address, mode and credentials), so it is in by the time the loader
/// lifts: written after the app's code, which the browser asks for first, and at low priority,
/// so the first paint (the loader) waits for none of it.
fn first_loads(page: &Page) -> String {
    let mut links = String::new();
    for file in &page.preload {
        links += &format!(
            "  <link rel=\"modulepreload\" href=\"{}\" fetchpriority=\"low\">\n  ",
            escape(file)
        );
    }
    if let Some(call) = page.first_call {
        links += &format!(
            "  <link rel=\"preload\" as=\"fetch\" crossorigin=\"anonymous\" href=\"{}\">\n  ",
            escape(call)
        );
    }
    links
}

/// The page's head tags, one a line: its title, its description, its
/// addresses, how a shared link shows it, and on Home the organisation's JSON-LD.
fn head_tags(page: &Page, facts: &Facts, site: Option<&str>) -> String {
    let (title, description) = (escape(&page.title), escape(&page.description));
    let mut tags = vec![format!("<title>{title}</title>")];
    tags.push(format!(
        "<meta name=\"description\" content=\"{description}\">"
    ));
    tags.extend(address_tags(page, site));
    tags.extend(sharing_tags(page, site));
    // Home in each language: the organisation, described in that language.
    if page.alternates.first().is_some_and(|(_, home)| home == "/") {
        tags.push(format!(
            "<script type=\"application/ld+json\">{}</script>",
            json_ld(facts, site, page)
        ));
    }
    tags.join("\n    ")
}

/// The page's own address and its twin in each language, for search engines; or, for a page
/// not to be indexed, that it is not. None without the site's address.
fn address_tags(page: &Page, site: Option<&str>) -> Vec<String> {
    let absolute = |path: &str| format!("{}{path}", site.unwrap_or(""));
    let mut tags = Vec::new();
    match (&page.canonical, site) {
        (Some(path), Some(_)) => {
            let url = escape(&absolute(path));
            tags.push(format!("<link rel=\"canonical\" href=\"{url}\">"));
            tags.push(format!("<meta property=\"og:url\" content=\"{url}\">"));
            // The same page in each language; English for a reader of any other.
            for (lang, path) in &page.alternates {
                let url = escape(&absolute(path));
                tags.push(format!(
                    "<link rel=\"alternate\" hreflang=\"{lang}\" href=\"{url}\">"
                ));
                if lang == "en" {
                    tags.push(format!(
                        "<link rel=\"alternate\" hreflang=\"x-default\" href=\"{url}\">"
                    ));
                }
            }
        }
        (Some(_), None) => {}
        (None, _) => tags.push("<meta name=\"robots\" content=\"noindex\">".to_owned()),
    }
    tags
}

/// How a shared link shows the page (Open Graph and Twitter tags, with the preview picture),
/// and the notices' feed in the page's language.
fn sharing_tags(page: &Page, site: Option<&str>) -> Vec<String> {
    let title = escape(&page.title);
    let description = escape(&page.description);
    let image = escape(&format!("{}{IMAGE_PATH}", site.unwrap_or("")));
    vec![
        format!(
            "<meta property=\"og:site_name\" content=\"{}\">",
            escape(SITE_TITLE)
        ),
        "<meta property=\"og:type\" content=\"website\">".to_owned(),
        format!(
            "<meta property=\"og:locale\" content=\"{}_IN\">",
            escape(&page.lang)
        ),
        format!("<meta property=\"og:title\" content=\"{title}\">"),
        format!("<meta property=\"og:description\" content=\"{description}\">"),
        format!("<meta property=\"og:image\" content=\"{image}\">"),
        "<meta property=\"og:image:type\" content=\"image/jpeg\">".to_owned(),
        format!(
            "<meta property=\"og:image:width\" content=\"{}\">",
            IMAGE_SIZE.0
        ),
        format!(
            "<meta property=\"og:image:height\" content=\"{}\">",
            IMAGE_SIZE.1
        ),
        "<meta name=\"twitter:card\" content=\"summary_large_image\">".to_owned(),
        format!("<meta name=\"twitter:title\" content=\"{title}\">"),
        format!("<meta name=\"twitter:description\" content=\"{description}\">"),
        format!("<meta name=\"twitter:image\" content=\"{image}\">"),
        format!(
            "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"{}\" href=\"{}\">",
            escape(&page.feed_title),
            escape(&page.feed)
        ),
    ]
}

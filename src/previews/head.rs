//! The head tags filled into `index.html` for one page: title, description, canonical address,
//! Open Graph and Twitter tags, JSON-LD on Home; and the club's logo on the loading screen.

use super::{escape, json_ld::json_ld, Facts, Page, IMAGE_PATH, IMAGE_SIZE, SITE_TITLE};
use crate::db;
use crate::db::media::stored_reference;
use crate::error::ApiError;
use rusqlite::Connection;
use std::collections::HashMap;

/// The loading screen's logo in `index.html`, as the build writes it.
const LOADER_LOGO: &str = "class=\"loader-logo\" src=\"/art/logo-jyoti.svg\"";

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
/// club's own logo on the loading screen, and a page in another language in its words.
pub(super) fn fill(index: &str, page: &Page, facts: &Facts, site: Option<&str>) -> String {
    let mut html = match &facts.club_logo {
        Some(logo) => index.replacen(
            LOADER_LOGO,
            &format!("class=\"loader-logo\" src=\"{}\"", escape(logo)),
            1,
        ),
        None => index.to_owned(),
    };
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
            // The same page in each language; English for a reader of any other.
            for (lang, path) in &page.alternates {
                let url = escape(&absolute(path));
                line(format!(
                    "<link rel=\"alternate\" hreflang=\"{lang}\" href=\"{url}\">"
                ));
                if lang == "en" {
                    line(format!(
                        "<link rel=\"alternate\" hreflang=\"x-default\" href=\"{url}\">"
                    ));
                }
            }
        }
        (Some(_), None) => {}
        (None, _) => line("<meta name=\"robots\" content=\"noindex\">".to_owned()),
    }
    line(format!(
        "<meta property=\"og:site_name\" content=\"{}\">",
        escape(SITE_TITLE)
    ));
    line("<meta property=\"og:type\" content=\"website\">".to_owned());
    line(format!(
        "<meta property=\"og:locale\" content=\"{}_IN\">",
        escape(&page.lang)
    ));
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
        "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"{}\" href=\"{}\">",
        escape(&page.feed_title),
        escape(&page.feed)
    ));
    // Home in each language: the organisation, described in that language.
    if page.alternates.first().is_some_and(|(_, home)| home == "/") {
        line(format!(
            "<script type=\"application/ld+json\">{}</script>",
            json_ld(facts, site, page)
        ));
    }
    tags
}

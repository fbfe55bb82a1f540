//! Link previews and search: each page's own `<title>`, description, canonical address, Open
//! Graph and Twitter tags filled into `index.html` (so a shared link shows the right title and
//! picture with no JavaScript run), the 1200×630 preview picture, `/sitemap.xml`, `/robots.txt`,
//! the notices' Atom feed and the organisation's JSON-LD on `/`.
//!
//! This file: what the previews are made from (`Facts`), each page's title and description,
//! and the filled pages kept; `head.rs` the tags filled into `index.html`, `json_ld.rs` the
//! organisation, `sitemap.rs` the sitemap and robots.txt, `feed.rs` the Atom feed,
//! `picture.rs` the preview picture.
//!
//! Absolute addresses come from the site address (`--domain`, else the admin's setting), never
//! from a request's Host. Without one, canonical and `og:url` are left out, the preview picture
//! is named by its path, the sitemap lists nothing and robots.txt names no sitemap.

mod feed;
mod head;
mod json_ld;
mod picture;
mod sitemap;

pub use feed::feed;
pub use sitemap::{robots, sitemap};

use head::{club_logo, fill};
use picture::preview_image;

use crate::assets::{ClientPage, Lang, PageList};
use crate::cache::Cached;
use crate::conditional::Encoded;
use crate::db::rosters::CORE;
use crate::db::{self, notices::Notice};
use crate::error::ApiError;
use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use rusqlite::Connection;
use std::collections::HashMap;
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

/// The notice board, whose preview names the newest notice.
const NOTICE_BOARD: &str = "/notice";
/// The notice board's first call (`features/notices/notice-board-page.jsx`: page 1 of
/// `PAGE_SIZE` notices), asked for by the page itself so the notices arrive with the page.
const BOARD_FIRST_CALL: &str = "/api/admin/servicelist?page=1&size=10";
/// A notice's own page is this and its id: the link to send to a parents' group.
const NOTICE_PAGE: &str = "/notice/";

pub struct Facts {
    settings: HashMap<String, String>,
    /// `(slug, title)` in the rosters' order; the core team's slug is [`CORE`].
    rosters: Vec<(String, String)>,
    /// The rosters' Bengali titles, by slug, where written.
    bengali_titles: HashMap<String, String>,
    /// The settings' Bengali texts, by key, where written.
    bengali_settings: HashMap<String, String>,
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
        let bengali = db::translations::bengali(conn)?;
        let rosters = db::rosters::list(conn)?;
        let bengali_titles = rosters
            .iter()
            .filter_map(|roster| {
                let title = bengali
                    .of(crate::domain::TextKind::Roster, &roster.id.to_string())
                    .remove("title")?;
                Some((roster.slug.clone(), title))
            })
            .collect();
        let bengali_settings = bengali.settings();
        Ok(Facts {
            bengali_titles,
            bengali_settings,
            club_logo: club_logo(conn, &settings)?,
            settings,
            rosters: rosters
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

    /// A setting as a page in `lang` shows it: its Bengali where written, else the English.
    fn setting_in(&self, lang: &str, key: &str) -> &str {
        match (lang, self.bengali_settings.get(key)) {
            ("bn", Some(text)) => text,
            _ => self.setting(key),
        }
    }

    fn roster_title(&self, slug: &str) -> Option<&str> {
        self.rosters
            .iter()
            .find(|(known, _)| known == slug)
            .map(|(_, title)| title.as_str())
    }

    /// Every page for search engines, for the sitemap: the app's indexed English pages and each
    /// roster's (their twins in other languages are the sitemap's alternates).
    fn public_paths(&self, list: &PageList) -> Vec<String> {
        let mut paths: Vec<String> = list
            .pages
            .iter()
            .filter(|page| page.indexed && page.lang == "en")
            .map(|page| page.path.clone())
            .collect();
        paths.extend(
            self.rosters
                .iter()
                .filter(|(slug, _)| slug != CORE)
                .map(|(slug, _)| format!("{}{slug}", list.roster_prefix)),
        );
        paths.extend(
            self.notices
                .iter()
                .map(|notice| format!("{NOTICE_PAGE}{}", notice.id)),
        );
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
    /// The page's language (`en`, `bn`) and, for an indexed page, its twin in every language
    /// (`hreflang` alternates), English first.
    lang: String,
    alternates: Vec<(String, String)>,
    /// The notices' feed in the page's language, and its name.
    feed: String,
    feed_title: String,
    /// The loading screen's words and the no-script note, for a page not in English.
    loader: Option<[String; 3]>,
    /// The API call the page makes first, asked for as the page arrives (the notice board's
    /// first notices), if any.
    first_call: Option<&'static str>,
    /// The page's own code and words (the app's [`ClientPage::preload`]).
    preload: Vec<String>,
    /// The page's English twin's path (`/gallery` for `/bn/gallery`), which says which pictures
    /// its first screen shows.
    english: String,
}

impl Page {
    fn public(path: &str, heading: &str, description: &str) -> Page {
        Page {
            canonical: Some(path.to_owned()),
            description: description.to_owned(),
            ..Page::private(path, heading)
        }
    }

    fn private(key: &str, heading: &str) -> Page {
        Page {
            key: key.to_owned(),
            canonical: None,
            title: full_title(key, heading),
            description: SITE_DESCRIPTION.to_owned(),
            lang: "en".to_owned(),
            alternates: Vec::new(),
            feed: FEED_PATH.to_owned(),
            feed_title: "Notices".to_owned(),
            loader: None,
            first_call: None,
            preload: Vec::new(),
            english: String::new(),
        }
    }

    /// The page in `lang`, whose English twin is at `english`.
    fn in_language(mut self, lang: Lang, english: &str, list: &PageList) -> Page {
        self.lang = lang.code().to_owned();
        if self.canonical.is_some() {
            self.alternates = list
                .all_languages()
                .into_iter()
                .map(|other| (other.code().to_owned(), list.in_language(english, other)))
                .collect();
        }
        if let Lang::Other(_, language) = lang {
            if self.description == SITE_DESCRIPTION {
                if let Some(home) = list.find(&language.prefix) {
                    self.description = home.description.clone().unwrap_or_default();
                }
            }
            self.feed = format!("{}{FEED_PATH}", language.prefix);
            self.feed_title = language.word("server feedTitle", &[]);
            self.loader = Some(
                ["loader.name", "loader.loading", "server noscript"]
                    .map(|key| language.word(key, &[])),
            );
        }
        self
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
/// `page` is the app's page whose pattern the path matched, if any.
fn page_for(path: &str, page: Option<&ClientPage>, list: &PageList, facts: &Facts) -> Option<Page> {
    let (lang, english) = list.language_of(path);
    // A roster's own page (`/team2k24`) is the team page's code.
    let code = page.or_else(|| {
        english
            .starts_with(list.roster_prefix.as_str())
            .then(|| list.find(&list.in_language(&list.roster_prefix, lang)))
            .flatten()
    });
    let preload = code.map(|page| page.preload.clone()).unwrap_or_default();
    let mut page = described(path, english, lang, page, list, facts)?;
    page.preload = preload;
    page.english = english.to_owned();
    if english == NOTICE_BOARD {
        page.first_call = Some(BOARD_FIRST_CALL);
    }
    Some(page.in_language(lang, english, list))
}

/// The page at `path` (in `lang`, its English twin at `english`), before its language's parts.
fn described(
    path: &str,
    english: &str,
    lang: Lang,
    page: Option<&ClientPage>,
    list: &PageList,
    facts: &Facts,
) -> Option<Page> {
    if let Some(slug) = english.strip_prefix(list.roster_prefix.as_str()) {
        if let Some(roster) = roster_page(path, slug, lang, page.is_some(), facts) {
            return Some(roster);
        }
    }
    if let Some(id) = english.strip_prefix(NOTICE_PAGE) {
        return notice_page(path, id, lang, facts);
    }
    let page = page?;
    let Some(heading) = page.title.as_deref() else {
        // Home, or a page without a heading of its own (`/logout`): the site's title alone.
        let description = page.description.as_deref().unwrap_or(SITE_DESCRIPTION);
        return Some(Page {
            title: SITE_TITLE.to_owned(),
            ..if page.indexed {
                Page::public(&page.path, SITE_TITLE, description)
            } else {
                Page::private(&page.path, SITE_TITLE)
            }
        });
    };
    if !page.indexed {
        return Some(Page::private(&page.path, heading));
    }
    // A shared link to the notice board says what is new on it.
    if let (NOTICE_BOARD, Some(newest)) = (english, facts.notices.first()) {
        let description = match lang {
            Lang::English => format!("Newest notice, {}: {}", newest.date, newest.title),
            Lang::Other(_, language) => language.word(
                "server newestNotice",
                &[
                    (
                        "date",
                        &language
                            .date(&newest.date)
                            .unwrap_or_else(|| newest.date.clone()),
                    ),
                    ("title", newest.bn.get("title").unwrap_or(&newest.title)),
                ],
            ),
        };
        return Some(Page::public(&page.path, heading, &description));
    }
    let description = page.description.as_deref().unwrap_or(SITE_DESCRIPTION);
    Some(Page::public(&page.path, heading, description))
}

/// A roster's page, when there is such a roster: `slug` is the path after the team pages'
/// prefix, empty for the core team, whose page counts only where the app has one
/// (`is_app_page`).
fn roster_page(
    path: &str,
    slug: &str,
    lang: Lang,
    is_app_page: bool,
    facts: &Facts,
) -> Option<Page> {
    let slug = if slug.is_empty() { CORE } else { slug };
    if !is_app_page && slug == CORE {
        return None;
    }
    let title = facts.roster_title(slug)?;
    let title = match lang {
        Lang::English => title,
        Lang::Other(..) => facts.bengali_titles.get(slug).map_or(title, String::as_str),
    };
    let description = match lang {
        Lang::English => format!("The members of {title} at Jyoti."),
        Lang::Other(_, language) => language.word("server rosterDescription", &[("title", title)]),
    };
    Some(Page::public(path, title, &description))
}

/// The page of the notice `id`; none when there is no such notice (a page that is not there).
fn notice_page(path: &str, id: &str, lang: Lang, facts: &Facts) -> Option<Page> {
    let id: i64 = id.parse().ok()?;
    let notice = facts.notices.iter().find(|notice| notice.id == id)?;
    let (title, description) = match lang {
        Lang::English => (
            notice.title.as_str(),
            format!(
                "Notice of {}, from Jyoti's notice board: {}",
                notice.date, notice.title
            ),
        ),
        Lang::Other(_, language) => {
            let title = notice.bn.get("title").unwrap_or(&notice.title);
            let date = language
                .date(&notice.date)
                .unwrap_or_else(|| notice.date.clone());
            (title, format!("জ্যোতির নোটিস, {date}: {title}"))
        }
    };
    Some(Page::public(path, title, &description))
}

/// The not-found page in the language of `path`.
fn not_found(path: &str, list: &PageList) -> Page {
    let (lang, _) = list.language_of(path);
    match lang {
        Lang::English => Page::private("*", &list.not_found),
        Lang::Other(_, language) => {
            Page::private(&format!("{}/*", language.prefix), &language.not_found)
                .in_language(lang, "/", list)
        }
    }
}

/// What the server keeps for previews: the facts, the picture and the filled pages.
pub struct Previews {
    facts: Cached<Facts>,
    image: Cached<Encoded>,
    /// Filled pages by [`Page::key`], with the facts and `index.html` they were filled from.
    pages: Mutex<HashMap<String, Filled>>,
}

/// What a page is filled from: the facts, the content document (none when it could not be
/// read: the app then asks for it and says what failed), and the site's address.
#[derive(Clone, Copy)]
pub struct Sources<'a> {
    pub facts: &'a Arc<Facts>,
    pub content: Option<&'a Arc<Encoded>>,
    pub site: Option<&'a str>,
}

struct Filled {
    facts: Arc<Facts>,
    content: Option<Arc<Encoded>>,
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
            facts: Cached::new(Facts::build),
            image: Cached::new(preview_image),
            pages: Mutex::new(HashMap::new()),
        }
    }

    pub async fn facts(&self, pool: &db::Pool) -> Result<Arc<Facts>, ApiError> {
        self.facts.get(pool).await
    }

    pub async fn image(&self, pool: &db::Pool) -> Result<Arc<Encoded>, ApiError> {
        self.image.get(pool).await
    }

    /// `index` filled for `path` (which matched `page` of the app's `list`, if any), with the
    /// content document when there is one, and whether the app knows the path. Filled once per
    /// page and change, gzipped then.
    pub fn page(
        &self,
        index: &Encoded,
        path: &str,
        page: Option<&ClientPage>,
        list: &PageList,
        from: Sources<'_>,
    ) -> (bool, Encoded) {
        let Sources {
            facts,
            content,
            site,
        } = from;
        let (known, page) = match page_for(path, page, list, facts) {
            Some(page) => (true, page),
            None => (false, not_found(path, list)),
        };
        let mut pages = self.pages.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(filled) = pages.get(&page.key) {
            let same_content = match (&filled.content, content) {
                (Some(kept), Some(now)) => Arc::ptr_eq(kept, now),
                (None, None) => true,
                _ => false,
            };
            if Arc::ptr_eq(&filled.facts, facts)
                && same_content
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
            content.map(|content| &**content),
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
                content: content.cloned(),
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

/// Text made safe for XML text and attribute values.
fn xml(text: &str) -> String {
    // Text stored before fields refused them (or restored from such a backup) may still hold
    // characters XML 1.0 does not allow: dropped, so the feed and sitemap stay well-formed.
    let allowed: String = text.chars().filter(|&c| xml_char(c)).collect();
    escape(&allowed).replace("&#39;", "&apos;")
}

/// A character XML 1.0 allows in a document (its `Char` production).
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Facts with these settings and no rosters, notices or site address.
    pub(super) fn facts(settings: HashMap<String, String>) -> Facts {
        Facts {
            settings,
            rosters: Vec::new(),
            bengali_titles: HashMap::new(),
            notices: Vec::new(),
            stored_site_address: String::new(),
            bengali_settings: HashMap::new(),
            club_logo: None,
        }
    }

    #[test]
    fn a_page_without_a_heading_has_the_site_title_once() {
        let facts = facts(HashMap::new());
        let list = PageList {
            pages: vec![ClientPage {
                path: "/logout".into(),
                title: None,
                description: None,
                indexed: false,
                lang: "en".into(),
                preload: Vec::new(),
            }],
            roster_prefix: "/team".into(),
            not_found: "Not here".into(),
            languages: Default::default(),
        };
        let page = page_for("/logout", list.find("/logout"), &list, &facts).unwrap();
        assert_eq!(page.title, SITE_TITLE);
        assert!(page.canonical.is_none());
        assert!(page_for("/teamnobody", None, &list, &facts).is_none());
    }

    #[test]
    fn xml_text_drops_characters_xml_does_not_allow() {
        assert_eq!(
            xml("a\u{FFFF}b\u{0}c\u{1F}d\u{FFFE}e <&'\"\n\u{1F600}"),
            "abcde &lt;&amp;&apos;&quot;\n\u{1F600}"
        );
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

//! The React app embedded in the binary, with the `.gz`/`.br` files the build wrote beside each
//! text asset, and the app's pages as the build listed them in `routes.json` (from the route
//! table, `frontend/src/app/route-table.js`: one list of paths, titles and descriptions).

use crate::conditional::{hex, Encoded};
use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use rust_embed::Embed;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::borrow::Cow;
use std::collections::HashMap;

#[derive(Embed)]
#[folder = "frontend/dist/"]
struct Dist;

#[derive(Clone)]
pub struct Asset {
    pub body: Encoded,
    /// Files under `assets/` carry a content hash in their name and never change.
    pub immutable: bool,
}

/// The embedded files by path (no leading slash). Release builds read them once at start;
/// debug builds read `frontend/dist/` from disk on each request so a rebuilt frontend shows at once.
pub struct Assets {
    files: HashMap<String, Asset>,
    pages: PageList,
}

/// The app's pages, as the build wrote them into `routes.json`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageList {
    /// Every path the app renders with 200, in React Router syntax (`/admin/users/:id/edit`).
    pub pages: Vec<ClientPage>,
    /// Where the per-roster team pages are: the prefix plus a roster's slug (`/team2k24`).
    pub roster_prefix: String,
    /// The heading of the app's not-found page.
    pub not_found: String,
    /// The languages besides English, by code (`bn`): where their twins of the pages are, and
    /// the words the server writes in them.
    #[serde(default)]
    pub languages: std::collections::BTreeMap<String, Language>,
}

/// A language of the site besides English, as the build took it from the app's catalog.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Language {
    /// Where its pages are: `/bn` (`/bn/gallery` is the twin of `/gallery`).
    pub prefix: String,
    /// The heading of its not-found page.
    pub not_found: String,
    /// What the server writes in this language (the loading screen, previews, the feed), by the
    /// catalog's key.
    #[serde(default)]
    pub words: HashMap<String, String>,
}

impl Language {
    /// The word `key`, with `{name}` filled from `values`; the key itself when the build gave
    /// none (a test of the build's list catches that).
    pub fn word(&self, key: &str, values: &[(&str, &str)]) -> String {
        let mut text = self
            .words
            .get(key)
            .cloned()
            .unwrap_or_else(|| key.to_owned());
        for (name, value) in values {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }

    /// A `YYYY-MM-DD` date as the app writes one in this language, as the build read it from
    /// `Intl`: "২০ নভেম্বর, ২০২৬" (the digits, the months' names and their order); `None` for
    /// another text, or where the build said nothing of dates.
    pub fn date(&self, date: &str) -> Option<String> {
        let mut parts = date.splitn(3, '-').map(str::parse::<usize>);
        let (Some(Ok(year)), Some(Ok(month)), Some(Ok(day))) =
            (parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        let month = self
            .words
            .get("server months")?
            .split('|')
            .nth(month.checked_sub(1)?)?;
        let digits: Vec<char> = self.words.get("server digits")?.chars().collect();
        if digits.len() != 10 || !self.words.contains_key("server date") {
            return None;
        }
        let written = |number: usize| -> String {
            number
                .to_string()
                .chars()
                .map(|digit| {
                    digit
                        .to_digit(10)
                        .and_then(|value| digits.get(value as usize).copied())
                        .unwrap_or(digit)
                })
                .collect()
        };
        Some(self.word(
            "server date",
            &[
                ("day", &written(day)),
                ("month", month),
                ("year", &written(year)),
            ],
        ))
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct ClientPage {
    pub path: String,
    /// The heading the page shows, which its tab title is made from; none for Home, whose title
    /// is the site's, and for a page without a heading of its own.
    #[serde(default)]
    pub title: Option<String>,
    /// What a link preview says of the page.
    #[serde(default)]
    pub description: Option<String>,
    /// For search engines: in the sitemap, with a canonical address.
    #[serde(default)]
    pub indexed: bool,
    /// Its language: `en`, or one of [`PageList::languages`].
    #[serde(default = "english")]
    pub lang: String,
    /// The files it loads before it shows beyond the app's first load (its code and words), which
    /// its page names so they come with the app's own.
    #[serde(default)]
    pub preload: Vec<String>,
}

fn english() -> String {
    "en".to_owned()
}

/// The language a path is in: English, or one of the others with its code.
#[derive(Clone, Copy, Debug)]
pub enum Lang<'a> {
    English,
    Other(&'a str, &'a Language),
}

impl Lang<'_> {
    pub fn code(&self) -> &str {
        match self {
            Lang::English => "en",
            Lang::Other(code, _) => code,
        }
    }
}

impl PageList {
    /// The language of `path`, and the path of its English twin: (Bengali, `/gallery`) for
    /// `/bn/gallery`, (Bengali, `/`) for `/bn`.
    pub fn language_of<'a>(&'a self, path: &'a str) -> (Lang<'a>, &'a str) {
        for (code, language) in &self.languages {
            if let Some(rest) = path.strip_prefix(language.prefix.as_str()) {
                if rest.is_empty() {
                    return (Lang::Other(code, language), "/");
                }
                if rest.starts_with('/') {
                    return (Lang::Other(code, language), rest);
                }
            }
        }
        (Lang::English, path)
    }

    /// `english` (an English page's path) in `lang`: `/gallery` → `/bn/gallery`, `/` → `/bn`.
    pub fn in_language(&self, english: &str, lang: Lang) -> String {
        match lang {
            Lang::English => english.to_owned(),
            Lang::Other(_, language) if english == "/" => language.prefix.clone(),
            Lang::Other(_, language) => format!("{}{english}", language.prefix),
        }
    }

    /// Every language: English first.
    pub fn all_languages(&self) -> Vec<Lang<'_>> {
        let mut all = vec![Lang::English];
        all.extend(
            self.languages
                .iter()
                .map(|(code, language)| Lang::Other(code.as_str(), language)),
        );
        all
    }

    /// The page whose path pattern `path` fits, if any.
    pub fn find(&self, path: &str) -> Option<&ClientPage> {
        self.pages.iter().find(|page| matches(&page.path, path))
    }
}

/// Whether `path` fits a route pattern; a `:param` segment stands for an id (digits).
fn matches(pattern: &str, path: &str) -> bool {
    let mut wanted = pattern.split('/');
    let mut given = path.split('/');
    loop {
        match (wanted.next(), given.next()) {
            (None, None) => return true,
            (Some(w), Some(g)) if w.starts_with(':') => {
                if g.is_empty() || !g.bytes().all(|b| b.is_ascii_digit()) {
                    return false;
                }
            }
            (Some(w), Some(g)) if w == g => {}
            _ => return false,
        }
    }
}

impl Assets {
    /// The embedded app; an error when its route list is missing or broken, since every page
    /// would otherwise be a 404 without a word.
    pub fn load() -> Result<Assets, String> {
        let files = if cfg!(debug_assertions) {
            HashMap::new()
        } else {
            Dist::iter()
                .filter_map(|path| Some((path.to_string(), build(&path)?)))
                .collect()
        };
        let pages = parse_pages(dist("routes.json").map(|(data, _)| data).as_deref())
            .map_err(|why| format!("the embedded app is broken: {why}; build jyoti again"))?;
        Ok(Assets { files, pages })
    }

    pub fn get(&self, path: &str) -> Option<Cow<'_, Asset>> {
        if cfg!(debug_assertions) {
            build(path).map(Cow::Owned)
        } else {
            self.files.get(path).map(Cow::Borrowed)
        }
    }

    /// The paths (`/assets/…`) of the files whose names (or, for the catalogs' words, their
    /// folder's) carry their content's hash: the request log leaves out their answers, one line
    /// per script and picture being noise beside the page's own line (a request for a name the
    /// build did not make is still logged).
    pub fn hashed_paths(&self) -> Vec<String> {
        Dist::iter()
            .filter(|path| path.starts_with("assets/"))
            .map(|path| format!("/{path}"))
            .collect()
    }

    /// The app's pages, as the build listed them.
    pub fn pages(&self) -> Cow<'_, PageList> {
        if cfg!(debug_assertions) {
            Cow::Owned(client_pages())
        } else {
            Cow::Borrowed(&self.pages)
        }
    }
}

/// The debug build's pages, read again from disk: a broken file while the frontend is being
/// rebuilt is logged, and the pages answer 404 until it is whole again.
fn client_pages() -> PageList {
    parse_pages(dist("routes.json").map(|(data, _)| data).as_deref()).unwrap_or_else(|why| {
        log::error!("{why}");
        PageList::default()
    })
}

/// The build's `routes.json`: the pages, each path starting with `/`, Home among them.
fn parse_pages(file: Option<&[u8]>) -> Result<PageList, String> {
    let file = file.ok_or("routes.json is missing")?;
    let list: PageList = serde_json::from_slice(file)
        .map_err(|e| format!("routes.json is not the app's list of pages: {e}"))?;
    if !list.pages.iter().any(|page| page.path == "/")
        || list.pages.iter().any(|page| !page.path.starts_with('/'))
        || !list.roster_prefix.starts_with('/')
    {
        return Err("routes.json does not list the app's pages".into());
    }
    Ok(list)
}

fn build(path: &str) -> Option<Asset> {
    if path.ends_with(".gz") || path.ends_with(".br") {
        return None;
    }
    let (data, hash) = dist(path)?;
    let compressed = |suffix: &str| dist(&format!("{path}{suffix}")).map(|(data, _)| bytes(data));
    Some(Asset {
        body: Encoded::new(
            content_type(path),
            &hex(&hash[..16]),
            bytes(data),
            compressed(".gz"),
            compressed(".br"),
        ),
        immutable: path.starts_with("assets/"),
    })
}

/// A file of the app and its SHA-256: the embedded one; in a debug build, read from
/// `frontend/dist/` on disk, or from the folder `JYOTI_DEV_DIST` names (the browser tests serve a
/// second release of the app so, with one debug binary).
fn dist(path: &str) -> Option<(Cow<'static, [u8]>, [u8; 32])> {
    if cfg!(debug_assertions) {
        if let Some(folder) = std::env::var_os("JYOTI_DEV_DIST") {
            let relative = std::path::Path::new(path);
            let plain = relative
                .components()
                .all(|part| matches!(part, std::path::Component::Normal(_)));
            let data = plain
                .then(|| std::fs::read(std::path::Path::new(&folder).join(relative)).ok())
                .flatten()?;
            let hash = Sha256::digest(&data).into();
            return Some((Cow::Owned(data), hash));
        }
    }
    Dist::get(path).map(|file| (file.data, file.metadata.sha256_hash()))
}

fn bytes(data: Cow<'static, [u8]>) -> Bytes {
    match data {
        Cow::Borrowed(slice) => Bytes::from_static(slice),
        Cow::Owned(vec) => Bytes::from(vec),
    }
}

fn content_type(path: &str) -> HeaderValue {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let text = mime.type_() == mime_guess::mime::TEXT
        || matches!(
            mime.subtype().as_str(),
            "javascript" | "json" | "svg" | "xml"
        );
    let value = if text && mime.get_param("charset").is_none() {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    };
    HeaderValue::from_str(&value)
        .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_or_broken_page_list_is_an_error_not_an_empty_site() {
        assert!(parse_pages(None).unwrap_err().contains("missing"));
        for broken in [
            &b"{"[..],
            b"{}",
            b"[]",
            b"[\"/\"]",
            br#"{"pages":[],"rosterPrefix":"/team","notFound":"x"}"#,
            br#"{"pages":[{"path":"admin"},{"path":"/"}],"rosterPrefix":"/team","notFound":"x"}"#,
            br#"{"pages":[{"path":"/"}],"rosterPrefix":"team","notFound":"x"}"#,
            br#"{"pages":[{"path":"/","title":1}],"rosterPrefix":"/team","notFound":"x"}"#,
        ] {
            assert!(parse_pages(Some(broken)).is_err(), "{broken:?}");
        }
        let list = parse_pages(Some(
            br#"{"pages":[{"path":"/","indexed":true},{"path":"/users/:id/edit","title":"Edit"}],
                 "rosterPrefix":"/team","notFound":"Not here"}"#,
        ))
        .unwrap();
        assert_eq!(
            list.find("/users/12/edit").unwrap().title.as_deref(),
            Some("Edit")
        );
        assert!(list.find("/users/x/edit").is_none());
        assert!(list.find("/").unwrap().indexed);
    }

    /// The pages the server itself links to (mails, QR codes, the reset link's move, the
    /// notice board's preview) are pages of the app.
    #[test]
    fn the_embedded_app_has_the_pages_the_server_links_to() {
        let assets = Assets::load().unwrap();
        let pages = assets.pages();
        for path in [
            "/",
            "/admin",
            "/admin/audit",
            "/admin/contacts",
            "/admin/email",
            "/reset-password",
            "/invitation",
            "/confirm-email",
            "/verify/42",
            "/notice",
        ] {
            assert!(pages.find(path).is_some(), "{path}");
        }
    }

    #[test]
    fn a_date_is_written_as_the_build_read_the_language_write_it() {
        let words = [
            ("server digits", "০১২৩৪৫৬৭৮৯"),
            (
                "server months",
                "জানুয়ারি|ফেব্রুয়ারি|মার্চ|এপ্রিল|মে|জুন|জুলাই|আগস্ট|সেপ্টেম্বর|অক্টোবর|নভেম্বর|ডিসেম্বর",
            ),
            ("server date", "{day} {month}, {year}"),
        ];
        let bengali = Language {
            prefix: "/bn".into(),
            not_found: String::new(),
            words: words
                .map(|(key, word)| (key.to_owned(), word.to_owned()))
                .into(),
        };
        assert_eq!(
            bengali.date("2026-11-20").as_deref(),
            Some("২০ নভেম্বর, ২০২৬")
        );
        assert_eq!(bengali.date("2026-01-05").as_deref(), Some("৫ জানুয়ারি, ২০২৬"));
        for not_a_date in ["2026-13-05", "2026-00-05", "soon"] {
            assert_eq!(bengali.date(not_a_date), None, "{not_a_date}");
        }
        assert_eq!(Language::default().date("2026-11-20"), None);
    }

    #[test]
    fn patterns_match_their_paths_and_ids_only() {
        assert!(matches("/", "/"));
        assert!(matches("/support", "/support"));
        assert!(matches("/admin/users/:id/edit", "/admin/users/12/edit"));
        assert!(!matches("/admin/users/:id/edit", "/admin/users/x/edit"));
        assert!(!matches("/admin/users/:id", "/admin/users/12/edit"));
        assert!(!matches("/support", "/support/more"));
        assert!(!matches("/", "/support"));
    }
}

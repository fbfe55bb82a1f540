//! `/notices.atom`: the notices as an Atom feed.

use super::{xml, Facts, FEED_PATH, SITE_TITLE};
use crate::assets::Lang;
use std::fmt::Write;

/// `/notices.atom` (and `/bn/notices.atom`): the notices, newest first, as an Atom feed (RFC
/// 4287) in `lang`, linking the notice board in that language.
pub fn feed(facts: &Facts, site: Option<&str>, lang: Lang) -> String {
    let (prefix, heading) = match lang {
        Lang::English => ("", "Notices".to_owned()),
        Lang::Other(_, language) => (
            language.prefix.as_str(),
            language.word("server feedTitle", &[]),
        ),
    };
    let base = format!("{}{prefix}", site.unwrap_or(""));
    let base = base.as_str();
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
    // The English feed's root is as it always was; another language's names it.
    let lang_attribute = match lang {
        Lang::English => String::new(),
        Lang::Other(code, _) => format!(" xml:lang=\"{code}\""),
    };
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"{lang_attribute}>\n"
    );
    let _ = writeln!(
        out,
        "  <id>{}</id>",
        xml(&id(&format!("{prefix}{FEED_PATH}")))
    );
    let _ = writeln!(
        out,
        "  <title>{} | {}</title>",
        xml(&heading),
        xml(SITE_TITLE)
    );
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
        // The notice's own page, to share.
        let own = format!("{base}/notice/{}", notice.id);
        out.push_str("  <entry>\n");
        let _ = writeln!(
            out,
            "    <id>{}</id>",
            xml(&id(&format!("{prefix}/notice#{}", notice.id)))
        );
        // A title with no translation is the English one, and says so.
        let (title, marked) = match (lang, notice.bn.get("title")) {
            (Lang::Other(..), Some(title)) => (title, ""),
            (Lang::Other(..), None) => (notice.title.as_str(), " xml:lang=\"en\""),
            (Lang::English, _) => (notice.title.as_str(), ""),
        };
        let _ = writeln!(out, "    <title{marked}>{}</title>", xml(title));
        let _ = writeln!(out, "    <updated>{}</updated>", timestamp(&notice.date));
        let _ = writeln!(out, "    <link href=\"{}\"/>", xml(&link));
        let _ = writeln!(out, "    <link rel=\"related\" href=\"{}\"/>", xml(&own));
        out.push_str("  </entry>\n");
    }
    out.push_str("</feed>\n");
    out
}

/// A notice's day (`2026-11-22`) as an RFC 3339 time at its start.
fn timestamp(date: &str) -> String {
    format!("{date}T00:00:00Z")
}

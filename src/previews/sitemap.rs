//! `/sitemap.xml` and `/robots.txt`.

use super::{xml, Facts};
use crate::assets::PageList;
use std::fmt::Write;

/// `/sitemap.xml`: every public page and roster in every language, each with its twins in the
/// others (`xhtml:link` alternates), at the site address (none without one).
pub fn sitemap(facts: &Facts, list: &PageList, site: Option<&str>) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    if let Some(site) = site {
        let languages = list.all_languages();
        for english in facts.public_paths(list) {
            for lang in &languages {
                let _ = writeln!(
                    out,
                    "  <url><loc>{}</loc>",
                    xml(&format!("{site}{}", list.in_language(&english, *lang)))
                );
                for twin in &languages {
                    let _ = writeln!(
                        out,
                        "    <xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>",
                        twin.code(),
                        xml(&format!("{site}{}", list.in_language(&english, *twin)))
                    );
                }
                // A visitor whose language is neither gets the English page, as the head says.
                let _ = writeln!(
                    out,
                    "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\"/>",
                    xml(&format!("{site}{english}"))
                );
                out.push_str("  </url>\n");
            }
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

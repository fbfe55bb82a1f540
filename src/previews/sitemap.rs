//! `/sitemap.xml` and `/robots.txt`.

use super::{xml, Facts};
use crate::assets::PageList;
use std::fmt::Write;

/// `/sitemap.xml`: every public page and roster, at the site address (none without one).
pub fn sitemap(facts: &Facts, list: &PageList, site: Option<&str>) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    if let Some(site) = site {
        for path in facts.public_paths(list) {
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

//! The organisation as schema.org describes it, for search engines, on the Home page.

use super::{Facts, Page, IMAGE_PATH, SITE_TITLE};

/// The organisation as schema.org describes it, in the language of the Home page `home`, as JSON
/// safe inside a `<script>` element (`<`, `>` and `&` written as `\u003c`… so no text can close
/// the element).
pub(super) fn json_ld(facts: &Facts, site: Option<&str>, home: &Page) -> String {
    let mut organisation = serde_json::json!({
        "@context": "https://schema.org",
        "@type": ["EducationalOrganization", "NGO"],
        "name": "Jyoti",
        "alternateName": SITE_TITLE,
        "description": home.description,
        "inLanguage": home.lang,
    });
    // schema.org wants absolute addresses: without the site address, none.
    if let Some(site) = site {
        organisation["url"] = match home.key.as_str() {
            "/" => format!("{site}/"),
            path => format!("{site}{path}"),
        }
        .into();
        organisation["logo"] = format!("{site}/art/logo-jyoti.svg").into();
        organisation["image"] = format!("{site}{IMAGE_PATH}").into();
    }
    let address = facts.setting_in(&home.lang, "address");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_html_and_json_ld_cannot_close_its_script() {
        assert_eq!(
            super::super::escape("<script>\"a\" & 'b'</script>"),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
        let facts = super::super::tests::facts(std::collections::HashMap::from([(
            "address".into(),
            "</script><b>".into(),
        )]));
        let home = super::super::Page::public("/", SITE_TITLE, "Home");
        let json = json_ld(&facts, None, &home);
        assert!(!json.contains('<'));
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(parsed["address"]["streetAddress"], "</script><b>");
    }
}

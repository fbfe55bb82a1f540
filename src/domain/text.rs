//! Text as the site accepts it: trimmed, within its length, without control characters,
//! noncharacters or text-direction controls; one-line text too.

/// Trimmed text of at most `max` characters; `required` refuses an empty value.
pub fn text(value: Option<String>, max: usize, required: bool) -> Result<String, String> {
    let value = value.unwrap_or_default();
    let value = value.trim();
    if required && value.is_empty() {
        return Err("is required".into());
    }
    if value.chars().count() > max {
        return Err(format!("must be at most {max} characters"));
    }
    if value
        .chars()
        .any(|c| (c.is_control() && c != '\n' && c != '\r' && c != '\t') || is_noncharacter(c))
    {
        return Err("must not contain control characters".into());
    }
    if value.chars().any(is_bidi_control) {
        return Err(
            "must not contain text-direction controls (they make text show in another \
             order than it is written)"
                .into(),
        );
    }
    Ok(value.to_owned())
}

/// Unicode's embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they turn
/// the text shown around them, so a name or title could show as something it is not. (The plain
/// marks U+200E and U+200F only nudge neutral characters and stay allowed.)
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Unicode's noncharacters (U+FDD0–U+FDEF, and the last two of every plane such as U+FFFF):
/// never text, and not allowed in XML, so a feed carrying one would be broken.
fn is_noncharacter(c: char) -> bool {
    let code = c as u32;
    (0xFDD0..=0xFDEF).contains(&code) || code & 0xFFFE == 0xFFFE
}

/// One-line text: like [`text`] but without line breaks or tabs.
pub fn line(value: Option<String>, max: usize, required: bool) -> Result<String, String> {
    let value = text(value, max, required)?;
    if value.contains(['\n', '\r', '\t']) {
        return Err("must be on one line".into());
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_refuses_direction_controls() {
        for bad in ["a\u{202E}gpj.exe", "\u{2066}x\u{2069}", "a\u{202A}b"] {
            let why = text(Some(bad.into()), 100, true).unwrap_err();
            assert!(why.contains("text-direction"), "{why}");
        }
        assert!(text(Some("a\u{200F}b".into()), 100, true).is_ok());
    }

    #[test]
    fn text_refuses_control_characters_and_noncharacters() {
        for bad in [
            "a\u{0}b",
            "a\u{1b}b",
            "a\u{ffff}b",
            "a\u{fdd0}b",
            "a\u{1fffe}b",
        ] {
            assert!(text(Some(bad.into()), 100, true).is_err(), "{bad:?}");
        }
        assert_eq!(
            text(Some("two\nlines\u{e9}".into()), 100, true).unwrap(),
            "two\nlines\u{e9}"
        );
    }
}

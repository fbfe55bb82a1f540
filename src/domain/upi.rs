//! UPI IDs in the texts visitors read. A UPI ID is `name@handle` where the handle is one word
//! (`thief@ybl`, `someone.1@okaxis`); an email address has a dot in its domain
//! (`club@example.org`), so the two are told apart. The site's own UPI ID may appear anywhere;
//! any other is a way to send donors' money elsewhere.

/// The UPI IDs written in `text`, as written (a `upi://pay?pa=…` link's included).
pub fn ids_in(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let name_byte = |b: u8| b.is_ascii_alphanumeric() || b"._-".contains(&b);
    let mut found = Vec::new();
    for (at, _) in text.match_indices('@') {
        let start = bytes[..at]
            .iter()
            .rposition(|b| !name_byte(*b))
            .map_or(0, |i| i + 1);
        let end = bytes[at + 1..]
            .iter()
            .position(|b| !b.is_ascii_alphanumeric())
            .map_or(bytes.len(), |i| at + 1 + i);
        let (name, handle) = (&text[start..at], &text[at + 1..end]);
        // A dot then a letter or digit after the handle: an email address's domain.
        let domain = bytes.get(end) == Some(&b'.')
            && bytes.get(end + 1).is_some_and(u8::is_ascii_alphanumeric);
        let name = name.trim_start_matches(['.', '-', '_']);
        if name.len() >= 2
            && (2..=64).contains(&handle.len())
            && handle.as_bytes()[0].is_ascii_alphabetic()
            && !domain
        {
            found.push(&text[at - name.len()..end]);
        }
    }
    found
}

/// The first UPI ID in `text` that is not `own` (any case), if there is one.
pub fn foreign_in<'a>(text: &'a str, own: &str) -> Option<&'a str> {
    ids_in(text)
        .into_iter()
        .find(|id| own.is_empty() || !id.eq_ignore_ascii_case(own))
}

/// The first UPI ID other than `own` in any string of `value` (a request's JSON body), with
/// the name of the field that holds it (`""` for a bare string).
pub fn foreign_in_json(value: &serde_json::Value, own: &str) -> Option<(String, String)> {
    let within = |field: &str, value: &serde_json::Value| {
        foreign_in_json(value, own).map(|(inner, id)| match inner.is_empty() {
            true => (field.to_owned(), id),
            false => (inner, id),
        })
    };
    match value {
        serde_json::Value::String(text) => {
            foreign_in(text, own).map(|id| (String::new(), id.to_owned()))
        }
        serde_json::Value::Array(items) => items.iter().find_map(|v| within("", v)),
        serde_json::Value::Object(map) => map.iter().find_map(|(key, v)| within(key, v)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upi_ids_are_found_and_email_addresses_are_not() {
        assert_eq!(ids_in("pay thief@ybl now"), ["thief@ybl"]);
        assert_eq!(ids_in("Pay to thief@ybl."), ["thief@ybl"]);
        assert_eq!(
            ids_in("upi://pay?pa=some.one-1@okaxis&pn=X"),
            ["some.one-1@okaxis"]
        );
        assert_eq!(ids_in("পাঠান thief@ybl-এ"), ["thief@ybl"]);
        assert!(ids_in("write to club@example.org or a@b.co").is_empty());
        assert!(ids_in("@handle and x@1ab and name@").is_empty());
        assert_eq!(foreign_in("our jyoti@SBI", "jyoti@sbi"), None);
        assert_eq!(
            foreign_in("jyoti@sbi or x1@ybl", "jyoti@sbi"),
            Some("x1@ybl")
        );
    }
}

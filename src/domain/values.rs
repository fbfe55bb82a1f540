//! Single values: email, password, rating, dates, URLs, certificate numbers, ids.

use super::text::line;
use serde::{Deserialize, Serialize};

/// Which alphabet a letter of an email address is from, where one letter can pass for another:
/// `None` for digits, punctuation and scripts that cannot be mistaken for Latin.
fn look_alike_script(c: char) -> Option<&'static str> {
    match c {
        // The dotless ı lower-cases and looks like i, yet is another letter.
        'ı' => Some("dotless"),
        c if c.is_ascii_alphabetic() || ('\u{00C0}'..='\u{024F}').contains(&c) => Some("Latin"),
        // Phonetic letters (ɑ, ɡ, ɩ) pass for Latin ones in most fonts.
        '\u{0250}'..='\u{02AF}' | '\u{1D00}'..='\u{1DBF}' => Some("phonetic"),
        '\u{0370}'..='\u{03FF}' | '\u{1F00}'..='\u{1FFF}' => Some("Greek"),
        '\u{0400}'..='\u{052F}' | '\u{2DE0}'..='\u{2DFF}' | '\u{A640}'..='\u{A69F}' => {
            Some("Cyrillic")
        }
        _ => None,
    }
}

/// Whether `part` (a local part, or one label of a domain) mixes look-alike alphabets, as
/// `pаypal` with a Cyrillic а does: an address that reads like another one.
fn mixes_scripts(part: &str) -> bool {
    // A dotless ı reads as an i even among dotless ones (`ıı` for `ii`).
    if part.contains('ı') {
        return true;
    }
    let mut scripts = part.chars().filter_map(look_alike_script);
    scripts
        .next()
        .is_some_and(|first| scripts.any(|other| other != first))
}

/// An email address, trimmed and lower-cased so that uniqueness ignores case.
#[derive(Debug, Clone)]
pub struct Email(String);

impl Email {
    pub fn parse(value: Option<String>) -> Result<Email, String> {
        let value = line(value, 254, true)?.to_lowercase();
        let valid = email_address::EmailAddress::parse_with_options(
            &value,
            email_address::Options::default()
                .without_display_text()
                .without_domain_literal(),
        )
        .is_ok();
        let domain_has_dot = value.rsplit_once('@').is_some_and(|(_, domain)| {
            domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.')
        });
        // Legal in an address, but `?`, `&` and `%` would add fields to the admin screens'
        // mailto: links (a Bcc to someone else), and a quoted local part is one the mail
        // library will not send to: every address stored must be one that can be mailed.
        let plain = !value.contains(['?', '&', '%', '"']);
        let mailable = value.parse::<lettre::Address>().is_ok();
        if valid && domain_has_dot && plain && mailable {
            Ok(Email(value))
        } else {
            Err("must be a valid email address".into())
        }
    }

    /// An address an account is to have (registration, an invitation, an admin's change): also
    /// one that cannot read like another. Addresses only looked up (a login) are [`Email::parse`]d,
    /// so an account stored before keeps working.
    pub fn parse_new(value: Option<String>) -> Result<Email, String> {
        let email = Email::parse(value)?;
        if let Some((local, domain)) = email.0.rsplit_once('@') {
            if mixes_scripts(local) || domain.split('.').any(mixes_scripts) {
                return Err(
                    "mixes alphabets (such as Latin with Cyrillic or Greek letters), \
                     so it reads like another address"
                        .into(),
                );
            }
        }
        Ok(email)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password as typed: 8 to 72 bytes (bcrypt reads no further than 72).
pub struct Password(String);

impl Password {
    /// A password a visitor chooses (registration, change, reset): long enough and not common.
    pub fn parse(value: Option<String>) -> Result<Password, String> {
        let password = Password::parse_length(value)?;
        if is_common_password(&password.0) {
            return Err(
                "is one of the most common passwords; choose one that is harder to guess".into(),
            );
        }
        Ok(password)
    }

    /// Length only: for `create-admin`, where the operator at the server's own terminal decides.
    pub fn parse_length(value: Option<String>) -> Result<Password, String> {
        let value = value.unwrap_or_default();
        if value.len() < 8 {
            return Err("must be at least 8 characters".into());
        }
        if value.len() > 72 {
            return Err("must be at most 72 bytes".into());
        }
        Ok(Password(value))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// Passwords that lead the published lists of leaked passwords.
const COMMON_PASSWORDS: &str = include_str!("../seed/common-passwords.txt");

fn is_common_password(password: &str) -> bool {
    let lower = password.trim().to_lowercase();
    let same_char = lower.chars().all(|c| lower.starts_with(c));
    same_char
        || COMMON_PASSWORDS
            .lines()
            .filter(|line| !line.starts_with('#'))
            .any(|common| common.trim() == lower)
}

/// A star rating, 1 to 5, written `5star` … `1star` in JSON as the spec's subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rating(u8);

impl Rating {
    pub fn parse(value: Option<String>) -> Result<Rating, String> {
        let value = value.unwrap_or_default();
        match value.trim() {
            "" => Err("is required".into()),
            "1star" => Ok(Rating(1)),
            "2star" => Ok(Rating(2)),
            "3star" => Ok(Rating(3)),
            "4star" => Ok(Rating(4)),
            "5star" => Ok(Rating(5)),
            _ => Err("must be one of 5star, 4star, 3star, 2star, 1star".into()),
        }
    }

    pub fn from_stars(stars: i64) -> Option<Rating> {
        (1..=5).contains(&stars).then_some(Rating(stars as u8))
    }

    pub fn stars(self) -> u8 {
        self.0
    }
}

impl Serialize for Rating {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&format!("{}star", self.0))
    }
}

/// A telephone number: 7 to 20 digits, with `+ - ( )` and spaces allowed between them.
pub fn telephone(value: Option<String>) -> Result<String, String> {
    let value = line(value, 30, true)?;
    let digits = value.chars().filter(char::is_ascii_digit).count();
    let allowed = value
        .chars()
        .all(|c| c.is_ascii_digit() || "+-() ".contains(c));
    if !allowed || !(7..=20).contains(&digits) {
        return Err("must be 7 to 20 digits (+, -, ( ) and spaces allowed)".into());
    }
    Ok(value)
}

/// A calendar date written `YYYY-MM-DD`.
#[derive(Debug, Clone, Serialize)]
pub struct IsoDate(String);

impl IsoDate {
    pub fn parse(value: &str) -> Result<IsoDate, String> {
        let invalid = || "must be a date written YYYY-MM-DD".to_string();
        let bytes = value.as_bytes();
        let shape = bytes.len() == 10
            && bytes[4] == b'-'
            && bytes[7] == b'-'
            && bytes
                .iter()
                .enumerate()
                .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
        if !shape {
            return Err(invalid());
        }
        let number =
            |range: std::ops::Range<usize>| value[range].parse::<u32>().map_err(|_| invalid());
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days_in_month = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return Err(invalid()),
        };
        if year < 1900 || day == 0 || day > days_in_month {
            return Err(invalid());
        }
        Ok(IsoDate(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An absolute `http` or `https` URL (never `javascript:` or `data:`).
#[derive(Debug)]
pub struct HttpUrl(String);

impl HttpUrl {
    pub fn parse(value: Option<String>) -> Result<HttpUrl, String> {
        let value = line(value, 2048, true)?;
        let lower = value.to_ascii_lowercase();
        let rest = lower
            .strip_prefix("https://")
            .or_else(|| lower.strip_prefix("http://"));
        let host_ok = rest.is_some_and(|rest| {
            let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
            !host.is_empty() && !host.contains(char::is_whitespace)
        });
        if !host_ok || value.contains(char::is_whitespace) {
            return Err("must be a web address starting with http:// or https://".into());
        }
        Ok(HttpUrl(value))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A certificate number: a positive integer, sent either as a JSON number or a numeric string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CertNumber(i64);

/// What JSON may carry for a number field: `7` or `"7"`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum NumberOrText {
    Number(serde_json::Number),
    Text(String),
}

impl CertNumber {
    pub fn parse_text(value: &str) -> Result<CertNumber, String> {
        let invalid = || "must be a positive whole number".to_string();
        let value = value.trim();
        if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid());
        }
        match value.parse::<i64>() {
            Ok(n) if n > 0 => Ok(CertNumber(n)),
            _ => Err(invalid()),
        }
    }

    pub fn parse(value: Option<NumberOrText>) -> Result<CertNumber, String> {
        match value {
            None => Err("is required".into()),
            Some(NumberOrText::Text(text)) if text.trim().is_empty() => Err("is required".into()),
            Some(NumberOrText::Text(text)) => CertNumber::parse_text(&text),
            Some(NumberOrText::Number(number)) => CertNumber::parse_text(&number.to_string()),
        }
    }

    pub fn get(self) -> i64 {
        self.0
    }
}

/// A row id from a path: anything but a positive integer names nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Id(i64);

impl Id {
    pub fn parse(value: &str) -> Option<Id> {
        CertNumber::parse_text(value).ok().map(|n| Id(n.get()))
    }

    pub fn get(self) -> i64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every one of `bad` is refused by `parse`.
    fn refuses_all<T, E>(parse: impl Fn(&str) -> Result<T, E>, bad: &[&str]) {
        for bad in bad {
            assert!(parse(bad).is_err(), "{bad} was accepted");
        }
    }

    #[test]
    fn emails_are_lower_cased_and_need_a_dotted_domain() {
        assert_eq!(
            Email::parse(Some(" A@Example.ORG ".into()))
                .unwrap()
                .as_str(),
            "a@example.org"
        );
        refuses_all(
            |bad| Email::parse(Some(bad.into())),
            &[
                "",
                "a",
                "a@b",
                "a@@b.org",
                "a b@c.org",
                "<a@b.org>",
                "a@.org",
                "x?bcc=spy%40attacker.example&body=@example.org",
                "a&b@example.org",
                "100%@example.org",
                "\"a b\"@example.org",
            ],
        );
    }

    #[test]
    fn emails_mixing_look_alike_alphabets_are_refused() {
        refuses_all(
            |bad| Email::parse_new(Some(bad.into())),
            &[
                "p\u{0430}ypal@example.org",
                "admin@ex\u{0430}mple.org",
                "\u{03BF}mega@example.org",
                "adm\u{0131}n@example.org",
                "jyoti@jyot\u{0131}.org",
            ],
        );
        for good in [
            "\u{0432}\u{0430}\u{0441}\u{044f}@example.org",
            "r\u{00e9}sum\u{00e9}@example.org",
            "a1@example.org",
        ] {
            assert!(Email::parse_new(Some(good.into())).is_ok(), "{good}");
        }
    }

    #[test]
    fn every_accepted_email_is_one_the_mail_library_sends_to() {
        for good in [
            "a.b+club@example.org",
            "o'neil@example.co.in",
            "x_y-z@mail.example.org",
        ] {
            let email = Email::parse(Some(good.into())).unwrap();
            assert!(email.as_str().parse::<lettre::Address>().is_ok(), "{good}");
        }
    }

    #[test]
    fn dates_must_exist_on_the_calendar() {
        assert!(IsoDate::parse("2024-02-29").is_ok());
        refuses_all(
            IsoDate::parse,
            &[
                "2023-02-29",
                "2024-13-01",
                "2024-1-01",
                "24-01-01",
                "2024-01-00",
                "2024/01/01",
            ],
        );
    }

    #[test]
    fn urls_must_be_http_or_https() {
        assert!(HttpUrl::parse(Some("https://example.org/a?b=c".into())).is_ok());
        refuses_all(
            |bad| HttpUrl::parse(Some(bad.into())),
            &[
                "javascript:alert(1)",
                "data:text/html,x",
                "ftp://x.org",
                "https://",
                "http:// x",
                "//x.org",
            ],
        );
    }

    #[test]
    fn certificate_numbers_are_positive_integers_from_numbers_or_text() {
        assert_eq!(
            CertNumber::parse(Some(NumberOrText::Text("42".into())))
                .unwrap()
                .get(),
            42
        );
        let number: NumberOrText = serde_json::from_str("42").unwrap();
        assert_eq!(CertNumber::parse(Some(number)).unwrap().get(), 42);
        for bad in ["0", "-1", "1.5", "1e3", "abc", "99999999999999999999"] {
            let value: NumberOrText =
                serde_json::from_str(bad).unwrap_or(NumberOrText::Text(bad.into()));
            assert!(
                CertNumber::parse(Some(value)).is_err(),
                "{bad} was accepted"
            );
        }
    }

    #[test]
    fn telephones_count_digits() {
        assert!(telephone(Some("+91 (353) 266-2040".into())).is_ok());
        refuses_all(
            |bad| telephone(Some(bad.into())),
            &["12345", "phone 1234567", "123456789012345678901"],
        );
    }

    #[test]
    fn common_passwords_are_refused_whatever_their_case() {
        refuses_all(
            |bad| Password::parse(Some(bad.into())),
            &[
                "password123",
                "PASSWORD123",
                "12345678",
                "qwertyuiop",
                "aaaaaaaaaa",
            ],
        );
        assert!(Password::parse(Some("lamp under the banyan".into())).is_ok());
    }

    #[test]
    fn ratings_read_the_spec_subjects() {
        assert_eq!(Rating::parse(Some("4star".into())).unwrap().stars(), 4);
        assert!(Rating::parse(Some("6star".into())).is_err());
        assert_eq!(serde_json::to_string(&Rating(5)).unwrap(), "\"5star\"");
    }
}

//! How the server's messages say things: a duration in words, a long text shortened.

use std::time::Duration;

/// An interval as it was set, in the largest unit it is a whole number of, so nothing is
/// rounded away (`90 seconds`, not `1 minute`; `36 hours`, not `1 day`).
pub fn in_words(duration: Duration) -> String {
    let (count, unit) = match duration.as_secs() {
        s if s >= 86_400 && s % 86_400 == 0 => (s / 86_400, "day"),
        s if s >= 3600 && s % 3600 == 0 => (s / 3600, "hour"),
        s if s >= 60 && s % 60 == 0 => (s / 60, "minute"),
        s => (s, "second"),
    };
    counted(count, unit)
}

/// A measured age, in its largest unit and rounded down (`2 hours` for 2 h 1 min 11 s): a
/// person reads how old something is, not how many seconds.
pub fn age_in_words(age: Duration) -> String {
    let (count, unit) = match age.as_secs() {
        s if s >= 86_400 => (s / 86_400, "day"),
        s if s >= 3600 => (s / 3600, "hour"),
        s if s >= 60 => (s / 60, "minute"),
        s => (s, "second"),
    };
    counted(count, unit)
}

fn counted(count: u64, unit: &str) -> String {
    match count {
        1 => format!("1 {unit}"),
        _ => format!("{count} {unit}s"),
    }
}

/// `name`, followed by the scripts it mixes when it mixes Latin letters with letters of an
/// alphabet that has look-alikes of them (Cyrillic, Greek): "Аdmin (Latin and Cyrillic
/// letters)". A name in Bengali beside a Latin one is no look-alike and is left alone.
pub fn with_mixed_scripts(name: &str) -> String {
    let script = |c: char| match c {
        'a'..='z' | 'A'..='Z' | '\u{00C0}'..='\u{024F}' => Some("Latin"),
        '\u{0370}'..='\u{03FF}' | '\u{1F00}'..='\u{1FFF}' => Some("Greek"),
        '\u{0400}'..='\u{052F}' => Some("Cyrillic"),
        _ => None,
    };
    let mut found: Vec<&str> = Vec::new();
    for name in name.chars().filter_map(script) {
        if !found.contains(&name) {
            found.push(name);
        }
    }
    if found.len() < 2 || !found.contains(&"Latin") {
        return name.to_owned();
    }
    found.sort_by_key(|script| *script != "Latin");
    let last = found.pop().unwrap_or_default();
    format!("{name} ({} and {last} letters)", found.join(", "))
}

/// The site's time zone (`--time-zone`), set once at start; India's until then.
static SITE_ZONE: std::sync::OnceLock<(jiff::tz::TimeZone, String)> = std::sync::OnceLock::new();

/// The default `--time-zone`: the school's.
pub const DEFAULT_ZONE: &str = "Asia/Kolkata";

/// The time zone named `name` (from the system's tz database; India's is known without it).
pub fn time_zone(name: &str) -> Result<jiff::tz::TimeZone, String> {
    jiff::tz::TimeZone::get(name).or_else(|err| match name {
        DEFAULT_ZONE => Ok(jiff::tz::TimeZone::fixed(
            jiff::tz::offset(5) + jiff::SignedDuration::from_mins(30),
        )),
        _ => Err(format!(
            "{name} is not a time zone this machine knows ({err}): use a name such as Asia/Kolkata"
        )),
    })
}

/// Sets the site's time zone for [`site_time`] (once, at start).
pub fn set_site_zone(zone: jiff::tz::TimeZone, name: &str) {
    let _ = SITE_ZONE.set((zone, name.to_owned()));
}

/// The site's time zone, and its name as `--time-zone` gave it.
fn site_zone() -> &'static (jiff::tz::TimeZone, String) {
    SITE_ZONE.get_or_init(|| {
        let zone = time_zone(DEFAULT_ZONE).unwrap_or(jiff::tz::TimeZone::UTC);
        (zone, DEFAULT_ZONE.to_owned())
    })
}

/// The site's time zone's name ("Asia/Kolkata"), for the screens to write times in it.
pub fn site_zone_name() -> &'static str {
    &site_zone().1
}

/// `at` as alerts and mail write a time: in the site's time zone, with its name: "28 November
/// 2026 at 11:08 pm (Asia/Kolkata)".
pub fn site_time(at: jiff::Timestamp) -> String {
    let (zone, name) = site_zone();
    let local = at.to_zoned(zone.clone());
    format!("{} ({name})", local.strftime("%-d %B %Y at %-I:%M %P"))
}

/// `text` cut to at most `max` characters, ending in "…" when cut.
pub fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut short: String = text.chars().take(max - 1).collect();
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_is_written_in_the_sites_zone_with_its_name() {
        let at: jiff::Timestamp = "2026-11-28T17:38:00Z".parse().unwrap();
        assert_eq!(site_time(at), "28 November 2026 at 11:08 pm (Asia/Kolkata)");
        assert!(time_zone("Nowhere/Atlantis").is_err());
    }

    #[test]
    fn a_name_that_mixes_look_alike_alphabets_says_so() {
        assert_eq!(
            with_mixed_scripts("\u{0410}dmin Das"),
            "\u{0410}dmin Das (Latin and Cyrillic letters)"
        );
        assert_eq!(with_mixed_scripts("Admin Das"), "Admin Das");
        assert_eq!(with_mixed_scripts("মৌমিতা D'Souza"), "মৌমিতা D'Souza");
        assert_eq!(with_mixed_scripts("Иван"), "Иван");
    }

    #[test]
    fn durations_read_in_their_largest_whole_unit() {
        assert_eq!(in_words(Duration::from_secs(3 * 86_400)), "3 days");
        assert_eq!(in_words(Duration::from_secs(30 * 3600)), "30 hours");
        assert_eq!(in_words(Duration::from_secs(90)), "90 seconds");
        assert_eq!(in_words(Duration::from_secs(86_400)), "1 day");
        assert_eq!(in_words(Duration::from_secs(600)), "10 minutes");
        assert_eq!(in_words(Duration::from_secs(60)), "1 minute");
        assert_eq!(in_words(Duration::from_secs(59)), "59 seconds");
    }

    #[test]
    fn ages_read_rounded_down_in_their_largest_unit() {
        assert_eq!(age_in_words(Duration::from_secs(7271)), "2 hours");
        assert_eq!(age_in_words(Duration::from_secs(86_405)), "1 day");
        assert_eq!(age_in_words(Duration::from_secs(3 * 86_400 + 5)), "3 days");
        assert_eq!(age_in_words(Duration::from_secs(90)), "1 minute");
        assert_eq!(age_in_words(Duration::from_secs(45)), "45 seconds");
    }
}

//! A page of a list: which page, how many rows, in which order, matching which search.
//!
//! A list call without any of these parameters answers the whole array, as the spec's client
//! expects; with any of them it answers one page and the total.

use super::Checker;
use crate::error::ApiError;
use serde::Deserialize;

/// The query parameters of a list call, as sent (others, such as a cache buster, are ignored).
#[derive(Debug, Default, Deserialize)]
pub struct ListQuery {
    page: Option<String>,
    size: Option<String>,
    sort: Option<String>,
    q: Option<String>,
}

impl ListQuery {
    /// The parameters under other names than the usual ones (the activity log's `pageSize`).
    pub fn new(
        page: Option<String>,
        size: Option<String>,
        sort: Option<String>,
        q: Option<String>,
    ) -> ListQuery {
        ListQuery {
            page,
            size,
            sort,
            q,
        }
    }
}

/// The orders one list offers; the first is its default.
pub trait SortOrder: Copy + Sized + 'static {
    const CHOICES: &'static [(&'static str, Self)];
}

/// Rows per page when the client does not say.
pub const DEFAULT_SIZE: u32 = 20;
/// Most rows per page.
pub const MAX_SIZE: u32 = 100;

/// One page of a list, parsed.
#[derive(Debug, Clone)]
pub struct Listing<S> {
    pub page: u32,
    pub size: u32,
    pub sort: S,
    /// The search text, trimmed; `None` when empty.
    pub search: Option<String>,
}

impl<S: SortOrder> Listing<S> {
    /// `None` for a call without paging parameters (the whole list, as the spec has it).
    pub fn parse(query: ListQuery) -> Result<Option<Listing<S>>, ApiError> {
        if query.page.is_none() && query.size.is_none() && query.sort.is_none() && query.q.is_none()
        {
            return Ok(None);
        }
        let mut check = Checker::default();
        let page = check.check("page", number(query.page, 1, 1_000_000));
        let size = check.check("size", number(query.size, DEFAULT_SIZE, MAX_SIZE));
        let sort = check.check(
            "sort",
            match query.sort.as_deref().map(str::trim) {
                None | Some("") => Ok(S::CHOICES[0].1),
                Some(name) => S::CHOICES
                    .iter()
                    .find(|(choice, _)| *choice == name)
                    .map(|(_, sort)| *sort)
                    .ok_or_else(|| {
                        let names: Vec<&str> = S::CHOICES.iter().map(|(n, _)| *n).collect();
                        format!("must be one of {}", names.join(", "))
                    }),
            },
        );
        let search = check.check("q", search_text(query.q.as_deref()));
        check.finish(|| {
            Some(Some(Listing {
                page: page?,
                size: size?,
                sort: sort?,
                search: search?,
            }))
        })
    }
}

/// A page's number or size as the query gives it: `default` when not given, else a whole number
/// from 1 to `max`.
pub fn number(value: Option<String>, default: u32, max: u32) -> Result<u32, String> {
    match value {
        None => Ok(default),
        Some(text) => match text.trim().parse::<u32>() {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            _ => Err(format!("must be a whole number from 1 to {max}")),
        },
    }
}

/// A list's search (`?q=`), trimmed; `None` when empty. Control characters are refused: no one
/// types them, and a NUL would end the text early where SQLite reads it as C.
pub fn search_text(q: Option<&str>) -> Result<Option<String>, String> {
    let q = q.unwrap_or_default();
    // Checked before trimming: a line break or tab at either end is refused like one inside.
    if q.chars().any(char::is_control) {
        return Err("must not contain control characters".into());
    }
    match q.trim() {
        "" => Ok(None),
        text if text.chars().count() > 200 => Err("must be at most 200 characters".into()),
        text => Ok(Some(text.to_owned())),
    }
}

impl<S: SortOrder> Listing<S> {
    /// The first page in the default order, unsearched.
    pub fn first_page() -> Listing<S> {
        Listing {
            page: 1,
            size: DEFAULT_SIZE,
            sort: S::CHOICES[0].1,
            search: None,
        }
    }
}

impl<S> Listing<S> {
    /// Rows before this page.
    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.size)
    }

    /// The search as a `LIKE` pattern, or `None` to match everything.
    pub fn like_pattern(&self) -> Option<String> {
        self.search.as_deref().map(like_pattern)
    }
}

/// A search text as a `LIKE` pattern: `%text%`, with `%`, `_` and `\` taken literally.
pub fn like_pattern(text: &str) -> String {
    let escaped: String = text
        .chars()
        .flat_map(|c| match c {
            '%' | '_' | '\\' => vec!['\\', c],
            c => vec![c],
        })
        .collect();
    format!("%{escaped}%")
}

/// The search as a full-text query: every word must appear, as a word or the start of one.
/// Quotes and operators typed by a visitor are taken as text, never as query syntax.
pub fn full_text_query(text: &str) -> Option<String> {
    let terms: Vec<String> = text
        .split_whitespace()
        .map(|word| word.replace('"', ""))
        .filter(|word| word.chars().any(char::is_alphanumeric))
        .map(|word| format!("\"{word}\"*"))
        .collect();
    (!terms.is_empty()).then(|| terms.join(" "))
}

/// Sort orders, one type per list.
macro_rules! sort_orders {
    ($($(#[$doc:meta])* $name:ident { $($text:literal => $variant:ident),* $(,)? })*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name { $($variant),* }
        impl SortOrder for $name {
            const CHOICES: &'static [(&'static str, Self)] = &[$(($text, $name::$variant)),*];
        }
    )*};
}

sort_orders! {
    /// Users: newest accounts first by default.
    UserSort { "newest" => Newest, "oldest" => Oldest, "name" => Name, "email" => Email }
    /// Contact messages: newest first by default.
    ContactSort { "newest" => Newest, "oldest" => Oldest, "name" => Name }
    /// Notices: newest date first by default.
    NoticeSort { "newest" => Newest, "oldest" => Oldest, "title" => Title }
    /// Certificates: newest first by default.
    CertificateSort { "newest" => Newest, "number" => Number, "name" => Name }
    /// Feedback form answers: newest first by default.
    FeedbackSort { "newest" => Newest, "oldest" => Oldest }
    /// Gifts donors told us about: newest first by default, or those not yet received first.
    GiftSort { "newest" => Newest, "oldest" => Oldest, "waiting" => Waiting }
    /// The activity log: newest first, always.
    AuditSort { "newest" => Newest }
    /// Photos: newest first by default.
    MediaSort { "newest" => Newest, "oldest" => Oldest }
    /// A roster's members: in the order the team page shows them by default.
    MemberSort { "order" => Order, "name" => Name }
    /// Mail waiting in the outbox: oldest first by default, the order it is sent in.
    OutboxSort { "oldest" => Oldest, "newest" => Newest }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[allow(clippy::disallowed_types)]
    fn query(pairs: &[(&str, &str)]) -> ListQuery {
        let text: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        actix_web::web::Query::<ListQuery>::from_query(&text.join("&"))
            .unwrap()
            .into_inner()
    }

    #[test]
    fn no_parameters_mean_the_whole_list_and_any_means_a_page() {
        assert!(Listing::<ContactSort>::parse(query(&[])).unwrap().is_none());
        let page = Listing::<ContactSort>::parse(query(&[("q", "")]))
            .unwrap()
            .unwrap();
        assert_eq!(
            (page.page, page.size, page.sort, page.search),
            (1, 20, ContactSort::Newest, None)
        );
        let page = Listing::<ContactSort>::parse(query(&[
            ("page", "3"),
            ("size", "50"),
            ("sort", "name"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!((page.offset(), page.sort), (100, ContactSort::Name));
    }

    #[test]
    fn a_control_character_anywhere_in_a_search_is_refused_even_at_either_end() {
        for q in ["a\nb", "a\n", "\tb", "\t", "\u{0}", "a\u{7F}", "a\u{85}"] {
            assert!(search_text(Some(q)).is_err(), "{q:?} was taken");
        }
        assert_eq!(search_text(Some("  a b  ")), Ok(Some("a b".into())));
        assert_eq!(search_text(Some("   ")), Ok(None));
    }

    #[test]
    fn bad_parameters_are_named() {
        let refused =
            Listing::<UserSort>::parse(query(&[("page", "0"), ("size", "500"), ("sort", "age")]));
        match refused {
            Err(ApiError::Validation(errors)) => {
                assert!(
                    errors.contains_key("page")
                        && errors.contains_key("size")
                        && errors.contains_key("sort")
                );
            }
            other => panic!("expected 400, got {other:?}"),
        }
    }

    #[test]
    fn searches_are_literal_text() {
        let page = Listing::<UserSort>::parse(query(&[("q", "50%25_off")]))
            .unwrap()
            .unwrap();
        assert_eq!(page.like_pattern().as_deref(), Some("%50\\%\\_off%"));
        assert_eq!(
            full_text_query("win \"prize\" OR"),
            Some("\"win\"* \"prize\"* \"OR\"*".into())
        );
        assert_eq!(full_text_query(" \" * "), None);
    }
}

//! What the bin holds: the kinds of record a delete keeps there, and a page of it asked for.

use super::listing::{number, DEFAULT_SIZE, MAX_SIZE};
use super::{Checker, Role};
use crate::error::ApiError;
use serde::Deserialize;

/// The kinds of record that go to the bin when deleted, named as the activity log names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinKind {
    Notice,
    Certificate,
    Roster,
    Member,
    Card,
    Gallery,
    Contact,
    Feedback,
    Gift,
    /// An account: it cannot sign in from the bin, and its address stays its own until erased.
    User,
    /// An uploaded photo no record uses, with its sizes (its links are by its hash, so the same).
    Photo,
}

impl BinKind {
    pub const ALL: [BinKind; 11] = [
        BinKind::Notice,
        BinKind::Certificate,
        BinKind::Roster,
        BinKind::Member,
        BinKind::Card,
        BinKind::Gallery,
        BinKind::Contact,
        BinKind::Feedback,
        BinKind::Gift,
        BinKind::User,
        BinKind::Photo,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            BinKind::Notice => "notice",
            BinKind::Certificate => "certificate",
            BinKind::Roster => "roster",
            BinKind::Member => "member",
            BinKind::Card => "card",
            BinKind::Gallery => "gallery",
            BinKind::Contact => "contact",
            BinKind::Feedback => "feedback",
            BinKind::Gift => "gift",
            BinKind::User => "user",
            BinKind::Photo => "media",
        }
    }

    /// Its name, or a photo's as the Activity screen says it ("photo").
    pub fn parse(name: &str) -> Option<BinKind> {
        let name = if name == "photo" { "media" } else { name };
        BinKind::ALL.into_iter().find(|kind| kind.as_str() == name)
    }

    /// One of them, in a sentence: "notice", "team".
    pub fn noun(self) -> &'static str {
        match self {
            BinKind::Roster => "team",
            BinKind::Gallery => "gallery picture",
            BinKind::Contact => "message",
            BinKind::Feedback => "feedback",
            BinKind::User => "account",
            BinKind::Photo => "photo",
            kind => kind.as_str(),
        }
    }

    /// Its table.
    pub fn table(self) -> &'static str {
        match self {
            BinKind::Notice => "notices",
            BinKind::Certificate => "certificates",
            BinKind::Roster => "rosters",
            BinKind::Member => "members",
            BinKind::Card => "cards",
            BinKind::Gallery => "gallery_images",
            BinKind::Contact => "contacts",
            BinKind::Feedback => "feedback",
            BinKind::Gift => "gifts",
            BinKind::User => "users",
            BinKind::Photo => "media",
        }
    }

    /// Whether its records keep a history of their versions (those the admin area edits).
    pub fn has_history(self) -> bool {
        !matches!(
            self,
            BinKind::Contact | BinKind::Gift | BinKind::Feedback | BinKind::User
        )
    }

    /// The tables a restore of this kind may write: its own, and what went with it.
    pub fn may_put_back(self, table: &str) -> bool {
        table == self.table()
            || table == "translations"
            || (self == BinKind::Roster && table == "members")
            || (self == BinKind::Photo && table == "media_variants")
    }

    /// The kind its Bengali texts are filed under in `translations`, if it has any.
    pub fn translation_kind(self) -> Option<&'static str> {
        match self {
            BinKind::Notice => Some("notice"),
            BinKind::Roster => Some("roster"),
            BinKind::Member => Some("member"),
            BinKind::Card => Some("card"),
            BinKind::Gallery => Some("gallery"),
            _ => None,
        }
    }

    /// Who may see it in the bin and restore it: whoever may delete it.
    pub fn for_role(self, role: Role) -> bool {
        match self {
            BinKind::Contact | BinKind::Gift | BinKind::User => role == Role::Admin,
            _ => matches!(role, Role::Admin | Role::Editor),
        }
    }

    /// What people know the record by, from its row: a notice's title, a certificate's number
    /// and name.
    pub fn title(self, row: &serde_json::Map<String, serde_json::Value>) -> String {
        let text = |column: &str| row.get(column).and_then(|v| v.as_str()).unwrap_or_default();
        match self {
            BinKind::Notice | BinKind::Roster => text("title").to_owned(),
            BinKind::Certificate => format!(
                "No. {}, {}",
                row.get("certinumber")
                    .and_then(|v| v.as_i64())
                    .unwrap_or_default(),
                text("name")
            ),
            BinKind::Card | BinKind::Gallery => text("caption").to_owned(),
            BinKind::Contact => format!("{} <{}>", text("name"), text("email")),
            BinKind::Member | BinKind::Feedback => text("name").to_owned(),
            BinKind::Gift => format!("{}, {}", text("name"), text("reference")),
            BinKind::Photo => {
                let number = |column: &str| row.get(column).and_then(|v| v.as_i64()).unwrap_or(0);
                let size = format!("{} × {}", number("width"), number("height"));
                match text("alt") {
                    "" => format!("Photo ({size})"),
                    alt => format!("{alt} ({size})"),
                }
            }
            BinKind::User => format!(
                "{} {} <{}>",
                text("firstname"),
                text("lastname"),
                text("email")
            ),
        }
    }

    /// What may have taken a record's place since it was deleted, when it cannot come back.
    pub fn taken_why(self, table: &str) -> &'static str {
        match (self, table) {
            (BinKind::Certificate, _) => "another certificate has its number now",
            (BinKind::Roster, "rosters") => "another team has its page address now",
            (BinKind::User, _) => "another account has its email address now",
            _ => "a newer record has its number now",
        }
    }
}

/// `GET /api/admin/bin`'s query: `page`, `size`, `kind` for one kind only, `q` for names that
/// hold it.
#[derive(Debug, Default, Deserialize)]
pub struct BinQuery {
    page: Option<String>,
    size: Option<String>,
    kind: Option<String>,
    q: Option<String>,
}

/// A page of the bin: the kinds shown (those the reader may restore, or the one asked for).
#[derive(Debug, Clone)]
pub struct BinListing {
    pub kinds: Vec<BinKind>,
    /// A `LIKE` pattern for the names, when searched.
    pub search: Option<String>,
    pub page: u32,
    pub size: u32,
}

impl BinListing {
    pub fn parse(query: BinQuery, role: Role) -> Result<BinListing, ApiError> {
        let mut check = Checker::default();
        let page = check.check("page", number(query.page, 1, 1_000_000));
        let size = check.check("size", number(query.size, DEFAULT_SIZE, MAX_SIZE));
        let mine: Vec<BinKind> = BinKind::ALL
            .into_iter()
            .filter(|k| k.for_role(role))
            .collect();
        let kinds = check.check(
            "kind",
            match query.kind.as_deref().map(str::trim) {
                None | Some("") => Ok(mine),
                Some(name) => match BinKind::parse(name) {
                    Some(kind) if mine.contains(&kind) => Ok(vec![kind]),
                    _ => Err(format!(
                        "must be one of {}",
                        mine.iter()
                            .map(|k| k.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                },
            },
        );
        let search = check.check("q", super::listing::search_text(query.q.as_deref()));
        check.finish(|| {
            Some(BinListing {
                kinds: kinds?,
                search: search?.as_deref().map(super::listing::like_pattern),
                page: page?,
                size: size?,
            })
        })
    }
}

//! What an entry is about: the kinds the Activity screen files entries by, as stored and read.

use serde::Serialize;

/// What an entry is about, as the Activity screen files it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Sign-ins, failed ones too.
    Signins,
    /// Where donors' money goes: the payment details and what donors read beside them.
    Payment,
    /// Accounts, roles, invitations, passwords and sessions.
    Users,
    /// What the site publishes.
    #[default]
    Content,
    /// Email, backups and the site's address.
    Settings,
    /// The server's own commands.
    Commands,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Signins,
        Kind::Payment,
        Kind::Users,
        Kind::Content,
        Kind::Settings,
        Kind::Commands,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Signins => "signins",
            Kind::Payment => "payment",
            Kind::Users => "users",
            Kind::Content => "content",
            Kind::Settings => "settings",
            Kind::Commands => "commands",
        }
    }

    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.as_str() == text)
    }

    /// The kind of a change to a record of this kind (as the log names records).
    pub fn of_record(record: &str) -> Kind {
        match record {
            "user" | "invitation" => Kind::Users,
            "email settings" | "mail" | "database backup" => Kind::Settings,
            _ => Kind::Content,
        }
    }
}

impl rusqlite::types::FromSql for Kind {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Kind> {
        let text = value.as_str()?;
        Kind::parse(text).ok_or_else(|| rusqlite::types::FromSqlError::Other(text.into()))
    }
}

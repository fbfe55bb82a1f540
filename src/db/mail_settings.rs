//! The `mail_settings` table: the mail server and addresses an admin set on the Email screen.

use crate::domain::{MailSettingsPatch, Security};
use crate::error::ApiError;
use rusqlite::{params, Connection, OptionalExtension};

/// The stored settings; empty texts mean "not set". (No `Debug`: it holds the SMTP password.)
#[derive(Clone)]
pub struct StoredMail {
    pub host: String,
    pub port: u16,
    pub security: Security,
    pub username: String,
    pub password: String,
    pub sender: String,
    pub contact_to: String,
    pub site_address: String,
}

impl Default for StoredMail {
    fn default() -> StoredMail {
        StoredMail {
            host: String::new(),
            port: 587,
            security: Security::Starttls,
            username: String::new(),
            password: String::new(),
            sender: String::new(),
            contact_to: String::new(),
            site_address: String::new(),
        }
    }
}

pub fn get(conn: &Connection) -> Result<StoredMail, ApiError> {
    let stored = conn
        .prepare_cached(
            "SELECT host, port, security, username, password, sender, contact_to, site_address
             FROM mail_settings WHERE id = 1",
        )?
        .query_row([], |row| {
            let security: String = row.get(2)?;
            Ok(StoredMail {
                host: row.get(0)?,
                port: row.get(1)?,
                security: Security::parse(&security).unwrap_or(Security::Starttls),
                username: row.get(3)?,
                password: row.get(4)?,
                sender: row.get(5)?,
                contact_to: row.get(6)?,
                site_address: row.get(7)?,
            })
        })
        .optional()?;
    Ok(stored.unwrap_or_default())
}

/// Stores the changed values in one statement; what the patch leaves out stays, but for the
/// password: a new host, port or user clears it unless it is given again, so the stored
/// password is never sent to a server it was not typed for.
pub fn update(conn: &Connection, patch: &MailSettingsPatch) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO mail_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING",
        [],
    )?;
    conn.prepare_cached(
        "UPDATE mail_settings SET host = coalesce(?1, host), port = coalesce(?2, port),
             security = coalesce(?3, security), username = coalesce(?4, username),
             password = CASE
                 WHEN ?5 IS NOT NULL THEN ?5
                 WHEN coalesce(?1 <> host, 0) OR coalesce(?2 <> port, 0)
                     OR coalesce(?4 <> username, 0) THEN ''
                 ELSE password END,
             sender = coalesce(?6, sender),
             contact_to = coalesce(?7, contact_to), site_address = coalesce(?8, site_address)
         WHERE id = 1",
    )?
    .execute(params![
        patch.host,
        patch.port,
        patch.security.map(Security::as_str),
        patch.username,
        patch.password,
        patch.sender,
        patch.contact_to,
        patch.site_address
    ])?;
    Ok(())
}

//! The `acme_accounts` and `tls_certificates` tables: what built-in HTTPS keeps between starts.

use rusqlite::{Connection, OptionalExtension};

/// A certificate as stored: the PEM chain and key for a set of domain names.
#[derive(Debug, Clone)]
pub struct StoredCertificate {
    pub chain_pem: String,
    pub key_pem: String,
    pub not_before: i64,
    pub not_after: i64,
}

/// The serialised credentials of our account at the ACME `directory`, if there is one.
pub fn account(conn: &Connection, directory: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row(
        "SELECT credentials FROM acme_accounts WHERE directory = ?1",
        [directory],
        |row| row.get(0),
    )
    .optional()
}

pub fn save_account(conn: &Connection, directory: &str, credentials: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO acme_accounts (directory, credentials) VALUES (?1, ?2)
         ON CONFLICT (directory) DO UPDATE SET credentials = excluded.credentials",
        [directory, credentials],
    )?;
    Ok(())
}

/// The certificate stored for exactly these `domains` (the key from [`domains_key`]).
pub fn certificate(
    conn: &Connection,
    domains: &str,
) -> rusqlite::Result<Option<StoredCertificate>> {
    conn.query_row(
        "SELECT chain_pem, key_pem, not_before, not_after FROM tls_certificates WHERE domains = ?1",
        [domains],
        |row| {
            Ok(StoredCertificate {
                chain_pem: row.get(0)?,
                key_pem: row.get(1)?,
                not_before: row.get(2)?,
                not_after: row.get(3)?,
            })
        },
    )
    .optional()
}

/// Stores (or replaces) the certificate for `domains`, issued through `directory`.
pub fn save_certificate(
    conn: &Connection,
    domains: &str,
    directory: &str,
    stored: &StoredCertificate,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO tls_certificates (domains, chain_pem, key_pem, not_before, not_after, issued_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (domains) DO UPDATE SET chain_pem = excluded.chain_pem,
             key_pem = excluded.key_pem, not_before = excluded.not_before,
             not_after = excluded.not_after, issued_by = excluded.issued_by,
             stored_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
        rusqlite::params![
            domains,
            stored.chain_pem,
            stored.key_pem,
            stored.not_before,
            stored.not_after,
            directory
        ],
    )?;
    Ok(())
}

-- Schema version 5: built-in HTTPS. The ACME account and the site's TLS certificates live in
-- the database, so the one file that is backed up holds everything needed to serve the site.

-- One account per ACME directory (Let's Encrypt, or a test CA); `credentials` is the account's
-- id and private key as the ACME client serialises them.
CREATE TABLE acme_accounts (
    directory   TEXT PRIMARY KEY,
    credentials TEXT NOT NULL,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- The certificate for one set of domain names (sorted, comma-separated), with its chain and
-- private key in PEM and the end of its validity in Unix seconds.
CREATE TABLE tls_certificates (
    domains    TEXT PRIMARY KEY,
    chain_pem  TEXT NOT NULL,
    key_pem    TEXT NOT NULL,
    not_before INTEGER NOT NULL,
    not_after  INTEGER NOT NULL,
    issued_by  TEXT NOT NULL,
    stored_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

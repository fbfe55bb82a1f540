-- Schema version 7: email. The SMTP settings an admin enters, the outbox of mail waiting to be
-- sent (so a message is never lost while the mail server is down), and password-reset links.

-- One row (id 1) or none: the mail server and addresses set in the admin area. The command
-- line's --smtp-url and --mail-from win over these. `password` is the SMTP account's, kept as
-- typed because the mail server needs it so; it never leaves the server.
CREATE TABLE mail_settings (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    host         TEXT    NOT NULL DEFAULT '' CHECK (length(host) <= 253),
    port         INTEGER NOT NULL DEFAULT 587 CHECK (port BETWEEN 1 AND 65535),
    security     TEXT    NOT NULL DEFAULT 'starttls' CHECK (security IN ('starttls', 'tls', 'none')),
    username     TEXT    NOT NULL DEFAULT '' CHECK (length(username) <= 254),
    password     TEXT    NOT NULL DEFAULT '' CHECK (length(password) <= 256),
    sender       TEXT    NOT NULL DEFAULT '' CHECK (length(sender) <= 254),
    -- Where new contact messages go; empty: to every admin.
    contact_to   TEXT    NOT NULL DEFAULT '' CHECK (length(contact_to) <= 254),
    -- The site's public address (https://jyoti.example.org) for links in emails, when no
    -- --domain names it; never taken from a request's Host header.
    site_address TEXT    NOT NULL DEFAULT '' CHECK (length(site_address) <= 2048)
) STRICT;

-- Mail waiting to be sent, or that could not be. A row is deleted once its mail is sent.
-- `recipients` is one address per line; `next_attempt_at` is in Unix milliseconds (0: at once).
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL CHECK (kind IN ('contact', 'reset')),
    recipients      TEXT    NOT NULL CHECK (length(recipients) BETWEEN 3 AND 100000),
    reply_to        TEXT,
    subject         TEXT    NOT NULL CHECK (length(subject) BETWEEN 1 AND 300),
    body            TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

-- A password-reset link: only the SHA-256 of its secret is kept, so the database (or a backup
-- of it) cannot be used to reset anyone's password. Single use, valid until `expires_at`.
CREATE TABLE password_resets (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
) STRICT;

CREATE INDEX password_resets_by_user ON password_resets (user_id);

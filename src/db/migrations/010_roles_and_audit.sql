-- Schema version 10: a site the next year's team can take over. Accounts have a role (admins,
-- editors who publish, and the visitors who registered), staff are invited by email, and every
-- change made in the admin area is kept in an append-only activity log.

ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'user'
    CHECK (role IN ('admin', 'editor', 'user'));
UPDATE users SET role = 'admin' WHERE is_admin = 1;
ALTER TABLE users DROP COLUMN is_admin;
-- When the account last signed in (login or an accepted invitation); NULL: never since v10.
ALTER TABLE users ADD COLUMN last_sign_in_at TEXT;

CREATE INDEX users_by_role ON users (role, id);

-- An invitation to join the team: only the SHA-256 of its secret is kept (as for reset links).
-- Single use: the row goes when it is accepted or revoked.
CREATE TABLE invitations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    email      TEXT    NOT NULL COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254),
    role       TEXT    NOT NULL CHECK (role IN ('admin', 'editor')),
    token_hash TEXT    NOT NULL UNIQUE,
    invited_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    -- Unix seconds.
    expires_at INTEGER NOT NULL
) STRICT;

CREATE INDEX invitations_by_email ON invitations (email);

-- The activity log. `actor` is who it was as they were then ("Name <email>", or "server
-- command"); `changes` a JSON array of {"field","old","new"} or NULL. Entries are never changed,
-- and only dropped once they are two years old.
CREATE TABLE audit_log (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    actor_id INTEGER,
    actor    TEXT    NOT NULL CHECK (length(actor) <= 400),
    address  TEXT    NOT NULL DEFAULT '' CHECK (length(address) <= 64),
    action   TEXT    NOT NULL CHECK (length(action) BETWEEN 1 AND 200),
    target   TEXT    NOT NULL DEFAULT '' CHECK (length(target) <= 400),
    changes  TEXT
) STRICT;

CREATE INDEX audit_log_by_time ON audit_log (at);

CREATE TRIGGER audit_log_never_changes BEFORE UPDATE ON audit_log BEGIN
    SELECT RAISE (ABORT, 'activity log entries cannot be changed');
END;
CREATE TRIGGER audit_log_kept_two_years BEFORE DELETE ON audit_log
    WHEN old.at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 years') BEGIN
    SELECT RAISE (ABORT, 'activity log entries are kept for two years');
END;

-- Outgoing mail gains two kinds: invitations (they carry a link's secret, like resets) and
-- alerts about the edits that matter. A CHECK cannot be altered, so the table is rebuilt.
CREATE TABLE outbox_v10 (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL CHECK (kind IN ('contact', 'reset', 'invitation', 'alert')),
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
INSERT INTO outbox_v10 SELECT id, kind, recipients, reply_to, subject, body, status, attempts,
    next_attempt_at, last_error, created_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v10 RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

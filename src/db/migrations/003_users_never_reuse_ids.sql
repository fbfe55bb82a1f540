-- Schema version 3: user ids are never given out again (AUTOINCREMENT), so a deleted account's
-- session token can never speak for a later account that would otherwise get the same id.

CREATE TABLE users_v3 (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    firstname     TEXT    NOT NULL CHECK (length(firstname) BETWEEN 1 AND 100),
    lastname      TEXT    NOT NULL DEFAULT '' CHECK (length(lastname) <= 100),
    department    TEXT    NOT NULL DEFAULT '' CHECK (length(department) <= 100),
    year          TEXT    NOT NULL DEFAULT '' CHECK (length(year) <= 20),
    email         TEXT    NOT NULL UNIQUE COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254),
    password_hash TEXT    NOT NULL,
    is_admin      INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    -- Raising it signs every session of the user out (tokens carry it as `ver`).
    token_version INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

INSERT INTO users_v3 (id, firstname, lastname, department, year, email, password_hash, is_admin, token_version, created_at)
    SELECT id, firstname, lastname, department, year, email, password_hash, is_admin, token_version, created_at FROM users;
DROP TABLE users;
ALTER TABLE users_v3 RENAME TO users;

-- Schema version 1: the tables of the first release. Never edited: today's whole schema is
-- the top-level schema.sql.
-- Applied to a new database at start; later changes ship as numbered migrations in src/db/migrations.rs.

CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
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

CREATE TABLE contacts (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    email      TEXT    NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    telephone  TEXT    NOT NULL CHECK (length(telephone) BETWEEN 7 AND 30),
    rating     INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    message    TEXT    NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX contacts_newest_first ON contacts (created_at DESC, id DESC);

CREATE TABLE notices (
    id         INTEGER PRIMARY KEY,
    url        TEXT    CHECK (url IS NULL OR (length(url) <= 2048 AND (url LIKE 'http://%' OR url LIKE 'https://%'))),
    title      TEXT    NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    date       TEXT    NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX notices_newest_first ON notices (date DESC, id DESC);

CREATE TABLE certificates (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    certinumber INTEGER NOT NULL UNIQUE CHECK (certinumber > 0)
) STRICT;

-- Server settings (the generated JWT secret among them).
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

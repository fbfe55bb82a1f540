-- Schema version 2: the site's content as data the admins edit (DESIGN §9).

-- Uploaded photos; each is stored as resized WebP variants.
CREATE TABLE media (
    id         INTEGER PRIMARY KEY,
    -- First 16 hex digits of the SHA-256 of the uploaded file: part of every URL, so URLs never go stale.
    hash       TEXT    NOT NULL CHECK (length(hash) = 16),
    width      INTEGER NOT NULL CHECK (width > 0),
    height     INTEGER NOT NULL CHECK (height > 0),
    alt        TEXT    NOT NULL DEFAULT '' CHECK (length(alt) <= 200),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE TABLE media_variants (
    media_id INTEGER NOT NULL REFERENCES media (id) ON DELETE CASCADE,
    width    INTEGER NOT NULL CHECK (width > 0),
    height   INTEGER NOT NULL CHECK (height > 0),
    data     BLOB    NOT NULL,
    PRIMARY KEY (media_id, width)
) STRICT, WITHOUT ROWID;

-- A photo is an upload (photo_id) or, for the sample content, one of our artworks shipped with the app (art).
CREATE TABLE rosters (
    id         INTEGER PRIMARY KEY,
    slug       TEXT    NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 20 AND slug NOT GLOB '*[^a-z0-9-]*'),
    title      TEXT    NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
    sort_order INTEGER NOT NULL
) STRICT;

CREATE TABLE members (
    id         INTEGER PRIMARY KEY,
    roster_id  INTEGER NOT NULL REFERENCES rosters (id) ON DELETE CASCADE,
    sort_order INTEGER NOT NULL,
    name       TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    department TEXT    NOT NULL DEFAULT '' CHECK (length(department) <= 100),
    year       TEXT    NOT NULL DEFAULT '' CHECK (length(year) <= 20),
    position   TEXT    NOT NULL DEFAULT '' CHECK (length(position) <= 100),
    photo_id   INTEGER REFERENCES media (id) ON DELETE RESTRICT,
    art        TEXT,
    link       TEXT    CHECK (link IS NULL OR link LIKE 'http://%' OR link LIKE 'https://%')
) STRICT;

CREATE INDEX members_in_order ON members (roster_id, sort_order);

CREATE TABLE cards (
    id         INTEGER PRIMARY KEY,
    section    TEXT    NOT NULL CHECK (section IN ('works', 'awards')),
    sort_order INTEGER NOT NULL,
    caption    TEXT    NOT NULL CHECK (length(caption) BETWEEN 1 AND 200),
    photo_id   INTEGER REFERENCES media (id) ON DELETE RESTRICT,
    art        TEXT
) STRICT;

CREATE TABLE gallery_images (
    id         INTEGER PRIMARY KEY,
    sort_order INTEGER NOT NULL,
    caption    TEXT    NOT NULL CHECK (length(caption) BETWEEN 1 AND 200),
    photo_id   INTEGER REFERENCES media (id) ON DELETE RESTRICT,
    art        TEXT
) STRICT;

-- The site's texts and links (hero, donation details, footer); `supportPhoto` holds `media:ID` or an art path.
CREATE TABLE site_settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

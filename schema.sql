-- The Jyoti site's database as it is today: schema version 22, the sum of the steps in
-- src/db/migrations/ (which are what a database is made and upgraded with). For reading:
-- a test checks it against a database the steps made.

CREATE TABLE acme_accounts (
    directory   TEXT PRIMARY KEY,
    credentials TEXT NOT NULL,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

CREATE TABLE alert_reads (
    alert_id INTEGER NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (alert_id, user_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE alerts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    at           TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    raised_ms    INTEGER NOT NULL,
    subject      TEXT    NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
    body         TEXT    NOT NULL CHECK (length(body) <= 20000),
    also_to      TEXT    NOT NULL DEFAULT '' CHECK (length(also_to) <= 2600),
    site         TEXT,
    delivered_at TEXT
, weight INTEGER NOT NULL DEFAULT 0 CHECK (weight BETWEEN 0 AND 2), reached_at TEXT) STRICT;

CREATE TABLE audit_log (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    actor_id INTEGER,
    actor    TEXT    NOT NULL CHECK (length(actor) <= 400),
    address  TEXT    NOT NULL DEFAULT '' CHECK (length(address) <= 64),
    action   TEXT    NOT NULL CHECK (length(action) BETWEEN 1 AND 200),
    target   TEXT    NOT NULL DEFAULT '' CHECK (length(target) <= 400),
    changes  TEXT
, kind TEXT NOT NULL DEFAULT 'content'
    CHECK (kind IN ('signins', 'payment', 'users', 'content', 'settings', 'commands'))) STRICT;

CREATE TABLE bin (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 20),
    record_id     INTEGER NOT NULL,
    -- What people know it by: a notice's title, a certificate's number and name.
    title         TEXT    NOT NULL CHECK (length(title) <= 300),
    rows          TEXT    NOT NULL,
    -- One delete of many (messages ticked together) shares its batch, undone as one.
    batch         TEXT,
    deleted_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    deleted_by    TEXT    NOT NULL
) STRICT;

CREATE TABLE bin_counts (
    kind  TEXT    PRIMARY KEY,
    count INTEGER NOT NULL CHECK (count >= 0)
) STRICT, WITHOUT ROWID;

CREATE TABLE cards (
    id         INTEGER PRIMARY KEY,
    section    TEXT    NOT NULL CHECK (section IN ('works', 'awards')),
    sort_order INTEGER NOT NULL,
    caption    TEXT    NOT NULL CHECK (length(caption) BETWEEN 1 AND 200),
    photo_id   INTEGER REFERENCES media (id) ON DELETE RESTRICT,
    art        TEXT
) STRICT;

CREATE TABLE certificates (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    certinumber INTEGER NOT NULL UNIQUE CHECK (certinumber > 0)
, event      TEXT NOT NULL DEFAULT '', issued_on  TEXT, revoked_on TEXT) STRICT;

CREATE TABLE contacts (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    email      TEXT    NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    telephone  TEXT    NOT NULL CHECK (length(telephone) BETWEEN 7 AND 30),
    rating     INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    message    TEXT    NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, read_at TEXT) STRICT;

CREATE VIRTUAL TABLE contacts_search USING fts5 (
    name, email, message, content = 'contacts', content_rowid = 'id', prefix = '2 3 4'
);

CREATE TABLE email_changes (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    email      TEXT    NOT NULL COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254),
    token_hash TEXT    NOT NULL UNIQUE,
    asked_by   TEXT    NOT NULL CHECK (length(asked_by) <= 400),
    -- Unix seconds.
    expires_at INTEGER NOT NULL
) STRICT;

CREATE TABLE feedback (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT    NOT NULL DEFAULT '',
    email       TEXT    NOT NULL DEFAULT '',
    mobile      TEXT    NOT NULL DEFAULT '',
    gender      TEXT    NOT NULL DEFAULT '' CHECK (gender IN ('', 'male', 'female', 'other')),
    interested  INTEGER NOT NULL DEFAULT 0 CHECK (interested IN (0, 1)),
    rating      INTEGER CHECK (rating BETWEEN 1 AND 5),
    suggestion  TEXT    NOT NULL DEFAULT '',
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE followers (
    id                 INTEGER PRIMARY KEY,
    email              TEXT    NOT NULL UNIQUE CHECK (length(email) BETWEEN 3 AND 254),
    lang               TEXT    NOT NULL CHECK (lang IN ('en', 'bn')),
    token              TEXT    NOT NULL UNIQUE,
    confirm_hash       TEXT    UNIQUE,
    confirm_expires_at INTEGER,
    confirm_sent_at    INTEGER,
    confirmed_at       INTEGER,
    created_at         INTEGER NOT NULL
) STRICT;

CREATE TABLE gallery_images (
    id         INTEGER PRIMARY KEY,
    sort_order INTEGER NOT NULL,
    caption    TEXT    NOT NULL CHECK (length(caption) BETWEEN 1 AND 200),
    photo_id   INTEGER REFERENCES media (id) ON DELETE RESTRICT,
    art        TEXT
) STRICT;

CREATE TABLE gifts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    name         TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    email        TEXT    NOT NULL DEFAULT '' CHECK (length(email) <= 254),
    -- In paise, so ₹1,500.50 is 150050: whole numbers, no rounding.
    amount_paise INTEGER NOT NULL CHECK (amount_paise BETWEEN 100 AND 1000000000),
    -- The payment's reference (a UPI transaction's 12-digit UTR, a bank transfer's UTR), in
    -- capitals without spaces.
    reference    TEXT    NOT NULL CHECK (length(reference) BETWEEN 6 AND 35),
    -- When an admin found the money on the statement; NULL while not yet.
    received_at  TEXT,
    -- When the thank-you mail was queued; NULL when none was.
    thanked_at   TEXT,
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, lang TEXT NOT NULL DEFAULT 'en'
    CHECK (length(lang) BETWEEN 2 AND 3 AND lang NOT GLOB '*[^a-z]*')) STRICT;

CREATE TABLE held_writes (
    id         INTEGER PRIMARY KEY,
    method     TEXT    NOT NULL CHECK (method IN ('POST', 'PUT', 'PATCH', 'DELETE')),
    path       TEXT    NOT NULL CHECK (length(path) BETWEEN 1 AND 2048),
    body       TEXT    NOT NULL,
    -- What the call does, in the activity log's words: "notice added".
    action     TEXT    NOT NULL,
    -- The field that holds the other UPI ID, and the ID.
    field      TEXT    NOT NULL,
    upi_id     TEXT    NOT NULL,
    actor_id   INTEGER NOT NULL,
    actor      TEXT    NOT NULL,
    made_at    INTEGER NOT NULL,
    due_at     INTEGER NOT NULL,
    -- The alert that tells of it: the write waits for its mail to reach someone.
    alert_id   INTEGER
) STRICT;

CREATE TABLE history (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 20),
    record_id  INTEGER NOT NULL,
    row        TEXT    NOT NULL,
    at         TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    changed_by TEXT    NOT NULL
) STRICT;

CREATE TABLE invitations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    email      TEXT    NOT NULL COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254),
    role       TEXT    NOT NULL CHECK (role IN ('admin', 'editor')),
    token_hash TEXT    NOT NULL UNIQUE,
    invited_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    -- Unix seconds.
    expires_at INTEGER NOT NULL
, used_at INTEGER, revoked_at INTEGER) STRICT;

CREATE TABLE known_browsers (
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    browser_hash TEXT    NOT NULL,
    last_seen    INTEGER NOT NULL,
    PRIMARY KEY (user_id, browser_hash)
) STRICT, WITHOUT ROWID;

CREATE TABLE mail_days (
    day     TEXT    PRIMARY KEY CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    routine INTEGER NOT NULL DEFAULT 0,
    alerts  INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;

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

CREATE TABLE media (
    id         INTEGER PRIMARY KEY,
    -- First 16 hex digits of the SHA-256 of the uploaded file: part of every URL, so URLs never go stale.
    hash       TEXT    NOT NULL CHECK (length(hash) = 16),
    width      INTEGER NOT NULL CHECK (width > 0),
    height     INTEGER NOT NULL CHECK (height > 0),
    alt        TEXT    NOT NULL DEFAULT '' CHECK (length(alt) <= 200),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
, focus_x INTEGER NOT NULL DEFAULT 50 CHECK (focus_x BETWEEN 0 AND 100), focus_y INTEGER NOT NULL DEFAULT 50 CHECK (focus_y BETWEEN 0 AND 100), pays TEXT) STRICT;

CREATE TABLE media_variants (
    media_id INTEGER NOT NULL REFERENCES media (id) ON DELETE CASCADE,
    width    INTEGER NOT NULL CHECK (width > 0),
    height   INTEGER NOT NULL CHECK (height > 0),
    data     BLOB    NOT NULL,
    PRIMARY KEY (media_id, width)
) STRICT, WITHOUT ROWID;

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

CREATE TABLE notices (
    id         INTEGER PRIMARY KEY,
    url        TEXT    CHECK (url IS NULL OR (length(url) <= 2048 AND (url LIKE 'http://%' OR url LIKE 'https://%'))),
    title      TEXT    NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    date       TEXT    NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE TABLE "outbox" (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 30 AND kind NOT GLOB '*[^a-z-]*'),
    recipients      TEXT    NOT NULL CHECK (length(recipients) BETWEEN 3 AND 100000),
    reply_to        TEXT,
    subject         TEXT    NOT NULL CHECK (length(subject) BETWEEN 1 AND 300),
    body            TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    -- Mail to send through other settings than the ones in force (the old mail server, told
    -- about its own replacement): a JSON object with the server and the sender.
    via             TEXT
, alert_id INTEGER, unsubscribe TEXT) STRICT;

CREATE TABLE passkeys (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id BLOB    NOT NULL UNIQUE,
    public_key    BLOB    NOT NULL,
    algorithm     INTEGER NOT NULL,
    rp_id         TEXT    NOT NULL,
    sign_count    INTEGER NOT NULL DEFAULT 0,
    name          TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    last_used_at  INTEGER
) STRICT;

CREATE TABLE password_resets (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
) STRICT;

CREATE TABLE payment_hold (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    fields   TEXT    NOT NULL,
    due_at   INTEGER NOT NULL,
    actor    TEXT    NOT NULL,
    actor_id INTEGER,
    changes  TEXT    NOT NULL
, alert_id INTEGER) STRICT;

CREATE TABLE push_subscriptions (
    id         INTEGER PRIMARY KEY,
    endpoint   TEXT    NOT NULL UNIQUE CHECK (length(endpoint) BETWEEN 10 AND 2048),
    p256dh     BLOB    NOT NULL CHECK (length(p256dh) = 65),
    auth       BLOB    NOT NULL CHECK (length(auth) = 16),
    lang       TEXT    NOT NULL CHECK (lang IN ('en', 'bn')),
    created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE recovery_codes (
    user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT    NOT NULL,
    used_at   INTEGER,
    PRIMARY KEY (user_id, code_hash)
) STRICT, WITHOUT ROWID;

CREATE TABLE rosters (
    id         INTEGER PRIMARY KEY,
    slug       TEXT    NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 20 AND slug NOT GLOB '*[^a-z0-9-]*'),
    title      TEXT    NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
    sort_order INTEGER NOT NULL
) STRICT;

CREATE TABLE second_step_failures (
    user_id      INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    failures     INTEGER NOT NULL,
    locked_until INTEGER
) STRICT;

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

CREATE TABLE sign_out_links (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL
) STRICT;

CREATE TABLE site_settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

CREATE TABLE tls_certificates (
    domains    TEXT PRIMARY KEY,
    chain_pem  TEXT NOT NULL,
    key_pem    TEXT NOT NULL,
    not_before INTEGER NOT NULL,
    not_after  INTEGER NOT NULL,
    issued_by  TEXT NOT NULL,
    stored_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

CREATE TABLE totp_secrets (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret     BLOB    NOT NULL,
    confirmed  INTEGER NOT NULL DEFAULT 0 CHECK (confirmed IN (0, 1)),
    last_step  INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE "translations" (
    id     INTEGER PRIMARY KEY,
    lang   TEXT NOT NULL CHECK (length(lang) BETWEEN 2 AND 3 AND lang NOT GLOB '*[^a-z]*'
                                AND lang <> 'en'),
    kind   TEXT NOT NULL CHECK (kind IN ('setting', 'card', 'gallery', 'notice', 'roster', 'member',
                                         'event')),
    -- The record's id, the setting's key, or the event's English.
    record TEXT NOT NULL CHECK (length(record) BETWEEN 1 AND 200),
    field  TEXT NOT NULL CHECK (length(field) BETWEEN 1 AND 40),
    text   TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
    UNIQUE (lang, kind, record, field)
) STRICT;

CREATE TABLE "users" (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    firstname     TEXT    NOT NULL CHECK (length(firstname) BETWEEN 1 AND 100),
    lastname      TEXT    NOT NULL DEFAULT '' CHECK (length(lastname) <= 100),
    department    TEXT    NOT NULL DEFAULT '' CHECK (length(department) <= 100),
    year          TEXT    NOT NULL DEFAULT '' CHECK (length(year) <= 20),
    email         TEXT    NOT NULL UNIQUE COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254),
    password_hash TEXT    NOT NULL,
    token_version INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
, role TEXT NOT NULL DEFAULT 'user'
    CHECK (role IN ('admin', 'editor', 'user')), last_sign_in_at TEXT) STRICT;

CREATE INDEX alerts_undelivered ON alerts (raised_ms) WHERE delivered_at IS NULL;

CREATE INDEX audit_log_by_kind ON audit_log (kind, at);

CREATE INDEX audit_log_by_time ON audit_log (at);

CREATE INDEX bin_by_batch ON bin (batch) WHERE batch IS NOT NULL;

CREATE INDEX bin_by_record ON bin (kind, record_id, id);

CREATE INDEX bin_by_time ON bin (deleted_at);

CREATE INDEX bin_listed ON bin (deleted_at, id, kind, title, record_id, deleted_by);

CREATE INDEX certificates_by_name ON certificates (name COLLATE NOCASE, id);

CREATE INDEX contacts_by_name ON contacts (name COLLATE NOCASE, id);

CREATE INDEX contacts_newest_first ON contacts (created_at DESC, id DESC);

CREATE INDEX feedback_newest_first ON feedback (created_at DESC, id DESC);

CREATE INDEX gifts_newest_first ON gifts (created_at DESC, id DESC);

CREATE INDEX history_of_record ON history (kind, record_id, id);

CREATE INDEX invitations_by_email ON invitations (email);

CREATE INDEX members_in_order ON members (roster_id, sort_order);

CREATE INDEX notices_by_title ON notices (title COLLATE NOCASE, id);

CREATE INDEX notices_newest_first ON notices (date DESC, id DESC);

CREATE INDEX outbox_by_alert ON outbox (alert_id) WHERE alert_id IS NOT NULL;

CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

CREATE INDEX passkeys_by_user ON passkeys (user_id);

CREATE INDEX password_resets_by_user ON password_resets (user_id);

CREATE INDEX sign_out_links_by_user ON sign_out_links (user_id);

CREATE INDEX users_by_name ON users (firstname COLLATE NOCASE, lastname COLLATE NOCASE, id);

CREATE INDEX users_by_role ON users (role, id);

CREATE TRIGGER audit_log_kept_two_years BEFORE DELETE ON audit_log
    WHEN old.at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 years') BEGIN
    SELECT RAISE (ABORT, 'activity log entries are kept for two years');
END;

CREATE TRIGGER audit_log_never_changes BEFORE UPDATE ON audit_log BEGIN
    SELECT RAISE (ABORT, 'activity log entries cannot be changed');
END;

CREATE TRIGGER bin_counted AFTER INSERT ON bin BEGIN
    INSERT INTO bin_counts (kind, count) VALUES (NEW.kind, 1)
        ON CONFLICT (kind) DO UPDATE SET count = count + 1;
END;

CREATE TRIGGER bin_uncounted AFTER DELETE ON bin BEGIN
    UPDATE bin_counts SET count = count - 1 WHERE kind = OLD.kind;
END;

CREATE TRIGGER cards_translations AFTER DELETE ON cards BEGIN
    DELETE FROM translations WHERE kind = 'card' AND record = CAST(old.id AS TEXT);
END;

CREATE TRIGGER gallery_images_translations AFTER DELETE ON gallery_images BEGIN
    DELETE FROM translations WHERE kind = 'gallery' AND record = CAST(old.id AS TEXT);
END;

CREATE TRIGGER members_translations AFTER DELETE ON members BEGIN
    DELETE FROM translations WHERE kind = 'member' AND record = CAST(old.id AS TEXT);
END;

CREATE TRIGGER notices_translations AFTER DELETE ON notices BEGIN
    DELETE FROM translations WHERE kind = 'notice' AND record = CAST(old.id AS TEXT);
END;

CREATE TRIGGER rosters_translations AFTER DELETE ON rosters BEGIN
    DELETE FROM translations WHERE kind = 'roster' AND record = CAST(old.id AS TEXT);
END;

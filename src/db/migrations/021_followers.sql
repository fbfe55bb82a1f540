-- Step 21: followers, who get each new notice by email. An address is followed once; until it
-- is confirmed it keeps the hash of its confirmation link (7 days) and when the last such mail
-- went (one a day). `token` is the follower's own: every notice mail's unsubscribe link holds it.
-- A mail to a follower carries its List-Unsubscribe URL (RFC 8058) in the outbox.
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

ALTER TABLE outbox ADD COLUMN unsubscribe TEXT;

-- Phones that asked for notices (web push): the push service's endpoint, and the keys the
-- browser gave to encrypt for it (RFC 8291), with the language of the page it was asked on.
CREATE TABLE push_subscriptions (
    id         INTEGER PRIMARY KEY,
    endpoint   TEXT    NOT NULL UNIQUE CHECK (length(endpoint) BETWEEN 10 AND 2048),
    p256dh     BLOB    NOT NULL CHECK (length(p256dh) = 65),
    auth       BLOB    NOT NULL CHECK (length(auth) = 16),
    lang       TEXT    NOT NULL CHECK (lang IN ('en', 'bn')),
    created_at INTEGER NOT NULL
) STRICT;

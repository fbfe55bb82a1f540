-- Step 14: the outbox's kinds of mail are the Rust enum's (`db::outbox::Kind`); the table only
-- checks a kind's shape, so a new kind of mail needs no rebuild of the table (steps 10 and 11
-- each rebuilt it for one). Rebuilt this last time (and compacted after, as its old pages may
-- hold a reset link's secret), keeping the `via` column of step 12.
CREATE TABLE outbox_v14 (
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
) STRICT;
INSERT INTO outbox_v14 SELECT id, kind, recipients, reply_to, subject, body, status, attempts,
    next_attempt_at, last_error, created_at, via FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v14 RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

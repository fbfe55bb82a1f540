-- "After paying, tell us": a donor names a payment they made (by UPI or bank transfer) on the
-- Support page, so the club can match it to its statement and say thank you. Admins see them on
-- the Gifts screen and mark each one received; a thank-you mail then goes to the donor's email,
-- when one was given and email works.

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
) STRICT;

CREATE INDEX gifts_newest_first ON gifts (created_at DESC, id DESC);

-- Outgoing mail gains a kind: the thank-you to a donor. A CHECK cannot be altered, so the table
-- is rebuilt (and the file compacted after, as its old pages may hold a reset link's secret).
CREATE TABLE outbox_v11 (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL CHECK (kind IN ('contact', 'reset', 'invitation', 'alert', 'thanks')),
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
INSERT INTO outbox_v11 SELECT id, kind, recipients, reply_to, subject, body, status, attempts,
    next_attempt_at, last_error, created_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v11 RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

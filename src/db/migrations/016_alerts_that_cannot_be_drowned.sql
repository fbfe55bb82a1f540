-- Step 16: an alert that cannot be drowned or starved. An alert has a weight: 2 for the
-- payment details, the hold and the email settings (mailed each on its own, pinned on the
-- Alerts screen until every admin read it), 1 for roles, staff addresses and the alarm's own
-- delivery (mailed before the rest, never merged with it), 0 for the rest. A mail of one alert
-- names it, so the alert knows when its mail reached someone (`reached_at`), and a held change
-- of the payment details knows its alert. A staff member's new email address waits for its
-- owner to confirm it. Mail other than alerts keeps to a daily budget, counted per UTC day.
ALTER TABLE alerts ADD COLUMN weight INTEGER NOT NULL DEFAULT 0 CHECK (weight BETWEEN 0 AND 2);
ALTER TABLE alerts ADD COLUMN reached_at TEXT;
UPDATE alerts SET weight = 2
 WHERE subject LIKE 'Jyoti site: the payment details%'
    OR subject LIKE 'Jyoti site: new payment details%'
    OR subject LIKE 'Jyoti site: the email settings%';
UPDATE alerts SET weight = 1 WHERE weight = 0 AND subject LIKE 'Jyoti site: the role of%';

ALTER TABLE outbox ADD COLUMN alert_id INTEGER;
CREATE INDEX outbox_by_alert ON outbox (alert_id) WHERE alert_id IS NOT NULL;

ALTER TABLE payment_hold ADD COLUMN alert_id INTEGER;

CREATE TABLE email_changes (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    email      TEXT    NOT NULL COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254),
    token_hash TEXT    NOT NULL UNIQUE,
    asked_by   TEXT    NOT NULL CHECK (length(asked_by) <= 400),
    -- Unix seconds.
    expires_at INTEGER NOT NULL
) STRICT;

CREATE TABLE mail_days (
    day     TEXT    PRIMARY KEY CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    routine INTEGER NOT NULL DEFAULT 0,
    alerts  INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;

-- Schema version 12: the alarm out of the tamperer's hands. Alerts are records (shown in the
-- admin area until each admin has read them, mailed when mail works), a change of the payment
-- details waits out a hold before donors see it, and the activity log files each entry by kind.

-- An alert about a change that matters or a problem that lasts. `raised_ms` is Unix
-- milliseconds (for the mail that merges alerts a minute apart); `site` the site's address in
-- force when it was raised, for its links; `also_to` addresses mailed besides the admins (one
-- who lost the admin role), one per line; `delivered_at` when its mail was queued.
CREATE TABLE alerts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    at           TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    raised_ms    INTEGER NOT NULL,
    subject      TEXT    NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
    body         TEXT    NOT NULL CHECK (length(body) <= 20000),
    also_to      TEXT    NOT NULL DEFAULT '' CHECK (length(also_to) <= 2600),
    site         TEXT,
    delivered_at TEXT
) STRICT;

CREATE INDEX alerts_undelivered ON alerts (raised_ms) WHERE delivered_at IS NULL;

-- Which admin has read which alert.
CREATE TABLE alert_reads (
    alert_id INTEGER NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (alert_id, user_id)
) STRICT, WITHOUT ROWID;

-- A change of the payment details waiting out its hold: the fields and values it sets (a JSON
-- object), when it takes effect (Unix seconds), and who made it. At most one.
CREATE TABLE payment_hold (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    fields   TEXT    NOT NULL,
    due_at   INTEGER NOT NULL,
    actor    TEXT    NOT NULL,
    actor_id INTEGER,
    changes  TEXT    NOT NULL
) STRICT;

-- Mail to send through other settings than the ones in force (the old mail server, told about
-- its own replacement): a JSON object with the server and the sender.
ALTER TABLE outbox ADD COLUMN via TEXT;

-- The kind of each entry, for the Activity screen's filter. Entries never change, so the
-- trigger that guards them steps aside while the old ones are filed.
ALTER TABLE audit_log ADD COLUMN kind TEXT NOT NULL DEFAULT 'content'
    CHECK (kind IN ('signins', 'payment', 'users', 'content', 'settings', 'commands'));
DROP TRIGGER audit_log_never_changes;
UPDATE audit_log SET kind = CASE
    WHEN actor = 'server command' THEN 'commands'
    WHEN action IN ('signed in', 'sign-in failed') THEN 'signins'
    WHEN changes LIKE '%"field":"upi%' OR changes LIKE '%"field":"donation%' THEN 'payment'
    WHEN target LIKE 'user %' OR target LIKE 'invitation%' THEN 'users'
    WHEN target LIKE 'email settings%' OR target LIKE 'mail%' OR target LIKE 'database backup%'
        THEN 'settings'
    ELSE 'content' END;
CREATE TRIGGER audit_log_never_changes BEFORE UPDATE ON audit_log BEGIN
    SELECT RAISE (ABORT, 'activity log entries cannot be changed');
END;
CREATE INDEX audit_log_by_kind ON audit_log (kind, at);

-- An invitation is kept once used or withdrawn (and after it expires), so its link can say
-- which of these it is and the admins' list can offer to send an expired one again. Only the
-- hash of its secret is kept, as before. Unix seconds.
ALTER TABLE invitations ADD COLUMN used_at INTEGER;
ALTER TABLE invitations ADD COLUMN revoked_at INTEGER;

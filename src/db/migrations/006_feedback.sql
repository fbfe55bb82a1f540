-- Feedback: the answers of the feedback form (/form), which the original site threw away; admins
-- read them on the Feedback screen. Every answer is optional but a rating or a suggestion.

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

CREATE INDEX feedback_newest_first ON feedback (created_at DESC, id DESC);

-- Step 22: an admin's write that puts another UPI ID before visitors (a notice, a card, a
-- caption, a Bengali text, a photo of a UPI QR code) waits out the payment hold like a change of
-- the payment details: the call as it was made, replayed as its admin when the hold is over and
-- its alert has reached someone, unless an admin cancels it first.
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

-- The UPI ID a photo's UPI QR code pays, read at upload: placing the photo where visitors see it
-- is judged as a text naming that ID would be.
ALTER TABLE media ADD COLUMN pays TEXT;

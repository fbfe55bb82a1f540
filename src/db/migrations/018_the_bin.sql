-- Step 18: the bin. A deleted record leaves its table at once (so every page, list, feed and
-- lookup answers as if it were gone) and is kept here whole, with the rows that went with it
-- (a team's members, the Bengali texts), until it is restored or erased for good after the bin
-- days. `rows` is JSON: [{"table": NAME, "rows": [{COLUMN: VALUE, …}, …]}, …] in the order
-- they are put back; a blob would be {"blob": HEX}.
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
    deleted_by    TEXT    NOT NULL,
    UNIQUE (kind, record_id)
) STRICT;
CREATE INDEX bin_by_time ON bin (deleted_at);
CREATE INDEX bin_by_batch ON bin (batch) WHERE batch IS NOT NULL;

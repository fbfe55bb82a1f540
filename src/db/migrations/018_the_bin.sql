-- Step 18: the bin, and each record's history (at the end). A deleted record leaves its table at
-- once (so every page, list, feed and lookup answers as if it were gone) and is kept in the bin
-- whole, with the rows that went with it (a team's members, the Bengali texts), until it is
-- restored or erased for good after the bin days. `rows` is JSON: [{"table": NAME, "rows":
-- [{COLUMN: VALUE, …}, …]}, …] in the order they are put back; a blob would be {"blob": HEX}.
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
-- A record is found by its kind and id, the newest first: a table that reuses the id of its
-- newest row once it is deleted may have given it to another record, deleted in turn.
CREATE INDEX bin_by_record ON bin (kind, record_id, id);
CREATE INDEX bin_by_time ON bin (deleted_at);
CREATE INDEX bin_by_batch ON bin (batch) WHERE batch IS NOT NULL;

-- Each record's history: the record as it was before each change (its columns as JSON), who
-- changed it and when, newest last. At least the last 50 versions of a record and every version
-- of the last 12 months are kept.
CREATE TABLE history (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 20),
    record_id  INTEGER NOT NULL,
    row        TEXT    NOT NULL,
    at         TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    changed_by TEXT    NOT NULL
) STRICT;
CREATE INDEX history_of_record ON history (kind, record_id, id);

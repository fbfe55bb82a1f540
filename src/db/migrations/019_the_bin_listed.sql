-- Step 19: the bin's list read from one index, and its size kept by kind. A page of the bin (newest
-- first, of the kinds the reader may restore, or those whose names hold a search) needs only the
-- indexed columns, so neither a page deep in a full bin nor a search reads the records kept whole
-- beside them; how many it holds is a sum of a few counts, never a walk over every entry.
CREATE INDEX bin_listed ON bin (deleted_at, id, kind, title, record_id, deleted_by);

CREATE TABLE bin_counts (
    kind  TEXT    PRIMARY KEY,
    count INTEGER NOT NULL CHECK (count >= 0)
) STRICT, WITHOUT ROWID;

INSERT INTO bin_counts (kind, count) SELECT kind, count(*) FROM bin GROUP BY kind;

CREATE TRIGGER bin_counted AFTER INSERT ON bin BEGIN
    INSERT INTO bin_counts (kind, count) VALUES (NEW.kind, 1)
        ON CONFLICT (kind) DO UPDATE SET count = count + 1;
END;

CREATE TRIGGER bin_uncounted AFTER DELETE ON bin BEGIN
    UPDATE bin_counts SET count = count - 1 WHERE kind = OLD.kind;
END;

-- Step 13: the Bengali version of each text admins write for the public pages (a card's or a
-- gallery image's caption, a notice's title, a team's title, a member's position, the texts
-- among the site settings). One row a text; none where the English shows. A rowid table, so
-- the cache sees its writes.
CREATE TABLE translations (
    id     INTEGER PRIMARY KEY,
    lang   TEXT NOT NULL CHECK (lang IN ('bn')),
    kind   TEXT NOT NULL CHECK (kind IN ('setting', 'card', 'gallery', 'notice', 'roster', 'member')),
    -- The record's id, or the setting's key.
    record TEXT NOT NULL CHECK (length(record) BETWEEN 1 AND 40),
    field  TEXT NOT NULL CHECK (length(field) BETWEEN 1 AND 40),
    text   TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
    UNIQUE (lang, kind, record, field)
) STRICT;

-- A deleted record takes its Bengali texts with it.
CREATE TRIGGER cards_translations AFTER DELETE ON cards BEGIN
    DELETE FROM translations WHERE kind = 'card' AND record = CAST(old.id AS TEXT);
END;
CREATE TRIGGER gallery_images_translations AFTER DELETE ON gallery_images BEGIN
    DELETE FROM translations WHERE kind = 'gallery' AND record = CAST(old.id AS TEXT);
END;
CREATE TRIGGER notices_translations AFTER DELETE ON notices BEGIN
    DELETE FROM translations WHERE kind = 'notice' AND record = CAST(old.id AS TEXT);
END;
CREATE TRIGGER rosters_translations AFTER DELETE ON rosters BEGIN
    DELETE FROM translations WHERE kind = 'roster' AND record = CAST(old.id AS TEXT);
END;
CREATE TRIGGER members_translations AFTER DELETE ON members BEGIN
    DELETE FROM translations WHERE kind = 'member' AND record = CAST(old.id AS TEXT);
END;

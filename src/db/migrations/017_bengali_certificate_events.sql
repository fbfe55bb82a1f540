-- Step 17: a gift remembers the language its donor wrote in (the thank-you is mailed in it),
-- checked by its shape as a translation's is; and a certificate's event gets its Bengali, once for every certificate of that event: a
-- translation of kind 'event' whose record is the event's English (up to 200 characters, as a
-- certificate's event is). The table is rebuilt with its rows; the triggers that remove a
-- deleted record's translations are made again, unchanged, around it.
DROP TRIGGER cards_translations;
DROP TRIGGER gallery_images_translations;
DROP TRIGGER notices_translations;
DROP TRIGGER rosters_translations;
DROP TRIGGER members_translations;

CREATE TABLE translations_v17 (
    id     INTEGER PRIMARY KEY,
    lang   TEXT NOT NULL CHECK (length(lang) BETWEEN 2 AND 3 AND lang NOT GLOB '*[^a-z]*'
                                AND lang <> 'en'),
    kind   TEXT NOT NULL CHECK (kind IN ('setting', 'card', 'gallery', 'notice', 'roster', 'member',
                                         'event')),
    -- The record's id, the setting's key, or the event's English.
    record TEXT NOT NULL CHECK (length(record) BETWEEN 1 AND 200),
    field  TEXT NOT NULL CHECK (length(field) BETWEEN 1 AND 40),
    text   TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
    UNIQUE (lang, kind, record, field)
) STRICT;
INSERT INTO translations_v17 SELECT id, lang, kind, record, field, text FROM translations;
DROP TABLE translations;
ALTER TABLE translations_v17 RENAME TO translations;

-- A deleted record takes its translations with it (an event's stays for the next certificate
-- of that event).
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

-- The language of the page a donor told us about their gift from ('en' for the gifts before).
ALTER TABLE gifts ADD COLUMN lang TEXT NOT NULL DEFAULT 'en'
    CHECK (length(lang) BETWEEN 2 AND 3 AND lang NOT GLOB '*[^a-z]*');

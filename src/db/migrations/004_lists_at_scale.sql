-- Schema version 4: lists that stay fast with years of rows — the orders admins sort by are
-- indexed, contact messages are searchable in full text and remember when an admin read them.

ALTER TABLE contacts ADD COLUMN read_at TEXT;

CREATE INDEX contacts_by_name ON contacts (name COLLATE NOCASE, id);
CREATE INDEX users_by_name ON users (firstname COLLATE NOCASE, lastname COLLATE NOCASE, id);
CREATE INDEX notices_by_title ON notices (title COLLATE NOCASE, id);
CREATE INDEX certificates_by_name ON certificates (name COLLATE NOCASE, id);

-- The search index of contact messages, kept by triggers in step with the table; searches
-- match words by their beginnings, so short prefixes are indexed too.
CREATE VIRTUAL TABLE contacts_search USING fts5 (
    name, email, message, content = 'contacts', content_rowid = 'id', prefix = '2 3 4'
);
INSERT INTO contacts_search (contacts_search) VALUES ('rebuild');

CREATE TRIGGER contacts_search_insert AFTER INSERT ON contacts BEGIN
    INSERT INTO contacts_search (rowid, name, email, message)
        VALUES (new.id, new.name, new.email, new.message);
END;
CREATE TRIGGER contacts_search_delete AFTER DELETE ON contacts BEGIN
    INSERT INTO contacts_search (contacts_search, rowid, name, email, message)
        VALUES ('delete', old.id, old.name, old.email, old.message);
END;
CREATE TRIGGER contacts_search_update AFTER UPDATE OF name, email, message ON contacts BEGIN
    INSERT INTO contacts_search (contacts_search, rowid, name, email, message)
        VALUES ('delete', old.id, old.name, old.email, old.message);
    INSERT INTO contacts_search (rowid, name, email, message)
        VALUES (new.id, new.name, new.email, new.message);
END;

-- Certificates that can be shared and checked: the event or course and the issue date a
-- certificate may name, and its revocation (the date it stopped being valid; NULL while valid).
-- Empty text means "not given", like the other optional text columns.

ALTER TABLE certificates ADD COLUMN event      TEXT NOT NULL DEFAULT '';
ALTER TABLE certificates ADD COLUMN issued_on  TEXT;
ALTER TABLE certificates ADD COLUMN revoked_on TEXT;

-- Step 20: second factors. An account may have an authenticator app (its TOTP secret, confirmed by
-- a first code, and the last 30-second step a code was accepted for, so no code works twice),
-- passkeys (WebAuthn public keys, each under the relying party it was made for), and one-time
-- recovery codes, kept hashed. Wrong codes at the second step lock it for a while; browsers that
-- signed in to a staff account are remembered (hashed) so only a new one is mailed about; the
-- mail's "Sign out everywhere" link is kept hashed too.
CREATE TABLE totp_secrets (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret     BLOB    NOT NULL,
    confirmed  INTEGER NOT NULL DEFAULT 0 CHECK (confirmed IN (0, 1)),
    last_step  INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE passkeys (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id BLOB    NOT NULL UNIQUE,
    public_key    BLOB    NOT NULL,
    algorithm     INTEGER NOT NULL,
    rp_id         TEXT    NOT NULL,
    sign_count    INTEGER NOT NULL DEFAULT 0,
    name          TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    last_used_at  INTEGER
) STRICT;

CREATE INDEX passkeys_by_user ON passkeys (user_id);

CREATE TABLE recovery_codes (
    user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT    NOT NULL,
    used_at   INTEGER,
    PRIMARY KEY (user_id, code_hash)
) STRICT, WITHOUT ROWID;

CREATE TABLE second_step_failures (
    user_id      INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    failures     INTEGER NOT NULL,
    locked_until INTEGER
) STRICT;

CREATE TABLE known_browsers (
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    browser_hash TEXT    NOT NULL,
    last_seen    INTEGER NOT NULL,
    PRIMARY KEY (user_id, browser_hash)
) STRICT, WITHOUT ROWID;

CREATE TABLE sign_out_links (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL
) STRICT;

CREATE INDEX sign_out_links_by_user ON sign_out_links (user_id);

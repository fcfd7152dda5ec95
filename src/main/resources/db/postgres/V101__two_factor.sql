-- Two-factor authentication (issue 28): a person's TOTP secret (RFC 6238, 30-second steps, 6 digits),
-- confirmed once their app has produced a code; last_step is the newest step accepted, so a code works
-- once. Recovery codes are stored as their SHA-256 and deleted when used.
CREATE TABLE two_factor (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    secret TEXT NOT NULL,
    confirmed BOOLEAN NOT NULL,
    last_step BIGINT NOT NULL
);
CREATE TABLE recovery_codes (
    user_id BIGINT NOT NULL REFERENCES users(id),
    code_hash TEXT NOT NULL,
    PRIMARY KEY (user_id, code_hash)
);

-- Sign-in (issue 28): the desktop app's one-time login tokens (Zulip's log_into_subdomain tokens).
-- A token is shown to the app encrypted with its one-time pad and opens one web session, within
-- seconds; only its SHA-256 is stored.
CREATE TABLE login_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    expires_at BIGINT NOT NULL
);
CREATE INDEX login_tokens_expires ON login_tokens (expires_at);

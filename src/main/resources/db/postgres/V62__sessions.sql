-- Web sessions (issue 13): the browser client signs in with a session cookie, as Zulip's web app does.
-- The cookie's value is never stored, only its SHA-256 (a leaked table opens no session). auth_hash is
-- a fingerprint of the user's password hash at login: a password change ends every session.
CREATE TABLE web_sessions (
    key_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    csrf_token TEXT NOT NULL,
    auth_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX web_sessions_user ON web_sessions (user_id);
CREATE INDEX web_sessions_expires ON web_sessions (expires_at);

-- Sign-in (issue 28): a redirect-based sign-in under way (OpenID Connect): found by the SHA-256 of its
-- state parameter, bound to the browser that started it (the SHA-256 of a cookie), spent on its return
-- (a replayed state finds nothing), expiring after ten minutes. data: the nonce, the PKCE verifier and
-- where the sign-in ends (browser, mobile or desktop flow).
CREATE TABLE signin_flows (
    state_hash TEXT PRIMARY KEY,
    browser_hash TEXT NOT NULL,
    data TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX signin_flows_expires ON signin_flows (expires_at);

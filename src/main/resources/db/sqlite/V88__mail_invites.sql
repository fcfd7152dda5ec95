-- Outgoing mail (issue 14): every mail is a row written in the transaction that decided to send
-- it, and delivered after commit by the mail sender (right away, then retried with backoff by the
-- collector). Without SMTP configured rows wait here: nothing is lost.
CREATE TABLE outbox_mail (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,              -- invitation, password_reset, login_notice, missed_message
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,              -- text/plain
    created_at BIGINT NOT NULL,
    next_attempt_at BIGINT NOT NULL, -- also the lease of a sender that claimed the row
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    sent_at BIGINT,
    failed_at BIGINT                 -- gave up after too many attempts
);
CREATE INDEX outbox_mail_due ON outbox_mail (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- Invitations (issue 14): email invitations (email set, used once) and reusable links
-- (is_multiuse, email null), as Zulip's PreregistrationUser and MultiuseInvite.
CREATE TABLE invites (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    is_multiuse BOOLEAN NOT NULL,
    email TEXT,
    link_key TEXT NOT NULL UNIQUE,   -- the secret in /join/<key>/
    referred_by BIGINT NOT NULL REFERENCES users(id),
    invited_as INTEGER NOT NULL,
    invited_at BIGINT NOT NULL,
    expires_at BIGINT,               -- null: never
    include_realm_default_subscriptions BOOLEAN NOT NULL,
    notify_referrer_on_join BOOLEAN NOT NULL,
    stream_ids TEXT NOT NULL,        -- JSON array of channel ids
    group_ids TEXT NOT NULL DEFAULT '[]', -- JSON array of user group ids the invitee joins
    status INTEGER NOT NULL DEFAULT 0 -- 0 pending, 1 used, 2 revoked
);
CREATE INDEX invites_referrer ON invites (referred_by, status);
CREATE INDEX invites_email ON invites (LOWER(email)) WHERE status = 0;

-- Mobile push registrations (issue 14), as Zulip's PushDeviceToken: stored so that mobile clients
-- can register; Stoa has no delivery path yet (push_notifications_enabled stays false).
CREATE TABLE push_device_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    kind SMALLINT NOT NULL,          -- 1 APNs, 2 FCM (Zulip's values)
    token TEXT NOT NULL,
    ios_app_id TEXT,                 -- APNs only
    last_updated BIGINT NOT NULL,
    UNIQUE (user_id, kind, token)
);

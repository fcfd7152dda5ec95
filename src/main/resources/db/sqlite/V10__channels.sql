-- Channels (Zulip "streams"), per-user subscriptions, default channels and channel folders.
-- Times are UNIX seconds. Group-setting values (can_*_group) are JSON in `settings`, as for user groups.
CREATE TABLE channel_folders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    rendered_description TEXT NOT NULL DEFAULT '',
    sort_order INTEGER NOT NULL DEFAULT 0,
    date_created BIGINT NOT NULL,
    creator_id BIGINT REFERENCES users(id),
    is_archived BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE UNIQUE INDEX channel_folders_name ON channel_folders (lower(name));

CREATE TABLE channels (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    rendered_description TEXT NOT NULL DEFAULT '',
    invite_only BOOLEAN NOT NULL DEFAULT FALSE,
    is_web_public BOOLEAN NOT NULL DEFAULT FALSE,
    history_public_to_subscribers BOOLEAN NOT NULL DEFAULT TRUE,
    message_retention_days INTEGER,          -- null: the realm's setting; -1: forever
    date_created BIGINT NOT NULL,
    creator_id BIGINT REFERENCES users(id),
    folder_id BIGINT REFERENCES channel_folders(id),
    topics_policy TEXT NOT NULL DEFAULT 'inherit',
    is_archived BOOLEAN NOT NULL DEFAULT FALSE,
    -- Set by the messages feature when the first message is sent (null: no history yet).
    first_message_id BIGINT,
    settings TEXT NOT NULL DEFAULT '{}'      -- can_*_group group-setting values, as JSON
);
CREATE UNIQUE INDEX channels_name ON channels (lower(name));
CREATE INDEX channels_folder ON channels (folder_id);

-- One row per (user, channel) ever subscribed; active = FALSE after unsubscribing (Zulip's
-- "unsubscribed" list). Notification settings are NULL when inherited from the user's defaults.
CREATE TABLE subscriptions (
    user_id BIGINT NOT NULL REFERENCES users(id),
    channel_id BIGINT NOT NULL REFERENCES channels(id),
    active BOOLEAN NOT NULL DEFAULT TRUE,
    color TEXT NOT NULL,
    is_muted BOOLEAN NOT NULL DEFAULT FALSE,
    pin_to_top BOOLEAN NOT NULL DEFAULT FALSE,
    desktop_notifications BOOLEAN,
    audible_notifications BOOLEAN,
    push_notifications BOOLEAN,
    email_notifications BOOLEAN,
    wildcard_mentions_notify BOOLEAN,
    PRIMARY KEY (user_id, channel_id)
);
CREATE INDEX subscriptions_channel ON subscriptions (channel_id, active);

CREATE TABLE default_channels (
    channel_id BIGINT PRIMARY KEY REFERENCES channels(id)
);

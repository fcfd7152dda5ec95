-- Messages: one row per message, one small user_message row per recipient (flags bitmask),
-- edit history, reactions, uploads. Times are UNIX seconds.
-- A conversation ("recipient" in Zulip): a channel, or a direct-message group keyed by its
-- sorted participant ids ("3,7,9"; "3" for messages to oneself).
CREATE TABLE recipients (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id BIGINT UNIQUE,
    dm_key TEXT UNIQUE
);

CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sender_id BIGINT NOT NULL REFERENCES users(id),
    recipient_id BIGINT NOT NULL REFERENCES recipients(id),
    channel_id BIGINT,                  -- null for direct messages
    topic TEXT NOT NULL DEFAULT '',
    content TEXT NOT NULL,
    rendered_content TEXT NOT NULL,
    date_sent BIGINT NOT NULL,
    last_edit_time BIGINT,
    last_moved_time BIGINT,
    sending_client TEXT NOT NULL DEFAULT '',
    has_link BOOLEAN NOT NULL DEFAULT FALSE,
    has_attachment BOOLEAN NOT NULL DEFAULT FALSE,
    has_image BOOLEAN NOT NULL DEFAULT FALSE
);
-- channel / channel+topic / dm narrows, sender narrows, topic-wide edits and moves.
CREATE INDEX messages_recipient ON messages (recipient_id, id);
CREATE INDEX messages_recipient_topic ON messages (recipient_id, lower(topic), id);
CREATE INDEX messages_sender ON messages (sender_id, id);

-- Flags bits (Zulip's): read 1, starred 2, collapsed 4, mentioned 8, stream_wildcard_mentioned 16,
-- topic_wildcard_mentioned 32, has_alert_word 1024, historical 2048, is_private 4096.
CREATE TABLE user_message (
    user_id BIGINT NOT NULL REFERENCES users(id),
    message_id BIGINT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    flags BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, message_id)
);
CREATE INDEX user_message_message ON user_message (message_id);
CREATE INDEX user_message_unread ON user_message (user_id, message_id) WHERE (flags & 1) = 0;
CREATE INDEX user_message_starred ON user_message (user_id, message_id) WHERE (flags & 2) <> 0;
CREATE INDEX user_message_mentioned ON user_message (user_id, message_id) WHERE (flags & 56) <> 0;
CREATE INDEX user_message_alerted ON user_message (user_id, message_id) WHERE (flags & 1024) <> 0;
CREATE INDEX user_message_private ON user_message (user_id, message_id) WHERE (flags & 4096) <> 0;

CREATE TABLE message_edits (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id BIGINT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    user_id BIGINT,
    edit_time BIGINT NOT NULL,
    prev_content TEXT,
    prev_rendered_content TEXT,
    prev_topic TEXT,
    new_topic TEXT,
    prev_channel_id BIGINT,
    new_channel_id BIGINT
);
CREATE INDEX message_edits_message ON message_edits (message_id, id);

CREATE TABLE reactions (
    message_id BIGINT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id),
    emoji_name TEXT NOT NULL,
    emoji_code TEXT NOT NULL,
    reaction_type TEXT NOT NULL,
    id INTEGER PRIMARY KEY AUTOINCREMENT
);
CREATE UNIQUE INDEX reactions_unique ON reactions (message_id, user_id, reaction_type, emoji_code);

CREATE TABLE attachments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    path_id TEXT NOT NULL UNIQUE,       -- <realm>/<random>/<sanitized name>; file stored under a generated name
    file_name TEXT NOT NULL,
    owner_id BIGINT NOT NULL REFERENCES users(id),
    size BIGINT NOT NULL,
    content_type TEXT NOT NULL,
    create_time BIGINT NOT NULL,
    storage_name TEXT NOT NULL
);
CREATE INDEX attachments_owner ON attachments (owner_id);

CREATE TABLE attachment_messages (
    attachment_id BIGINT NOT NULL REFERENCES attachments(id) ON DELETE CASCADE,
    message_id BIGINT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    PRIMARY KEY (attachment_id, message_id)
);
CREATE INDEX attachment_messages_message ON attachment_messages (message_id);

-- Full-text search: topic and raw content, Porter-stemmed; rowid is the message id.
CREATE VIRTUAL TABLE message_search USING fts5(topic, content, tokenize = 'porter unicode61');

-- Per-user extras: saved snippets, drafts, navigation views, alert words, topic visibility,
-- muted users, presence and video-call provider tokens. All rows belong to one user.
CREATE TABLE saved_snippets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    date_created BIGINT NOT NULL
);
CREATE INDEX saved_snippets_user ON saved_snippets (user_id, id);

CREATE TABLE drafts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,              -- '', 'stream' or 'private'
    recipients TEXT NOT NULL,        -- JSON list of ids: one channel id, or user ids
    topic TEXT NOT NULL,
    content TEXT NOT NULL,
    last_edit_time BIGINT NOT NULL
);
CREATE INDEX drafts_user ON drafts (user_id, last_edit_time);

CREATE TABLE navigation_views (
    user_id BIGINT NOT NULL REFERENCES users(id),
    fragment TEXT NOT NULL,
    is_pinned BOOLEAN NOT NULL,
    name TEXT,
    PRIMARY KEY (user_id, fragment)
);

CREATE TABLE alert_words (
    user_id BIGINT NOT NULL REFERENCES users(id),
    word TEXT NOT NULL,              -- as entered; unique case-insensitively per user
    word_lower TEXT NOT NULL,
    PRIMARY KEY (user_id, word_lower)
);

CREATE TABLE user_topics (
    user_id BIGINT NOT NULL REFERENCES users(id),
    stream_id BIGINT NOT NULL,
    topic TEXT NOT NULL,             -- as entered
    topic_lower TEXT NOT NULL,       -- topics are case-insensitive
    visibility_policy INTEGER NOT NULL,
    last_updated BIGINT NOT NULL,
    PRIMARY KEY (user_id, stream_id, topic_lower)
);

CREATE TABLE muted_users (
    user_id BIGINT NOT NULL REFERENCES users(id),
    muted_user_id BIGINT NOT NULL REFERENCES users(id),
    date_muted BIGINT NOT NULL,
    PRIMARY KEY (user_id, muted_user_id)
);
CREATE INDEX muted_users_muted ON muted_users (muted_user_id);

-- One row per user; last_update_id orders changes for the modern presence protocol.
CREATE TABLE presence (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    last_connected_time BIGINT NOT NULL,
    last_active_time BIGINT,
    last_update_id BIGINT NOT NULL
);
CREATE INDEX presence_update ON presence (last_update_id);

CREATE TABLE meeting_tokens (
    user_id BIGINT NOT NULL REFERENCES users(id),
    provider TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (user_id, provider)
);

-- The realm's presence sequence: each presence write takes the next last_update_id.
CREATE TABLE presence_sequence (
    id INTEGER PRIMARY KEY,
    last_update_id BIGINT NOT NULL
);
INSERT INTO presence_sequence (id, last_update_id) VALUES (1, 0);

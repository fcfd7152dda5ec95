-- User status (issue 14): one row per user who ever set a status. The legacy `away` is not stored
-- here: it is the user's presence_enabled setting, negated.
CREATE TABLE user_status (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    status_text TEXT NOT NULL,
    emoji_name TEXT NOT NULL,
    emoji_code TEXT NOT NULL,
    reaction_type TEXT NOT NULL,     -- unicode_emoji, realm_emoji or zulip_extra_emoji
    client TEXT NOT NULL,            -- the client that set it last
    updated_at BIGINT NOT NULL
);

-- Core schema: the realm, users, user groups, the event log and event queues, custom profile fields.
-- Times are UNIX seconds unless named *_ms. JSON documents are TEXT in both dialects.
CREATE TABLE realm (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    settings TEXT NOT NULL,            -- realm settings that differ from the defaults, as JSON
    date_created BIGINT NOT NULL,
    deactivated BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_email TEXT NOT NULL,
    full_name TEXT NOT NULL,
    role INTEGER NOT NULL,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    is_bot BOOLEAN NOT NULL DEFAULT FALSE,
    bot_type INTEGER,
    bot_owner_id BIGINT REFERENCES users(id),
    is_system_bot BOOLEAN NOT NULL DEFAULT FALSE,
    api_key TEXT NOT NULL,
    password_hash TEXT,
    timezone TEXT NOT NULL DEFAULT '',
    date_joined BIGINT NOT NULL,
    avatar_source TEXT NOT NULL DEFAULT 'G',
    avatar_version INTEGER NOT NULL DEFAULT 1,
    is_imported_stub BOOLEAN NOT NULL DEFAULT FALSE,
    settings TEXT NOT NULL DEFAULT '{}'  -- user settings that differ from the realm defaults, as JSON
);
CREATE UNIQUE INDEX users_delivery_email ON users (lower(delivery_email));
CREATE INDEX users_bot_owner ON users (bot_owner_id);
CREATE UNIQUE INDEX users_api_key ON users (api_key);

CREATE TABLE user_groups (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    is_system_group BOOLEAN NOT NULL DEFAULT FALSE,
    deactivated BOOLEAN NOT NULL DEFAULT FALSE,
    date_created BIGINT,
    creator_id BIGINT,
    settings TEXT NOT NULL DEFAULT '{}'  -- the group's own permission settings (group-setting values), as JSON
);
CREATE UNIQUE INDEX user_groups_name ON user_groups (name);

CREATE TABLE group_members (
    group_id BIGINT NOT NULL REFERENCES user_groups(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_user ON group_members (user_id);

CREATE TABLE group_subgroups (
    group_id BIGINT NOT NULL REFERENCES user_groups(id),
    subgroup_id BIGINT NOT NULL REFERENCES user_groups(id),
    PRIMARY KEY (group_id, subgroup_id)
);
CREATE INDEX group_subgroups_sub ON group_subgroups (subgroup_id);

-- The realm event log (a transactional outbox): appended in the acting transaction.
CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at BIGINT NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    recipients TEXT NOT NULL           -- JSON: {"users":[...]} or {"rule":"all"}
);

CREATE TABLE event_queues (
    queue_id TEXT PRIMARY KEY,
    user_id BIGINT,                    -- null for a spectator's queue
    created_at BIGINT NOT NULL,
    last_activity BIGINT NOT NULL,
    idle_timeout_secs BIGINT NOT NULL,
    start_event_id BIGINT NOT NULL,     -- the log head at register: the queue never sees older events
    acked_event_id BIGINT NOT NULL,     -- the last event id the client acknowledged (lazily flushed)
    spec TEXT NOT NULL                 -- JSON: event_types, narrow, capabilities, options
);
CREATE INDEX event_queues_user ON event_queues (user_id);

CREATE TABLE custom_profile_fields (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    hint TEXT NOT NULL DEFAULT '',
    field_type INTEGER NOT NULL,
    field_data TEXT NOT NULL DEFAULT '',
    sort_order INTEGER NOT NULL,
    display_in_profile_summary BOOLEAN NOT NULL DEFAULT FALSE,
    required BOOLEAN NOT NULL DEFAULT FALSE,
    editable_by_user BOOLEAN NOT NULL DEFAULT TRUE,
    use_for_user_matching BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE custom_profile_values (
    user_id BIGINT NOT NULL REFERENCES users(id),
    field_id BIGINT NOT NULL REFERENCES custom_profile_fields(id) ON DELETE CASCADE,
    value TEXT NOT NULL,
    rendered_value TEXT,
    PRIMARY KEY (user_id, field_id)
);
CREATE INDEX custom_profile_values_field ON custom_profile_values (field_id);

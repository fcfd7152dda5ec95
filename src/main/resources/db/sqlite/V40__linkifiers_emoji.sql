-- Linkifiers (realm filters) and custom realm emoji.
CREATE TABLE linkifiers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    pattern TEXT NOT NULL,
    url_template TEXT NOT NULL,
    example_input TEXT,
    reverse_template TEXT,
    alternative_url_templates TEXT NOT NULL DEFAULT '[]',  -- JSON array of strings
    sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX linkifiers_pattern ON linkifiers (pattern);
CREATE INDEX linkifiers_order ON linkifiers (sort_order, id);

CREATE TABLE realm_emoji (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    file_name TEXT NOT NULL,           -- generated; the image lives under <data>/emoji/<file_name>
    still_file_name TEXT,              -- first frame of an animated image, else NULL
    author_id BIGINT REFERENCES users(id),
    deactivated BOOLEAN NOT NULL DEFAULT FALSE
);
-- One active emoji per name; deactivated ones keep their name for old messages.
CREATE UNIQUE INDEX realm_emoji_active_name ON realm_emoji (name) WHERE NOT deactivated;

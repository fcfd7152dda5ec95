-- Code playgrounds (issue 14): where a code block of a language can be opened, as Zulip's RealmPlayground.
CREATE TABLE playgrounds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    pygments_language TEXT NOT NULL,
    url_template TEXT NOT NULL,      -- RFC 6570, with exactly one variable: code
    UNIQUE (pygments_language, name)
);

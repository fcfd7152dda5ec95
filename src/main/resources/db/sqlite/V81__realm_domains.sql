-- The organization's allowed email domains (issue 14), as Zulip's RealmDomain.
CREATE TABLE realm_domains (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    domain TEXT NOT NULL UNIQUE,     -- lower case
    allow_subdomains BOOLEAN NOT NULL
);

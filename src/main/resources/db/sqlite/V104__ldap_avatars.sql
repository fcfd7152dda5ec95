-- LDAP (issue 28): the SHA-256 of the directory photo (ldap-attr-map avatar=jpegPhoto) last made a
-- person's avatar, as Zulip's avatar_hash: a sync uploads the photo again only when it changed.
CREATE TABLE ldap_avatars (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    sha256 TEXT NOT NULL
);

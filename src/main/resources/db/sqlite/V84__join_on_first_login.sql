-- Feature level 475 (issue 14): a user created through the API (or imported) has the creation time as
-- date_joined until their first login, which then becomes date_joined; this marks such users until then.
ALTER TABLE users ADD COLUMN join_on_first_login BOOLEAN NOT NULL DEFAULT FALSE;

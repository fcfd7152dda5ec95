-- UserAccess lists a realm's active guests (the users its can_access_all_users_group may restrict).
CREATE INDEX users_role ON users (role, is_active);

-- Data exports of the organization (issue 14), as Zulip's RealmExport. The file itself lives under
-- {data}/exports/{id}/{file_name}. Times are UNIX milliseconds (Zulip's timestamps are fractional).
-- status: 0 pending, 1 succeeded, 2 failed, 3 deleted. heartbeat_ms: the background job writes it
-- while it runs; the collector fails a pending export whose heartbeat stopped (a crash or restart).
CREATE TABLE realm_exports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    acting_user_id BIGINT NOT NULL REFERENCES users(id),
    export_type INTEGER NOT NULL,        -- 1 public, 2 full with member consent (Zulip's values)
    status INTEGER NOT NULL,
    requested_ms BIGINT NOT NULL,
    succeeded_ms BIGINT,
    failed_ms BIGINT,
    deleted_ms BIGINT,
    heartbeat_ms BIGINT NOT NULL,
    file_name TEXT,
    file_size BIGINT
);
CREATE INDEX realm_exports_status ON realm_exports (status);

-- Soft deactivation (issue 31 item 4, Zulip's long_term_idle): a channel message writes no
-- user_message row for a subscriber idle for days unless the row would carry a flag or a
-- notification; the person's next request writes the rows owed (messages.SoftDeactivation).

-- When a person last made an authenticated request (Zulip's UserActivity.last_visit), kept in
-- memory per node and written by the collector, at most once a minute per person.
CREATE TABLE user_activity (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    last_visit BIGINT NOT NULL
);
-- People here today are counted as active now, not since they joined.
INSERT INTO user_activity (user_id, last_visit) SELECT id, CAST(strftime('%s', 'now') AS BIGINT) FROM users;

-- A row: the person is soft-deactivated. last_active_message_id: their newest user_message row
-- then; rows are owed for channel messages after it (sends skip only ids above it).
CREATE TABLE soft_deactivated (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    last_active_message_id BIGINT NOT NULL,
    since BIGINT NOT NULL
);

-- The push notifier (issue 26). A message send writes its id here in its own transaction (when a
-- push relay is configured); the notifier takes each row in the transaction that decides who is
-- notified and queues the relay requests (push_outbox), so a notification is decided once, after
-- the send committed, and none is lost to a restart or a relay outage.
CREATE TABLE push_pending (
    message_id BIGINT PRIMARY KEY,
    created_at BIGINT NOT NULL
);

-- The notifier follows push_pending, not the event log: the log's progress row is not needed.
DROP TABLE push_progress;

-- Removals look up a user's outstanding notifications.
CREATE INDEX push_notified_message ON push_notified (message_id);

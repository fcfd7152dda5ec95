-- Removal notices owed (issue 26): a read or a deletion marks the outstanding notifications of
-- those messages in its own transaction, so their removal goes out right after the commit (and,
-- after a crash, on the next collector pass) without scanning every outstanding notification.
ALTER TABLE push_notified ADD COLUMN owed_at BIGINT;
CREATE INDEX push_notified_owed ON push_notified (owed_at) WHERE owed_at IS NOT NULL;
-- Recent notifications are checked against read flags a concurrent read set (a read that committed
-- before the notification was recorded); old ones that were never read are pruned.
CREATE INDEX push_notified_created ON push_notified (created_at);

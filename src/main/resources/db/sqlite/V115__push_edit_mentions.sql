-- Notifications for edits that newly mention someone (issue 26, Zulip's
-- maybe_enqueue_notifications_for_message_update): the edit writes each newly mentioned user here
-- in its own transaction; the notifier takes the rows in the transaction that decides them.
CREATE TABLE push_pending_mentions (
    message_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (message_id, user_id)
);

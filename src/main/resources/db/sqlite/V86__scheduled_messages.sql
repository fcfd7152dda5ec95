-- Scheduled messages and reminders (issue 14), one table as in Zulip: delivery_type 'send_later' (a
-- message the user scheduled) or 'remind' (a reminder about a message, a direct message from the
-- notification bot to the user). A row is kept after delivery (delivered, delivered_message_id): the
-- collector claims a due row by setting delivered in the transaction that sends it, so it is sent once.
CREATE TABLE scheduled_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sender_id BIGINT NOT NULL REFERENCES users(id),
    delivery_type TEXT NOT NULL,
    msg_type TEXT NOT NULL,                -- 'stream' or 'private'
    channel_id BIGINT,                     -- stream messages
    to_user_ids TEXT,                      -- private: JSON list of the recipients ([sender] for oneself)
    topic TEXT NOT NULL DEFAULT '',
    content TEXT NOT NULL,
    rendered_content TEXT NOT NULL,
    scheduled_timestamp BIGINT NOT NULL,   -- UNIX seconds
    read_by_sender BOOLEAN NOT NULL DEFAULT FALSE,
    sending_client TEXT NOT NULL DEFAULT '',
    delivered BOOLEAN NOT NULL DEFAULT FALSE,
    delivered_message_id BIGINT,
    failed BOOLEAN NOT NULL DEFAULT FALSE,
    failure_message TEXT,
    reminder_target_message_id BIGINT,
    reminder_note TEXT
);
-- The collector's due scan, and each user's list (register, GET).
CREATE INDEX scheduled_messages_due ON scheduled_messages (scheduled_timestamp, id) WHERE delivered = FALSE AND failed = FALSE;
CREATE INDEX scheduled_messages_sender ON scheduled_messages (sender_id, scheduled_timestamp, id);

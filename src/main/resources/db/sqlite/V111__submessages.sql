-- Widget submessages (Zulip's SubMessage, issue 26): a /poll or /todo message's widget, its votes,
-- options and checked tasks, in order; clients fold them into the widget's state.
CREATE TABLE submessages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id BIGINT NOT NULL,
    sender_id BIGINT NOT NULL REFERENCES users(id),
    msg_type TEXT NOT NULL,
    content TEXT NOT NULL
);
CREATE INDEX submessages_message ON submessages (message_id, id);

-- Push notifications through the push relay (issue 26): every request to the relay (device
-- registrations, notifications, removals) is a row here, written in the transaction that decided
-- it and sent after commit, with backoff while the relay is down (as outbox_mail).
CREATE TABLE push_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,              -- register, unregister, e2ee_register, notify, e2ee_notify
    endpoint TEXT NOT NULL,          -- after /api/v1/remotes/ (push/register, push/e2ee/notify, ...)
    is_json BOOLEAN NOT NULL,        -- JSON body (send_json_to_push_bouncer), else form fields held as a JSON object
    body TEXT NOT NULL,
    user_id BIGINT,
    device_id BIGINT,                -- client_devices.id whose registration this is (the relay's answer goes there)
    created_at BIGINT NOT NULL,
    next_attempt_at BIGINT NOT NULL, -- also the lease of a sender that claimed the row
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    sent_at BIGINT,
    failed_at BIGINT                 -- gave up: too many attempts, or the relay refused it
);
CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- The relay's id of a device's E2EE registration (zilencer's RemotePushDevice.device_id).
ALTER TABLE client_devices ADD COLUMN relay_device_id BIGINT;

-- For the notifier (not built yet): the last event-log id whose messages and read flags it settled.
CREATE TABLE push_progress (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    last_event_id BIGINT NOT NULL
);

-- For the notifier (not built yet): notifications sent and not yet removed (Zulip's
-- active_mobile_push_notification flag): when the message is read or deleted, a removal goes out.
CREATE TABLE push_notified (
    user_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, message_id)
);

-- Outgoing-webhook and embedded bots' services (issue 27), as Zulip's Service: the URL a type-3
-- bot is called at, its interface (1 Zulip's generic format, 2 Slack's) and the token it is sent.
CREATE TABLE bot_services (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    bot_id BIGINT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    base_url TEXT NOT NULL,
    interface INTEGER NOT NULL,
    token TEXT NOT NULL
);
CREATE INDEX bot_services_bot ON bot_services (bot_id);

-- A bot's configuration (Zulip's BotConfigData, config_data) and its key-value storage (Zulip's
-- BotStorageData, /bot_storage).
CREATE TABLE bot_config (
    bot_id BIGINT NOT NULL REFERENCES users(id),
    config_key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (bot_id, config_key)
);
CREATE TABLE bot_storage (
    bot_id BIGINT NOT NULL REFERENCES users(id),
    storage_key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (bot_id, storage_key)
);

-- Calls owed to outgoing-webhook bots: a row per triggered bot, written in the transaction that
-- sent the triggering message and delivered after commit (OutboxRunner), so a restart loses none;
-- the bot's reply and sent_at are written in one transaction, so none is posted twice.
CREATE TABLE outgoing_webhook_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    bot_id BIGINT NOT NULL REFERENCES users(id),
    message_id BIGINT NOT NULL,
    trigger_name TEXT NOT NULL,      -- mention, direct_message
    message TEXT NOT NULL,           -- the triggering message as the bot sees it (JSON)
    created_at BIGINT NOT NULL,
    next_attempt_at BIGINT NOT NULL, -- also the lease of a runner that claimed the row
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    sent_at BIGINT,
    failed_at BIGINT                 -- gave up: the owner was told
);
CREATE INDEX outgoing_webhook_outbox_due ON outgoing_webhook_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

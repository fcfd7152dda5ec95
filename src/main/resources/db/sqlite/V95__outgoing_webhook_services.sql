-- Every service of an outgoing-webhook bot is called (Zulip's worker loops over get_bot_services):
-- one outbox row per service, so each call is retried, settled and replied to on its own. Rows
-- written before this column have none and call the bot's first service, as they did.
ALTER TABLE outgoing_webhook_outbox ADD COLUMN service_id BIGINT;

-- The message a notification request is for (issue 26): before each attempt the sender checks it
-- is still unread, so a notification held back by a relay outage is not pushed for a message
-- read in the meantime (null: registrations, removals, test notifications).
ALTER TABLE push_outbox ADD COLUMN message_id BIGINT;

-- Missed-message email (issue 14): per user, the highest message id the notifier has settled
-- (mailed, or passed over because it was read, not notifiable, or the user was at a client), so
-- that each message is mailed at most once. No row: nothing settled yet (only the last day counts).
CREATE TABLE missed_mail_progress (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    last_message_id BIGINT NOT NULL
);
-- The notifier's pass starts from the messages of the last day.
CREATE INDEX messages_date_sent ON messages (date_sent);

-- Logged-in client devices (Zulip 12's Device, issue 26): POST /register_client_device makes one,
-- POST /mobile_push/register gives it a push key and a push token (forwarded to the push relay).
CREATE TABLE client_devices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    created_at BIGINT NOT NULL,
    push_key_id BIGINT,                       -- the app's id for its current push key (unsigned 32-bit)
    push_key TEXT,                            -- base64: tag byte 0x31 + a 32-byte secretbox key
    push_token_id TEXT,                       -- the relay's registration of the device's FCM/APNs token
    pending_push_token_id TEXT,               -- a token registration sent to the relay, not yet answered
    push_token_kind TEXT,                     -- fcm or apns
    push_token_last_updated_timestamp BIGINT,
    push_registration_error_code TEXT
);
CREATE INDEX client_devices_user ON client_devices (user_id);

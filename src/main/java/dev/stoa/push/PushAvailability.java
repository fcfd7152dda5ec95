package dev.stoa.push;

import dev.stoa.db.Tx;

/**
 * What the relay says about this organization's notifications, kept as Zulip's server keeps it
 * (zerver/lib/push_notifications.py send_notifications_to_bouncer and zerver/lib/remote_server.py
 * send_server_data_to_push_bouncer): the realm's push_notifications_enabled follows the relay's
 * can_push, push_notifications_enabled_end_timestamp its expected_end_timestamp, each announced to
 * clients when it changes; a PUSH_NOTIFICATIONS_DISALLOWED refusal sets false and no end.
 */
public interface PushAvailability {
    void update(Tx tx, boolean canPush, Long expectedEndTimestamp);

    PushAvailability NONE = (tx, canPush, end) -> {};
}

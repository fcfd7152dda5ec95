package dev.stoa.events;

/** Issue 26: logged-in client devices (Zulip 12) and widget submessages. */
public sealed interface MobileEvent extends Event {
    /** A device registered (POST /register_client_device); to the user's own clients. */
    record DeviceAdd(long deviceId) implements MobileEvent {
        public EventType type() { return EventType.DEVICE; }
        public String op() { return "add"; }
    }

    record DeviceRemove(long deviceId) implements MobileEvent {
        public EventType type() { return EventType.DEVICE; }
        public String op() { return "remove"; }
    }

    /** A device's push state after a change: every field, null where unset. */
    record DeviceUpdate(long deviceId, Long pushKeyId, String pushTokenId, String pendingPushTokenId,
                        Long pushTokenLastUpdatedTimestamp, String pushRegistrationErrorCode) implements MobileEvent {
        public EventType type() { return EventType.DEVICE; }
        public String op() { return "update"; }
    }

    /** A widget's submessage (a poll vote, a to-do check), to everyone who has the message. */
    record Submessage(long messageId, long submessageId, long senderId, String msgType, String content) implements MobileEvent {
        public EventType type() { return EventType.SUBMESSAGE; }
    }
}

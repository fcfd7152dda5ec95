package dev.stoa.push;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.identity.User;
import dev.stoa.realm.Realm;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The notification payloads, as Zulip's server builds them (zerver/lib/push_notifications.py):
 * the legacy plaintext ones for remotes/push/notify (get_base_payload, get_message_payload,
 * get_message_payload_apns, get_message_payload_gcm, get_remove_payload_*, the test payloads) and
 * the plaintext that E2EE notifications encrypt (api_docs/mobile-notifications.md; what
 * zulip-flutter's lib/api/notifications.dart NotifPayload requires: a direct message names
 * recipient_user_ids, a channel message channel_id and topic).
 */
final class PushPayloads {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Who and where: the organization as the app knows it (realm_url is its account's key) and the notified user. */
    record Identity(String realmUrl, String realmName, String host, long userId) {
        /** EXTERNAL_HOST_WITHOUT_PORT: what message links in a message name. */
        String hostWithoutPort() { return host.replaceFirst(":[0-9]+$", ""); }
    }

    /** A message notification's facts: the message, its sender, its channel name or its DM participants, why it is pushed. */
    record MessageFacts(PushNotifyStore.Message message, User sender, String senderEmail, String senderAvatarUrl, String channelName,
                        List<User> dmParticipants, PushTriggers.Trigger trigger, Long groupId, String groupName) {
        boolean dm() { return message.channelId() == null; }

        boolean groupDm() { return dm() && dmParticipants.size() > 2; }
    }

    private PushPayloads() {}

    /** get_base_payload. */
    static ObjectNode base(Identity id) {
        ObjectNode o = JSON.createObjectNode();
        o.put("server", id.host()).put("realm_id", 1).put("realm_uri", id.realmUrl()).put("realm_url", id.realmUrl())
                .put("realm_name", id.realmName()).put("user_id", id.userId());
        return o;
    }

    /** get_message_payload: the fields both legacy platforms share. */
    private static ObjectNode legacyMessage(Identity id, MessageFacts f) {
        ObjectNode o = base(id);
        o.put("sender_id", f.sender().id()).put("sender_email", f.senderEmail()).put("time", f.message().dateSent());
        if (f.groupId() != null) o.put("mentioned_user_group_id", f.groupId()).put("mentioned_user_group_name", f.groupName());
        if (!f.dm()) {
            o.put("recipient_type", "stream").put("stream", f.channelName()).put("stream_id", f.message().channelId())
                    .put("topic", topicDisplayName(f.message().topic()));
        } else {
            o.put("recipient_type", "private");
            if (f.groupDm()) o.put("pm_users", f.dmParticipants().stream().map(u -> String.valueOf(u.id())).collect(Collectors.joining(",")));
        }
        return o;
    }

    /** get_topic_display_name: the empty topic ("general chat") under its display name in the legacy payloads and the APNs title. */
    static String topicDisplayName(String topic) {
        return topic.isEmpty() ? Realm.EMPTY_TOPIC_DISPLAY_NAME : topic;
    }

    /** get_message_payload_gcm (its options are {"priority": "high"}). */
    static ObjectNode gcmMessage(Identity id, MessageFacts f) {
        PushContent.Text text = PushContent.of(f.message().renderedContent(), id.hostWithoutPort());
        ObjectNode o = legacyMessage(id, f);
        o.put("event", "message").put("zulip_message_id", f.message().id()).put("content", text.content())
                .put("content_truncated", text.truncated()).put("sender_full_name", f.sender().fullName())
                .put("sender_avatar_url", f.senderAvatarUrl());
        return o;
    }

    /** get_message_payload_apns: the alert's title, subtitle and body, the badge (Zulip sends 0), the zulip data. */
    static ObjectNode apnsMessage(Identity id, MessageFacts f) {
        ObjectNode zulip = legacyMessage(id, f);
        zulip.putArray("message_ids").add(f.message().id());
        ObjectNode o = JSON.createObjectNode();
        o.putObject("alert").put("title", apnsTitle(f)).put("subtitle", apnsSubtitle(f))
                .put("body", PushContent.of(f.message().renderedContent(), id.hostWithoutPort()).content());
        o.put("sound", "default").put("badge", 0);
        o.putObject("custom").set("zulip", zulip);
        return o;
    }

    /** get_apns_alert_title: a group DM's names, "#channel > topic", or the sender of a 1:1 DM. */
    private static String apnsTitle(MessageFacts f) {
        if (f.groupDm()) return f.dmParticipants().stream().map(User::fullName).sorted().collect(Collectors.joining(", "));
        if (!f.dm()) return "#" + f.channelName() + " > " + topicDisplayName(f.message().topic());
        return f.sender().fullName();
    }

    /** get_apns_alert_subtitle. */
    private static String apnsSubtitle(MessageFacts f) {
        String name = f.sender().fullName();
        return switch (f.trigger()) {
            case MENTION -> f.groupName() != null ? name + " mentioned @" + f.groupName() + ":" : name + " mentioned you:";
            case WILDCARD_MENTION, WILDCARD_MENTION_IN_FOLLOWED_TOPIC -> name + " mentioned everyone:";
            default -> f.dm() && !f.groupDm() ? "" : name + ":";
        };
    }

    /** The plaintext of an E2EE message notification (Zulip 11+, with recipient_user_ids since level 429). */
    static ObjectNode e2eeMessage(Identity id, MessageFacts f) {
        ObjectNode o = JSON.createObjectNode();
        o.put("realm_url", id.realmUrl()).put("realm_name", id.realmName()).put("user_id", id.userId()).put("sender_id", f.sender().id());
        if (f.groupId() != null) o.put("mentioned_user_group_id", f.groupId()).put("mentioned_user_group_name", f.groupName());
        if (f.dm()) {
            o.put("recipient_type", "direct");
            ArrayNode ids = o.putArray("recipient_user_ids");
            f.dmParticipants().stream().mapToLong(User::id).sorted().forEach(ids::add);
        } else {
            o.put("recipient_type", "channel").put("channel_name", f.channelName()).put("channel_id", f.message().channelId())
                    .put("topic", f.message().topic());
        }
        o.put("type", "message").put("message_id", f.message().id()).put("time", f.message().dateSent())
                .put("content", PushContent.of(f.message().renderedContent(), id.hostWithoutPort()).content()).put("sender_full_name", f.sender().fullName())
                .put("sender_avatar_url", f.senderAvatarUrl());
        return o;
    }

    /** get_remove_payload_gcm (options {"priority": "normal"}). */
    static ObjectNode gcmRemove(Identity id, List<Long> messageIds) {
        ObjectNode o = base(id);
        o.put("event", "remove").put("zulip_message_ids", joined(messageIds)).put("zulip_message_id", messageIds.getFirst());
        return o;
    }

    /** get_remove_payload_apns. */
    static ObjectNode apnsRemove(Identity id, List<Long> messageIds) {
        ObjectNode zulip = base(id);
        zulip.put("event", "remove").put("zulip_message_ids", joined(messageIds));
        ObjectNode o = JSON.createObjectNode();
        o.put("badge", 0);
        o.putObject("custom").set("zulip", zulip);
        return o;
    }

    static ObjectNode e2eeRemove(Identity id, List<Long> messageIds) {
        ObjectNode o = JSON.createObjectNode();
        o.put("realm_url", id.realmUrl()).put("realm_name", id.realmName()).put("user_id", id.userId()).put("type", "remove");
        ArrayNode ids = o.putArray("message_ids");
        messageIds.forEach(ids::add);
        return o;
    }

    /** The test notification's FCM data (send_test_push_notification: the base payload, event "test", the time). */
    static ObjectNode gcmTest(Identity id, long now) {
        ObjectNode o = base(id);
        o.put("event", "test").put("time", now);
        return o;
    }

    static ObjectNode apnsTest(Identity id, long now) {
        ObjectNode o = JSON.createObjectNode();
        o.putObject("alert").put("title", "Test notification")
                .put("body", "This is a test notification from " + id.realmName() + " (" + id.realmUrl() + ").");
        o.put("sound", "default");
        o.putObject("custom").set("zulip", gcmTest(id, now));
        return o;
    }

    /** The plaintext of an E2EE test notification (level 420). */
    static ObjectNode e2eeTest(Identity id, long now) {
        ObjectNode o = JSON.createObjectNode();
        o.put("realm_name", id.realmName()).put("realm_url", id.realmUrl()).put("time", now).put("type", "test").put("user_id", id.userId());
        return o;
    }

    private static String joined(List<Long> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}

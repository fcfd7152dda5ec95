package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelAccess;
import dev.stoa.channels.ChannelErrors;
import dev.stoa.groups.GroupResolver;
import dev.stoa.http.CommonErrors;
import dev.stoa.identity.User;
import dev.stoa.realm.Realm;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.jdbi.v3.core.Handle;

/** Who may edit, move and delete a message, and when (Zulip's permission settings and time limits). */
final class MessageEditRules {
    /** Zulip's grace period on edit and delete time limits. */
    static final long GRACE_SECONDS = 20;

    private final GroupResolver resolver;
    private final ChannelAccess channelAccess;

    MessageEditRules(GroupResolver resolver, ChannelAccess channelAccess) {
        this.resolver = resolver;
        this.channelAccess = channelAccess;
    }

    private boolean member(Handle h, User u, JsonNode group) {
        return group != null && resolver.isMember(h, u.id(), group);
    }

    /**
     * Zulip refuses a topic that would be the empty topic resolved: the bare prefix (the empty
     * topic plus the prefix, stripped) or the prefix before the empty topic's fallback name.
     */
    static boolean resolvesEmptyTopic(String rawTopic) {
        String t = rawTopic.strip();
        return t.equals(MessageRules.RESOLVED_PREFIX.strip()) || t.equals(MessageRules.RESOLVED_PREFIX + Realm.EMPTY_TOPIC_DISPLAY_NAME);
    }

    static boolean isResolveToggle(String oldTopic, String newTopic) {
        return newTopic.equals(MessageRules.RESOLVED_PREFIX + oldTopic) || oldTopic.equals(MessageRules.RESOLVED_PREFIX + newTopic);
    }

    static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void checkContentEdit(Message m, User me, Realm rs, long now, String prevSha) {
        checkCanEdit(m, me, rs, now, GRACE_SECONDS);
        if (prevSha != null && !prevSha.equalsIgnoreCase(sha256(m.content()))) {
            throw MessageErrors.prevContentSha256Mismatch();
        }
    }

    /** Zulip's validate_user_can_edit_message: editing allowed, own message, within the limit plus `grace` seconds. */
    static void checkCanEdit(Message m, User me, Realm rs, long now, long grace) {
        if (!rs.get("allow_message_editing").asBoolean(true)) throw MessageErrors.messageEditingTurnedOff();
        if (m.senderId() != me.id()) throw MessageErrors.noPermissionToEditMessage();
        JsonNode limit = rs.get("message_content_edit_limit_seconds");
        if (limit != null && limit.isNumber() && now - m.dateSent() > limit.asLong() + grace) {
            throw MessageErrors.editTimeLimitPassed();
        }
    }

    void checkMove(Handle h, User me, Message m, Channel from, Channel to, String topic, boolean resolveOnly, Realm rs, long now,
                   Access.View view) {
        if (resolveOnly) {
            if (!member(h, me, rs.get("can_resolve_topics_group"))) throw MessageErrors.noPermissionToResolveTopics();
            return;
        }
        if (!topic.equals(m.topic()) && !member(h, me, rs.get("can_move_messages_between_topics_group"))
                && !member(h, me, from.setting("can_move_messages_within_channel_group"))) {
            throw MessageErrors.noPermissionToEditMessage();
        }
        if (to.id() != from.id()) {
            if (!member(h, me, rs.get("can_move_messages_between_channels_group")) && !member(h, me, from.setting("can_move_messages_out_of_channel_group"))) {
                throw MessageErrors.noPermissionToMoveMessage();
            }
            if (!view.canSee(to.id())) throw CommonErrors.invalidChannelId();
            if (!channelAccess.inSendGroup(h, me, to)) throw ChannelErrors.noPermissionToPostInChannel();
        }
        if (!me.isModeratorOrAbove()) {
            long limit = limitFor(rs, to.id() != from.id());
            if (limit >= 0 && now - m.dateSent() > limit + GRACE_SECONDS) {
                throw to.id() != from.id() ? MessageErrors.channelEditTimeLimitPassed() : MessageErrors.topicEditTimeLimitPassed();
            }
        }
    }

    private static long limitFor(Realm rs, boolean betweenChannels) {
        JsonNode n = rs.get(betweenChannels ? "move_messages_between_streams_limit_seconds" : "move_messages_within_stream_limit_seconds");
        return n == null || !n.isNumber() ? -1 : n.asLong();
    }

    /** A propagated move by a non-moderator must not take messages older than the move time limit. */
    static void checkPropagatedTimeLimit(User me, List<Message> candidates, boolean betweenChannels, Realm rs, long now) {
        if (me.isModeratorOrAbove()) return;
        long limit = limitFor(rs, betweenChannels);
        if (limit < 0) return;
        List<Message> allowed = candidates.stream().filter(x -> now - x.dateSent() <= limit + GRACE_SECONDS).toList();
        if (allowed.size() < candidates.size()) {
            throw MessageErrors.moveTimeLimitExceeded(allowed.size(), candidates.size())
                    .with("first_message_id_allowed_to_move", allowed.isEmpty() ? null : allowed.getFirst().id())
                    .with("total_messages_allowed_to_move", allowed.size())
                    .with("total_messages_in_topic", candidates.size());
        }
    }

    void checkDelete(Handle h, User me, Message x, Channel c, Realm rs, long now) {
        boolean any = member(h, me, rs.get("can_delete_any_message_group")) || (c != null && member(h, me, c.setting("can_delete_any_message_group")));
        if (any) return;
        boolean own = x.senderId() == me.id() && (member(h, me, rs.get("can_delete_own_message_group"))
                || (c != null && member(h, me, c.setting("can_delete_own_message_group"))));
        if (!own) throw MessageErrors.noPermissionToDeleteMessage();
        JsonNode limit = rs.get("message_content_delete_limit_seconds");
        if (limit != null && limit.isNumber() && now - x.dateSent() > limit.asLong() + GRACE_SECONDS) {
            throw MessageErrors.deleteTimeLimitPassed();
        }
    }
}

package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelAccess;
import dev.stoa.groups.GroupResolver;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
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
            throw ApiError.bad("'prev_content_sha256' value does not match the expected value.");
        }
    }

    /** Zulip's validate_user_can_edit_message: editing allowed, own message, within the limit plus `grace` seconds. */
    static void checkCanEdit(Message m, User me, Realm rs, long now, long grace) {
        if (!rs.get("allow_message_editing").asBoolean(true)) throw ApiError.bad("Your organization has turned off message editing");
        if (m.senderId() != me.id()) throw ApiError.bad("You don't have permission to edit this message");
        JsonNode limit = rs.get("message_content_edit_limit_seconds");
        if (limit != null && limit.isNumber() && now - m.dateSent() > limit.asLong() + grace) {
            throw ApiError.bad("The time limit for editing this message has passed");
        }
    }

    void checkMove(Handle h, User me, Message m, Channel from, Channel to, String topic, boolean resolveOnly, Realm rs, long now,
                   Access.View view) {
        if (resolveOnly) {
            if (!member(h, me, rs.get("can_resolve_topics_group"))) throw ApiError.bad("You don't have permission to resolve topics");
            return;
        }
        if (!topic.equals(m.topic()) && !member(h, me, rs.get("can_move_messages_between_topics_group"))
                && !member(h, me, from.setting("can_move_messages_within_channel_group"))) {
            throw ApiError.bad("You don't have permission to edit this message");
        }
        if (to.id() != from.id()) {
            if (!member(h, me, rs.get("can_move_messages_between_channels_group")) && !member(h, me, from.setting("can_move_messages_out_of_channel_group"))) {
                throw ApiError.bad("You don't have permission to move this message");
            }
            if (!view.canSee(to.id())) throw ApiError.bad("Invalid channel ID");
            if (!channelAccess.inSendGroup(h, me, to)) throw ApiError.bad("You do not have permission to post in this channel.");
        }
        if (!me.isModeratorOrAbove()) {
            long limit = limitFor(rs, to.id() != from.id());
            if (limit >= 0 && now - m.dateSent() > limit + GRACE_SECONDS) {
                throw ApiError.bad(to.id() != from.id() ? "The time limit for editing this message's channel has passed"
                        : "The time limit for editing this message's topic has passed");
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
            throw ApiError.of(ErrorCode.MOVE_MESSAGES_TIME_LIMIT_EXCEEDED, "You only have permission to move the " + allowed.size()
                            + "/" + candidates.size() + " most recent messages in this topic.")
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
        if (!own) throw ApiError.bad("You don't have permission to delete this message");
        JsonNode limit = rs.get("message_content_delete_limit_seconds");
        if (limit != null && limit.isNumber() && now - x.dateSent() > limit.asLong() + GRACE_SECONDS) {
            throw ApiError.bad("The time limit for deleting this message has passed");
        }
    }
}

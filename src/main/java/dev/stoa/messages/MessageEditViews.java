package dev.stoa.messages;

import dev.stoa.render.MessageRenderer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelStore;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.db.Db;
import dev.stoa.groups.GroupResolver;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.markdown.Rendered;
import dev.stoa.realm.Realm;
import dev.stoa.realm.RealmHolder;
import dev.stoa.identity.User;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/** PATCH /messages/{id} (edit and move), DELETE /messages/{id}, GET /messages/{id}/history. */
public final class MessageEditViews {
    /** Zulip's grace period on edit and delete time limits. */
    static final long GRACE_SECONDS = 20;

    private final Db db;
    private final MessageStore store;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final GroupResolver resolver;
    private final RealmHolder realm;
    private final Access access;
    private final MessageRenderer renderer;
    private final NotificationBot notificationBot;
    private final MessageEditActions actions;
    private final MessageActions sendActions;

    public MessageEditViews(Db db, MessageStore store, ChannelStore channels, SubscriptionStore subs, GroupResolver resolver,
                            RealmHolder realm, Access access, MessageRenderer renderer, NotificationBot notificationBot, MessageEditActions actions,
                            MessageActions sendActions) {
        this.db = db;
        this.store = store;
        this.channels = channels;
        this.subs = subs;
        this.resolver = resolver;
        this.realm = realm;
        this.access = access;
        this.renderer = renderer;
        this.notificationBot = notificationBot;
        this.actions = actions;
        this.sendActions = sendActions;
    }

    private boolean member(Handle h, User u, JsonNode group) {
        return group != null && resolver.isMember(h, u.id(), group);
    }

    public Object edit(Request req) {
        User me = req.user();
        long id = req.pathLong("message_id");
        String content = req.raw("content");
        String topicRaw = req.raw("topic");
        Long streamId = req.optLong("stream_id").orElse(null);
        String mode = req.str("propagate_mode", "change_one");
        boolean notifyOld = req.bool("send_notification_to_old_thread", false);
        boolean notifyNew = req.bool("send_notification_to_new_thread", true);
        String sha = req.raw("prev_content_sha256");
        if (!Set.of("change_one", "change_later", "change_all").contains(mode)) throw ApiError.bad("Invalid propagate_mode");
        if (content == null && topicRaw == null && streamId == null) throw ApiError.bad("Nothing to change");
        if (content != null && streamId != null) throw ApiError.bad("Cannot change message content while changing channel");
        if (topicRaw == null && streamId == null && !mode.equals("change_one")) throw ApiError.bad("Invalid propagate_mode without topic edit");
        String newContent = content == null ? null : MessageRules.normalizeContent(content);
        long now = sendActions.now();
        Realm rs = realm.get();
        record Plan(Message target, MessageEditActions.ContentEdit edit, MessageEditActions.Move move, boolean resolveOnly) {}
        Plan plan = db.read(h -> {
            Message m = MessageRules.readable(h, store, access, me, id);
            if (!m.isChannel() && streamId != null) throw ApiError.bad("Direct messages cannot be moved to channels.");
            if (!m.isChannel() && topicRaw != null) throw ApiError.bad("Direct messages cannot have topics.");
            MessageEditActions.ContentEdit ce = null;
            if (newContent != null) {
                checkContentEdit(m, me, rs, now);
                if (sha != null && !sha.equalsIgnoreCase(sha256(m.content()))) {
                    throw ApiError.bad("'prev_content_sha256' value does not match the expected value.");
                }
                ce = new MessageEditActions.ContentEdit(newContent, renderer.render(h, me, newContent));
            }
            MessageEditActions.Move mv = null;
            boolean resolveOnly = false;
            if (m.isChannel() && (topicRaw != null || streamId != null)) {
                Channel from = channels.byId(h, m.channelId()).orElseThrow();
                Channel to = streamId == null ? from : channels.byId(h, streamId).orElseThrow(() -> ApiError.bad("Invalid channel ID"));
                String topic = topicRaw == null ? m.topic() : MessageRules.checkTopic(h, resolver, topicRaw, to, rs, me);
                resolveOnly = to.id() == from.id() && isResolveToggle(m.topic(), topic);
                if (resolveOnly && m.topic().isEmpty()) throw ApiError.bad("General chat cannot be marked as resolved");
                checkMovePermission(h, me, m, from, to, topic, resolveOnly, rs, now);
                mv = planMove(h, me, m, from, to, topic, resolveOnly ? "change_all" : mode, rs, now);
            }
            return new Plan(m, ce, mv, resolveOnly);
        });
        ArrayNode detached = actions.doEdit(me, plan.target(), plan.edit(), plan.move(), now);
        if (plan.move() != null && !plan.resolveOnly()) notifyMove(me, plan.target(), plan.move(), notifyOld, notifyNew);
        ObjectNode out = Json.success();
        out.set("detached_uploads", detached);
        return out;
    }

    static boolean isResolveToggle(String oldTopic, String newTopic) {
        return newTopic.equals(MessageRules.RESOLVED_PREFIX + oldTopic) || oldTopic.equals(MessageRules.RESOLVED_PREFIX + newTopic);
    }

    static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private void checkContentEdit(Message m, User me, Realm rs, long now) {
        if (!rs.get("allow_message_editing").asBoolean(true)) throw ApiError.bad("Your organization has turned off message editing");
        if (m.senderId() != me.id()) throw ApiError.bad("You don't have permission to edit this message");
        JsonNode limit = rs.get("message_content_edit_limit_seconds");
        if (limit != null && limit.isNumber() && now - m.dateSent() > limit.asLong() + GRACE_SECONDS) {
            throw ApiError.bad("The time limit for editing this message has passed");
        }
    }

    private void checkMovePermission(Handle h, User me, Message m, Channel from, Channel to, String topic, boolean resolveOnly,
                                     Realm rs, long now) {
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
            Access.View v = access.view(h, me);
            if (!v.canSee(to.id())) throw ApiError.bad("Invalid channel ID");
            JsonNode send = to.setting("can_send_message_group");
            if (send != null && !member(h, me, send)) throw ApiError.bad("You do not have permission to post in this channel.");
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

    private MessageEditActions.Move planMove(Handle h, User me, Message m, Channel from, Channel to, String topic, String mode, Realm rs, long now) {
        List<Message> candidates = new ArrayList<>();
        if (mode.equals("change_one")) {
            candidates.add(m);
        } else {
            List<Long> ids = h.createQuery("SELECT m.id FROM messages m WHERE m.recipient_id = ? AND lower(m.topic) = lower(?)"
                            + " AND m.id >= ? ORDER BY m.id")
                    .bind(0, m.recipientId()).bind(1, m.topic()).bind(2, mode.equals("change_later") ? m.id() : 0).mapTo(Long.class).list();
            Access.View v = access.view(h, me);
            java.util.Map<Long, Long> flags = store.flags(h, me.id(), ids);
            for (Message x : store.byIds(h, ids)) if (Access.canRead(v, x, flags.get(x.id()))) candidates.add(x);
        }
        boolean resolve = from.id() == to.id() && isResolveToggle(m.topic(), topic);
        if (!mode.equals("change_one") && !me.isModeratorOrAbove() && !resolve) {
            long limit = limitFor(rs, to.id() != from.id());
            if (limit >= 0) {
                List<Message> allowed = candidates.stream().filter(x -> now - x.dateSent() <= limit + GRACE_SECONDS).toList();
                if (allowed.size() < candidates.size()) {
                    throw ApiError.of(ErrorCode.MOVE_MESSAGES_TIME_LIMIT_EXCEEDED, "You only have permission to move the " + allowed.size()
                                    + "/" + candidates.size() + " most recent messages in this topic.")
                            .with("first_message_id_allowed_to_move", allowed.isEmpty() ? null : allowed.getFirst().id())
                            .with("total_messages_allowed_to_move", allowed.size())
                            .with("total_messages_in_topic", candidates.size());
                }
            }
        }
        List<Long> gaining = new ArrayList<>();
        List<Long> losing = new ArrayList<>();
        if (to.id() != from.id()) {
            Set<Long> newSubs = new java.util.HashSet<>(subs.subscribers(h, to.id()));
            Set<Long> haveRows = new java.util.HashSet<>(store.recipientsOf(h, m.id()));
            for (long u : newSubs) if (!haveRows.contains(u)) gaining.add(u);
            if (to.inviteOnly()) for (long u : haveRows) if (!newSubs.contains(u)) losing.add(u);
        }
        return new MessageEditActions.Move(candidates, from, to, topic, mode, gaining, losing, !to.inviteOnly());
    }

    /** The notification bot's breadcrumbs in the old and new threads, as Zulip posts them. */
    private void notifyMove(User me, Message m, MessageEditActions.Move mv, boolean notifyOld, boolean notifyNew) {
        String who = "@_**" + me.fullName() + "|" + me.id() + "**";
        String oldLink = "#**" + mv.from().name() + ">" + m.topic() + "**";
        String newLink = "#**" + mv.to().name() + ">" + mv.newTopic() + "**";
        int n = mv.messages().size();
        boolean whole = mv.propagateMode().equals("change_all");
        if (notifyOld) notificationBot.post(mv.from(), m.topic(), whole ? "This topic was moved to " + newLink + " by " + who + "."
                : (n == 1 ? "A message was" : n + " messages were") + " moved from this topic to " + newLink + " by " + who + ".");
        if (notifyNew) notificationBot.post(mv.to(), mv.newTopic(), whole ? "This topic was moved here from " + oldLink + " by " + who + "."
                : (n == 1 ? "A message was" : n + " messages were") + " moved here from " + oldLink + " by " + who + ".");
    }

    public Object delete(Request req) {
        User me = req.user();
        long id = req.pathLong("message_id");
        long now = sendActions.now();
        Message m = db.read(h -> {
            Message x = MessageRules.readable(h, store, access, me, id);
            Realm rs = realm.get();
            Channel c = x.isChannel() ? channels.byId(h, x.channelId()).orElse(null) : null;
            boolean any = member(h, me, rs.get("can_delete_any_message_group")) || (c != null && member(h, me, c.setting("can_delete_any_message_group")));
            if (any) return x;
            boolean own = x.senderId() == me.id() && (member(h, me, rs.get("can_delete_own_message_group"))
                    || (c != null && member(h, me, c.setting("can_delete_own_message_group"))));
            if (!own) throw ApiError.bad("You don't have permission to delete this message");
            JsonNode limit = rs.get("message_content_delete_limit_seconds");
            if (limit != null && limit.isNumber() && now - x.dateSent() > limit.asLong() + GRACE_SECONDS) {
                throw ApiError.bad("The time limit for deleting this message has passed");
            }
            return x;
        });
        actions.doDelete(m);
        return Json.success();
    }

    public Object history(Request req) {
        User me = req.user();
        long id = req.pathLong("message_id");
        return db.read(h -> {
            Message m = MessageRules.readable(h, store, access, me, id);
            if (!realm.get().get("allow_edit_history").asBoolean(true)) throw ApiError.bad("Message edit history is disabled in this organization");
            List<MessageStore.Edit> edits = store.edits(h, id);
            // Walk back from the current state to the original, then emit oldest first.
            String content = m.content(), rendered = m.renderedContent(), topic = m.topic();
            List<ObjectNode> snaps = new ArrayList<>();
            for (int i = edits.size() - 1; i >= 0; i--) {
                MessageStore.Edit e = edits.get(i);
                ObjectNode s = Json.object();
                s.put("topic", topic).put("content", content).put("rendered_content", rendered).put("timestamp", e.editTime());
                if (e.userId() == null) s.putNull("user_id"); else s.put("user_id", e.userId());
                if (e.prevContent() != null) {
                    s.put("prev_content", e.prevContent()).put("prev_rendered_content", e.prevRendered()).put("content_html_diff", rendered);
                    content = e.prevContent();
                    rendered = e.prevRendered();
                }
                if (e.prevTopic() != null) {
                    s.put("prev_topic", e.prevTopic());
                    topic = e.prevTopic();
                }
                if (e.prevChannel() != null) s.put("prev_stream", e.prevChannel()).put("stream", e.newChannel());
                snaps.addFirst(s);
            }
            ObjectNode first = Json.object();
            first.put("topic", topic).put("content", content).put("rendered_content", rendered).put("timestamp", m.dateSent()).put("user_id", m.senderId());
            snaps.addFirst(first);
            ObjectNode out = Json.success();
            ArrayNode a = out.putArray("message_history");
            snaps.forEach(a::add);
            return out;
        });
    }
}

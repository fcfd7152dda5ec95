package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.http.Json;
import dev.stoa.realm.Realm;
import dev.stoa.topics.UserTopicStore;
import dev.stoa.queues.StateContributor;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jdbi.v3.core.Handle;

/** Register state: max_message_id, unread_msgs, recent_private_conversations, starred_messages. Six queries. */
public final class MessageState implements StateContributor {
    private final MessageStore store;
    private final SubscriptionStore subs;
    private final UserTopicStore topics;

    public MessageState(MessageStore store, SubscriptionStore subs, UserTopicStore topics) {
        this.store = store;
        this.subs = subs;
        this.topics = topics;
    }

    @Override
    public Set<String> eventTypes() {
        return Set.of("message", "update_message_flags", "recent_private_conversations", "starred_messages");
    }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        Handle h = ctx.h();
        Long me = ctx.userId();
        if (ctx.fetches("message") || ctx.fetches("update_message_flags")) {
            state.put("max_message_id", me == null ? -1 : store.maxMessageId(h, me));
            state.set("unread_msgs", me == null ? emptyUnreads() : unreads(h, me, ctx.options().can("empty_topic_name")));
        }
        if (ctx.fetches("recent_private_conversations")) {
            state.set("recent_private_conversations", me == null ? Json.array() : recentPrivate(h, me));
        }
        if (ctx.fetches("starred_messages")) {
            ArrayNode a = Json.array();
            if (me != null) store.starredIds(h, me).forEach(a::add);
            state.set("starred_messages", a);
        }
    }

    private static ObjectNode emptyUnreads() {
        return (ObjectNode) Json.parse("{\"pms\":[],\"streams\":[],\"huddles\":[],\"mentions\":[],\"count\":0,\"old_unreads_missing\":false}");
    }

    /**
     * Zulip's unread_msgs: every unread message in its conversation's list (muted channels and
     * topics included), but count and wildcard mentions leave out muted ones (UnreadMuting).
     * Channel lists are grouped by topic case-insensitively and sorted by channel and topic; the
     * empty topic is shown by its display name to clients without empty_topic_name.
     */
    private ObjectNode unreads(Handle h, long me, boolean emptyTopicName) {
        List<MessageStore.Unread> rows = store.unreads(h, me);
        UnreadMuting muting = UnreadMuting.of(h, subs, topics, me);
        Map<Long, List<Long>> pms = new TreeMap<>();
        Map<String, ObjectNode> streams = new TreeMap<>();
        Map<String, List<Long>> huddles = new TreeMap<>();
        ArrayNode mentions = Json.array();
        int count = 0;
        for (MessageStore.Unread u : rows) {
            boolean muted = u.channelId() != null && muting.muted(u.channelId(), u.topic());
            if (u.channelId() != null) {
                String topic = u.topic().isEmpty() && !emptyTopicName ? Realm.EMPTY_TOPIC_DISPLAY_NAME : u.topic();
                // sorted as Zulip sorts (channel id, lower-cased topic): the id zero-padded
                String k = String.format("%020d", u.channelId()) + "\u0000" + topic.toLowerCase(Locale.ROOT);
                streams.computeIfAbsent(k, x -> Json.object().put("topic", topic).put("stream_id", u.channelId()).set("unread_message_ids", Json.array()))
                        .withArray("unread_message_ids").add(u.id());
            } else {
                List<Long> ids = new Message(0, 0, 0, null, u.dmKey(), "", "", "", 0, null, null, "", false, false, false).dmUserIds();
                if (ids.size() <= 2) {
                    long other = ids.stream().filter(x -> x != me).findFirst().orElse(me);
                    pms.computeIfAbsent(other, x -> new ArrayList<>()).add(u.id());
                } else {
                    huddles.computeIfAbsent(u.dmKey(), x -> new ArrayList<>()).add(u.id());
                }
            }
            if (!muted) count++;
            if ((u.flags() & Flags.MENTIONED) != 0 || ((u.flags() & Flags.ANY_MENTION) != 0 && !muted)) mentions.add(u.id());
        }
        ObjectNode out = Json.object();
        ArrayNode p = out.putArray("pms");
        pms.forEach((other, ids) -> {
            ObjectNode o = p.addObject();
            o.put("other_user_id", other);
            o.put("sender_id", other);
            o.set("unread_message_ids", Json.tree(ids));
        });
        out.putArray("streams").addAll(streams.values());
        ArrayNode hu = out.putArray("huddles");
        huddles.forEach((k, ids) -> {
            ObjectNode o = hu.addObject();
            o.put("user_ids_string", k);
            o.set("unread_message_ids", Json.tree(ids));
        });
        out.set("mentions", mentions);
        out.put("count", count);
        out.put("old_unreads_missing", false);
        return out;
    }

    private ArrayNode recentPrivate(Handle h, long me) {
        ArrayNode a = Json.array();
        for (MessageStore.RecentDm r : store.recentDms(h, me, 1000)) {
            ObjectNode o = a.addObject();
            o.put("max_message_id", r.maxMessageId());
            ArrayNode ids = o.putArray("user_ids");
            for (String s : r.dmKey().split(",")) if (Long.parseLong(s) != me) ids.add(Long.parseLong(s));
        }
        return a;
    }
}

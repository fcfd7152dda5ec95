package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jdbi.v3.core.Handle;

/** Register state: max_message_id, unread_msgs, recent_private_conversations, starred_messages. Four queries. */
public final class MessageState implements StateContributor {
    private final MessageStore store;

    public MessageState(MessageStore store) {
        this.store = store;
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
            state.set("unread_msgs", me == null ? emptyUnreads() : unreads(h, me));
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

    private ObjectNode unreads(Handle h, long me) {
        List<MessageStore.Unread> rows = store.unreads(h, me);
        Map<Long, List<Long>> pms = new TreeMap<>();
        Map<String, List<Long>> streams = new LinkedHashMap<>();
        Map<String, long[]> streamKeys = new LinkedHashMap<>();
        Map<String, List<Long>> huddles = new TreeMap<>();
        ArrayNode mentions = Json.array();
        for (MessageStore.Unread u : rows) {
            if (u.channelId() != null) {
                String k = u.channelId() + "\u0000" + u.topic();
                streams.computeIfAbsent(k, x -> new ArrayList<>()).add(u.id());
                streamKeys.putIfAbsent(k, new long[] {u.channelId()});
            } else {
                List<Long> ids = new Message(0, 0, 0, null, u.dmKey(), "", "", "", 0, null, null, "", false, false, false).dmUserIds();
                if (ids.size() <= 2) {
                    long other = ids.stream().filter(x -> x != me).findFirst().orElse(me);
                    pms.computeIfAbsent(other, x -> new ArrayList<>()).add(u.id());
                } else {
                    huddles.computeIfAbsent(u.dmKey(), x -> new ArrayList<>()).add(u.id());
                }
            }
            if ((u.flags() & Flags.ANY_MENTION) != 0) mentions.add(u.id());
        }
        ObjectNode out = Json.object();
        ArrayNode p = out.putArray("pms");
        pms.forEach((other, ids) -> {
            ObjectNode o = p.addObject();
            o.put("other_user_id", other);
            o.put("sender_id", other);
            o.set("unread_message_ids", Json.tree(ids));
        });
        ArrayNode s = out.putArray("streams");
        streams.forEach((k, ids) -> {
            ObjectNode o = s.addObject();
            o.put("topic", k.substring(k.indexOf('\u0000') + 1));
            o.put("stream_id", streamKeys.get(k)[0]);
            o.set("unread_message_ids", Json.tree(ids));
        });
        ArrayNode hu = out.putArray("huddles");
        huddles.forEach((k, ids) -> {
            ObjectNode o = hu.addObject();
            o.put("user_ids_string", k);
            o.set("unread_message_ids", Json.tree(ids));
        });
        out.set("mentions", mentions);
        out.put("count", rows.size());
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

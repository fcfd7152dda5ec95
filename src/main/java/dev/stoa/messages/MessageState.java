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
    @Override
    public Set<String> eventTypes() {
        return Set.of("message", "update_message_flags", "recent_private_conversations", "starred_messages");
    }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        Handle h = ctx.h();
        Long me = ctx.userId();
        if (ctx.fetches("message") || ctx.fetches("update_message_flags")) {
            state.put("max_message_id", me == null ? -1 : maxMessageId(h, me));
            state.set("unread_msgs", me == null ? emptyUnreads() : unreads(h, me));
        }
        if (ctx.fetches("recent_private_conversations")) {
            state.set("recent_private_conversations", me == null ? Json.array() : recentPrivate(h, me));
        }
        if (ctx.fetches("starred_messages")) {
            ArrayNode a = Json.array();
            if (me != null) {
                h.createQuery("SELECT message_id FROM user_message WHERE user_id = ? AND (flags & 2) <> 0 ORDER BY message_id")
                        .bind(0, me).mapTo(Long.class).forEach(a::add);
            }
            state.set("starred_messages", a);
        }
    }

    public static long maxMessageId(Handle h, long userId) {
        return h.createQuery("SELECT MAX(message_id) FROM user_message WHERE user_id = ?").bind(0, userId)
                .mapTo(Long.class).findOne().orElse(-1L);
    }

    private static ObjectNode emptyUnreads() {
        return (ObjectNode) Json.parse("{\"pms\":[],\"streams\":[],\"huddles\":[],\"mentions\":[],\"count\":0,\"old_unreads_missing\":false}");
    }

    private record Unread(long id, long flags, Long channelId, String topic, String dmKey, long senderId) {}

    private static ObjectNode unreads(Handle h, long me) {
        List<Unread> rows = h.createQuery("SELECT um.message_id, um.flags, m.channel_id, m.topic, r.dm_key, m.sender_id FROM user_message um "
                        + "JOIN messages m ON m.id = um.message_id JOIN recipients r ON r.id = m.recipient_id "
                        + "WHERE um.user_id = ? AND (um.flags & 1) = 0 ORDER BY um.message_id")
                .bind(0, me).map((rs, c) -> new Unread(rs.getLong(1), rs.getLong(2), rs.getObject(3) == null ? null : rs.getLong(3),
                        rs.getString(4), rs.getString(5), rs.getLong(6))).list();
        Map<Long, List<Long>> pms = new TreeMap<>();
        Map<String, List<Long>> streams = new LinkedHashMap<>();
        Map<String, long[]> streamKeys = new LinkedHashMap<>();
        Map<String, List<Long>> huddles = new TreeMap<>();
        ArrayNode mentions = Json.array();
        for (Unread u : rows) {
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

    private static ArrayNode recentPrivate(Handle h, long me) {
        ArrayNode a = Json.array();
        h.createQuery("SELECT r.dm_key, MAX(um.message_id) AS mx FROM user_message um JOIN messages m ON m.id = um.message_id "
                        + "JOIN recipients r ON r.id = m.recipient_id WHERE um.user_id = ? AND (um.flags & 4096) <> 0 "
                        + "GROUP BY r.dm_key ORDER BY mx DESC LIMIT 1000")
                .bind(0, me).map((rs, c) -> Map.entry(rs.getString(1), rs.getLong(2))).forEach(e -> {
                    ObjectNode o = a.addObject();
                    o.put("max_message_id", e.getValue());
                    ArrayNode ids = o.putArray("user_ids");
                    for (String s : e.getKey().split(",")) if (Long.parseLong(s) != me) ids.add(Long.parseLong(s));
                });
        return a;
    }
}

package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

import static dev.stoa.testing.EventApplier.array;
import static dev.stoa.testing.EventApplier.on;

/** How a client applies message events to max_message_id, unread_msgs, recent_private_conversations, starred_messages. */
final class MessageAppliers {
    private MessageAppliers() {}

    static void register() {
        on("message", MessageAppliers::message);
        on("update_message_flags", MessageAppliers::flags);
        on("delete_message", MessageAppliers::delete);
        on("update_message", MessageAppliers::update);
        on("reaction", (s, e) -> {});
        on("typing", (s, e) -> {});
        on("typing_edit_message", (s, e) -> {});
        // attachments are not in register's state: these apply to GET /attachments' when a test adds it (VerifyAction.plusState)
        on("attachment/add", (s, e) -> attachments(s, e, a -> a.add(e.get("attachment"))));
        on("attachment/update", (s, e) -> attachments(s, e, a -> {
            EventApplier.removeById(a, "id", e.get("attachment").get("id").asLong());
            a.add(e.get("attachment"));
        }));
        on("attachment/remove", (s, e) -> attachments(s, e, a -> EventApplier.removeById(a, "id", e.get("attachment").get("id").asLong())));
        // Minimal stream/update (first_message_id, sent by the first message in a channel) until the
        // channels feature registers its full applier; registered first, so theirs replaces it.
        on("stream/update", (s, e) -> {
            for (String k : List.of("streams", "subscriptions")) {
                if (!s.has(k)) continue;
                for (JsonNode c : s.get(k)) {
                    if (c.get("stream_id").asLong() == e.get("stream_id").asLong()) ((ObjectNode) c).set(e.get("property").asText(), e.get("value"));
                }
            }
        });
    }

    private static void attachments(ObjectNode s, ObjectNode e, Consumer<ArrayNode> change) {
        if (!s.has("attachments")) return;
        change.accept(array(s, "attachments"));
        s.set("upload_space_used", e.get("upload_space_used"));
    }

    private static boolean has(JsonNode flags, String f) {
        for (JsonNode x : flags) if (x.asText().equals(f)) return true;
        return false;
    }

    private static void message(ObjectNode s, ObjectNode e) {
        JsonNode m = e.get("message");
        long id = m.get("id").asLong();
        long me = s.path("user_id").asLong();
        if (s.has("max_message_id")) s.put("max_message_id", Math.max(s.get("max_message_id").asLong(), id));
        if (s.has("unread_msgs") && !has(e.get("flags"), "read")) addUnread(s, m, e.get("flags"), id, me);
        if (s.has("recent_private_conversations") && m.get("type").asText().equals("private")) {
            TreeSet<Long> others = new TreeSet<>();
            for (JsonNode r : m.get("display_recipient")) if (r.get("id").asLong() != me) others.add(r.get("id").asLong());
            ArrayNode rpc = array(s, "recent_private_conversations");
            for (int i = 0; i < rpc.size(); i++) {
                TreeSet<Long> ids = new TreeSet<>();
                rpc.get(i).get("user_ids").forEach(x -> ids.add(x.asLong()));
                if (ids.equals(others)) {
                    rpc.remove(i);
                    break;
                }
            }
            ObjectNode c = rpc.insertObject(0);
            c.put("max_message_id", id);
            ArrayNode u = c.putArray("user_ids");
            others.forEach(u::add);
        }
    }

    /**
     * Zulip's muting rule for unread counts: in a muted channel only unmuted (2) and followed (3)
     * topics count; elsewhere all but muted (1) topics do. Read from the state's subscriptions
     * and user_topics (a channel counts as unmuted when the state has neither).
     */
    static boolean muted(ObjectNode s, long streamId, String topic) {
        boolean channelMuted = false;
        for (JsonNode sub : s.path("subscriptions")) if (sub.get("stream_id").asLong() == streamId) channelMuted = sub.path("is_muted").asBoolean();
        int policy = 0;
        for (JsonNode t : s.path("user_topics")) {
            if (t.get("stream_id").asLong() == streamId && t.get("topic_name").asText().equalsIgnoreCase(topic)) policy = t.get("visibility_policy").asInt();
        }
        return channelMuted ? policy != 2 && policy != 3 : policy == 1;
    }

    /** unread_msgs' count: every direct message, and the channel messages that are not muted. */
    static void recount(ObjectNode s) {
        if (!(s.get("unread_msgs") instanceof ObjectNode u)) return;
        int count = 0;
        for (String k : List.of("pms", "huddles")) for (JsonNode b : u.path(k)) count += b.get("unread_message_ids").size();
        for (JsonNode b : u.path("streams")) {
            if (!muted(s, b.get("stream_id").asLong(), b.get("topic").asText())) count += b.get("unread_message_ids").size();
        }
        u.put("count", count);
    }

    private static void addUnread(ObjectNode s, JsonNode m, JsonNode flags, long id, long me) {
        ObjectNode u = (ObjectNode) s.get("unread_msgs");
        boolean muted = false;
        if (m.get("type").asText().equals("stream")) {
            ObjectNode b = streamBucket(array(u, "streams"), m.get("stream_id").asLong(), m.get("subject").asText());
            add(b, id);
            muted = muted(s, m.get("stream_id").asLong(), m.get("subject").asText());
        } else {
            List<Long> ids = new ArrayList<>();
            for (JsonNode r : m.get("display_recipient")) ids.add(r.get("id").asLong());
            ids.sort(null);
            if (ids.size() <= 2) {
                long other = ids.stream().filter(x -> x != me).findFirst().orElse(me);
                ObjectNode b = bucket(array(u, "pms"), "other_user_id", other, null, null);
                b.put("sender_id", other);
                add(b, id);
            } else {
                String key = String.join(",", ids.stream().map(String::valueOf).toList());
                ObjectNode b = null;
                for (JsonNode x : array(u, "huddles")) if (x.get("user_ids_string").asText().equals(key)) b = (ObjectNode) x;
                if (b == null) {
                    b = array(u, "huddles").addObject();
                    b.put("user_ids_string", key);
                    b.putArray("unread_message_ids");
                }
                add(b, id);
            }
        }
        // wildcard mentions count only outside muted conversations
        if (has(flags, "mentioned") || (!muted && (has(flags, "stream_wildcard_mentioned") || has(flags, "topic_wildcard_mentioned")))) {
            insertSorted(array(u, "mentions"), id);
        }
    }

    /** A channel's topic bucket, matched case-insensitively; a new one goes where Zulip sorts it (channel id, lower-cased topic). */
    private static ObjectNode streamBucket(ArrayNode a, long streamId, String topic) {
        int at = 0;
        for (int i = 0; i < a.size(); i++) {
            JsonNode x = a.get(i);
            long sid = x.get("stream_id").asLong();
            int cmp = sid != streamId ? Long.compare(sid, streamId) : x.get("topic").asText().toLowerCase(Locale.ROOT).compareTo(topic.toLowerCase(Locale.ROOT));
            if (cmp == 0) return (ObjectNode) x;
            if (cmp < 0) at = i + 1;
        }
        ObjectNode b = a.insertObject(at);
        b.put("topic", topic);
        b.put("stream_id", streamId);
        b.putArray("unread_message_ids");
        return b;
    }

    private static ObjectNode bucket(ArrayNode a, String key, long value, String key2, String value2) {
        for (JsonNode x : a) {
            if (x.get(key).asLong() == value && (key2 == null || x.get(key2).asText().equals(value2))) return (ObjectNode) x;
        }
        ObjectNode b = a.addObject();
        if (key2 != null) b.put(key2, value2);
        b.put(key, value);
        b.putArray("unread_message_ids");
        return b;
    }

    private static void add(ObjectNode bucket, long id) {
        insertSorted((ArrayNode) bucket.get("unread_message_ids"), id);
    }

    private static void insertSorted(ArrayNode a, long id) {
        int i = 0;
        while (i < a.size() && a.get(i).asLong() < id) i++;
        if (i < a.size() && a.get(i).asLong() == id) return;
        a.insert(i, id);
    }

    /** Removes ids from every unread bucket (dropping emptied buckets) and the mentions (recount() adjusts count). */
    private static void removeUnread(ObjectNode s, Set<Long> ids) {
        if (!s.has("unread_msgs")) return;
        ObjectNode u = (ObjectNode) s.get("unread_msgs");
        for (String k : List.of("pms", "streams", "huddles")) {
            ArrayNode a = array(u, k);
            for (int i = a.size() - 1; i >= 0; i--) {
                ArrayNode list = (ArrayNode) a.get(i).get("unread_message_ids");
                for (int j = list.size() - 1; j >= 0; j--) {
                    if (ids.contains(list.get(j).asLong())) {
                        list.remove(j);
                    }
                }
                if (list.isEmpty()) a.remove(i);
            }
        }
        ArrayNode mentions = array(u, "mentions");
        for (int j = mentions.size() - 1; j >= 0; j--) if (ids.contains(mentions.get(j).asLong())) mentions.remove(j);
    }

    private static void flags(ObjectNode s, ObjectNode e) {
        String flag = e.get("flag").asText();
        boolean add = e.get("op").asText().equals("add");
        Set<Long> ids = new HashSet<>();
        e.get("messages").forEach(x -> ids.add(x.asLong()));
        long me = s.path("user_id").asLong();
        if (flag.equals("read")) {
            if (add) removeUnread(s, ids);
            else if (s.has("unread_msgs")) {
                for (var d : e.get("message_details").properties()) {
                    JsonNode det = d.getValue();
                    ObjectNode m = new ObjectMapper().createObjectNode();
                    m.put("type", det.get("type").asText());
                    if (det.get("type").asText().equals("stream")) {
                        m.put("stream_id", det.get("stream_id").asLong()).put("subject", det.get("topic").asText());
                    } else {
                        ArrayNode dr = m.putArray("display_recipient");
                        dr.addObject().put("id", me);
                        det.path("user_ids").forEach(x -> dr.addObject().put("id", x.asLong()));
                    }
                    ArrayNode f = m.arrayNode();
                    if (det.path("mentioned").asBoolean(false)) f.add("mentioned");
                    addUnread(s, m, f, Long.parseLong(d.getKey()), me);
                }
            }
        } else if (flag.equals("starred") && s.has("starred_messages")) {
            ArrayNode a = array(s, "starred_messages");
            if (add) ids.forEach(id -> insertSorted(a, id));
            else for (int j = a.size() - 1; j >= 0; j--) if (ids.contains(a.get(j).asLong())) a.remove(j);
        }
    }

    private static void delete(ObjectNode s, ObjectNode e) {
        Set<Long> ids = new HashSet<>();
        if (e.has("message_ids")) e.get("message_ids").forEach(x -> ids.add(x.asLong()));
        if (e.has("message_id")) ids.add(e.get("message_id").asLong());
        removeUnread(s, ids);
        if (s.has("starred_messages")) {
            ArrayNode a = array(s, "starred_messages");
            for (int j = a.size() - 1; j >= 0; j--) if (ids.contains(a.get(j).asLong())) a.remove(j);
        }
    }

    /** Moves re-bucket unread channel messages under their new channel/topic. */
    private static void update(ObjectNode s, ObjectNode e) {
        if (!s.has("unread_msgs") || !(e.has("subject") || e.has("new_stream_id"))) return;
        Set<Long> ids = new HashSet<>();
        e.get("message_ids").forEach(x -> ids.add(x.asLong()));
        ObjectNode u = (ObjectNode) s.get("unread_msgs");
        long stream = e.has("new_stream_id") ? e.get("new_stream_id").asLong() : e.get("stream_id").asLong();
        String topic = e.has("subject") ? e.get("subject").asText() : e.get("orig_subject").asText();
        List<Long> moved = new ArrayList<>();
        ArrayNode a = array(u, "streams");
        for (int i = a.size() - 1; i >= 0; i--) {
            ArrayNode list = (ArrayNode) a.get(i).get("unread_message_ids");
            for (int j = list.size() - 1; j >= 0; j--) {
                if (ids.contains(list.get(j).asLong())) moved.add(list.remove(j).asLong());
            }
            if (list.isEmpty()) a.remove(i);
        }
        for (long id : moved) add(streamBucket(a, stream, topic), id);
    }
}

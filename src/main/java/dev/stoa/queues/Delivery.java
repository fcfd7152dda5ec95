package dev.stoa.queues;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.events.EventType;
import dev.stoa.events.Hints;
import dev.stoa.events.LoggedEvent;
import dev.stoa.http.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Delivery-time rendering: decides whether a queue accepts a log entry and renders it for the
 * queue's capabilities. The stored payload is capability-neutral; per-recipient parts and what the
 * rules read to render it travel beside it in the entry's {@link Hints}, which no client sees.
 */
public final class Delivery {
    /** What a client without empty_topic_name sees for the empty topic (the realm's name for it). */
    @FunctionalInterface
    public interface EmptyTopicName {
        String displayName();
    }

    /**
     * Renders one event of a type for a queue (its spec and user; null for a spectator): zero, one or
     * several wire events. The event is the payload with the user's per-user part merged; hints are the entry's.
     */
    @FunctionalInterface
    public interface TypeRule {
        List<ObjectNode> render(ObjectNode event, Hints hints, QueueSpec spec, Long userId);

        /** Whether the queue takes the event at all, as stored (before capability rendering): e.g. a message outside its narrow. Must not change it. */
        default boolean accepts(ObjectNode event, Hints hints, QueueSpec spec, Long userId) { return true; }

        /**
         * What of the spec and user this type's render depends on, for an event as stored: queues with
         * equal keys (and equal per-user parts) share one rendering. Null: render for each queue.
         */
        default Object shareKey(ObjectNode event, Hints hints, QueueSpec spec, Long userId) { return null; }
    }

    private final Map<EventType, TypeRule> rules = new EnumMap<>(EventType.class);
    private final EmptyTopicName emptyTopicDisplayName;

    public Delivery(EmptyTopicName emptyTopicDisplayName) {
        this(emptyTopicDisplayName, Map.of());
    }

    /** featureRules: each feature's capability rendering of its event types (the features' modules give them). */
    public Delivery(EmptyTopicName emptyTopicDisplayName, Map<EventType, TypeRule> featureRules) {
        this.emptyTopicDisplayName = emptyTopicDisplayName;
        rules.put(EventType.DELETE_MESSAGE, (e, x, s, u) -> deleteMessage(e, s));
        rules.put(EventType.USER_GROUP, (e, x, s, u) -> userGroup(e, x, s));
        rules.put(EventType.REALM_LINKIFIERS, (e, x, s, u) -> s.can("linkifier_url_template") ? List.of(e) : List.of());
        rules.put(EventType.TYPING, (e, x, s, u) -> "stream".equals(e.path("message_type").asText()) && !s.can("stream_typing_notifications")
                ? List.of() : List.of(e));
        rules.put(EventType.PRESENCE, (e, x, s, u) -> presence(e, x, s));
        // internal entries reach no queue (their recipients are nobody); should one ever match, it renders to nothing
        rules.put(EventType.ROWS_CHANGED, (e, x, s, u) -> List.of());
        // update_display_settings / update_global_notifications: no rule. The seed's user_settings_object
        // has no effect now, so they reach every queue that asked for them (or for everything).
        rules.putAll(featureRules);
    }

    /** The wire events for this queue, each with the entry's id; empty when the queue does not accept it. */
    public List<ObjectNode> render(LoggedEvent e, EventQueue q) {
        if (!e.recipients().accepts(q.userId, q.spec.allPublicStreams())) return List.of();
        if (e.type() == null || !q.spec.wants(e.type().wire())) return List.of();
        ObjectNode perUser = e.hints().perUser(q.userId);
        TypeRule rule = rules.get(e.type());
        ObjectNode view = perUser == null ? e.payload() : merged(e.payload(), perUser); // read only: no deep copy to decide
        if (rule != null && !rule.accepts(view, e.hints(), q.spec, q.userId)) return List.of();
        Object ruleKey = rule == null ? null : rule.shareKey(view, e.hints(), q.spec, q.userId);
        if (ruleKey == null) return renderFor(e, perUser, rule, q);
        // Every queue with the same key gets the same events: rendered and written as JSON once per entry,
        // not once per queue (one message to a big channel wakes thousands of polls).
        boolean echo = isSenderQueue(e.hints(), q);
        RenderKey key = new RenderKey(ruleKey, perUser, q.spec.can("empty_topic_name"), echo);
        Map<RenderKey, List<ObjectNode>> forEntry = shared.get(e.id());
        if (forEntry == null) {
            forEntry = shared.computeIfAbsent(e.id(), id -> new ConcurrentHashMap<>());
            if (shared.size() > SHARED_ENTRIES) shared.pollFirstEntry();
        }
        List<ObjectNode> done = forEntry.get(key); // the common case: another queue rendered it (no bin lock)
        return done != null ? done
                : forEntry.computeIfAbsent(key, k -> renderFor(e, perUser, rule, q).stream().map(o -> (ObjectNode) new SharedEvent(o)).toList());
    }

    /**
     * What makes one queue's rendering of an entry differ from another's, beyond what the type's rule names.
     * equals and hashCode by hand: thousands of polls look it up at once, and the generated ones cost several times more.
     */
    private record RenderKey(Object rule, JsonNode perUser, boolean emptyTopicName, boolean senderQueue) {
        @Override
        public boolean equals(Object o) {
            return o instanceof RenderKey k && emptyTopicName == k.emptyTopicName && senderQueue == k.senderQueue
                    && rule.equals(k.rule) && Objects.equals(perUser, k.perUser);
        }

        @Override
        public int hashCode() {
            return (rule.hashCode() * 31 + (perUser == null ? 0 : perUser.hashCode())) * 4 + (emptyTopicName ? 2 : 0) + (senderQueue ? 1 : 0);
        }
    }

    /** Recent entries whose shared renderings are kept (a poll that is behind renders older ones again). */
    private static final int SHARED_ENTRIES = 64;
    private final ConcurrentSkipListMap<Long, Map<RenderKey, List<ObjectNode>>> shared = new ConcurrentSkipListMap<>();

    /** Local echo: the queue of the client that sent the message, which alone learns its local id back. */
    private static boolean isSenderQueue(Hints hints, EventQueue q) {
        return hints.echo() != null && hints.echo().localId() != null && q.id.equals(hints.echo().queueId());
    }

    /** The stored payload with one recipient's part on top, sharing the payload's nodes. */
    private static ObjectNode merged(ObjectNode payload, ObjectNode perUser) {
        ObjectNode view = Json.object();
        view.setAll(payload);
        view.setAll(perUser);
        return view;
    }

    /** Renders the entry for this queue on a deep copy (rules change the event they are given). */
    private List<ObjectNode> renderFor(LoggedEvent e, ObjectNode perUser, TypeRule rule, EventQueue q) {
        ObjectNode ev = e.payload().deepCopy();
        if (perUser != null) ev.setAll(perUser.deepCopy());
        if (!q.spec.can("empty_topic_name")) showEmptyTopic(ev);
        List<ObjectNode> out = rule == null ? List.of(ev) : rule.render(ev, e.hints(), q.spec, q.userId);
        List<ObjectNode> wire = new ArrayList<>(out.size());
        // an entry split into several events: each part its own id, reserved below the entry's
        long firstId = out.size() > 1 ? e.hints().splitFirstId() : 0;
        boolean echo = isSenderQueue(e.hints(), q);
        for (int i = 0; i < out.size(); i++) {
            ObjectNode o = out.get(i);
            if (echo) o.put("local_message_id", e.hints().echo().localId());
            o.put("id", firstId > 0 && i < out.size() - 1 ? firstId + i : e.id());
            wire.add(o);
        }
        return wire;
    }

    /**
     * A rendered event several queues share: never changed after it is made, and written as UTF-8 JSON
     * once, then copied as bytes into every poll answer that carries it (as a String it was re-encoded
     * char by char for each answer: 3% of the server's CPU in the bench's send at 500 msgs/s).
     */
    static final class SharedEvent extends ObjectNode {
        private volatile JsonNode json;

        SharedEvent(ObjectNode rendered) {
            super(Json.MAPPER.getNodeFactory());
            setAll(rendered); // made for this key alone: nothing else holds its nodes
        }

        @Override
        public void serialize(JsonGenerator g, SerializerProvider provider) throws IOException {
            JsonNode written = json;
            if (written == null) json = written = Json.raw(Json.bytes(new ObjectNode(Json.MAPPER.getNodeFactory(), _children)));
            written.serialize(g, provider);
        }
    }

    private static final String[] TOPIC_KEYS = {"subject", "topic", "orig_subject", "topic_name"};

    /**
     * Without empty_topic_name, the empty topic is shown as realm_empty_topic_display_name. A direct
     * message's subject is "" because it has no topic, not the empty topic: it stays "".
     */
    private void showEmptyTopic(ObjectNode ev) {
        replaceEmptyTopic(ev);
        if (ev.get("message") instanceof ObjectNode m && !"private".equals(m.path("type").asText())) replaceEmptyTopic(m);
    }

    private void replaceEmptyTopic(ObjectNode o) {
        for (String k : TOPIC_KEYS) {
            if (o.has(k) && o.get(k).isTextual() && o.get(k).asText().isEmpty()) o.put(k, emptyTopicDisplayName.displayName());
        }
    }

    /** Without bulk_message_deletion, one event per message with message_id. */
    private static List<ObjectNode> deleteMessage(ObjectNode e, QueueSpec s) {
        if (s.can("bulk_message_deletion")) return List.of(e);
        List<ObjectNode> out = new ArrayList<>();
        for (JsonNode id : e.path("message_ids")) {
            ObjectNode one = e.deepCopy();
            one.remove("message_ids");
            one.put("message_id", id.asLong());
            out.add(one);
        }
        return out;
    }

    /**
     * Without include_deactivated_groups, deactivation arrives as a remove event and changes to a
     * deactivated group are not sent at all.
     */
    private static List<ObjectNode> userGroup(ObjectNode e, Hints hints, QueueSpec s) {
        if (s.can("include_deactivated_groups")) return List.of(e);
        boolean deactivating = e.path("data").path("deactivated").asBoolean(false);
        boolean reactivating = e.path("data").has("deactivated") && !deactivating;
        if (deactivating) {
            ObjectNode remove = Json.object();
            remove.put("type", "user_group");
            remove.put("op", "remove");
            remove.put("group_id", e.path("group_id").asLong());
            return List.of(remove);
        }
        if (reactivating && hints.group() != null) {
            ObjectNode add = Json.object();
            add.put("type", "user_group");
            add.put("op", "add");
            add.set("group", hints.group().deepCopy());
            return List.of(add);
        }
        if (hints.deactivated()) return List.of();
        return List.of(e);
    }

    /** Presence events in modern form with simplified_presence_events, legacy otherwise. */
    private static List<ObjectNode> presence(ObjectNode e, Hints hints, QueueSpec s) {
        ObjectNode form = hints.presence() == null ? null : s.can("simplified_presence_events") ? hints.presence().modern() : hints.presence().legacy();
        if (form == null) return List.of(e);
        ObjectNode out = Json.object();
        out.put("type", "presence");
        out.setAll(form.deepCopy());
        return List.of(out);
    }

    static ArrayNode array(List<ObjectNode> events) {
        ArrayNode a = Json.array();
        events.forEach(a::add);
        return a;
    }
}

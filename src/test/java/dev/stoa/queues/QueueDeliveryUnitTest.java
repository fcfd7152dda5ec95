package dev.stoa.queues;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.ChannelDelivery;
import dev.stoa.events.EventType;
import dev.stoa.events.Hints;
import dev.stoa.events.LoggedEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.Json;
import dev.stoa.messages.MessageDelivery;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Delivery-time rendering rules, on synthetic log entries and queues (no server). */
class QueueDeliveryUnitTest {
    private static final long ME = 10;
    private final Delivery delivery = new Delivery(() -> "general chat", rules());

    private static Map<EventType, Delivery.TypeRule> rules() {
        Map<EventType, Delivery.TypeRule> out = new HashMap<>(ChannelDelivery.rules());
        out.putAll(MessageDelivery.rules());
        return out;
    }
    // archived channels are the channels feature's rule; it is part of what a real server delivers
    private long nextId = 100;

    private static EventQueue queue(Set<String> types, List<List<String>> narrow, boolean allPublic, String... caps) {
        Map<String, Boolean> c = new HashMap<>();
        for (String cap : caps) c.put(cap, true);
        QueueSpec spec = new QueueSpec(types, MessageDelivery.queueNarrow(Json.tree(narrow)), c, allPublic, false, false, false, null);
        return new EventQueue("q", ME, spec, 0, 600, 0, 0, 0);
    }

    private static EventQueue queue(String... caps) { return queue(null, List.of(), false, caps); }

    private List<ObjectNode> render(String json, EventQueue q) {
        return render(json, Recipients.users(ME), q);
    }

    /**
     * Entries written here in the form stored before hints had their own column ("__" keys in the
     * payload), read as the table reads such a row: so these cases also hold for rows of before V91.
     */
    private List<ObjectNode> render(String json, Recipients to, EventQueue q) {
        ObjectNode payload = (ObjectNode) Json.parse(json);
        Hints hints = Hints.takeLegacy(payload);
        return delivery.render(new LoggedEvent(++nextId, 0, EventType.of(payload.get("type").asText()), payload, to, hints), q);
    }

    private static final String STREAM_MSG = "{\"type\":\"message\",\"flags\":[],\"message\":{\"type\":\"stream\",\"stream_id\":5,"
            + "\"display_recipient\":\"Denmark\",\"subject\":\"\",\"sender_email\":\"a@x\",\"sender_id\":3}}";

    @Test
    void idIsTheLogIdAndPrivateKeysAreStripped() {
        var out = render("{\"type\":\"realm\",\"op\":\"update\",\"property\":\"name\",\"value\":\"X\",\"__hint\":1}", queue());
        assertThat(out).hasSize(1);
        assertThat(out.get(0).get("id").asLong()).isEqualTo(nextId);
        assertThat(out.get(0).has("__hint")).isFalse();
    }

    @Test
    void recipientsAndEventTypesFilter() {
        assertThat(render("{\"type\":\"realm\"}", Recipients.users(11, 12), queue())).isEmpty();
        assertThat(render("{\"type\":\"realm\"}", Recipients.all(), queue())).hasSize(1);
        assertThat(render("{\"type\":\"realm\"}", queue(Set.of("message"), List.of(), false))).isEmpty();
        var publicMsg = Recipients.channelMessage(List.of(11L), true);
        assertThat(render(STREAM_MSG, publicMsg, queue())).isEmpty();
        assertThat(render(STREAM_MSG, publicMsg, queue(null, List.of(), true))).hasSize(1);
        var privateMsg = Recipients.channelMessage(List.of(11L), false);
        assertThat(render(STREAM_MSG, privateMsg, queue(null, List.of(), true))).isEmpty();
    }

    @Test
    void perUserPartsAreMergedForTheirRecipientOnly() {
        String json = "{\"type\":\"message\",\"flags\":[],\"message\":{\"type\":\"private\"},\"__per_user\":{\"10\":{\"flags\":[\"read\"]},\"11\":{\"flags\":[\"mentioned\"]}}}";
        var out = render(json, Recipients.users(10, 11), queue());
        assertThat(out.get(0).get("flags").toString()).isEqualTo("[\"read\"]");
        assertThat(out.get(0).has("__per_user")).isFalse();
    }

    @Test
    void queuesWithTheSameRenderingShareOneAndOnlyTheSenderQueueGetsItsLocalId() {
        String json = "{\"type\":\"message\",\"flags\":[],\"message\":{\"type\":\"private\",\"content\":\"<p>x</p>\"}}";
        ObjectNode payload = (ObjectNode) Json.parse(json);
        Hints hints = Hints.NONE.withRawContent("x").withEcho(new Hints.Echo("mine", "7"))
                .withPerUser(Map.of(11L, (ObjectNode) Json.parse("{\"flags\":[\"mentioned\"]}")));
        LoggedEvent e = new LoggedEvent(++nextId, 0, EventType.MESSAGE, payload, Recipients.users(ME, 11, 12), hints);
        QueueSpec spec = queue().spec;
        List<ObjectNode> a = delivery.render(e, new EventQueue("a", ME, spec, 0, 600, 0, 0, 0));
        List<ObjectNode> b = delivery.render(e, new EventQueue("b", 12L, spec, 0, 600, 0, 0, 0));
        List<ObjectNode> flagged = delivery.render(e, new EventQueue("c", 11L, spec, 0, 600, 0, 0, 0));
        List<ObjectNode> sender = delivery.render(e, new EventQueue("mine", ME, spec, 0, 600, 0, 0, 0));
        assertThat(b.getFirst()).isSameAs(a.getFirst());
        assertThat(Json.write(a.getFirst())).isEqualTo(Json.write(Json.parse(Json.write(a.getFirst()))));
        assertThat(a.getFirst().get("flags")).isEmpty();
        assertThat(flagged.getFirst().get("flags").get(0).asText()).isEqualTo("mentioned");
        assertThat(a.getFirst().has("local_message_id")).isFalse();
        assertThat(sender.getFirst().get("local_message_id").asText()).isEqualTo("7");
        assertThat(Json.write(sender.getFirst())).contains("\"local_message_id\":\"7\"").doesNotContain("__");
        assertThat(payload.has("flags") && payload.get("flags").isEmpty()).as("the stored payload is unchanged").isTrue();
        assertThat(hints.perUser(11L).get("flags")).as("and so are its hints").hasSize(1);
        // raw Markdown for a queue without apply_markdown (the spec above), HTML for one with it
        QueueSpec html = new QueueSpec(null, Json.array(), Map.of(), false, true, false, false, null);
        assertThat(delivery.render(e, new EventQueue("d", 12L, html, 0, 600, 0, 0, 0)).getFirst().at("/message/content").asText()).isEqualTo("<p>x</p>");
        assertThat(b.getFirst().at("/message/content").asText()).isEqualTo("x");
    }

    @Test
    void narrowAppliesToMessageEvents() {
        assertThat(render(STREAM_MSG, queue(null, List.of(List.of("stream", "Denmark")), false))).hasSize(1);
        assertThat(render(STREAM_MSG, queue(null, List.of(List.of("channel", "5")), false))).hasSize(1);
        assertThat(render(STREAM_MSG, queue(null, List.of(List.of("stream", "Sweden")), false))).isEmpty();
        assertThat(render(STREAM_MSG, queue(null, List.of(List.of("is", "dm")), false))).isEmpty();
        assertThat(render("{\"type\":\"realm\"}", queue(null, List.of(List.of("stream", "Sweden")), false))).hasSize(1);
    }

    @Test
    void emptyTopicName() {
        assertThat(render(STREAM_MSG, queue()).get(0).at("/message/subject").asText()).isEqualTo("general chat");
        assertThat(render(STREAM_MSG, queue("empty_topic_name")).get(0).at("/message/subject").asText()).isEmpty();
        String typing = "{\"type\":\"typing\",\"op\":\"start\",\"message_type\":\"stream\",\"topic\":\"\"}";
        assertThat(render(typing, queue("stream_typing_notifications")).get(0).get("topic").asText()).isEqualTo("general chat");
        assertThat(render(typing, queue("stream_typing_notifications", "empty_topic_name")).get(0).get("topic").asText()).isEmpty();
    }

    @Test
    void bulkMessageDeletion() {
        String json = "{\"type\":\"delete_message\",\"message_type\":\"private\",\"message_ids\":[7,8]}";
        var bulk = render(json, queue("bulk_message_deletion"));
        assertThat(bulk).hasSize(1);
        assertThat(bulk.get(0).get("message_ids")).hasSize(2);
        var single = render(json, queue());
        assertThat(single).hasSize(2);
        assertThat(single.get(0).get("message_id").asLong()).isEqualTo(7);
        assertThat(single.get(1).get("message_id").asLong()).isEqualTo(8);
        assertThat(single.get(0).has("message_ids")).isFalse();
        assertThat(single.get(0).get("id").asLong()).isEqualTo(single.get(1).get("id").asLong());
    }

    @Test
    void includeDeactivatedGroups() {
        String deactivate = "{\"type\":\"user_group\",\"op\":\"update\",\"group_id\":4,\"data\":{\"deactivated\":true}}";
        assertThat(render(deactivate, queue("include_deactivated_groups")).get(0).get("op").asText()).isEqualTo("update");
        var removed = render(deactivate, queue());
        assertThat(removed.get(0).get("op").asText()).isEqualTo("remove");
        assertThat(removed.get(0).get("group_id").asLong()).isEqualTo(4);
        String rename = "{\"type\":\"user_group\",\"op\":\"update\",\"group_id\":4,\"data\":{\"name\":\"n\"},\"__deactivated\":true}";
        assertThat(render(rename, queue())).isEmpty();
        assertThat(render(rename, queue("include_deactivated_groups")).get(0).has("__deactivated")).isFalse();
        String reactivate = "{\"type\":\"user_group\",\"op\":\"update\",\"group_id\":4,\"data\":{\"deactivated\":false},\"__group\":{\"id\":4,\"name\":\"n\"}}";
        var added = render(reactivate, queue());
        assertThat(added.get(0).get("op").asText()).isEqualTo("add");
        assertThat(added.get(0).at("/group/id").asLong()).isEqualTo(4);
    }

    @Test
    void archivedChannels() {
        String json = "{\"type\":\"stream\",\"op\":\"update\",\"stream_id\":5,\"property\":\"description\",\"value\":\"d\",\"__archived\":true}";
        assertThat(render(json, queue())).isEmpty();
        var out = render(json, queue("archived_channels"));
        assertThat(out).hasSize(1);
        assertThat(out.get(0).has("__archived")).isFalse();
    }

    @Test
    void simplifiedPresenceEvents() {
        String json = "{\"type\":\"presence\",\"__modern\":{\"presences\":{\"3\":{\"active_timestamp\":1,\"idle_timestamp\":1}}},"
                + "\"__legacy\":{\"user_id\":3,\"email\":\"a@x\",\"server_timestamp\":1,\"presence\":{}}}";
        var modern = render(json, queue("simplified_presence_events"));
        assertThat(modern.get(0).has("presences")).isTrue();
        assertThat(modern.get(0).has("user_id")).isFalse();
        var legacy = render(json, queue());
        assertThat(legacy.get(0).get("user_id").asLong()).isEqualTo(3);
        assertThat(legacy.get(0).has("presences")).isFalse();
    }

    @Test
    void linkifierUrlTemplate() {
        String json = "{\"type\":\"realm_linkifiers\",\"realm_linkifiers\":[]}";
        assertThat(render(json, queue())).isEmpty();
        assertThat(render(json, queue("linkifier_url_template"))).hasSize(1);
        // no realm_filters event exists to suppress: EventType has none (Zulip sends none since feature level 176)
        assertThat(EventType.of("realm_filters")).isNull();
    }

    @Test
    void streamTypingNotifications() {
        String stream = "{\"type\":\"typing\",\"op\":\"start\",\"message_type\":\"stream\",\"stream_id\":5,\"topic\":\"t\"}";
        String direct = "{\"type\":\"typing\",\"op\":\"start\",\"message_type\":\"direct\"}";
        assertThat(render(stream, queue())).isEmpty();
        assertThat(render(stream, queue("stream_typing_notifications"))).hasSize(1);
        assertThat(render(direct, queue())).hasSize(1);
    }

    @Test
    void userSettingsObjectHasNoEffect() {
        // the seed (level 496): the capability has no effect now; the legacy events reach queues that want them
        String legacy = "{\"type\":\"update_display_settings\",\"setting_name\":\"twenty_four_hour_time\",\"setting\":true,\"user\":\"a@x\"}";
        assertThat(render(legacy, queue())).hasSize(1);
        assertThat(render(legacy, queue("user_settings_object"))).hasSize(1);
        String notif = "{\"type\":\"update_global_notifications\",\"notification_name\":\"enable_sounds\",\"setting\":true,\"user\":\"a@x\"}";
        assertThat(render(notif, queue("user_settings_object"))).hasSize(1);
        assertThat(render("{\"type\":\"user_settings\",\"op\":\"update\",\"property\":\"x\",\"value\":1}", queue("user_settings_object"))).hasSize(1);
    }

    @Test
    void aFeatureGivesItsOwnRule() {
        Delivery custom = new Delivery(() -> "general chat", Map.of(EventType.ATTACHMENT,
                (e, hints, spec, user) -> spec.can("empty_topic_name") ? List.of(e, e.deepCopy()) : List.of()));
        ObjectNode payload = (ObjectNode) Json.parse("{\"type\":\"attachment\"}");
        assertThat(custom.render(new LoggedEvent(++nextId, 0, EventType.ATTACHMENT, payload, Recipients.users(ME)), queue())).isEmpty();
        assertThat(custom.render(new LoggedEvent(++nextId, 0, EventType.ATTACHMENT, payload, Recipients.users(ME)), queue("empty_topic_name")))
                .hasSize(2);
    }
}

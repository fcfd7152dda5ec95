package dev.stoa.queues;

import com.fasterxml.jackson.databind.node.BooleanNode;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** POST /register: every parameter's effect and errors, spectators, and the snapshot/queue-start agreement. */
class RegisterParamsTest extends StoaTestBase {
    private final AtomicInteger users = new AtomicInteger();

    private void createUser() {
        int n = users.incrementAndGet();
        admin.post("/users", "email", "reg" + n + "@example.com", "password", "pw-secret-" + n, "full_name", "Reg User " + n).success();
    }

    private static List<String> types(List<JsonNode> events) {
        return events.stream().map(e -> e.get("type").asText()).distinct().toList();
    }

    private List<JsonNode> eventsAfter(ApiClient c, JsonNode reg) {
        return VerifyAction.drain(c, reg.get("queue_id").asText(), reg.get("last_event_id").asLong());
    }

    @Test
    void responseHoldsTheSeedsKeys() {
        JsonNode r = member.post("/register").success();
        for (String k : List.of("queue_id", "last_event_id", "event_queue_longpoll_timeout_seconds", "idle_queue_timeout_secs",
                "zulip_version", "zulip_feature_level", "max_topic_length", "max_message_length", "max_stream_name_length",
                "max_stream_description_length", "realm_empty_topic_display_name", "server_report_message_types",
                "presence_last_update_id", "has_meeting_token", "recent_private_conversations", "navigation_views",
                "saved_snippets", "subscriptions", "realm_users", "realm_user_groups", "custom_profile_fields",
                "realm_linkifiers", "realm_emoji", "user_settings", "unread_msgs")) {
            assertThat(r.has(k)).as(k).isTrue();
        }
        assertThat(r.get("event_queue_longpoll_timeout_seconds").asInt()).isEqualTo(90);
        assertThat(r.get("zulip_feature_level").isInt()).isTrue();
    }

    /** An incoming webhook bot can be created; its integrations are listed by register (integrations.IncomingWebhookTest). */
    @Test
    void incomingWebhookBotsCanBeCreated() {
        JsonNode reg = member.post("/register", "fetch_event_types", List.of("realm_incoming_webhook_bots")).success();
        assertThat(reg.get("realm_incoming_webhook_bots").isArray()).isTrue();
        long id = member.post("/bots", "full_name", "Hook Bot", "short_name", "hookbot", "bot_type", 2).success().get("user_id").asLong();
        assertThat(member.get("/users/" + id).success().get("user").get("bot_type").asInt()).isEqualTo(2);
    }

    @Test
    void eventTypesFilterStateAndEvents() {
        JsonNode r = member.post("/register", "event_types", List.of("realm_user", "no_such_type")).success();
        assertThat(r.has("realm_users")).isTrue();
        assertThat(r.has("realm_user_groups")).isFalse();
        assertThat(r.has("subscriptions")).isFalse();
        createUser();
        assertThat(types(eventsAfter(member, r))).containsExactly("realm_user");
    }

    @Test
    void fetchEventTypesChoosesTheStateIndependently() {
        JsonNode r = member.post("/register", "event_types", List.of("realm_user"), "fetch_event_types", List.of("realm_user_groups")).success();
        assertThat(r.has("realm_user_groups")).isTrue();
        assertThat(r.has("realm_users")).isFalse();
        createUser();
        assertThat(types(eventsAfter(member, r))).containsExactly("realm_user");
    }

    @Test
    void narrowInBothForms() {
        member.post("/register", "narrow", List.of(List.of("is", "dm"))).success();
        member.post("/register", "narrow", List.of(Map.of("operator", "channel", "operand", "Denmark"))).success();
        assertThat(member.post("/register", "narrow", List.of(List.of("is"))).status()).isEqualTo(400);
        assertThat(member.post("/register", "narrow", "{\"a\":1}").status()).isEqualTo(400);
        // a narrow filters message events only: other events still arrive
        JsonNode r = member.post("/register", "narrow", List.of(List.of("is", "dm")), "event_types", List.of("realm_user")).success();
        createUser();
        assertThat(types(eventsAfter(member, r))).containsExactly("realm_user");
    }

    @Test
    void allPublicStreamsIsNotForGuests() {
        member.post("/register", "all_public_streams", true).success();
        guest.post("/register", "all_public_streams", true).badRequest("User not authorized for this query");
        guest.post("/register", "all_public_streams", false).success();
    }

    @Test
    void idleQueueTimeoutBounds() {
        assertThat(member.post("/register", "idle_queue_timeout", 60).success().get("idle_queue_timeout_secs").asLong()).isEqualTo(60);
        assertThat(member.post("/register", "idle_queue_timeout", 0).status()).isEqualTo(400);
        assertThat(member.post("/register", "idle_queue_timeout", -5).status()).isEqualTo(400);
        assertThat(member.post("/register", "idle_queue_timeout", 7 * 24 * 3600 + 1).status()).isEqualTo(400);
        assertThat(member.post("/register", "idle_queue_timeout", "soon").status()).isEqualTo(400);
    }

    @Test
    void otherParameterErrors() {
        assertThat(member.post("/register", "include_subscribers", "sometimes").status()).isEqualTo(400);
        for (String v : List.of("true", "false", "partial")) member.post("/register", "include_subscribers", v).success();
        assertThat(member.post("/register", "client_capabilities", "[1]").status()).isEqualTo(400);
        assertThat(member.post("/register", "client_capabilities", Map.of("bulk_message_deletion", "yes")).status()).isEqualTo(400);
        member.post("/register", "client_capabilities", Map.of("some_future_capability", true, "empty_topic_name", true)).success();
        assertThat(member.post("/register", "event_types", "realm_user").status()).isEqualTo(400);
        assertThat(member.post("/register", "apply_markdown", "maybe").status()).isEqualTo(400);
        assertThat(member.post("/register", "slim_presence", "maybe").status()).isEqualTo(400);
        assertThat(member.post("/register", "presence_history_limit_days", "many").status()).isEqualTo(400);
        member.post("/register", "apply_markdown", true, "slim_presence", true, "presence_history_limit_days", 3).success();
    }

    @Test
    void avatarUrlByCapabilityAndPublicAvatar() {
        JsonNode optional = member.post("/register", "event_types", List.of("realm_user"),
                "client_capabilities", Map.of("user_avatar_url_field_optional", true), "client_gravatar", false).success();
        JsonNode full = member.post("/register", "event_types", List.of("realm_user"), "client_gravatar", false).success();
        JsonNode gravatar = member.post("/register", "event_types", List.of("realm_user"), "client_public_avatar", true).success();
        createUser();
        JsonNode addOptional = eventsAfter(member, optional).getFirst().get("person");
        JsonNode addFull = eventsAfter(member, full).getFirst().get("person");
        JsonNode addGravatar = eventsAfter(member, gravatar).getFirst().get("person");
        // Zulip omits it only for long-term idle users (zerver/lib/users.py format_user_row); Stoa has none
        assertThat(addOptional.get("avatar_url").isTextual()).isTrue();
        assertThat(addFull.get("avatar_url").isTextual()).isTrue();
        assertThat(addGravatar.get("avatar_url").isNull()).isTrue();
    }

    @Test
    void spectators() {
        anonymous.post("/register").error(401, "UNAUTHORIZED", null);
        setSpectatorAccess(true);
        try {
            JsonNode r = anonymous.post("/register").success();
            assertThat(r.get("queue_id").isNull()).isTrue();
            anonymous.post("/register", "client_public_avatar", true).badRequest("Invalid 'client_public_avatar' parameter for anonymous request");
            anonymous.post("/register", "client_gravatar", true).badRequest("Invalid 'client_gravatar' parameter for anonymous request");
            anonymous.post("/register", "include_subscribers", "true").badRequest("Invalid 'include_subscribers' parameter for anonymous request");
            anonymous.post("/register", "include_subscribers", "partial").badRequest("Invalid 'include_subscribers' parameter for anonymous request");
            anonymous.post("/register", "client_public_avatar", false, "include_subscribers", "false").success();
            anonymous.post("/register", "all_public_streams", true).badRequest("User not authorized for this query");
            anonymous.get("/events", "queue_id", "x", "last_event_id", "-1").error(401, "UNAUTHORIZED", null);
        } finally {
            setSpectatorAccess(false);
        }
    }

    private void setSpectatorAccess(boolean on) {
        // through the store, as an action writes: its RowsChanged entry reaches the realm holder
        var realm = server.stoa.core().realmStore();
        server.stoa.db().write(tx -> {
            realm.updateSettings(tx, Map.of("enable_spectator_access", BooleanNode.valueOf(on)));
            return null;
        });
    }

    /**
     * Registers race with committing actions: for every queue, its snapshot plus the events after
     * its last_event_id end at the final state — nothing is applied twice or lost.
     */
    @Test
    void snapshotAndQueueStartAgreeUnderConcurrentWrites() throws Exception {
        ApiClient target = server.createUser("racer@example.com", "Racer 0", 400);
        int renames = 40;
        Thread writer = Thread.ofVirtual().start(() -> {
            for (int i = 1; i <= renames; i++) admin.patch("/users/" + target.userId, "full_name", "Racer " + i).success();
        });
        List<JsonNode> regs = new ArrayList<>();
        while (writer.isAlive()) regs.add(member.post("/register", "event_types", List.of("realm_user")).success());
        writer.join();
        assertThat(regs).isNotEmpty();
        for (JsonNode reg : regs) {
            String name = null;
            for (JsonNode u : reg.get("realm_users")) if (u.get("user_id").asLong() == target.userId) name = u.get("full_name").asText();
            for (JsonNode e : eventsAfter(member, reg)) {
                assertThat(e.get("id").asLong()).isGreaterThan(reg.get("last_event_id").asLong());
                JsonNode p = e.get("person");
                if (p.get("user_id").asLong() == target.userId && p.has("full_name")) name = p.get("full_name").asText();
            }
            assertThat(name).isEqualTo("Racer " + renames);
        }
    }
}

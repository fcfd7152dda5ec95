package dev.stoa.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A new organization as Zulip makes one (`--welcome`, the default): #general and #sandbox as the
 * channels everyone joins, #general announcing new channels, the Welcome Bot's first messages, its
 * direct message to every new person (with the organization's custom text after it), and the
 * administrators' test of that text.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WelcomeTest {
    private TestServer server;

    @BeforeAll
    void start() {
        server = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withExtras(c.extras().withWelcome(true)));
    }

    @AfterAll
    void stop() {
        if (server != null) server.close();
    }

    private static List<String> names(JsonNode channels) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : channels) out.add(c.get("name").asText());
        return out;
    }

    private static JsonNode messages(ApiClient who, String narrow) {
        return who.get("/messages", "anchor", "oldest", "num_before", "0", "num_after", "100", "narrow", narrow).success().get("messages");
    }

    @Test
    void aNewOrganizationHasGeneralAndSandboxForEveryone() {
        ApiClient owner = server.owner;
        JsonNode reg = owner.post("/register", "fetch_event_types", "[\"realm\",\"subscription\",\"default_streams\"]").success();
        long general = owner.get("/get_stream_id", "stream", "general").success().get("stream_id").asLong();
        long sandbox = owner.get("/get_stream_id", "stream", "sandbox").success().get("stream_id").asLong();
        List<Long> defaults = new ArrayList<>();
        reg.get("realm_default_streams").forEach(d -> defaults.add(d.asLong()));
        assertThat(defaults).containsExactlyInAnyOrder(general, sandbox);
        assertThat(reg.get("realm_new_stream_announcements_stream_id").asLong()).isEqualTo(general);
        assertThat(names(reg.get("subscriptions"))).contains("general", "sandbox");
        // People created later (the test server's members) joined both and were greeted.
        assertThat(names(server.member.get("/users/me/subscriptions").success().get("subscriptions"))).contains("general", "sandbox");
        JsonNode intro = messages(owner, "[{\"operator\":\"channel\",\"operand\":\"sandbox\"}]");
        assertThat(intro).hasSizeGreaterThanOrEqualTo(2);
        assertThat(intro.get(0).get("sender_email").asText()).startsWith("welcome-bot@");
        assertThat(messages(owner, "[{\"operator\":\"channel\",\"operand\":\"general\"}]").get(0).get("subject").asText()).isEqualTo("welcome");
        assertThat(owner.post("/register", "fetch_event_types", "[\"realm_user\"]").success().get("cross_realm_bots")).hasSize(2);
        // The owner, created by the first start, was greeted as an administrator.
        JsonNode greeting = messages(owner, "[{\"operator\":\"is\",\"operand\":\"dm\"}]").get(0);
        assertThat(greeting.get("sender_email").asText()).startsWith("welcome-bot@");
        assertThat(greeting.get("content").asText()).contains("Stoa Owner").contains("administrator");
    }

    @Test
    void everyNewPersonGetsTheWelcomeThenTheOrganizationsOwnText() {
        server.owner.patch("/realm", "welcome_message_custom_text", "Read #**general** first, please.").success();
        ApiClient ada = server.createUser("ada.welcome@example.com", "Ada Welcome", 400);
        JsonNode dms = messages(ada, "[{\"operator\":\"is\",\"operand\":\"dm\"}]");
        assertThat(dms).hasSize(2);
        assertThat(dms.get(0).get("sender_email").asText()).startsWith("welcome-bot@");
        assertThat(dms.get(0).get("content").asText()).contains("Ada Welcome").doesNotContain("administrator");
        assertThat(dms.get(1).get("content").asText()).contains("Read").contains("general");
        assertThat(dms.get(0).get("flags").toString()).doesNotContain("\"read\"");
        server.owner.patch("/realm", "welcome_message_custom_text", "").success();
        ApiClient bea = server.createUser("bea.welcome@example.com", "Bea Welcome", 400);
        assertThat(messages(bea, "[{\"operator\":\"is\",\"operand\":\"dm\"}]")).as("no custom text: one message").hasSize(1);
    }

    @Test
    void administratorsTestTheCustomText() {
        ApiClient admin = server.admin;
        List<JsonNode> events = VerifyAction.as(admin).events("message").run(() -> {
            long id = admin.post("/realm/test_welcome_bot_custom_message", "welcome_message_custom_text", "Hello from **us**").success()
                    .get("message_id").asLong();
            JsonNode m = admin.get("/messages/" + id).success().get("message");
            assertThat(m.get("sender_email").asText()).startsWith("welcome-bot@");
            assertThat(m.get("content").asText()).contains("<strong>us</strong>");
        });
        assertThat(events).hasSize(1);
        server.member.post("/realm/test_welcome_bot_custom_message", "welcome_message_custom_text", "x")
                .error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        admin.post("/realm/test_welcome_bot_custom_message", "welcome_message_custom_text", "x".repeat(8001))
                .error(400, "BAD_REQUEST", "welcome_message_custom_text is too long (limit: 8000 characters)");
    }
}

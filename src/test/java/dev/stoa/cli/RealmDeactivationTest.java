package dev.stoa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.Await;
import dev.stoa.testing.ContractValidator;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** ./stoa deactivate-realm and reactivate-realm against a running server: every API request then answers REALM_DEACTIVATED. */
class RealmDeactivationTest extends StoaTestBase {
    private static final String GONE = "This organization has been deactivated";

    private Cli.Result stoa(String... args) {
        return Cli.run(server, args);
    }

    private static void deactivated(ApiResponse r) {
        r.error(401, "REALM_DEACTIVATED", GONE);
    }

    @Test
    void deactivateThenReactivate() throws Exception {
        ApiClient gone = server.createUser("gone@example.com", "Gone User", 400);
        owner.delete("/users/" + gone.userId).success();
        owner.patch("/realm", "enable_spectator_access", true).success();
        // a client long-polling at that moment is woken by the realm deactivated event
        JsonNode reg = member.post("/register", "event_types", List.of("realm")).success();
        String queue = reg.get("queue_id").asText();
        String last = reg.get("last_event_id").asText();
        CompletableFuture<ApiResponse> poll = CompletableFuture.supplyAsync(() -> member.get("/events", "queue_id", queue, "last_event_id", last));
        Await.until("the long-poll to park", 20, () -> server.stoa.queues().parkedPolls() >= 1);

        Cli.Result r = stoa("deactivate-realm");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("deactivated the organization");
        JsonNode events = poll.get(30, TimeUnit.SECONDS).success().get("events");
        assertThat(events).hasSize(1);
        ContractValidator.get().validateEvent(events.get(0));
        assertThat(events.get(0).get("op").asText()).isEqualTo("deactivated");
        assertThat(events.get(0).get("realm_id").asLong()).isEqualTo(1);

        // the server follows the log: from now on every request answers REALM_DEACTIVATED
        Await.until("the server to see the deactivation", 20, () -> member.get("/users/me").status() == 401);
        for (ApiClient c : List.of(owner, admin, member, guest, bot, gone)) deactivated(c.get("/users/me"));
        deactivated(member.post("/messages", "type", "stream", "to", "general", "topic", "t", "content", "hello?"));
        deactivated(member.get("/events", "queue_id", queue, "last_event_id", last));
        deactivated(member.post("/register"));
        deactivated(anonymous.post("/fetch_api_key", "username", "member@example.com", "password", "secret-member@example.com"));
        deactivated(anonymous.get("/users"));                   // spectators too
        deactivated(anonymous.post("/register"));
        member.withCredentials(member.email, "x".repeat(32)).get("/users/me").error(401, "UNAUTHORIZED", "Invalid API key");
        anonymous.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        assertThat(anonymous.get("/server_settings").success().get("realm_name")).isNotNull();
        Cli.Result again = stoa("deactivate-realm");
        assertThat(again.exit()).isZero();
        assertThat(again.out()).contains("already deactivated");

        Cli.Result back = stoa("reactivate-realm");
        assertThat(back.exit()).as(back.err()).isZero();
        assertThat(back.out()).contains("reactivated the organization");
        Await.until("the server to see the reactivation", 20, () -> member.get("/users/me").status() == 200);
        owner.get("/users/me").success();
        member.post("/register", "event_types", List.of("realm")).success();
        anonymous.get("/users").success();
        gone.get("/users/me").error(401, "USER_DEACTIVATED", "Account is deactivated");
        assertThat(stoa("reactivate-realm").out()).contains("already active");
        assertThat(stoa("deactivate-realm", "--force", "yes").err()).contains("unknown option --force for deactivate-realm");
        owner.patch("/realm", "enable_spectator_access", false).success();
    }
}

package dev.stoa.bots;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Bots' own API (issue 27): /bot_storage and PATCH /bots/{id}'s service and config data, with Zulip's errors. */
class BotStorageTest extends StoaTestBase {
    @Test
    void storageKeepsStringsPerUserAndAnswersZulipsErrors() {
        bot.put("/bot_storage", "storage", Map.of("a", "1", "b", "two")).success();
        assertThat(bot.get("/bot_storage").success().get("storage")).isEqualTo(Json.parse("{\"a\":\"1\",\"b\":\"two\"}"));
        assertThat(bot.get("/bot_storage", "keys", List.of("b")).success().get("storage")).isEqualTo(Json.parse("{\"b\":\"two\"}"));
        bot.get("/bot_storage", "keys", List.of("nope")).error(400, "BAD_REQUEST", "Key does not exist.");
        bot.put("/bot_storage", "storage", Map.of("a", "one")).success();
        assertThat(bot.get("/bot_storage", "keys", List.of("a")).success().get("storage").get("a").asText()).isEqualTo("one");
        // another user's storage is its own
        assertThat(member.get("/bot_storage").success().get("storage")).isEmpty();
        bot.delete("/bot_storage", "keys", List.of("a", "nope")).error(400, "BAD_REQUEST", "Key does not exist.");
        assertThat(bot.get("/bot_storage").success().get("storage").size()).as("a refused removal removes nothing").isEqualTo(2);
        bot.delete("/bot_storage", "keys", List.of("a")).success();
        assertThat(bot.get("/bot_storage").success().get("storage")).isEqualTo(Json.parse("{\"b\":\"two\"}"));
        bot.delete("/bot_storage").success();
        assertThat(bot.get("/bot_storage").success().get("storage")).isEmpty();
        bot.put("/bot_storage").error(400, "REQUEST_VARIABLE_MISSING", "Missing 'storage' argument");
        bot.put("/bot_storage", "storage", Map.of("n", 5)).error(400, "BAD_REQUEST", "storage[\"n\"] is not a string");
        bot.put("/bot_storage", "storage", "x".repeat(10)).error(400, "BAD_REQUEST", "storage is not valid JSON");
        bot.put("/bot_storage", "storage", Map.of("big", "x".repeat(10_000_000))).error(400, "BAD_REQUEST",
                "Request exceeds storage limit by 3 characters. The limit is 10000000 characters.");
    }

    @Test
    void patchingABotChangesItsServiceAndConfigAndTellsTheOwner() {
        long id = member.post("/bots", "full_name", "Hooked Bot", "short_name", "hooked", "bot_type", 3,
                "payload_url", Json.write("https://bots.example.com/a")).success().get("user_id").asLong();
        JsonNode queue = member.post("/register", "event_types", List.of("realm_bot")).success();
        JsonNode answer = member.patch("/bots/" + id, "service_payload_url", Json.write("https://bots.example.com/b"), "service_interface", 2).success();
        assertThat(answer.get("service_payload_url").asText()).isEqualTo("https://bots.example.com/b");
        assertThat(answer.get("service_interface").asInt()).isEqualTo(2);
        assertThat(answer.get("bot_owner").asText()).isEqualTo(member.email);
        JsonNode services = OutgoingWebhookTest.bot(member, id).get("services");
        assertThat(services.get(0).get("base_url").asText()).isEqualTo("https://bots.example.com/b");
        assertThat(services.get(0).get("interface").asInt()).isEqualTo(2);
        JsonNode events = member.get("/events", "queue_id", queue.get("queue_id").asText(), "last_event_id", -1).success().get("events");
        JsonNode update = events.get(0);
        assertThat(update.get("type").asText()).isEqualTo("realm_bot");
        assertThat(update.get("op").asText()).isEqualTo("update");
        assertThat(update.get("bot").get("services").get(0).get("base_url").asText()).isEqualTo("https://bots.example.com/b");

        member.patch("/bots/" + id, "service_payload_url", Json.write("gopher://x")).error(400, "BAD_REQUEST", "service_payload_url is not a URL");
        member.patch("/bots/" + id, "service_payload_url", Json.write("https://x.example.com/"), "service_interface", 9)
                .error(400, "BAD_REQUEST", "Invalid interface type");
        guest.patch("/bots/" + id, "config_data", Map.of("k", "v")).error(400, "BAD_REQUEST", "Insufficient permission");
        member.patch("/bots/" + member.userId, "config_data", Map.of("k", "v")).error(400, "BAD_REQUEST", "No such bot");
        JsonNode cfg = member.patch("/bots/" + id, "config_data", Map.of("api_key", "secret")).success();
        assertThat(cfg.get("config_data")).isEqualTo(Json.parse("{\"api_key\":\"secret\"}"));
    }
}

package dev.stoa.bots;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.users.AvatarTest;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PATCH /bots/{bot_id}'s role, owner and avatar (Zulip's patch_bot_backend): Zulip's checks and error
 * texts, its realm_bot and realm_user events, and one transaction for the whole request.
 */
class BotPatchTest extends StoaTestBase {

    private long newBot(String name, String shortName) {
        return member.post("/bots", "full_name", name, "short_name", shortName, "bot_type", 1).success().get("user_id").asLong();
    }

    @Test
    void anOwnerRenamesChangesTheRoleAndGivesTheBotToAnotherOwnerInOneRequest() {
        long id = newBot("Patch Bot", "patchbot");
        JsonNode oldOwnerQueue = member.post("/register", "event_types", List.of("realm_bot")).success();
        JsonNode newOwnerQueue = moderator.post("/register", "event_types", List.of("realm_bot", "realm_user")).success();
        JsonNode answer = owner.patch("/bots/" + id, "full_name", "Renamed Bot", "role", 200, "bot_owner_id", moderator.userId).success();
        assertThat(answer.get("full_name").asText()).isEqualTo("Renamed Bot");
        assertThat(answer.get("bot_owner").asText()).isEqualTo(moderator.email);
        JsonNode user = owner.get("/users/" + id).success().get("user");
        assertThat(user.get("role").asInt()).isEqualTo(200);
        assertThat(user.get("bot_owner_id").asLong()).isEqualTo(moderator.userId);

        // The previous owner (no administrator) loses it from realm_bots; the new one gains it whole.
        JsonNode lost = events(member, oldOwnerQueue, "realm_bot");
        assertThat(lost.toString()).contains("{\"type\":\"realm_bot\",\"op\":\"delete\",\"bot\":{\"user_id\":" + id + "}");
        JsonNode gained = events(moderator, newOwnerQueue, "realm_bot");
        JsonNode add = null;
        for (JsonNode e : gained) if (e.get("op").asText().equals("add")) add = e.get("bot");
        assertThat(add).isNotNull();
        assertThat(add.get("full_name").asText()).isEqualTo("Renamed Bot");
        assertThat(add.get("owner_id").asLong()).isEqualTo(moderator.userId);
        assertThat(events(moderator, newOwnerQueue, "realm_user").toString()).contains("\"bot_owner_id\":" + moderator.userId);
        // A fresh register agrees: the bot is the moderator's, no longer the member's.
        assertThat(botIds(moderator)).contains(id);
        assertThat(botIds(member)).doesNotContain(id);
    }

    @Test
    void aRefusedPartLeavesTheWholeRequestUnwritten() {
        long id = newBot("Careful Bot", "carefulbot");
        member.patch("/bots/" + id, "full_name", "Should Not Stick", "bot_owner_id", 999_999)
                .error(400, "BAD_REQUEST", "Failed to change owner, no such user");
        member.patch("/bots/" + id, "full_name", "Should Not Stick", "bot_owner_id", bot.userId)
                .error(400, "BAD_REQUEST", "Failed to change owner, bots can't own other bots");
        ApiClient gone = server.createUser("gone@example.com", "Gone Person", 400);
        owner.delete("/users/" + gone.userId).success();
        member.patch("/bots/" + id, "full_name", "Should Not Stick", "bot_owner_id", gone.userId)
                .error(400, "BAD_REQUEST", "Failed to change owner, user is deactivated");
        member.patch("/bots/" + id, "full_name", "Should Not Stick", "role", 200)
                .error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        admin.patch("/bots/" + id, "role", 100).error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
        member.patch("/bots/" + id, "role", 7).error(400, "BAD_REQUEST", "Invalid role");
        JsonNode user = owner.get("/users/" + id).success().get("user");
        assertThat(user.get("full_name").asText()).isEqualTo("Careful Bot");
        assertThat(user.get("role").asInt()).isEqualTo(400);
        assertThat(user.get("bot_owner_id").asLong()).isEqualTo(member.userId);
    }

    @Test
    void anUploadedFileIsTheBotsNewAvatar() throws Exception {
        long id = newBot("Pretty Bot", "prettybot");
        String before = owner.get("/users/" + id).success().get("user").get("avatar_url").asText();
        JsonNode answer = patchFiles(member, id, Map.of("bot.png", AvatarTest.image(64, 64, "png"))).success();
        String after = answer.get("avatar_url").asText();
        assertThat(after).isNotEqualTo(before).contains("/user_avatars/");
        assertThat(owner.get("/users/" + id).success().get("user").get("avatar_url").asText()).isEqualTo(after);
        patchFiles(member, id, Map.of("a.png", AvatarTest.image(8, 8, "png"), "b.png", AvatarTest.image(8, 8, "png")))
                .error(400, "BAD_REQUEST", "You may only upload one file at a time");
    }

    /** The events of this type on the queue so far. */
    private static JsonNode events(ApiClient c, JsonNode queue, String type) {
        JsonNode all = c.get("/events", "queue_id", queue.get("queue_id").asText(), "last_event_id", -1, "dont_block", true).success().get("events");
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : all) if (e.get("type").asText().equals(type)) out.add(e);
        return Json.tree(out);
    }

    private static List<Long> botIds(ApiClient c) {
        List<Long> ids = new ArrayList<>();
        c.post("/register", "fetch_event_types", List.of("realm_bot")).success().get("realm_bots").forEach(b -> ids.add(b.get("user_id").asLong()));
        return ids;
    }

    /** PATCH /bots/{id} with files as multipart parts, as Zulip's web client sends an avatar. */
    private static ApiResponse patchFiles(ApiClient c, long id, Map<String, byte[]> files) {
        String boundary = "stoaBotAvatarBoundary3";
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int n = 0;
        for (var f : files.entrySet()) {
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file-" + n++ + "\"; filename=\"" + f.getKey()
                    + "\"\r\nContent-Type: image/png\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            body.writeBytes(f.getValue());
            body.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        }
        body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return c.raw(c.request("/api/v1/bots/" + id).header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build());
    }
}

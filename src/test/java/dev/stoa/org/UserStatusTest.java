package dev.stoa.org;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.emoji.RealmEmojiTest;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UserStatusTest extends StoaTestBase {

    private JsonNode statusOf(ApiClient viewer, long userId) {
        return viewer.post("/register", "fetch_event_types", List.of("user_status")).success().get("user_status").get(String.valueOf(userId));
    }

    @Test
    void setTextAndEmojiThenClearWithEvents() {
        ApiClient u = server.createUser("status1@example.com", "Status One", 400);
        List<JsonNode> ev = VerifyAction.verify(admin, () -> u.post("/users/me/status", "status_text", "  out to lunch ", "emoji_name", "car").success());
        JsonNode e = ev.getFirst();
        assertThat(e.get("user_id").asLong()).isEqualTo(u.userId);
        assertThat(e.get("status_text").asText()).isEqualTo("out to lunch");
        assertThat(e.get("emoji_code").asText()).isEqualTo("1f697");
        assertThat(e.get("reaction_type").asText()).isEqualTo("unicode_emoji");
        assertThat(e.has("away")).isFalse();
        assertThat(statusOf(admin, u.userId).toString())
                .isEqualTo("{\"status_text\":\"out to lunch\",\"emoji_name\":\"car\",\"emoji_code\":\"1f697\",\"reaction_type\":\"unicode_emoji\"}");
        assertThat(member.get("/users/" + u.userId + "/status").success().get("status").get("emoji_name").asText()).isEqualTo("car");
        // only the text: the emoji stays
        List<JsonNode> text = VerifyAction.verify(member, () -> u.post("/users/me/status", "status_text", "busy").success());
        assertThat(text.getFirst().has("emoji_name")).isFalse();
        assertThat(statusOf(member, u.userId).get("emoji_name").asText()).isEqualTo("car");
        // clearing both leaves nothing to show
        List<JsonNode> clear = VerifyAction.verify(member, () -> u.post("/users/me/status", "status_text", "", "emoji_name", "").success());
        assertThat(clear.getFirst().get("reaction_type").asText()).isEqualTo("unicode_emoji");
        assertThat(clear.getFirst().get("emoji_code").asText()).isEmpty();
        assertThat(statusOf(member, u.userId)).isNull();
        assertThat(member.get("/users/" + u.userId + "/status").success().get("status")).isEmpty();
    }

    @Test
    void awayIsPresenceEnabled() {
        ApiClient u = server.createUser("status2@example.com", "Status Two", 400);
        // the user's own clients: the presence_enabled setting changes too (a client asking for no legacy settings events)
        List<JsonNode> own = VerifyAction.as(u).register("event_types", List.of("user_settings", "user_status")).events("user_settings/update", "user_status")
                .run(() -> u.post("/users/me/status", "away", true).success());
        assertThat(own.getFirst().get("property").asText()).isEqualTo("presence_enabled");
        assertThat(own.getFirst().get("value").asBoolean()).isFalse();
        assertThat(own.get(1).get("away").asBoolean()).isTrue();
        assertThat(own.get(1).has("status_text")).isFalse();
        VerifyAction.as(u).events("user_settings/update", "update_global_notifications", "user_status")
                .run(() -> u.post("/users/me/status", "away", false, "status_text", "back").success());
        VerifyAction.verify(owner, () -> u.post("/users/me/status", "away", true).success());
        assertThat(statusOf(owner, u.userId).toString()).isEqualTo("{\"away\":true,\"status_text\":\"back\"}");
        JsonNode settings = u.post("/register", "fetch_event_types", List.of("user_settings")).success().get("user_settings");
        assertThat(settings.get("presence_enabled").asBoolean()).isFalse();
    }

    @Test
    void customAndExtraEmoji() throws Exception {
        RealmEmojiTest.upload(admin, "status_parrot", Map.of("file", RealmEmojiTest.png(0x445566))).success();
        String id = null;
        for (JsonNode e : member.get("/realm/emoji").success().get("emoji")) if (e.get("name").asText().equals("status_parrot")) id = e.get("id").asText();
        ApiClient u = server.createUser("status3@example.com", "Status Three", 400);
        List<JsonNode> ev = VerifyAction.verify(member, () -> u.post("/users/me/status", "emoji_name", "status_parrot").success());
        assertThat(ev.getFirst().get("emoji_code").asText()).isEqualTo(id);
        assertThat(ev.getFirst().get("reaction_type").asText()).isEqualTo("realm_emoji");
        u.post("/users/me/status", "emoji_name", "status_parrot", "emoji_code", "999999", "reaction_type", "realm_emoji").badRequest("Invalid custom emoji.");
        u.post("/users/me/status", "emoji_name", "other", "emoji_code", id, "reaction_type", "realm_emoji").badRequest("Invalid custom emoji name.");
        u.post("/users/me/status", "emoji_name", "zulip").success();
        assertThat(statusOf(member, u.userId).get("reaction_type").asText()).isEqualTo("service_extra_emoji");
        u.post("/users/me/status", "emoji_name", "zulip", "emoji_code", "zulip", "reaction_type", "zulip_extra_emoji").success();
        u.post("/users/me/status", "emoji_name", "zulip", "emoji_code", "octopus", "reaction_type", "zulip_extra_emoji").badRequest("Invalid emoji code.");
        admin.delete("/realm/emoji/status_parrot").success();
        u.post("/users/me/status", "emoji_name", "status_parrot", "emoji_code", id, "reaction_type", "realm_emoji")
                .badRequest("This custom emoji has been deactivated.");
        u.post("/users/me/status", "emoji_name", "status_parrot").badRequest("Emoji 'status_parrot' does not exist");
    }

    @Test
    void errors() {
        member.post("/users/me/status").badRequest("Client did not pass any new values.");
        member.post("/users/me/status", "emoji_code", "1f4bb").badRequest("Client did not pass any new values.");
        member.post("/users/me/status", "status_text", "In a meeting", "emoji_code", "1f4bb")
                .badRequest("Client must pass emoji_name if they pass either emoji_code or reaction_type.");
        member.post("/users/me/status", "status_text", "In a meeting", "emoji_code", "1f4bb", "emoji_name", "invalid")
                .badRequest("Emoji 'invalid' does not exist");
        member.post("/users/me/status", "status_text", "In a meeting", "emoji_code", "1f4bb", "emoji_name", "car")
                .badRequest("Invalid emoji name.");
        member.post("/users/me/status", "emoji_code", "xxxxx", "emoji_name", "car", "reaction_type", "unicode_emoji")
                .badRequest("Invalid emoji code.");
        member.post("/users/me/status", "emoji_code", "1f697", "emoji_name", "car", "reaction_type", "strange_emoji")
                .badRequest("Invalid emoji type.");
        member.post("/users/me/status", "status_text", "x".repeat(61)).badRequest("status_text is too long (limit: 60 characters)");
        member.post("/users/me/status", "away", "maybe").badRequest("away is not valid JSON");
        member.post("/users/me/status", "status_text", "  " + "x".repeat(60) + "  ").success();
        bot.post("/users/me/status", "status_text", "beep").badRequest("This endpoint does not accept bot requests.");
        member.get("/users/999999/status").badRequest("No such user");
        member.get("/users/" + bot.userId + "/status").badRequest("No such user");
        ApiClient gone = server.createUser("status-gone@example.com", "Gone", 400);
        gone.post("/users/me/status", "status_text", "leaving").success();
        admin.delete("/users/" + gone.userId).success();
        member.get("/users/" + gone.userId + "/status").badRequest("User is deactivated");
        assertThat(statusOf(member, gone.userId)).isNull();
    }
}

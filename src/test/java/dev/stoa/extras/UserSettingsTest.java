package dev.stoa.extras;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UserSettingsTest extends StoaTestBase {
    private static final Object[] MODERN = {"client_capabilities", Map.of("user_settings_object", true)};
    private static final Object[] LEGACY = {};

    @Test
    void modernClientGetsUserSettingsEvents() {
        List<JsonNode> ev = VerifyAction.verify(member, MODERN, () -> member.patch("/settings",
                "high_contrast_mode", true, "enable_sounds", false, "web_font_size_px", 14, "emojiset", "text").success());
        assertThat(ev).extracting(e -> e.get("type").asText()).containsOnly("user_settings");
        assertThat(ev).hasSize(4);
        JsonNode s = member.post("/register", "client_capabilities", Map.of("user_settings_object", true)).success().get("user_settings");
        assertThat(s.get("high_contrast_mode").asBoolean()).isTrue();
        assertThat(s.get("web_font_size_px").asInt()).isEqualTo(14);
    }

    @Test
    void legacyClientGetsLegacyEventsToo() {
        List<JsonNode> ev = VerifyAction.verify(admin, LEGACY, () -> admin.patch("/settings",
                "twenty_four_hour_time", true, "notification_sound", "ding", "default_language", "de", "web_home_view", "all_messages").success());
        assertThat(ev).extracting(e -> e.get("type").asText()).containsExactlyInAnyOrder("user_settings", "update_display_settings",
                "user_settings", "update_global_notifications", "user_settings", "update_display_settings", "user_settings");
        JsonNode lang = ev.stream().filter(e -> "default_language".equals(e.path("setting_name").asText())).findFirst().orElseThrow();
        assertThat(lang.get("language_name").asText()).isEqualTo("Deutsch");
        assertThat(lang.get("user").asText()).isEqualTo(admin.email);
    }

    @Test
    void unchangedValuesSendNothingAndDefaultsRoundTrip() {
        List<JsonNode> ev = VerifyAction.verify(moderator, MODERN, () -> moderator.patch("/settings", "enter_sends", false).success());
        assertThat(ev).isEmpty();
        VerifyAction.verify(moderator, MODERN, () -> moderator.patch("/settings", "enter_sends", true).success());
        VerifyAction.verify(moderator, MODERN, () -> moderator.patch("/settings", "enter_sends", false).success());
    }

    @Test
    void errorsWriteNothing() {
        owner.patch("/settings", "color_scheme", 7).badRequest("Invalid color_scheme");
        owner.patch("/settings", "enter_sends", "maybe").badRequest("enter_sends is not a boolean");
        owner.patch("/settings", "web_font_size_px", "big").badRequest("web_font_size_px is not an integer");
        owner.patch("/settings", "default_language", "xx").badRequest("Invalid default_language");
        owner.patch("/settings", "emojiset", "apple").badRequest("Invalid emojiset");
        owner.patch("/settings", "notification_sound", "boom").badRequest("Invalid notification sound 'boom'");
        owner.patch("/settings", "email_notifications_batching_period_seconds", 5).badRequest("Invalid email batching period: 5 seconds");
        owner.patch("/settings", "high_contrast_mode", true, "color_scheme", 9).badRequest("Invalid color_scheme");
        JsonNode s = owner.post("/register", "client_capabilities", Map.of("user_settings_object", true)).success().get("user_settings");
        assertThat(s.get("high_contrast_mode").asBoolean()).isFalse();
        bot.patch("/settings", "enter_sends", true).badRequest("This endpoint does not accept bot requests.");
        JsonNode r = owner.patch("/settings", "no_such_setting", true).success();
        assertThat(r.get("ignored_parameters_unsupported")).extracting(JsonNode::asText).containsExactly("no_such_setting");
    }

    @Test
    void draftSynchronizationCanBeTurnedOff() {
        ApiClient u = server.createUser("drafter@example.com", "Drafter", 400);
        u.post("/drafts", "drafts", List.of(Map.of("type", "", "to", List.of(), "topic", "", "content", "x"))).success();
        u.patch("/settings", "enable_drafts_synchronization", false).success();
        u.get("/drafts").badRequest("User has disabled synchronizing drafts.");
        u.post("/drafts", "drafts", List.of()).badRequest("User has disabled synchronizing drafts.");
        assertThat(u.post("/register", "fetch_event_types", List.of("drafts")).success().get("drafts")).isEmpty();
    }
}

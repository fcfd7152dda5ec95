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
        // one event per setting, for a client that asks for user_settings alone
        VerifyAction.as(member).register("event_types", List.of("user_settings")).events("user_settings/update", "user_settings/update",
                "user_settings/update", "user_settings/update")
                .run(() -> member.patch("/settings", "high_contrast_mode", true, "enable_sounds", false, "web_font_size_px", 14, "emojiset", "text").success());
        JsonNode s = member.post("/register", "client_capabilities", Map.of("user_settings_object", true)).success().get("user_settings");
        assertThat(s.get("high_contrast_mode").asBoolean()).isTrue();
        assertThat(s.get("web_font_size_px").asInt()).isEqualTo(14);
    }

    /** Issue 14, gap 11: the seed says user_settings_object has no effect now; the requested types alone decide. */
    @Test
    void userSettingsObjectCapabilityHasNoEffect() {
        ApiClient u = server.createUser("capability@example.com", "Capability", 400);
        for (Object[] register : new Object[][] {MODERN, LEGACY, {"client_capabilities", Map.of("user_settings_object", false)}}) {
            List<JsonNode> ev = VerifyAction.as(u).register(register).events(4).run(() -> u.patch("/settings",
                    "twenty_four_hour_time", true, "enable_sounds", false).success());
            assertThat(VerifyAction.types(ev)).containsExactlyInAnyOrder("user_settings/update", "user_settings/update",
                    "update_display_settings", "update_global_notifications");
            u.patch("/settings", "twenty_four_hour_time", false, "enable_sounds", true).success();
        }
        for (Object[] capability : new Object[][] {{}, {"user_settings_object", true}}) {
            Map<String, Object> caps = capability.length == 0 ? Map.of() : Map.of("user_settings_object", true);
            JsonNode all = u.post("/register", "client_capabilities", caps).success();
            assertThat(all.has("user_settings")).isTrue();
            assertThat(all.get("twenty_four_hour_time").asBoolean()).isFalse();      // display (legacy)
            assertThat(all.get("pm_content_in_desktop_notifications").asBoolean()).isTrue(); // notifications (legacy)
            assertThat(all.has("emojiset_choices") && all.has("available_notification_sounds") && all.has("timezone")).isTrue();
            JsonNode modern = u.post("/register", "client_capabilities", caps, "fetch_event_types", List.of("user_settings")).success();
            assertThat(modern.has("twenty_four_hour_time") || modern.has("enable_sounds") || modern.has("realm_user_settings_defaults")).isFalse();
            JsonNode display = u.post("/register", "client_capabilities", caps, "fetch_event_types", List.of("update_display_settings")).success();
            assertThat(display.has("twenty_four_hour_time") && display.has("emojiset_choices") && display.has("web_home_view")).isTrue();
            assertThat(display.has("enable_sounds") || display.has("user_settings")).isFalse();
            JsonNode notif = u.post("/register", "client_capabilities", caps, "fetch_event_types", List.of("update_global_notifications")).success();
            assertThat(notif.has("enable_sounds") && notif.has("available_notification_sounds") && notif.has("presence_enabled")).isTrue();
            assertThat(notif.has("twenty_four_hour_time")).isFalse();
        }
    }

    @Test
    void legacyClientGetsLegacyEventsToo() {
        // web_home_view is a legacy display setting too (zulip.yaml's register lists it among them)
        List<JsonNode> ev = VerifyAction.as(admin).register(LEGACY).events(8).run(() -> admin.patch("/settings",
                "twenty_four_hour_time", true, "notification_sound", "ding", "default_language", "de", "web_home_view", "all_messages").success());
        assertThat(ev).extracting(e -> e.get("type").asText()).containsExactlyInAnyOrder("user_settings", "update_display_settings",
                "user_settings", "update_global_notifications", "user_settings", "update_display_settings", "user_settings",
                "update_display_settings");
        JsonNode lang = ev.stream().filter(e -> "default_language".equals(e.path("setting_name").asText())).findFirst().orElseThrow();
        assertThat(lang.get("language_name").asText()).isEqualTo("Deutsch");
        assertThat(lang.get("user").asText()).isEqualTo(admin.email);
    }

    @Test
    void unchangedValuesSendNothingAndDefaultsRoundTrip() {
        Object[] settingsOnly = {"event_types", List.of("user_settings")};
        VerifyAction.as(moderator).register(MODERN).events(0).noStateChange().run(() -> moderator.patch("/settings", "enter_sends", false).success());
        VerifyAction.verify(moderator, settingsOnly, () -> moderator.patch("/settings", "enter_sends", true).success());
        VerifyAction.verify(moderator, settingsOnly, () -> moderator.patch("/settings", "enter_sends", false).success());
    }

    @Test
    void errorsWriteNothing() {
        owner.patch("/settings", "color_scheme", 7).badRequest("Invalid color_scheme");
        owner.patch("/settings", "enter_sends", "maybe").badRequest("enter_sends is not valid JSON");
        owner.patch("/settings", "web_font_size_px", "big").badRequest("web_font_size_px is not valid JSON");
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
    void accountFieldsAndSettingsInOneRequest() {
        ApiClient u = server.createUser("both@example.com", "Both", 400);
        VerifyAction.as(u).register(MODERN).events("realm_user/update", "user_settings/update", "update_display_settings")
                .run(() -> u.patch("/settings", "full_name", "Both Changed", "left_side_userlist", true).success());
        u.patch("/settings", "full_name", "", "fluid_layout_width", true).error(400, "BAD_REQUEST", null);
        JsonNode s = u.post("/register", "client_capabilities", Map.of("user_settings_object", true)).success().get("user_settings");
        assertThat(s.get("fluid_layout_width").asBoolean()).isFalse();
        assertThat(s.get("left_side_userlist").asBoolean()).isTrue();
    }

    /**
     * Viewers registered with client_gravatar=false: for clients that compute Gravatar URLs, a
     * visibility change also flips avatar_url between null and a URL in register, which no event
     * conveys yet (zulip.yaml's avatar event has a non-null avatar_url).
     */
    private static final Object[] URLS = {"client_capabilities", Map.of("user_settings_object", true), "client_gravatar", false};

    @Test
    void emailVisibilityReachesEveryViewer() {
        ApiClient u = server.createUser("private.person@example.com", "Private Person", 400);
        Runnable hide = () -> u.patch("/settings", "email_address_visibility", 3).success();
        // leaving or entering "everyone" changes the public email too (Zulip also sends an avatar event then)
        VerifyAction.as(u).register(URLS).events("user_settings/update", "realm_user/update").run(hide);
        Runnable show = () -> u.patch("/settings", "email_address_visibility", 1).success();
        VerifyAction.as(member).register(URLS).events("realm_user/update", "realm_user/update").run(show);
        List<JsonNode> lost = VerifyAction.as(member).register(URLS).events("realm_user/update", "realm_user/update")
                .run(() -> u.patch("/settings", "email_address_visibility", 4).success());
        assertThat(lost.getLast().get("person").get("delivery_email").isNull()).isTrue();
        VerifyAction.as(admin).register(URLS).events("realm_user/update").run(() -> u.patch("/settings", "email_address_visibility", 3).success());
        VerifyAction.as(member).register(URLS).events("realm_user/update").run(() -> u.patch("/settings", "email_address_visibility", 2).success());
        VerifyAction.as(guest).register(URLS).events("realm_user/update", "realm_user/update")
                .run(() -> u.patch("/settings", "email_address_visibility", 1).success());
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

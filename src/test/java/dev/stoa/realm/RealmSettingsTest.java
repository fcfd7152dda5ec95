package dev.stoa.realm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** PATCH /realm: every setting the issue lists, with validation, owner-only rules, events and register values. */
class RealmSettingsTest extends StoaTestBase {

    JsonNode state(String key) {
        return member.post("/register", "fetch_event_types", List.of("realm")).success().get(key);
    }

    @Test
    void scalarSettingsAreSavedAnnouncedAndRegistered() {
        Object[][] cases = {
                {"allow_message_editing", "false", false},
                {"message_content_edit_limit_seconds", "3600", 3600},
                {"move_messages_within_stream_limit_seconds", "\"unlimited\"", null},
                {"move_messages_between_streams_limit_seconds", "120", 120},
                {"enable_spectator_access", "true", true},
                {"topics_policy", "disable_empty_topic", "disable_empty_topic"},
                {"description", "Our realm", "Our realm"},
                {"name", "Renamed Realm", "Renamed Realm"},
        };
        for (Object[] c : cases) {
            VerifyAction.verify(member, () -> admin.patch("/realm", (String) c[0], c[1]).success());
            JsonNode v = state("realm_" + c[0]);
            if (c[2] == null) assertThat(v.isNull()).as((String) c[0]).isTrue();
            else assertThat(v.asText()).as((String) c[0]).isEqualTo(String.valueOf(c[2]));
        }
        VerifyAction.as(member).events("realm/update_dict").run(() -> admin.patch("/realm", "allow_message_editing", "true").success());
        VerifyAction.as(member).events("realm/update").run(() -> admin.patch("/realm", "name", "Stoa Again").success());
        // an unchanged value announces nothing; the response names what changed
        VerifyAction.as(member).events(0).noStateChange().run(() -> admin.patch("/realm", "name", "Stoa Again").success());
        assertThat(admin.patch("/realm", "description", "new").success().get("description").asText()).isEqualTo("updated");
    }

    @Test
    void ownerOnlySettings() {
        admin.patch("/realm", "waiting_period_threshold", "3").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
        admin.patch("/realm", "can_manage_all_groups", Map.of("new", groupId("role:administrators")))
                .error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
        admin.patch("/realm", "invite_required", "false").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
        // the threshold decides who is a full member: the system group follows in the same change
        VerifyAction.as(member).events("realm/update", "user_group/remove_members").run(() -> owner.patch("/realm", "waiting_period_threshold", "3").success());
        assertThat(state("realm_waiting_period_threshold").asInt()).isEqualTo(3);
        long full = groupId("role:fullmembers");
        assertThat(member.get("/user_groups/" + full + "/members/" + member.userId).success().get("is_user_group_member").asBoolean()).isFalse();
        assertThat(member.get("/user_groups/" + full + "/members/" + admin.userId).success().get("is_user_group_member").asBoolean()).isTrue();
        VerifyAction.as(member).events("realm/update", "user_group/add_members").run(() -> owner.patch("/realm", "waiting_period_threshold", "0").success());
        assertThat(member.get("/user_groups/" + full + "/members/" + member.userId).success().get("is_user_group_member").asBoolean()).isTrue();
        for (var c : List.of(moderator, member, guest, bot)) {
            c.patch("/realm", "name", "Nope").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        }
    }

    @Test
    void validation() {
        admin.patch("/realm", "message_content_edit_limit_seconds", "-5").badRequest("Bad value for 'message_content_edit_limit_seconds': -5");
        admin.patch("/realm", "move_messages_within_stream_limit_seconds", "\"forever\"")
                .badRequest("Bad value for 'move_messages_within_stream_limit_seconds': \"forever\"");
        admin.patch("/realm", "allow_message_editing", "maybe").badRequest("allow_message_editing is not valid JSON");
        admin.patch("/realm", "topics_policy", "anything").badRequest("Invalid topics_policy");
        admin.patch("/realm", "name", "x".repeat(41)).badRequest("name is too long (limit: 40 characters)");
        admin.patch("/realm", "default_language", "xx").badRequest("Invalid language 'xx'");
        admin.patch("/realm", "video_chat_provider", "99").badRequest("Invalid video_chat_provider 99");
        owner.patch("/realm", "waiting_period_threshold", "-1").badRequest("Bad value for 'waiting_period_threshold': -1");
        admin.patch("/realm", "new_stream_announcements_stream_id", "12345").badRequest("Invalid channel ID");
        admin.patch("/realm", "moderation_request_channel_id", "12345").badRequest("Invalid channel ID");
        admin.patch("/realm", "moderation_request_channel_id", "-1").success();
        admin.patch("/realm", "new_stream_announcements_stream_id", "\"abc\"").badRequest("new_stream_announcements_stream_id is not an integer");
        // a request that fails validation changes nothing
        admin.patch("/realm", "description", "should not stick", "topics_policy", "bad").badRequest("Invalid topics_policy");
        assertThat(state("realm_description").asText()).isNotEqualTo("should not stick");
    }

    @Test
    void groupSettings() {
        long mods = groupId("role:moderators"), everyone = groupId("role:everyone"), internet = groupId("role:internet");
        for (String s : List.of("can_resolve_topics_group", "can_move_messages_between_channels_group", "can_move_messages_between_topics_group",
                "can_mention_many_users_group", "can_create_public_channel_group", "can_create_private_channel_group")) {
            VerifyAction.as(member).events("realm/update_dict").run(() -> admin.patch("/realm", s, Map.of("new", mods)).success());
            assertThat(state("realm_" + s).asLong()).isEqualTo(mods);
        }
        VerifyAction.verify(member, () -> admin.patch("/realm", "can_create_web_public_channel_group", Map.of("new", mods)).success());
        admin.patch("/realm", "can_create_web_public_channel_group", Map.of("new", everyone))
                .badRequest("'can_create_web_public_channel_group' setting cannot be set to 'role:everyone' group.");
        admin.patch("/realm", "can_access_all_users_group", Map.of("new", mods))
                .badRequest("'can_access_all_users_group' setting cannot be set to 'role:moderators' group.");
        admin.patch("/realm", "can_access_all_users_group", Map.of("new", Map.of("direct_members", List.of(member.userId), "direct_subgroups", List.of())))
                .badRequest("'can_access_all_users_group' must be a system user group.");
        admin.patch("/realm", "can_resolve_topics_group", Map.of("new", internet))
                .badRequest("'can_resolve_topics_group' setting cannot be set to 'role:internet' group.");
        VerifyAction.verify(member, () -> owner.patch("/realm", "can_manage_all_groups", Map.of("new", groupId("role:administrators"))).success());
        // update-style: a stale old is refused
        admin.patch("/realm", "can_resolve_topics_group", Map.of("new", everyone, "old", everyone))
                .error(400, "EXPECTATION_MISMATCH", "'old' value does not match the expected value.");
        var anon = Map.of("direct_members", List.of(member.userId, guest.userId), "direct_subgroups", List.of(mods));
        VerifyAction.verify(member, () -> admin.patch("/realm", "can_resolve_topics_group", Map.of("new", anon, "old", mods)).success());
        assertThat(state("realm_can_resolve_topics_group").get("direct_members")).extracting(JsonNode::asLong)
                .containsExactly(member.userId, guest.userId);
        // deactivating a user named in an anonymous realm setting: member can access the user, so hears only
        // realm_user/update and drops them from the setting itself (zulip.yaml, feature level 303)
        var temp = server.createUser("realm-temp@example.com", "Realm Temp", 400);
        admin.patch("/realm", "can_mention_many_users_group", Map.of("new", Map.of("direct_members", List.of(temp.userId, member.userId),
                "direct_subgroups", List.of()))).success();
        VerifyAction.as(member).events("realm_user/update").run(() -> owner.delete("/users/" + temp.userId).success());
        assertThat(state("realm_can_mention_many_users_group").get("direct_members")).extracting(JsonNode::asLong).containsExactly(member.userId);
    }

    @Test
    void registerCarriesPermissionMetadata() {
        JsonNode s = state("server_supported_permission_settings");
        assertThat(s.get("group").get("can_manage_group").get("allow_everyone_group").asBoolean()).isFalse();
        assertThat(s.get("realm").get("can_access_all_users_group").get("require_system_group").asBoolean()).isTrue();
        assertThat(s.get("stream").has("can_send_message_group")).isTrue();
    }
}

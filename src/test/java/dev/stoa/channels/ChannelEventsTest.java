package dev.stoa.channels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Verify-action tests for every channel event: stream create/update/delete, subscription
 * add/remove/update/peer_add/peer_remove, default_streams, channel_folder; with and without
 * include_subscribers, archived_channels and notification_settings_null.
 */
class ChannelEventsTest extends StoaTestBase {
    static final Object[] SUBSCRIBERS = {"include_subscribers", "true"};
    static final Object[] MODERN = {"include_subscribers", "true", "client_capabilities",
            Map.of("archived_channels", true, "notification_settings_null", true)};

    static List<String> types(List<JsonNode> events) {
        return events.stream().map(e -> e.get("type").asText() + (e.has("op") ? "/" + e.get("op").asText() : "")).toList();
    }

    long create(ApiClient as, String name, List<Long> subscribers, Object... more) {
        Object[] kv = new Object[4 + more.length];
        kv[0] = "name";
        kv[1] = name;
        kv[2] = "subscribers";
        kv[3] = subscribers;
        System.arraycopy(more, 0, kv, 4, more.length);
        return as.post("/channels/create", kv).success().get("id").asLong();
    }

    @Test
    void createPublicSeenByNonSubscriberAndSubscriber() {
        create(admin, "seed-channel", List.of(admin.userId));
        var seen = VerifyAction.verify(moderator, SUBSCRIBERS, () -> create(member, "ev-public", List.of(member.userId, admin.userId)));
        assertThat(types(seen)).containsExactly("stream/create", "subscription/peer_add");
        var mine = VerifyAction.verify(member, SUBSCRIBERS, () -> create(member, "ev-public-2", List.of(member.userId)));
        assertThat(types(mine)).containsExactly("stream/create", "subscription/add");
        VerifyAction.verify(member, () -> create(member, "ev-public-3", List.of(member.userId)));
    }

    @Test
    void privateChannelIsInvisibleToOthers() {
        var others = VerifyAction.verify(moderator, SUBSCRIBERS,
                () -> create(member, "ev-private", List.of(member.userId), "invite_only", true));
        assertThat(others).isEmpty();
        var admins = VerifyAction.verify(admin, SUBSCRIBERS,
                () -> create(member, "ev-private-2", List.of(member.userId), "invite_only", true));
        assertThat(types(admins)).containsExactly("stream/create", "subscription/peer_add");
    }

    @Test
    void subscribeAndUnsubscribe() {
        long id = create(admin, "ev-subs", List.of(admin.userId));
        var add = VerifyAction.verify(member, SUBSCRIBERS, () -> member.post("/users/me/subscriptions",
                "subscriptions", List.of(Map.of("name", "ev-subs"))).success());
        assertThat(types(add)).containsExactly("subscription/add");
        var peer = VerifyAction.verify(admin, SUBSCRIBERS, () -> admin.post("/users/me/subscriptions",
                "subscriptions", List.of(Map.of("name", "ev-subs")), "principals", List.of(moderator.userId)).success());
        assertThat(types(peer)).containsExactly("subscription/peer_add");
        var remove = VerifyAction.verify(member, SUBSCRIBERS, () -> member.delete("/users/me/subscriptions",
                "subscriptions", List.of("ev-subs")).success());
        assertThat(types(remove)).containsExactly("subscription/remove");
        var peerRemove = VerifyAction.verify(admin, SUBSCRIBERS, () -> admin.delete("/users/me/subscriptions",
                "subscriptions", List.of("ev-subs"), "principals", List.of(moderator.userId)).success());
        assertThat(types(peerRemove)).containsExactly("subscription/peer_remove");
        VerifyAction.verify(member, () -> member.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "ev-subs"))).success());
        assertThat(id).isPositive();
    }

    @Test
    void deactivationLeavesAndReactivationRejoinsSubscriberLists() {
        ApiClient leaver = server.createUser("deactivated-subscriber@example.com", "Leaver", 400);
        create(admin, "ev-leaver", List.of(admin.userId, leaver.userId));
        var off = VerifyAction.verify(member, SUBSCRIBERS, () -> owner.delete("/users/" + leaver.userId).success());
        assertThat(types(off)).containsSubsequence("subscription/peer_remove", "realm_user/update");
        var on = VerifyAction.verify(member, SUBSCRIBERS, () -> owner.post("/users/" + leaver.userId + "/reactivate").success());
        assertThat(types(on)).containsSubsequence("realm_user/update", "subscription/peer_add");
    }

    @Test
    void leavingAPrivateChannelHidesIt() {
        ApiClient u = server.createUser("leaver@example.com", "Leaver", 400);
        create(member, "ev-leave", List.of(u.userId, member.userId), "invite_only", true);
        create(member, "ev-leave-home", List.of(u.userId));
        var events = VerifyAction.verify(u, SUBSCRIBERS, () -> u.delete("/users/me/subscriptions", "subscriptions", List.of("ev-leave")).success());
        assertThat(types(events)).containsExactly("subscription/remove", "stream/delete");
        var joined = VerifyAction.verify(u, SUBSCRIBERS, () -> member.post("/users/me/subscriptions",
                "subscriptions", List.of(Map.of("name", "ev-leave")), "principals", List.of(u.userId)).success());
        assertThat(types(joined)).containsExactly("stream/create", "subscription/add");
    }

    @Test
    void guestGainsSightOfAPublicChannelWhenSubscribed() {
        long id = create(admin, "ev-guest", List.of(admin.userId));
        create(admin, "ev-guest-home", List.of(guest.userId));
        var events = VerifyAction.verify(guest, SUBSCRIBERS, () -> admin.post("/users/me/subscriptions",
                "subscriptions", List.of(Map.of("name", "ev-guest")), "principals", List.of(guest.userId)).success());
        assertThat(types(events)).containsExactly("stream/create", "subscription/add");
        VerifyAction.verify(guest, SUBSCRIBERS, () -> admin.delete("/users/me/subscriptions",
                "subscriptions", List.of("ev-guest"), "principals", List.of(guest.userId)).success());
        assertThat(id).isPositive();
    }

    @Test
    void updateChannelProperties() {
        long id = create(member, "ev-update", List.of(member.userId));
        for (Object[] params : new Object[][] {SUBSCRIBERS, MODERN, {}}) {
            VerifyAction.verify(moderator, params, () -> member.patch("/streams/" + id, "description", "new **words** " + params.length).success());
        }
        VerifyAction.verify(member, SUBSCRIBERS, () -> member.patch("/streams/" + id, "new_name", "ev-renamed").success());
        long members = groupId("role:members"), admins = groupId("role:administrators");
        var g = VerifyAction.verify(member, SUBSCRIBERS, () -> member.patch("/streams/" + id, "can_send_message_group",
                Map.of("new", admins)).success());
        assertThat(types(g)).containsExactly("stream/update", "stream/update");
        VerifyAction.verify(member, SUBSCRIBERS, () -> member.patch("/streams/" + id, "can_remove_subscribers_group",
                Map.of("new", Map.of("direct_members", List.of(member.userId), "direct_subgroups", List.of(members)))).success());
        VerifyAction.verify(moderator, SUBSCRIBERS, () -> owner.patch("/streams/" + id, "message_retention_days", "unlimited").success());
        VerifyAction.verify(moderator, SUBSCRIBERS, () -> owner.patch("/streams/" + id, "message_retention_days", "realm_default").success());
        VerifyAction.verify(moderator, SUBSCRIBERS, () -> owner.patch("/streams/" + id, "topics_policy", "disable_empty_topic").success());
        member.patch("/streams/" + id, "topics_policy", "allow_empty_topic").badRequest("Insufficient permission");
    }

    @Test
    void privacyChangesShowAndHideTheChannel() {
        long id = create(member, "ev-privacy", List.of(member.userId, admin.userId));
        var hidden = VerifyAction.verify(moderator, SUBSCRIBERS, () -> member.patch("/streams/" + id, "is_private", true).success());
        assertThat(types(hidden)).containsExactly("stream/delete");
        var sub = VerifyAction.verify(member, SUBSCRIBERS, () -> member.patch("/streams/" + id, "is_private", false).success());
        assertThat(types(sub)).containsExactly("stream/update");
        member.patch("/streams/" + id, "is_private", true).success();
        var shown = VerifyAction.verify(moderator, SUBSCRIBERS, () -> member.patch("/streams/" + id, "is_private", false).success());
        assertThat(types(shown)).containsExactly("stream/create", "subscription/peer_add");
    }

    @Test
    void archiveAndUnarchive() {
        long id = create(member, "ev-archive", List.of(member.userId), "is_default_stream", true);
        var legacy = VerifyAction.verify(moderator, SUBSCRIBERS, () -> member.delete("/streams/" + id).success());
        assertThat(types(legacy)).containsExactly("default_streams", "stream/delete");
        var back = VerifyAction.verify(moderator, SUBSCRIBERS, () -> member.patch("/streams/" + id, "is_archived", false).success());
        assertThat(types(back)).containsExactly("stream/create", "subscription/peer_add");
        var backMine = VerifyAction.verify(member, SUBSCRIBERS, () -> {
            member.delete("/streams/" + id).success();
            member.patch("/streams/" + id, "is_archived", false).success();
        });
        assertThat(types(backMine)).containsExactly("stream/delete", "stream/create", "subscription/add");
        var modern = VerifyAction.verify(member, MODERN, () -> member.delete("/streams/" + id).success());
        assertThat(types(modern)).containsExactly("stream/update");
        VerifyAction.verify(member, MODERN, () -> member.patch("/streams/" + id, "is_archived", false).success());
        VerifyAction.verify(member, SUBSCRIBERS, () -> member.delete("/streams/" + id).success());
        VerifyAction.verify(member, SUBSCRIBERS, () -> member.patch("/streams/" + id, "is_archived", false).success());
    }

    @Test
    void subscriptionProperties() {
        long id = create(member, "ev-props", List.of(member.userId));
        var mute = VerifyAction.verify(member, () -> member.patch("/users/me/subscriptions/" + id, "property", "is_muted", "value", true).success());
        assertThat(types(mute)).containsExactly("subscription/update", "subscription/update");
        VerifyAction.verify(member, () -> member.patch("/users/me/subscriptions/" + id, "property", "in_home_view", "value", true).success());
        VerifyAction.verify(member, MODERN, () -> member.patch("/users/me/subscriptions/" + id, "property", "color", "value", "#abcdef").success());
        VerifyAction.verify(member, MODERN, () -> member.post("/users/me/subscriptions/properties", "subscription_data", List.of(
                Map.of("stream_id", id, "property", "desktop_notifications", "value", true),
                Map.of("stream_id", id, "property", "pin_to_top", "value", true))).success());
    }

    @Test
    void notificationSettingsResolvedForOlderClients() {
        create(admin, "ev-notify-seed", List.of(member.userId));
        var legacy = VerifyAction.verify(member, SUBSCRIBERS, () -> create(admin, "ev-notify", List.of(member.userId)));
        JsonNode sub = legacy.stream().filter(e -> e.get("type").asText().equals("subscription")).findFirst().orElseThrow()
                .get("subscriptions").get(0);
        assertThat(sub.get("desktop_notifications").isBoolean()).isTrue();
        var modern = VerifyAction.verify(member, MODERN, () -> create(admin, "ev-notify-2", List.of(member.userId)));
        JsonNode sub2 = modern.stream().filter(e -> e.get("type").asText().equals("subscription")).findFirst().orElseThrow()
                .get("subscriptions").get(0);
        assertThat(sub2.get("desktop_notifications").isNull()).isTrue();
    }

    @Test
    void defaultChannels() {
        long id = create(admin, "ev-default", List.of(admin.userId));
        var add = VerifyAction.verify(member, () -> admin.post("/default_streams", "stream_id", id).success());
        assertThat(types(add)).containsExactly("default_streams");
        VerifyAction.verify(member, () -> admin.delete("/default_streams", "stream_id", id).success());
        VerifyAction.verify(member, () -> admin.patch("/streams/" + id, "is_default_stream", true).success());
    }

    @Test
    void channelFolders() {
        var add = VerifyAction.verify(member, () -> admin.post("/channel_folders/create", "name", "Engineering", "description", "eng").success());
        assertThat(types(add)).containsExactly("channel_folder/add");
        long folder = add.getFirst().get("channel_folder").get("id").asLong();
        VerifyAction.verify(member, () -> admin.patch("/channel_folders/" + folder, "name", "Eng", "description", "all of it").success());
        long id = create(admin, "ev-foldered", List.of(admin.userId));
        VerifyAction.verify(member, SUBSCRIBERS, () -> admin.patch("/streams/" + id, "folder_id", folder).success());
        VerifyAction.verify(member, SUBSCRIBERS, () -> admin.patch("/streams/" + id, "folder_id", "null").success());
        long second = admin.post("/channel_folders/create", "name", "Design").success().get("channel_folder_id").asLong();
        var reorder = VerifyAction.verify(member, () -> admin.patch("/channel_folders", "order", List.of(second, folder)).success());
        assertThat(types(reorder)).containsExactly("channel_folder/reorder");
        admin.patch("/channel_folders", "order", List.of(second)).badRequest("Invalid order mapping.");
        member.patch("/channel_folders", "order", List.of(second, folder)).error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        VerifyAction.verify(member, () -> admin.patch("/channel_folders/" + folder, "is_archived", true).success());
    }

    @Test
    void groupMembershipChangesShowAndHideAPrivateChannel() {
        ApiClient u = server.createUser("group-sight@example.com", "Group Sight", 400);
        long inner = owner.post("/user_groups/create", "name", "sight-inner", "description", "d", "members", List.of())
                .success().get("group_id").asLong();
        long outer = owner.post("/user_groups/create", "name", "sight-outer", "description", "d", "members", List.of(),
                "subgroups", List.of(inner)).success().get("group_id").asLong();
        long id = create(member, "ev-group-sight", List.of(member.userId), "invite_only", true,
                "can_add_subscribers_group", outer);
        var shown = VerifyAction.verify(u, SUBSCRIBERS, () -> owner.post("/user_groups/" + inner + "/members",
                "add", List.of(u.userId)).success());
        assertThat(types(shown)).containsSubsequence("stream/create", "subscription/peer_add");
        var hidden = VerifyAction.verify(u, SUBSCRIBERS, () -> owner.post("/user_groups/" + outer + "/subgroups",
                "delete", List.of(inner)).success());
        assertThat(types(hidden)).contains("stream/delete");
        var again = VerifyAction.verify(u, SUBSCRIBERS, () -> owner.post("/user_groups/" + outer + "/subgroups",
                "add", List.of(inner)).success());
        assertThat(types(again)).contains("stream/create");
        var removed = VerifyAction.verify(u, SUBSCRIBERS, () -> owner.post("/user_groups/" + inner + "/members",
                "delete", List.of(u.userId)).success());
        assertThat(types(removed)).contains("stream/delete");
        assertThat(id).isPositive();
    }

    @Test
    void groupSettingsGrantSightOfAPrivateChannel() {
        ApiClient u = server.createUser("granted@example.com", "Granted", 400);
        create(u, "ev-granted-home", List.of(u.userId));
        long id = create(member, "ev-granted", List.of(member.userId), "invite_only", true);
        var shown = VerifyAction.verify(u, SUBSCRIBERS, () -> member.patch("/streams/" + id, "can_subscribe_group",
                Map.of("new", Map.of("direct_members", List.of(u.userId), "direct_subgroups", List.of()))).success());
        assertThat(types(shown)).containsExactly("stream/create", "subscription/peer_add");
        var hidden = VerifyAction.verify(u, SUBSCRIBERS, () -> member.patch("/streams/" + id, "can_subscribe_group",
                Map.of("new", groupId("role:nobody"))).success());
        assertThat(types(hidden)).containsExactly("stream/delete");
    }

}

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
        VerifyAction.as(moderator).register(SUBSCRIBERS).events("stream/create", "subscription/peer_add")
                .run(() -> create(member, "ev-public", List.of(member.userId, admin.userId)));
        VerifyAction.as(member).register(SUBSCRIBERS).events("stream/create", "subscription/add")
                .run(() -> create(member, "ev-public-2", List.of(member.userId)));
        VerifyAction.as(member).events("stream/create", "subscription/add").run(() -> create(member, "ev-public-3", List.of(member.userId)));
    }

    @Test
    void privateChannelIsInvisibleToOthers() {
        VerifyAction.as(moderator).register(SUBSCRIBERS).events(0).noStateChange()
                .run(() -> create(member, "ev-private", List.of(member.userId), "invite_only", true));
        VerifyAction.as(admin).register(SUBSCRIBERS).events("stream/create", "subscription/peer_add")
                .run(() -> create(member, "ev-private-2", List.of(member.userId), "invite_only", true));
    }

    @Test
    void subscribeAndUnsubscribe() {
        long id = create(admin, "ev-subs", List.of(admin.userId));
        VerifyAction.as(member).register(SUBSCRIBERS).events("subscription/add").run(() -> member.post("/users/me/subscriptions",
                "subscriptions", List.of(Map.of("name", "ev-subs"))).success());
        VerifyAction.as(admin).register(SUBSCRIBERS).events("subscription/peer_add").run(() -> admin.post("/users/me/subscriptions",
                "subscriptions", List.of(Map.of("name", "ev-subs")), "principals", List.of(moderator.userId)).success());
        VerifyAction.as(member).register(SUBSCRIBERS).events("subscription/remove").run(() -> member.delete("/users/me/subscriptions",
                "subscriptions", List.of("ev-subs")).success());
        VerifyAction.as(admin).register(SUBSCRIBERS).events("subscription/peer_remove").run(() -> admin.delete("/users/me/subscriptions",
                "subscriptions", List.of("ev-subs"), "principals", List.of(moderator.userId)).success());
        VerifyAction.as(member).events("subscription/add")
                .run(() -> member.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "ev-subs"))).success());
        assertThat(id).isPositive();
    }

    @Test
    void deactivationLeavesAndReactivationRejoinsSubscriberLists() {
        ApiClient leaver = server.createUser("deactivated-subscriber@example.com", "Leaver", 400);
        create(admin, "ev-leaver", List.of(admin.userId, leaver.userId));
        // one peer event per channel the leaver is in, two here (Zulip sends one for all public channels)
        // no user_group events: member can access the leaver (zulip.yaml, feature level 303)
        VerifyAction.as(member).register(SUBSCRIBERS).events("subscription/peer_remove", "subscription/peer_remove", "realm_user/update")
                .run(() -> owner.delete("/users/" + leaver.userId).success());
        VerifyAction.as(member).register(SUBSCRIBERS).events("user_group/add_members", "user_group/add_members", "realm_user/update",
                "subscription/peer_add", "subscription/peer_add").run(() -> owner.post("/users/" + leaver.userId + "/reactivate").success());
    }

    @Test
    void leavingAPrivateChannelHidesIt() {
        ApiClient u = server.createUser("leaver@example.com", "Leaver", 400);
        create(member, "ev-leave", List.of(u.userId, member.userId), "invite_only", true);
        create(member, "ev-leave-home", List.of(u.userId));
        VerifyAction.as(u).register(SUBSCRIBERS).events("subscription/remove", "stream/delete")
                .run(() -> u.delete("/users/me/subscriptions", "subscriptions", List.of("ev-leave")).success());
        VerifyAction.as(u).register(SUBSCRIBERS).events("stream/create", "subscription/add").run(() -> member.post("/users/me/subscriptions",
                "subscriptions", List.of(Map.of("name", "ev-leave")), "principals", List.of(u.userId)).success());
    }

    @Test
    void guestGainsSightOfAPublicChannelWhenSubscribed() {
        long id = create(admin, "ev-guest", List.of(admin.userId));
        create(admin, "ev-guest-home", List.of(guest.userId));
        VerifyAction.as(guest).register(SUBSCRIBERS).events("stream/create", "subscription/add").run(() -> admin.post("/users/me/subscriptions",
                "subscriptions", List.of(Map.of("name", "ev-guest")), "principals", List.of(guest.userId)).success());
        VerifyAction.as(guest).register(SUBSCRIBERS).events("subscription/remove", "stream/delete").run(() -> admin.delete("/users/me/subscriptions",
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
        // the setting and the deprecated stream_post_policy derived from it
        VerifyAction.as(member).register(SUBSCRIBERS).events("stream/update", "stream/update").run(() -> member.patch("/streams/" + id,
                "can_send_message_group", Map.of("new", admins)).success());
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
        VerifyAction.as(moderator).register(SUBSCRIBERS).events("stream/delete").run(() -> member.patch("/streams/" + id, "is_private", true).success());
        VerifyAction.as(member).register(SUBSCRIBERS).events("stream/update").run(() -> member.patch("/streams/" + id, "is_private", false).success());
        member.patch("/streams/" + id, "is_private", true).success();
        VerifyAction.as(moderator).register(SUBSCRIBERS).events("stream/create", "subscription/peer_add")
                .run(() -> member.patch("/streams/" + id, "is_private", false).success());
    }

    @Test
    void archiveAndUnarchive() {
        long id = create(member, "ev-archive", List.of(member.userId), "is_default_stream", true);
        VerifyAction.as(moderator).register(SUBSCRIBERS).events("default_streams", "stream/delete").run(() -> member.delete("/streams/" + id).success());
        VerifyAction.as(moderator).register(SUBSCRIBERS).events("stream/create", "subscription/peer_add")
                .run(() -> member.patch("/streams/" + id, "is_archived", false).success());
        VerifyAction.as(member).register(SUBSCRIBERS).events("stream/delete").run(() -> member.delete("/streams/" + id).success());
        VerifyAction.as(member).register(SUBSCRIBERS).events("stream/create", "subscription/add")
                .run(() -> member.patch("/streams/" + id, "is_archived", false).success());
        VerifyAction.as(member).register(MODERN).events("stream/update").run(() -> member.delete("/streams/" + id).success());
        VerifyAction.as(member).register(MODERN).events("stream/update").run(() -> member.patch("/streams/" + id, "is_archived", false).success());
    }

    @Test
    void subscriptionProperties() {
        long id = create(member, "ev-props", List.of(member.userId));
        // is_muted and its deprecated inverse in_home_view travel together, as in Zulip
        VerifyAction.as(member).events("subscription/update", "subscription/update")
                .run(() -> member.patch("/users/me/subscriptions/" + id, "property", "is_muted", "value", true).success());
        VerifyAction.as(member).events("subscription/update", "subscription/update")
                .run(() -> member.patch("/users/me/subscriptions/" + id, "property", "in_home_view", "value", true).success());
        VerifyAction.verify(member, MODERN, () -> member.patch("/users/me/subscriptions/" + id, "property", "color", "value", "#abcdef").success());
        VerifyAction.as(member).register(MODERN).events("subscription/update", "subscription/update").run(() -> member.post("/users/me/subscriptions/properties", "subscription_data", List.of(
                Map.of("stream_id", id, "property", "desktop_notifications", "value", true),
                Map.of("stream_id", id, "property", "pin_to_top", "value", true))).success());
    }

    @Test
    void notificationSettingsResolvedForOlderClients() {
        create(admin, "ev-notify-seed", List.of(member.userId));
        var legacy = VerifyAction.as(member).register(SUBSCRIBERS).events("stream/create", "subscription/add").run(() -> create(admin, "ev-notify", List.of(member.userId)));
        JsonNode sub = legacy.stream().filter(e -> e.get("type").asText().equals("subscription")).findFirst().orElseThrow()
                .get("subscriptions").get(0);
        assertThat(sub.get("desktop_notifications").isBoolean()).isTrue();
        var modern = VerifyAction.as(member).register(MODERN).events("stream/create", "subscription/add").run(() -> create(admin, "ev-notify-2", List.of(member.userId)));
        JsonNode sub2 = modern.stream().filter(e -> e.get("type").asText().equals("subscription")).findFirst().orElseThrow()
                .get("subscriptions").get(0);
        assertThat(sub2.get("desktop_notifications").isNull()).isTrue();
    }

    @Test
    void defaultChannels() {
        long id = create(admin, "ev-default", List.of(admin.userId));
        VerifyAction.as(member).events("default_streams").run(() -> admin.post("/default_streams", "stream_id", id).success());
        VerifyAction.verify(member, () -> admin.delete("/default_streams", "stream_id", id).success());
        VerifyAction.verify(member, () -> admin.patch("/streams/" + id, "is_default_stream", true).success());
    }

    @Test
    void channelFolders() {
        var add = VerifyAction.as(member).events("channel_folder/add")
                .run(() -> admin.post("/channel_folders/create", "name", "Engineering", "description", "eng").success());
        long folder = add.getFirst().get("channel_folder").get("id").asLong();
        VerifyAction.verify(member, () -> admin.patch("/channel_folders/" + folder, "name", "Eng", "description", "all of it").success());
        long id = create(admin, "ev-foldered", List.of(admin.userId));
        VerifyAction.verify(member, SUBSCRIBERS, () -> admin.patch("/streams/" + id, "folder_id", folder).success());
        VerifyAction.verify(member, SUBSCRIBERS, () -> admin.patch("/streams/" + id, "folder_id", "null").success());
        long second = admin.post("/channel_folders/create", "name", "Design").success().get("channel_folder_id").asLong();
        VerifyAction.as(member).events("channel_folder/reorder").run(() -> admin.patch("/channel_folders", "order", List.of(second, folder)).success());
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
        VerifyAction.as(u).register(SUBSCRIBERS).events("user_group/add_members", "stream/create", "subscription/peer_add")
                .run(() -> owner.post("/user_groups/" + inner + "/members", "add", List.of(u.userId)).success());
        VerifyAction.as(u).register(SUBSCRIBERS).events("user_group/remove_subgroups", "stream/delete")
                .run(() -> owner.post("/user_groups/" + outer + "/subgroups", "delete", List.of(inner)).success());
        VerifyAction.as(u).register(SUBSCRIBERS).events("user_group/add_subgroups", "stream/create", "subscription/peer_add")
                .run(() -> owner.post("/user_groups/" + outer + "/subgroups", "add", List.of(inner)).success());
        VerifyAction.as(u).register(SUBSCRIBERS).events("user_group/remove_members", "stream/delete")
                .run(() -> owner.post("/user_groups/" + inner + "/members", "delete", List.of(u.userId)).success());
        assertThat(id).isPositive();
    }

    @Test
    void groupSettingsGrantSightOfAPrivateChannel() {
        ApiClient u = server.createUser("granted@example.com", "Granted", 400);
        create(u, "ev-granted-home", List.of(u.userId));
        long id = create(member, "ev-granted", List.of(member.userId), "invite_only", true);
        VerifyAction.as(u).register(SUBSCRIBERS).events("stream/create", "subscription/peer_add").run(() -> member.patch("/streams/" + id,
                "can_subscribe_group", Map.of("new", Map.of("direct_members", List.of(u.userId), "direct_subgroups", List.of()))).success());
        VerifyAction.as(u).register(SUBSCRIBERS).events("stream/delete").run(() -> member.patch("/streams/" + id,
                "can_subscribe_group", Map.of("new", groupId("role:nobody"))).success());
    }

}

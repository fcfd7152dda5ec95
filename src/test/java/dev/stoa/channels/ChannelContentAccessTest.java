package dev.stoa.channels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The one content-access rule (channels.ChannelAccess) seen from every feature that asks it: a
 * member of a private channel's can_subscribe_group who is not subscribed reads the channel, saves
 * drafts for it and sets its topics' visibility; a user outside the group, and a guest inside it
 * (guests never gain access through a group), are refused with Zulip's "Invalid channel ID".
 */
class ChannelContentAccessTest extends StoaTestBase {
    ApiClient reader, outsider, groupGuest;
    long channelId, messageId;

    @BeforeAll
    void gatedChannel() {
        reader = server.createUser("reader@example.com", "Reader", 400);
        outsider = server.createUser("outsider@example.com", "Outsider", 400);
        groupGuest = server.createUser("group-guest@example.com", "Group Guest", 600);
        channelId = member.post("/channels/create", "name", "gated", "subscribers", List.of(member.userId), "invite_only", true,
                "history_public_to_subscribers", true, "can_subscribe_group",
                Map.of("direct_members", List.of(reader.userId, groupGuest.userId), "direct_subgroups", List.of())).success().get("id").asLong();
        messageId = member.post("/messages", "type", "stream", "to", channelId, "topic", "plans", "content", "behind the gate")
                .success().get("id").asLong();
    }

    private ApiResponse narrowed(ApiClient as) {
        return as.get("/messages", "anchor", "newest", "num_before", 10, "num_after", 0,
                "narrow", List.of(Map.of("operator", "channel", "operand", channelId)));
    }

    private Map<String, Object> draft() {
        return Map.of("type", "stream", "to", List.of(channelId), "topic", "plans", "content", "my reply");
    }

    @Test
    void aSubscribeGroupMemberReadsTheChannel() {
        JsonNode msgs = narrowed(reader).success().get("messages");
        assertThat(msgs).extracting(m -> m.get("id").asLong()).containsExactly(messageId);
        reader.get("/messages/" + messageId).success();
    }

    @Test
    void aSubscribeGroupMemberSavesADraftForTheChannel() {
        VerifyAction.verify(reader, () -> reader.post("/drafts", "drafts", List.of(draft())).success());
        JsonNode saved = reader.get("/drafts").success().get("drafts").get(0);
        assertThat(saved.get("to").get(0).asLong()).isEqualTo(channelId);
    }

    @Test
    void aSubscribeGroupMemberSetsATopicsVisibility() {
        VerifyAction.as(reader).register("client_capabilities", Map.of("empty_topic_name", true)).events("muted_topics", "user_topic")
                .run(() -> reader.post("/user_topics", "stream_id", channelId, "topic", "plans", "visibility_policy", 3).success());
    }

    @Test
    void othersAreRefusedWithZulipsError() {
        for (ApiClient c : List.of(outsider, groupGuest)) {
            c.post("/drafts", "drafts", List.of(draft())).badRequest("Invalid channel ID");
            c.post("/user_topics", "stream_id", channelId, "topic", "plans", "visibility_policy", 1).badRequest("Invalid channel ID");
            c.get("/messages/" + messageId).badRequest("Invalid message(s)");
            assertThat(narrowed(c).status()).isEqualTo(400);
        }
    }

    @Test
    void aGuestInTheGroupCannotSendNorSubscribeItself() {
        groupGuest.post("/messages", "type", "stream", "to", channelId, "topic", "plans", "content", "hi")
                .badRequest("Not authorized to send to channel 'gated'");
        groupGuest.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "gated"))).badRequest("Unable to access channel (gated).");
    }

    @Test
    void groupMembersPostOnlyWhereHistoryIsPublicToSubscribers() {
        reader.post("/messages", "type", "stream", "to", channelId, "topic", "plans", "content", "from the group").success();
        long protectedId = member.post("/channels/create", "name", "gated-protected", "subscribers", List.of(member.userId),
                "invite_only", true, "history_public_to_subscribers", false, "can_subscribe_group",
                Map.of("direct_members", List.of(reader.userId), "direct_subgroups", List.of())).success().get("id").asLong();
        reader.post("/messages", "type", "stream", "to", protectedId, "topic", "plans", "content", "hi")
                .badRequest("Not authorized to send to channel 'gated-protected'");
        reader.post("/drafts", "drafts", List.of(Map.of("type", "stream", "to", List.of(protectedId), "topic", "t", "content", "c"))).success();
    }
}

package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.config.ExtrasConfig;
import dev.stoa.emoji.RealmEmojiTest;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Flags, mark-as-read shortcuts, reactions, typing and reports. */
class MessageFlagsTest extends StoaTestBase {
    long lounge;

    @BeforeAll
    void channels() {
        lounge = owner.post("/channels/create", "name", "lounge", "subscribers", List.of(owner.userId, admin.userId, member.userId)).success().get("id").asLong();
    }

    long dm(ApiClient from, ApiClient to, String content) {
        return from.post("/messages", "type", "direct", "to", List.of(to.userId), "content", content).success().get("id").asLong();
    }

    long post(ApiClient from, String topic, String content) {
        return from.post("/messages", "type", "stream", "to", "lounge", "topic", topic, "content", content).success().get("id").asLong();
    }

    @Test
    void readUnreadAndStar() {
        long a = dm(member, admin, "read me");
        long b = post(member, "flags", "channel unread");
        VerifyAction.verify(admin, () -> admin.post("/messages/flags", "messages", List.of(a, b), "op", "add", "flag", "read").success());
        VerifyAction.verify(admin, () -> admin.post("/messages/flags", "messages", List.of(a, b), "op", "remove", "flag", "read").success());
        VerifyAction.verify(admin, () -> admin.post("/messages/flags", "messages", List.of(a), "op", "add", "flag", "starred").success());
        JsonNode r = admin.get("/messages", "anchor", "newest", "num_before", "10", "narrow", "[[\"is\",\"starred\"]]").success();
        assertThat(MessageDmTest.ids(r)).containsExactly(a);
        admin.post("/messages/flags", "messages", List.of(a), "op", "add", "flag", "mentioned").badRequest("Flag not editable: 'mentioned'");
        admin.post("/messages/flags", "messages", List.of(a), "op", "add", "flag", "bogus").badRequest("Invalid flag: 'bogus'");
        admin.post("/messages/flags", "messages", List.of(a), "op", "toggle", "flag", "read").badRequest("Invalid message flag operation: 'toggle'");
        guest.post("/messages/flags", "messages", List.of(a), "op", "add", "flag", "read").badRequest("Invalid message(s)");
    }

    @Test
    void markAsReadShortcuts() {
        post(member, "shortcut", "one");
        post(member, "shortcut", "two");
        dm(member, admin, "dm unread");
        VerifyAction.verify(admin, () -> admin.post("/mark_topic_as_read", "stream_id", String.valueOf(lounge), "topic_name", "shortcut").success());
        post(member, "shortcut2", "three");
        VerifyAction.verify(admin, () -> admin.post("/mark_stream_as_read", "stream_id", String.valueOf(lounge)).success());
        VerifyAction.verify(admin, () -> admin.post("/mark_all_as_read").success());
        JsonNode st = admin.post("/register").success();
        assertThat(st.get("unread_msgs").get("count").asInt()).isZero();
        post(member, "narrowflags", "x1");
        post(member, "narrowflags", "x2");
        JsonNode n = admin.post("/messages/flags/narrow", "anchor", "oldest", "num_before", "0", "num_after", "100",
                "narrow", "[[\"topic\",\"narrowflags\"]]", "op", "add", "flag", "read").success();
        assertThat(n.get("updated_count").asInt()).isEqualTo(2);
    }

    @Test
    void reactions() {
        long a = post(member, "reactions", "react to me");
        // reactions are not part of register's state (Zulip: state_change_expected=False)
        VerifyAction.as(admin).events("reaction/add").noStateChange().run(() -> admin.post("/messages/" + a + "/reactions", "emoji_name", "smile").success());
        admin.post("/messages/" + a + "/reactions", "emoji_name", "smile").error(400, "REACTION_ALREADY_EXISTS", "Reaction already exists.");
        JsonNode m = admin.get("/messages/" + a).success().get("message");
        assertThat(m.get("reactions").get(0).get("emoji_name").asText()).isEqualTo("smile");
        VerifyAction.as(admin).events("reaction/remove").noStateChange().run(() -> admin.delete("/messages/" + a + "/reactions", "emoji_name", "smile").success());
        admin.delete("/messages/" + a + "/reactions", "emoji_name", "smile").error(400, "REACTION_DOES_NOT_EXIST", "Reaction doesn't exist.");
        admin.post("/messages/" + a + "/reactions", "emoji_name", "smile", "emoji_code", "zzzz").badRequest("Invalid emoji code.");
        admin.post("/messages/" + a + "/reactions", "emoji_name", "not_an_emoji_name").badRequest("Emoji 'not_an_emoji_name' does not exist");
        JsonNode r = admin.get("/messages", "anchor", "newest", "num_before", "10", "narrow", "[[\"has\",\"reaction\"]]").success();
        assertThat(MessageDmTest.ids(r)).doesNotContain(a);
    }

    @Test
    void customEmojiReactions() throws Exception {
        RealmEmojiTest.upload(member, "party_parrot", Map.of("f", RealmEmojiTest.png(0x00ff00))).success();
        String id = null;
        for (JsonNode e : member.get("/realm/emoji").success().get("emoji")) if (e.get("name").asText().equals("party_parrot")) id = e.get("id").asText();
        long a = post(member, "custom reactions", "react with a parrot");
        String code = id;
        // checked only when no one has reacted with that emoji yet (a vote takes the existing name, as in Zulip)
        admin.post("/messages/" + a + "/reactions", "emoji_name", "other_name", "emoji_code", code, "reaction_type", "realm_emoji")
                .badRequest("Invalid custom emoji name.");
        admin.post("/messages/" + a + "/reactions", "emoji_name", "party_parrot", "emoji_code", "999999", "reaction_type", "realm_emoji")
                .badRequest("Invalid custom emoji.");
        VerifyAction.as(admin).events("reaction/add").noStateChange().run(() -> admin.post("/messages/" + a + "/reactions", "emoji_name", "party_parrot",
                "emoji_code", code, "reaction_type", "realm_emoji").success());
        JsonNode reaction = admin.get("/messages/" + a).success().get("message").get("reactions").get(0);
        assertThat(reaction.get("reaction_type").asText()).isEqualTo("realm_emoji");
        assertThat(reaction.get("emoji_code").asText()).isEqualTo(code);
        VerifyAction.as(admin).events("reaction/remove").noStateChange().run(() -> admin.delete("/messages/" + a + "/reactions", "emoji_name", "party_parrot",
                "emoji_code", code, "reaction_type", "realm_emoji").success());
    }

    /** Issue 14: a name alone finds custom and extra emoji; a removal by code and type needs no name. */
    @Test
    void reactionsByNameAlone() throws Exception {
        RealmEmojiTest.upload(member, "partyparrot", Map.of("f", RealmEmojiTest.png(0x00ff00))).success();
        long a = post(member, "reactions by name", "react by name :partyparrot:");
        String path = "/messages/" + a + "/reactions";
        VerifyAction.as(admin).events("reaction/add").noStateChange().run(() -> admin.post(path, "emoji_name", "partyparrot").success());
        JsonNode reaction = admin.get("/messages/" + a).success().get("message").get("reactions").get(0);
        assertThat(reaction.get("reaction_type").asText()).isEqualTo("realm_emoji");
        String code = reaction.get("emoji_code").asText();
        admin.post(path, "emoji_name", "partyparrot").error(400, "REACTION_ALREADY_EXISTS", "Reaction already exists.");
        // a vote takes the existing reaction's name
        member.post(path, "emoji_code", code, "reaction_type", "realm_emoji", "emoji_name", "partyparrot").success();
        VerifyAction.as(admin).events("reaction/remove").noStateChange().run(() -> admin.delete(path, "emoji_name", "partyparrot").success());
        JsonNode removed = member.delete(path, "emoji_code", code, "reaction_type", "realm_emoji").success();
        assertThat(removed.get("result").asText()).isEqualTo("success");
        assertThat(admin.get("/messages/" + a).success().get("message").get("reactions")).isEmpty();

        VerifyAction.as(admin).events("reaction/add").noStateChange().run(() -> admin.post(path, "emoji_name", "zulip").success());
        reaction = admin.get("/messages/" + a).success().get("message").get("reactions").get(0);
        assertThat(reaction.get("reaction_type").asText()).isEqualTo("service_extra_emoji");
        assertThat(reaction.get("emoji_code").asText()).isEqualTo("zulip");
        VerifyAction.as(admin).events("reaction/remove").noStateChange().run(() ->
                admin.delete(path, "emoji_code", "zulip", "reaction_type", "zulip_extra_emoji").success());

        // Unicode by code alone (the type defaults to Unicode for a removal), and the event names the stored emoji
        admin.post(path, "emoji_name", "smile").success();
        String smile = admin.get("/messages/" + a).success().get("message").get("reactions").get(0).get("emoji_code").asText();
        List<JsonNode> ev = VerifyAction.as(admin).events("reaction/remove").noStateChange().run(() -> admin.delete(path, "emoji_code", smile).success());
        assertThat(ev.get(0).get("emoji_name").asText()).isEqualTo("smile");

        admin.delete(path).badRequest("At least one of the following arguments must be present: emoji_name, emoji_code");
        admin.delete(path, "emoji_name", "nonexistent_emoji").badRequest("Emoji 'nonexistent_emoji' does not exist");
        admin.post(path, "emoji_name", "smile", "emoji_code", smile, "reaction_type", "bogus").badRequest("Invalid emoji type.");
        admin.post(path, "emoji_name", "zulip", "emoji_code", "zulip", "reaction_type", "unicode_emoji").badRequest("Invalid emoji code.");
    }

    @Test
    void alertWordsSetTheFlagOnDelivery() {
        ApiClient reader = server.createUser("alerted@example.com", "Alert Reader", 400);
        reader.post("/users/me/alert_words", "alert_words", List.of("Pineapple")).success();
        long hit = dm(admin, reader, "I like PINEAPPLE pie");
        long miss = dm(admin, reader, "pineapples are plural");
        assertThat(reader.get("/messages/" + hit).success().get("message").get("flags").toString()).contains("has_alert_word");
        assertThat(reader.get("/messages/" + miss).success().get("message").get("flags").toString()).doesNotContain("has_alert_word");
        JsonNode r = reader.get("/messages", "anchor", "newest", "num_before", "10", "narrow", "[[\"is\",\"alerted\"]]").success();
        assertThat(MessageDmTest.ids(r)).containsExactly(hit);
        long own = dm(reader, admin, "my own pineapple");
        assertThat(reader.get("/messages/" + own).success().get("message").get("flags").toString()).doesNotContain("has_alert_word");
    }

    @Test
    void typing() {
        // typing notifications are not part of register's state (Zulip: state_change_expected=False)
        VerifyAction.as(admin).events("typing/start").noStateChange().run(() -> member.post("/typing", "op", "start", "to", List.of(admin.userId)).success());
        VerifyAction.as(admin).register("client_capabilities", "{\"stream_typing_notifications\":true}").events("typing/stop").noStateChange()
                .run(() -> member.post("/typing", "op", "stop", "type", "stream", "stream_id", String.valueOf(lounge), "topic", "t").success());
        // without the capability, a channel typing notification reaches nobody
        VerifyAction.as(admin).events(0).noStateChange()
                .run(() -> member.post("/typing", "op", "start", "type", "stream", "stream_id", String.valueOf(lounge), "topic", "t").success());
        member.post("/typing", "op", "start").badRequest("Missing 'to' argument");
    }

    @Test
    void reportNeedsModerationChannel() {
        long a = post(member, "reports", "report me");
        admin.post("/messages/" + a + "/report", "report_type", "spam")
                .badRequest("Moderation request channel must be specified to enable message reporting.");
        long mod = owner.post("/channels/create", "name", "moderation", "invite_only", true, "subscribers", List.of(owner.userId)).success().get("id").asLong();
        owner.patch("/realm", "moderation_request_channel_id", String.valueOf(mod)).success();
        admin.post("/messages/" + a + "/report", "report_type", "bogus").badRequest("Invalid report_type");
        admin.post("/messages/" + a + "/report", "report_type", "other").badRequest("An explanation is required.");
        admin.post("/messages/" + a + "/report", "report_type", "other", "description", "it is rude").success();
        JsonNode r = owner.get("/messages", "anchor", "newest", "num_before", "1", "narrow", "[[\"channel\",\"moderation\"]]").success();
        assertThat(r.get("messages").get(0).get("content").asText()).contains("reported", "it is rude", "report me");
        assertThat(r.get("messages").get(0).get("sender_full_name").asText()).isEqualTo("Notification Bot");
    }

    /** The report types are the server's configured ones, the list register advertises (it was a hard-coded list). */
    @Test
    void reportTypesAreTheConfiguredOnes() {
        var types = List.of(new ExtrasConfig.ReportType("spam", "Spam"), new ExtrasConfig.ReportType("legal", "Legal issue"));
        try (TestServer s = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000)
                .withExtras(ExtrasConfig.defaults().withWelcome(false).withReportTypes(types)))) {
            JsonNode advertised = s.member.post("/register", "fetch_event_types", List.of("realm")).success().get("server_report_message_types");
            assertThat(advertised).extracting(n -> n.get("key").asText()).containsExactly("spam", "legal");
            long mod = s.owner.post("/channels/create", "name", "moderation", "invite_only", true, "subscribers", List.of(s.owner.userId))
                    .success().get("id").asLong();
            s.owner.patch("/realm", "moderation_request_channel_id", String.valueOf(mod)).success();
            long a = s.member.post("/messages", "type", "direct", "to", List.of(s.admin.userId), "content", "legal trouble")
                    .success().get("id").asLong();
            s.admin.post("/messages/" + a + "/report", "report_type", "harassment").badRequest("Invalid report_type");
            s.admin.post("/messages/" + a + "/report", "report_type", "legal").success();
            JsonNode r = s.owner.get("/messages", "anchor", "newest", "num_before", "1", "narrow", "[[\"channel\",\"moderation\"]]").success();
            assertThat(r.get("messages").get(0).get("content").asText()).contains("Legal issue", "legal trouble");
        }
    }
}

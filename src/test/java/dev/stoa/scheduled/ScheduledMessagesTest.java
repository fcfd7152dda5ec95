package dev.stoa.scheduled;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Scheduled messages and reminders (issue 14), with the server's clock moved by hand: created,
 * listed, edited and cancelled with their events; sent by the collector at their time, once; failures
 * recorded and told as Zulip does; a message due while the server is down sent when it is back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScheduledMessagesTest {
    final MutableClock clock = new MutableClock();
    TestServer server;
    ApiClient owner, admin, member, guest;
    long plans;

    @BeforeAll
    void start() {
        server = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000), clock);
        owner = server.owner;
        admin = server.admin;
        member = server.member;
        guest = server.guest;
        plans = owner.post("/channels/create", "name", "plans", "subscribers", List.of(owner.userId, admin.userId, member.userId))
                .success().get("id").asLong();
    }

    @AfterAll
    void stop() {
        if (server != null) server.close();
    }

    long in(long seconds) {
        return clock.instant().getEpochSecond() + seconds;
    }

    long schedule(ApiClient c, long channel, String topic, String content, long at) {
        return c.post("/scheduled_messages", "type", "channel", "to", String.valueOf(channel), "topic", topic, "content", content,
                "scheduled_delivery_timestamp", at).success().get("scheduled_message_id").asLong();
    }

    long scheduleDm(ApiClient c, ApiClient to, String content, long at) {
        return c.post("/scheduled_messages", "type", "direct", "to", List.of(to.userId), "content", content,
                "scheduled_delivery_timestamp", at).success().get("scheduled_message_id").asLong();
    }

    /** One collector pass (the job runs on it), after moving the clock. */
    void pass(Duration later) {
        clock.advance(later);
        server.stoa.collector().runOnce();
    }

    JsonNode listed(ApiClient c, long id) {
        for (JsonNode s : c.get("/scheduled_messages").success().get("scheduled_messages")) {
            if (s.get("scheduled_message_id").asLong() == id) return s;
        }
        return null;
    }

    /** The messages of the narrow that contain the text (full-text search). */
    List<JsonNode> found(ApiClient c, String text) {
        List<JsonNode> out = new ArrayList<>();
        c.get("/messages", "anchor", "newest", "num_before", "100", "narrow", "[[\"search\",\"" + text + "\"]]").success()
                .get("messages").forEach(out::add);
        return out;
    }

    @Test
    void scheduledMessagesAreListedEditedAndCancelledWithTheirEvents() {
        long[] id = new long[1];
        VerifyAction.as(member).events("scheduled_messages/add").run(() -> id[0] = schedule(member, plans, "Agenda", "first draft", in(3600)));
        JsonNode s = listed(member, id[0]);
        assertThat(s.get("type").asText()).isEqualTo("stream");
        assertThat(s.get("to").asLong()).isEqualTo(plans);
        assertThat(s.get("topic").asText()).isEqualTo("Agenda");
        assertThat(s.get("rendered_content").asText()).isEqualTo("<p>first draft</p>");
        assertThat(s.get("failed").asBoolean()).isFalse();
        assertThat(listed(admin, id[0])).as("another user's scheduled messages are not listed").isNull();
        VerifyAction.as(member).events("scheduled_messages/update").run(() ->
                member.patch("/scheduled_messages/" + id[0], "content", "second **draft**", "scheduled_delivery_timestamp", in(7200)).success());
        assertThat(listed(member, id[0]).get("scheduled_delivery_timestamp").asLong()).isEqualTo(in(7200));
        VerifyAction.as(member).events("scheduled_messages/update").run(() ->
                member.patch("/scheduled_messages/" + id[0], "type", "direct", "to", List.of(admin.userId)).success());
        JsonNode direct = listed(member, id[0]);
        assertThat(direct.get("type").asText()).isEqualTo("private");
        assertThat(direct.get("to").toString()).isEqualTo("[" + admin.userId + "]");
        assertThat(direct.has("topic")).isFalse();
        VerifyAction.as(member).events("scheduled_messages/remove").run(() -> member.delete("/scheduled_messages/" + id[0]).success());
        assertThat(listed(member, id[0])).isNull();
    }

    @Test
    void badInputIsRefusedAsZulipRefusesItAndChangesNothing() {
        long id = schedule(member, plans, "kept", "unchanged", in(3600));
        String before = member.get("/scheduled_messages").success().toString();
        member.post("/scheduled_messages", "type", "channel", "to", String.valueOf(plans), "topic", "t", "content", "x",
                "scheduled_delivery_timestamp", in(0)).badRequest("Scheduled delivery time must be in the future.");
        member.post("/scheduled_messages", "type", "carrier-pigeon", "to", String.valueOf(plans), "topic", "t", "content", "x",
                "scheduled_delivery_timestamp", in(60)).badRequest("Invalid type");
        member.post("/scheduled_messages", "type", "channel", "to", "999999", "topic", "t", "content", "x",
                "scheduled_delivery_timestamp", in(60)).error(400, "STREAM_DOES_NOT_EXIST", "Channel with ID '999999' does not exist");
        member.post("/scheduled_messages", "type", "channel", "to", "plans", "topic", "t", "content", "x",
                "scheduled_delivery_timestamp", in(60)).badRequest("Invalid data type for channel ID");
        member.post("/scheduled_messages", "type", "direct", "to", admin.email, "content", "x",
                "scheduled_delivery_timestamp", in(60)).badRequest("Invalid data type for recipients");
        member.post("/scheduled_messages", "type", "direct", "to", List.of(admin.email), "content", "x",
                "scheduled_delivery_timestamp", in(60)).badRequest("Recipient list may only contain user IDs");
        member.post("/scheduled_messages", "type", "direct", "to", "[999999]", "content", "x",
                "scheduled_delivery_timestamp", in(60)).badRequest("Invalid user ID 999999");
        member.post("/scheduled_messages", "type", "channel", "to", String.valueOf(plans), "topic", "t", "content", "  ",
                "scheduled_delivery_timestamp", in(60)).badRequest("Message must not be empty");
        member.patch("/scheduled_messages/" + id).badRequest("Nothing to change");
        member.patch("/scheduled_messages/" + id, "type", "direct").badRequest("Recipient required when updating type of scheduled message.");
        member.patch("/scheduled_messages/" + id, "type", "stream", "to", String.valueOf(plans))
                .badRequest("Topic required when updating scheduled message type to stream.");
        member.patch("/scheduled_messages/" + id, "scheduled_delivery_timestamp", in(-5)).badRequest("Scheduled delivery time must be in the future.");
        member.patch("/scheduled_messages/" + id, "to", "999999").error(400, "STREAM_DOES_NOT_EXIST", "Channel with ID '999999' does not exist");
        admin.patch("/scheduled_messages/" + id, "content", "hijack").error(404, "BAD_REQUEST", "Scheduled message does not exist");
        admin.delete("/scheduled_messages/" + id).error(404, "BAD_REQUEST", "Scheduled message does not exist");
        member.delete("/scheduled_messages/999999").error(404, "BAD_REQUEST", "Scheduled message does not exist");
        assertThat(member.get("/scheduled_messages").success().toString()).isEqualTo(before);
        member.delete("/scheduled_messages/" + id).success();
    }

    @Test
    void theCollectorSendsThemAtTheirTimeOnce() {
        long toChannel = schedule(member, plans, "launch", "launching now", in(60));
        long toAdmin = scheduleDm(member, admin, "a quiet word", in(120));
        pass(Duration.ofSeconds(30));
        assertThat(found(admin, "launching")).as("not yet due").isEmpty();
        VerifyAction.as(member).events("message", "scheduled_messages/remove", "message", "scheduled_messages/remove")
                .run(() -> pass(Duration.ofSeconds(100)));
        List<JsonNode> sent = found(admin, "launching");
        assertThat(sent).hasSize(1);
        assertThat(sent.getFirst().get("sender_id").asLong()).isEqualTo(member.userId);
        assertThat(sent.getFirst().get("subject").asText()).isEqualTo("launch");
        assertThat(found(admin, "quiet")).hasSize(1);
        pass(Duration.ofSeconds(60));
        assertThat(found(admin, "launching")).as("sent once").hasSize(1);
        assertThat(listed(member, toChannel)).isNull();
        assertThat(listed(member, toAdmin)).isNull();
        member.patch("/scheduled_messages/" + toChannel, "content", "too late").badRequest("Scheduled message was already sent");
    }

    @Test
    void aMessageThatCannotBeSentIsMarkedFailedAndTheSenderTold() {
        long fragile = owner.post("/channels/create", "name", "fragile", "subscribers", List.of(owner.userId, member.userId))
                .success().get("id").asLong();
        long id = schedule(member, fragile, "soon", "into the void", in(60));
        owner.delete("/streams/" + fragile).success();
        var events = VerifyAction.as(member).events("scheduled_messages/update", "message").run(() -> pass(Duration.ofSeconds(61)));
        assertThat(events.get(0).get("scheduled_message").get("failed").asBoolean()).isTrue();
        JsonNode notice = events.get(1).get("message");
        assertThat(notice.get("sender_email").asText()).startsWith("notification-bot@");
        assertThat(notice.get("content").asText()).contains("was not sent because of the following error")
                .contains("Not authorized to send to channel");
        assertThat(listed(member, id).get("failed").asBoolean()).isTrue();
        // A failed message needs a new time before anything else changes.
        member.patch("/scheduled_messages/" + id, "content", "again").badRequest("Scheduled delivery time must be in the future.");
        VerifyAction.as(member).events("scheduled_messages/update").run(() ->
                member.patch("/scheduled_messages/" + id, "type", "channel", "to", String.valueOf(plans), "topic", "rescued",
                        "scheduled_delivery_timestamp", in(600)).success());
        assertThat(listed(member, id).get("failed").asBoolean()).isFalse();
        member.delete("/scheduled_messages/" + id).success();
    }

    @Test
    void aMessageMoreThanTenMinutesLateIsNotSent() {
        long id = schedule(member, plans, "stale", "old news item", in(60));
        // The collector did not run for eleven minutes past the time (a stopped server, say).
        pass(Duration.ofSeconds(60 + 11 * 60));
        assertThat(found(admin, "old news")).isEmpty();
        assertThat(listed(member, id).get("failed").asBoolean()).isTrue();
        assertThat(found(member, "scheduled").stream().map(m -> m.get("content").asText()).toList())
                .anyMatch(c -> c.contains("Message could not be sent at the scheduled time."));
        member.delete("/scheduled_messages/" + id).success();
    }

    @Test
    void remindersComeFromTheNotificationBotAtTheirTime() {
        long target = member.post("/messages", "type", "stream", "to", String.valueOf(plans), "topic", "chores", "content", "water the plants")
                .success().get("id").asLong();
        long[] id = new long[1];
        VerifyAction.as(admin).events("reminders/add").run(() -> id[0] = admin.post("/reminders", "message_id", target,
                "scheduled_delivery_timestamp", in(300), "note", "before Friday").success().get("reminder_id").asLong());
        JsonNode r = admin.get("/reminders").success().get("reminders").get(0);
        assertThat(r.get("reminder_id").asLong()).isEqualTo(id[0]);
        assertThat(r.get("reminder_target_message_id").asLong()).isEqualTo(target);
        assertThat(r.get("to").toString()).isEqualTo("[" + admin.userId + "]");
        assertThat(r.get("content").asText()).contains("You requested a reminder for the following message. Note:\n > before Friday")
                .contains("#**plans>chores@" + target + "**").contains("water the plants");
        assertThat(listed(admin, id[0])).as("reminders are not scheduled messages").isNull();
        var events = VerifyAction.as(admin).events("message", "reminders/remove").run(() -> pass(Duration.ofSeconds(301)));
        JsonNode m = events.getFirst().get("message");
        assertThat(m.get("sender_email").asText()).startsWith("notification-bot@");
        assertThat(m.get("type").asText()).isEqualTo("private");
        assertThat(m.get("content").asText()).contains("water the plants");
        assertThat(admin.get("/reminders").success().get("reminders")).isEmpty();
    }

    @Test
    void remindersRefuseBadInputAndCanBeCancelled() {
        long target = member.post("/messages", "type", "stream", "to", String.valueOf(plans), "topic", "chores", "content", "sweep")
                .success().get("id").asLong();
        admin.post("/reminders", "message_id", target, "scheduled_delivery_timestamp", in(0))
                .badRequest("Scheduled delivery time must be in the future.");
        guest.post("/reminders", "message_id", target, "scheduled_delivery_timestamp", in(60)).badRequest("Invalid message(s)");
        admin.post("/reminders", "message_id", 999999, "scheduled_delivery_timestamp", in(60)).badRequest("Invalid message(s)");
        admin.post("/reminders", "message_id", target, "scheduled_delivery_timestamp", in(60), "note", "n".repeat(501))
                .badRequest("Maximum reminder note length: 500 characters");
        assertThat(admin.get("/reminders").success().get("reminders")).isEmpty();
        long id = admin.post("/reminders", "message_id", target, "scheduled_delivery_timestamp", in(60)).success().get("reminder_id").asLong();
        member.delete("/reminders/" + id).error(404, "BAD_REQUEST", "Reminder does not exist");
        admin.delete("/scheduled_messages/" + id).error(404, "BAD_REQUEST", "Scheduled message does not exist");
        VerifyAction.as(admin).events("reminders/remove").run(() -> admin.delete("/reminders/" + id).success());
        admin.delete("/reminders/" + id).error(404, "BAD_REQUEST", "Reminder does not exist");
    }

    @Test
    void aMessageDueWhileTheServerWasDownIsSentWhenItComesBackOnce() {
        long id = scheduleDm(member, admin, "sent after the outage", in(120));
        // The member's queue outlives the restart; it hears the send and the removal once.
        VerifyAction.as(member).events("message", "scheduled_messages/remove").run(() -> {
            try {
                server.restart(() -> clock.advance(Duration.ofSeconds(300)));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            // Two passes at once (a second node, or the timer's own pass): the claim lets one send.
            Thread a = Thread.ofVirtual().start(() -> server.stoa.collector().runOnce());
            Thread b = Thread.ofVirtual().start(() -> server.stoa.collector().runOnce());
            try {
                a.join();
                b.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            server.stoa.collector().runOnce();
        });
        assertThat(found(admin, "outage")).hasSize(1);
        assertThat(listed(member, id)).isNull();
    }
}

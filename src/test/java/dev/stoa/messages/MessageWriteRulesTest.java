package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.management.HotSpotDiagnosticMXBean.ThreadDumpFormat;
import com.sun.management.HotSpotDiagnosticMXBean;
import dev.stoa.db.Dialect;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.Await;
import dev.stoa.testing.StoaTestBase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 12: sends and edits share one wildcard-mention rule; an edit or move plans and writes in one transaction. */
class MessageWriteRulesTest extends StoaTestBase {
    long crowded;
    final List<ApiClient> crowd = new ArrayList<>();

    @BeforeAll
    void crowdedChannel() {
        List<Long> many = new ArrayList<>(List.of(member.userId, admin.userId, owner.userId));
        for (int i = 0; i < 16; i++) {
            ApiClient c = server.createUser("crowd" + i + "@example.com", "Crowd " + i, 400);
            crowd.add(c);
            many.add(c.userId);
        }
        crowded = owner.post("/channels/create", "name", "crowded", "subscribers", many).success().get("id").asLong();
    }

    long send(ApiClient c, String topic, String content) {
        return c.post("/messages", "type", "stream", "to", String.valueOf(crowded), "topic", topic, "content", content)
                .success().get("id").asLong();
    }

    String raw(long id) {
        return member.get("/messages/" + id).success().get("raw_content").asText();
    }

    /** Zulip's check_update_message raises the send-time errors for a content edit that adds a wildcard mention. */
    @Test
    void editingToAChannelWildcardInABigChannelIsRefusedAsASendIs() {
        long id = send(member, "edits", "hello");
        member.patch("/messages/" + id, "content", "@**all** hello")
                .error(400, "STREAM_WILDCARD_MENTION_NOT_ALLOWED", "You do not have permission to use channel wildcard mentions in this channel.");
        member.patch("/messages/" + id, "content", "@**everyone** hello")
                .error(400, "STREAM_WILDCARD_MENTION_NOT_ALLOWED", "You do not have permission to use channel wildcard mentions in this channel.");
        assertThat(raw(id)).isEqualTo("hello");
        assertThat(crowd.getFirst().get("/messages/" + id).success().get("message").get("flags").toString()).doesNotContain("wildcard_mentioned");
        long mine = send(admin, "edits", "admin may");
        admin.patch("/messages/" + mine, "content", "@**all** admin may").success();
    }

    @Test
    void editingToATopicWildcardInABusyTopicIsRefusedAsASendIs() {
        for (ApiClient c : crowd) send(c, "busy", "here");
        member.post("/messages", "type", "stream", "to", String.valueOf(crowded), "topic", "busy", "content", "@**topic** hi")
                .error(400, "TOPIC_WILDCARD_MENTION_NOT_ALLOWED", "You do not have permission to use topic wildcard mentions in this topic.");
        long id = send(member, "busy", "hi");
        member.patch("/messages/" + id, "content", "@**topic** hi")
                .error(400, "TOPIC_WILDCARD_MENTION_NOT_ALLOWED", "You do not have permission to use topic wildcard mentions in this topic.");
        assertThat(raw(id)).isEqualTo("hi");
        long quiet = send(member, "quiet", "few here");
        member.patch("/messages/" + quiet, "content", "@**topic** few here").success();
    }

    /**
     * A message committed to the topic after the mover asked but before its write must move too:
     * another transaction holds the message (the SQLite writer; the row lock on PostgreSQL) and adds a
     * message to the topic; the move waits for it, then plans and moves in its own transaction.
     */
    @Test
    void aTopicMoveTakesMessagesCommittedBeforeItsWrite() throws Exception {
        long first = send(member, "racing", "one");
        CountDownLatch inserted = new CountDownLatch(1);
        var threads = Executors.newFixedThreadPool(2); // not the common pool: it may have one worker
        CompletableFuture<Long> other = CompletableFuture.supplyAsync(() -> server.stoa.db().write(tx -> {
            var h = tx.h();
            if (tx.dialect() == Dialect.POSTGRES) h.createQuery("SELECT id FROM messages WHERE id = ? FOR UPDATE").bind(0, first).mapTo(Long.class).one();
            long id = h.createUpdate("INSERT INTO messages (sender_id, recipient_id, channel_id, topic, content, rendered_content, date_sent, "
                            + "sending_client, has_link, has_attachment, has_image) SELECT sender_id, recipient_id, channel_id, topic, 'two', "
                            + "'<p>two</p>', date_sent, sending_client, FALSE, FALSE, FALSE FROM messages WHERE id = ?")
                    .bind(0, first).executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
            h.execute("INSERT INTO user_message (user_id, message_id, flags) SELECT user_id, ?, flags FROM user_message WHERE message_id = ?", id, first);
            inserted.countDown();
            Await.until("the move to wait for this transaction", 30, () -> moverWaits(tx.dialect()));
            return id;
        }), threads);
        assertThat(inserted.await(30, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<Void> move = CompletableFuture.runAsync(() ->
                owner.patch("/messages/" + first, "topic", "raced", "propagate_mode", "change_all", "send_notification_to_old_thread", false,
                        "send_notification_to_new_thread", false).success(), threads);
        long second = other.get(60, TimeUnit.SECONDS);
        move.get(60, TimeUnit.SECONDS);
        threads.shutdown();
        assertThat(member.get("/messages/" + second).success().get("message").get("subject").asText()).isEqualTo("raced");
    }

    /**
     * A reaction checks the message in the transaction that writes it: a message deleted after the
     * request began, but before its write, is "Invalid message(s)" (it was a 500: the reaction's row
     * referenced a message gone by the time of the write).
     */
    @Test
    void aReactionChecksTheMessageInItsWriteTransaction() throws Exception {
        long id = send(member, "reacting", "soon gone");
        CountDownLatch deleted = new CountDownLatch(1);
        var threads = Executors.newFixedThreadPool(2);
        CompletableFuture<Void> other = CompletableFuture.runAsync(() -> server.stoa.db().write(tx -> {
            tx.h().execute("DELETE FROM messages WHERE id = ?", id); // on PostgreSQL this also locks the row
            deleted.countDown();
            Await.until("the reaction to wait for this transaction", 30, () -> waitsForLock(tx.dialect(), "Reaction"));
            return null;
        }), threads);
        assertThat(deleted.await(30, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<ApiResponse> reaction = CompletableFuture.supplyAsync(() ->
                admin.post("/messages/" + id + "/reactions", "emoji_name", "smile"), threads);
        other.get(60, TimeUnit.SECONDS);
        ApiResponse r = reaction.get(60, TimeUnit.SECONDS);
        threads.shutdown();
        r.badRequest("Invalid message(s)");
    }

    /** The move request is waiting for a lock: the SQLite writer, or a PostgreSQL row lock. */
    private boolean moverWaits(Dialect dialect) {
        return waitsForLock(dialect, "dev.stoa.messages.MessageEdit");
    }

    /** A request whose stack names `marker` waits for a lock: the SQLite writer, or a PostgreSQL row lock. */
    private boolean waitsForLock(Dialect dialect, String marker) {
        if (dialect == Dialect.POSTGRES) {
            return server.stoa.db().read(h -> h.createQuery("SELECT COUNT(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                    + "WHERE NOT l.granted AND a.query ILIKE '%message%'").mapTo(Long.class).one()) > 0;
        }
        // Requests run on virtual threads, which only a thread dump lists.
        try {
            Path dump = Files.createTempDirectory("stoa-dump").resolve("threads.json");
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpThreads(dump.toString(), ThreadDumpFormat.JSON);
            JsonNode root = Json.MAPPER.readTree(dump.toFile());
            Files.delete(dump);
            for (JsonNode container : root.path("threadDump").path("threadContainers")) {
                for (JsonNode t : container.path("threads")) {
                    String stack = t.path("stack").toString();
                    if (stack.contains("ReentrantLock.lock") && stack.contains("dev.stoa.db.Db.write") && stack.contains(marker)) return true;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return false;
    }
}

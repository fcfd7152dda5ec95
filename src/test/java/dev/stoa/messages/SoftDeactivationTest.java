package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.Exports;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Soft deactivation (issue 31 item 4), through the real server on an injected clock: a person idle
 * for 29 days gets no user_message rows for plain channel messages (checked in the database, so
 * the tests fail when rows are written), keeps the rows that carry a flag, and on coming back sees
 * exactly what a twin who never went idle sees: register's unread counts, flags, narrows, search.
 */
class SoftDeactivationTest extends StoaTestBase {
    private static final Duration IDLE = Duration.ofDays(30);
    private final MutableClock clock = new MutableClock();
    private final AtomicInteger names = new AtomicInteger();

    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000), clock);
    }

    /** Two people alike: `idle` will go idle, `twin` stays active; both subscribed to a fresh channel with the owner. */
    private record Pair(ApiClient idle, ApiClient twin, String channel, long channelId) {}

    private Pair pair() {
        int n = names.incrementAndGet();
        ApiClient idle = server.createUser("idle" + n + "@example.org", "Idle " + n, 400);
        ApiClient twin = server.createUser("twin" + n + "@example.org", "Twin " + n, 400);
        String channel = "quiet " + n;
        subscribe(channel, idle, twin, owner);
        idle.post("/users/me/alert_words", "alert_words", List.of("pineapple")).success();
        twin.post("/users/me/alert_words", "alert_words", List.of("pineapple")).success();
        idle.post("/mark_all_as_read").success();
        twin.post("/mark_all_as_read").success();
        long id = owner.get("/get_stream_id", "stream", channel).success().get("stream_id").asLong();
        return new Pair(idle, twin, channel, id);
    }

    private void subscribe(String channel, ApiClient... who) {
        List<Long> ids = new ArrayList<>();
        for (ApiClient c : who) ids.add(c.userId);
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", channel)), "principals", ids).success();
    }

    /** 30 days pass; everyone but `idle` makes a request; the collector's job runs. */
    private void goIdle(Pair p) {
        clock.advance(IDLE);
        owner.get("/users/me").success();
        admin.get("/users/me").success();
        p.twin().get("/users/me").success();
        server.stoa.collector().runOnce();
        assertThat(isIdle(p.idle())).as("idle after 30 days").isTrue();
        assertThat(isIdle(p.twin())).as("the twin made a request").isFalse();
    }

    private boolean isIdle(ApiClient c) {
        return count("SELECT COUNT(*) FROM soft_deactivated WHERE user_id = " + c.userId) > 0;
    }

    private long count(String sql) {
        return server.stoa.core().db().read(h -> h.createQuery(sql).mapTo(Long.class).one());
    }

    private long rows(ApiClient c, Collection<Long> messageIds) {
        return count("SELECT COUNT(*) FROM user_message WHERE user_id = " + c.userId + " AND message_id IN ("
                + String.join(",", messageIds.stream().map(String::valueOf).toList()) + ")");
    }

    private long send(String channel, String topic, String content) {
        return owner.post("/messages", "type", "stream", "to", channel, "topic", topic, "content", content).success().get("id").asLong();
    }

    /** What a client sees of its messages: register's unread state and max id, narrows with flags, search. */
    private Map<String, Object> seen(ApiClient c, Pair p) {
        JsonNode reg = c.post("/register", "fetch_event_types", List.of("message", "update_message_flags")).success();
        return Map.of("unread", reg.get("unread_msgs"), "max", reg.get("max_message_id"),
                "channel", fetch(c, List.of(Map.of("operator", "channel", "operand", p.channel()))),
                "unread-narrow", fetch(c, List.of(Map.of("operator", "is", "operand", "unread"))),
                "mentioned", fetch(c, List.of(Map.of("operator", "is", "operand", "mentioned"))),
                "alerted", fetch(c, List.of(Map.of("operator", "is", "operand", "alerted"))),
                "search", fetch(c, List.of(Map.of("operator", "search", "operand", "zebra"))),
                "counts", c.get("/users/me/subscriptions").success().get("subscriptions").size());
    }

    /** (id, flags) of the newest 200 messages of a narrow. */
    private static List<String> fetch(ApiClient c, List<Map<String, String>> narrow) {
        JsonNode r = c.get("/messages", "anchor", "newest", "num_before", "200", "num_after", "0", "narrow", Json.write(narrow)).success();
        List<String> out = new ArrayList<>();
        for (JsonNode m : r.get("messages")) out.add(m.get("id").asLong() + " " + m.get("flags"));
        return out;
    }

    /** The idle person sees what the twin sees, in their shared channel and in `channel` too. */
    private void assertSeenAsTwin(Pair p, String channel) {
        assertThat(seen(p.idle(), p)).isEqualTo(seen(p.twin(), p));
        List<Map<String, String>> narrow = List.of(Map.of("operator", "channel", "operand", channel));
        assertThat(fetch(p.idle(), narrow)).isEqualTo(fetch(p.twin(), narrow));
    }

    @Test
    void anIdlePersonSeesWhatTheirNeverIdleTwinSees() {
        Pair p = pair();
        long early = send(p.channel(), "before", "said before the quiet zebra");
        p.idle().post("/messages/flags", "messages", List.of(early), "op", "add", "flag", "starred").success();
        p.twin().post("/messages/flags", "messages", List.of(early), "op", "add", "flag", "starred").success();
        goIdle(p);
        List<Long> plain = new ArrayList<>();
        for (int i = 0; i < 5; i++) plain.add(send(p.channel(), "topic " + (i % 2), "plain zebra " + i));
        long both = send(p.channel(), "topic 0", "hello @**" + "Idle " + names.get() + "|" + p.idle().userId + "** and @**Twin "
                + names.get() + "|" + p.twin().userId + "**");
        long all = send(p.channel(), "topic 1", "@**all** listen");
        long fruit = send(p.channel(), "topic 1", "who has a pineapple");

        // While idle: no rows for the plain messages (the twin has them), rows for what carries a flag.
        assertThat(rows(p.idle(), plain)).isZero();
        assertThat(rows(p.twin(), plain)).isEqualTo(plain.size());
        assertThat(rows(p.idle(), List.of(both, all, fruit))).isEqualTo(3);
        assertThat(isIdle(p.idle())).isTrue();

        assertThat(seen(p.idle(), p)).isEqualTo(seen(p.twin(), p));
        assertThat(isIdle(p.idle())).as("a request brought them back").isFalse();
        assertThat(rows(p.idle(), plain)).isEqualTo(plain.size());
    }

    @Test
    void groupMentionsAndAnEditAddingAMentionReachAnIdlePerson() {
        Pair p = pair();
        int n = names.get();
        owner.post("/user_groups/create", "name", "crew " + n, "description", "d", "members", List.of(p.idle().userId, p.twin().userId))
                .success();
        send(p.channel(), "t", "nothing yet");
        send(p.channel(), "moving", "a topic that moves");
        // A second channel both are in (a subscription change while idle would catch them up: not here).
        String other = "elsewhere " + n;
        subscribe(other, p.idle(), p.twin(), owner);
        send(other, "t", "the other channel's first message");
        p.idle().post("/mark_all_as_read").success();
        p.twin().post("/mark_all_as_read").success();
        long otherId = owner.get("/get_stream_id", "stream", other).success().get("stream_id").asLong();
        goIdle(p);
        long group = send(p.channel(), "t", "@*crew " + n + "* look");
        long later = send(p.channel(), "t", "will be edited");
        long movedLater = send(p.channel(), "moving", "also moves");
        assertThat(rows(p.idle(), List.of(group))).isEqualTo(1);
        assertThat(rows(p.idle(), List.of(later, movedLater))).isZero();

        owner.patch("/messages/" + later, "content", "now for @**Idle " + n + "|" + p.idle().userId + "** and @**Twin " + n + "|"
                + p.twin().userId + "**").success();
        assertThat(count("SELECT flags & 8 FROM user_message WHERE user_id = " + p.idle().userId + " AND message_id = " + later)).isEqualTo(8);
        // A move to another channel both are in: the moved messages' rows are what they would be without idleness.
        // Moved through the message the idle person holds no row for: rows gained on a move are read ones.
        owner.patch("/messages/" + movedLater, "stream_id", otherId, "propagate_mode", "change_all").success();
        assertThat(isIdle(p.idle())).isTrue();

        assertSeenAsTwin(p, other);
    }

    @Test
    void subscriptionChangesWhileIdleFollowTheTwin() {
        Pair p = pair();
        String second = "second " + names.get();
        subscribe(second, owner);
        goIdle(p);
        send(p.channel(), "t", "before leaving zebra");
        send(second, "t", "before joining zebra");
        // An administrator takes both out of the first channel and puts both into the second.
        admin.delete("/users/me/subscriptions", "subscriptions", List.of(p.channel()), "principals", List.of(p.idle().userId, p.twin().userId))
                .success();
        subscribe(second, p.idle(), p.twin());
        send(p.channel(), "t", "after leaving zebra");
        long joined = send(second, "t", "after joining zebra");
        assertThat(isIdle(p.idle())).isTrue();
        assertThat(rows(p.idle(), List.of(joined))).isZero();

        assertSeenAsTwin(p, second);
    }

    @Test
    void aDeactivationWhileIdleOwesNothingForTheTimeAway() {
        Pair p = pair();
        goIdle(p);
        send(p.channel(), "t", "before the deactivation zebra");
        for (ApiClient c : List.of(p.idle(), p.twin())) owner.delete("/users/" + c.userId).success();
        assertThat(isIdle(p.idle())).as("a deactivated person is caught up and idle no more").isFalse();
        send(p.channel(), "t", "while deactivated zebra");
        for (ApiClient c : List.of(p.idle(), p.twin())) owner.post("/users/" + c.userId + "/reactivate").success();
        send(p.channel(), "t", "after coming back zebra");
        assertThat(seen(p.idle(), p)).isEqualTo(seen(p.twin(), p));
    }

    @Test
    void concurrentRequestsBringAnIdlePersonBackOnce() throws Exception {
        Pair p = pair();
        goIdle(p);
        List<Long> sent = new ArrayList<>();
        for (int i = 0; i < 20; i++) sent.add(send(p.channel(), "t" + (i % 3), "message " + i));
        assertThat(rows(p.idle(), sent)).isZero();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<JsonNode>> calls = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                calls.add(i % 2 == 0 ? () -> p.idle().get("/users/me").success() : () -> p.idle().post("/register").success());
            }
            for (Future<JsonNode> f : pool.invokeAll(calls)) f.get();
        } finally {
            pool.shutdown();
        }
        assertThat(rows(p.idle(), sent)).isEqualTo(sent.size());
        assertThat(seen(p.idle(), p)).isEqualTo(seen(p.twin(), p));
    }

    @Test
    void sendsRacingAComebackLoseNoRow() throws Exception {
        Pair p = pair();
        goIdle(p);
        List<Callable<List<Long>>> calls = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int thread = t;
            calls.add(() -> {
                List<Long> ids = new ArrayList<>();
                for (int i = 0; i < 10; i++) ids.add(send(p.channel(), "race", "racer " + thread + " " + i));
                return ids;
            });
        }
        calls.add(() -> {
            p.idle().get("/users/me").success(); // comes back while the sends run
            return List.of();
        });
        ExecutorService pool = Executors.newFixedThreadPool(calls.size());
        List<Long> sent = new ArrayList<>();
        try {
            for (Future<List<Long>> f : pool.invokeAll(calls)) sent.addAll(f.get());
        } finally {
            pool.shutdown();
        }
        assertThat(isIdle(p.idle())).isFalse();
        assertThat(rows(p.idle(), sent)).isEqualTo(rows(p.twin(), sent)).isEqualTo(sent.size());
        assertThat(seen(p.idle(), p)).isEqualTo(seen(p.twin(), p));
    }

    @Test
    void anExportHoldsTheRowsAnIdlePersonIsOwed() {
        Pair p = pair();
        goIdle(p);
        List<Long> sent = new ArrayList<>();
        for (int i = 0; i < 4; i++) sent.add(send(p.channel(), "t", "exported " + i));
        long id = admin.post("/export/realm").success().get("id").asLong();
        JsonNode e = Exports.awaitDone(admin, id, 120);
        assertThat(e.get("failed_timestamp").isNull()).as("export failed").isTrue();
        var zip = Exports.entries(Exports.fetch(admin, e.get("export_url").asText()).body());
        List<JsonNode> rows = Exports.rows(zip, "user_message");
        long idleRows = rows.stream().filter(r -> r.get("user_id").asLong() == p.idle().userId && sent.contains(r.get("message_id").asLong())).count();
        long twinRows = rows.stream().filter(r -> r.get("user_id").asLong() == p.twin().userId && sent.contains(r.get("message_id").asLong())).count();
        assertThat(idleRows).isEqualTo(twinRows).isEqualTo(sent.size());
        assertThat(isIdle(p.idle())).as("an export leaves them idle").isTrue();
        assertThat(seen(p.idle(), p)).isEqualTo(seen(p.twin(), p));
    }

    @Test
    void eventsAreThoseOfANeverIdleChannel() {
        Pair p = pair();
        send(p.channel(), "t", "the channel's first message (its first_message_id update is another event)");
        goIdle(p);
        // The twin hears one message event for a send whose idle subscriber gets no row, and nothing when the idle one comes back.
        VerifyAction.as(p.twin()).events("message").run(() -> send(p.channel(), "t", "heard once"));
        VerifyAction.as(p.twin()).events(0).noStateChange().run(() -> p.idle().get("/users/me").success());
        assertThat(isIdle(p.idle())).isFalse();
    }

    /**
     * Rows kept where a push or email may follow, read from the settings themselves: the person's
     * enable_stream_push/email_notifications (on keeps the row, set off skips it like never set),
     * the subscription's push/email setting over it, and a followed topic.
     */
    @Test
    void notificationSettingsDecideWhichIdleRowsAreKept() {
        record Case(String name, boolean kept, Consumer<Pair> set) {}
        List<Case> cases = List.of(
                new Case("channel push on", true, p -> p.idle().patch("/settings", "enable_stream_push_notifications", true).success()),
                new Case("channel email on", true, p -> p.idle().patch("/settings", "enable_stream_email_notifications", true).success()),
                new Case("both set off", false, p -> p.idle().patch("/settings", "enable_stream_push_notifications", false,
                        "enable_stream_email_notifications", false).success()),
                new Case("another setting only", false, p -> p.idle().patch("/settings", "enable_stream_desktop_notifications", true).success()),
                new Case("subscription push on", true, p -> property(p, "push_notifications", true)),
                new Case("subscription email off over the person's on", false, p -> {
                    p.idle().patch("/settings", "enable_stream_email_notifications", true).success();
                    property(p, "email_notifications", false);
                }),
                new Case("followed topic", true, p -> p.idle().post("/user_topics", "stream_id", p.channelId(), "topic", "watched",
                        "visibility_policy", 3).success()));
        for (Case c : cases) {
            Pair p = pair();
            c.set().accept(p);
            goIdle(p);
            long id = send(p.channel(), "watched", "plain words");
            assertThat(rows(p.idle(), List.of(id))).as(c.name()).isEqualTo(c.kept() ? 1 : 0);
            assertThat(seen(p.idle(), p)).as(c.name()).isEqualTo(seen(p.twin(), p));
        }
    }

    private static void property(Pair p, String property, boolean value) {
        p.idle().post("/users/me/subscriptions/properties", "subscription_data",
                List.of(Map.of("stream_id", p.channelId(), "property", property, "value", value))).success();
    }
}

package dev.stoa.missedmail;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestMail;
import dev.stoa.testing.TestServer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Missed-message email, full stack: unread direct messages, mentions and followed topics are mailed
 * to a user without an active client after their batching period (120 s by default), once, one mail
 * per conversation; never what was read, deleted or is no longer readable; settings honoured.
 */
class MissedMailTest extends StoaTestBase {
    private final MutableClock clock = new MutableClock();
    private final AtomicInteger names = new AtomicInteger();
    private TestMail mail;

    @Override
    protected TestServer newServer() {
        mail = new TestMail();
        return new TestServer(c -> mail.configure(c.withLimits(1_000_000, 1_000_000, 1_000_000)), clock);
    }

    @AfterAll
    void stopMail() {
        if (mail != null) mail.close();
    }

    private record Queued(String subject, String body) {}

    /** A fresh person per test, so that tests never see each other's unread messages. */
    private ApiClient person(String first) {
        int n = names.incrementAndGet();
        ApiClient c = server.createUser(first.toLowerCase() + n + "@example.org", first + " " + n, 400);
        // a greeting the server sent at sign-up (Welcome Bot) is not what these tests are about
        c.post("/mark_all_as_read").success();
        return c;
    }

    private static String name(ApiClient c) {
        String local = c.email.substring(0, c.email.indexOf('@'));
        String digits = local.replaceAll("\\D", "");
        String first = local.replaceAll("\\d", "");
        return Character.toUpperCase(first.charAt(0)) + first.substring(1) + " " + digits;
    }

    private long dm(ApiClient from, String content, ApiClient... to) {
        List<Long> ids = Arrays.stream(to).map(c -> c.userId).toList();
        return from.post("/messages", "type", "direct", "to", ids, "content", content).success().get("id").asLong();
    }

    private long post(ApiClient from, String channel, String topic, String content) {
        return from.post("/messages", "type", "stream", "to", channel, "topic", topic, "content", content).success().get("id").asLong();
    }

    private void channel(String name, boolean inviteOnly, ApiClient... members) {
        List<Long> ids = Arrays.stream(members).map(c -> c.userId).toList();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", name)), "principals", ids, "invite_only", inviteOnly).success();
    }

    /** Time passes, then one collector pass (queue activity is flushed first, then the notifier, then the sender). */
    private void after(long seconds) {
        clock.advance(Duration.ofSeconds(seconds));
        server.stoa.collector().runOnce();
    }

    /** The missed-message mail written for a person (rows of the outbox: written in the notifier's transaction). */
    private List<Queued> queued(ApiClient to) {
        return server.stoa.db().read(h -> h.createQuery("SELECT subject, body FROM outbox_mail WHERE kind = 'missed_message' AND to_address = ? ORDER BY id")
                .bind(0, to.email).map((rs, c) -> new Queued(rs.getString(1), rs.getString(2))).list());
    }

    @Test
    void aDirectMessageToAnAbsentUserIsMailedAfterTheBatchingPeriodOnce() {
        ApiClient alice = person("Alice"), bob = person("Bob");
        dm(alice, "Are you coming to the **review**?", bob);
        after(60);
        after(59);
        assertThat(queued(bob)).as("not before the batching period").isEmpty();
        after(2);
        TestMail.Mail m = mail.awaitTo(bob.email, 1).getFirst();
        assertThat(m.subject()).isEqualTo("DMs with " + name(alice));
        assertThat(m.body()).contains(name(alice) + " sent you a direct message").contains("Are you coming to the **review**?");
        assertThat(m.link("/#narrow/dm/")).isEqualTo(server.baseUrl + "/#narrow/dm/" + alice.userId + "-dm");
        after(3600);
        after(60);
        assertThat(queued(bob)).hasSize(1);
        assertThat(mail.to(bob.email)).hasSize(1);
        assertThat(queued(alice)).as("the sender is not notified of their own message").isEmpty();
    }

    @Test
    void messagesOfOneBatchingPeriodComeInOneMailPerConversation() {
        ApiClient alice = person("Alice"), bob = person("Bob"), carol = person("Carol");
        dm(alice, "first question", bob);
        after(30);
        dm(alice, "second question", bob);
        dm(carol, "a group hello", alice, bob);
        after(91);
        List<Queued> q = queued(bob);
        assertThat(q).extracting(Queued::subject).containsExactlyInAnyOrder("DMs with " + name(alice),
                "Group DMs with " + name(alice) + ", " + name(carol));
        Queued oneToOne = q.stream().filter(x -> x.subject().startsWith("DMs")).findFirst().orElseThrow();
        assertThat(oneToOne.body()).contains("first question").contains("second question").doesNotContain("group hello");
        Queued group = q.stream().filter(x -> x.subject().startsWith("Group")).findFirst().orElseThrow();
        assertThat(group.body()).contains("a group hello")
                .contains("/#narrow/dm/" + Math.min(alice.userId, carol.userId) + "," + Math.max(alice.userId, carol.userId) + "-group");
        mail.awaitTo(bob.email, 2);
    }

    @Test
    void aMentionInAChannelIsMailedAndOrdinaryChannelMessagesAreNot() {
        ApiClient alice = person("Alice"), bob = person("Bob");
        channel("Verona", false, alice, bob);
        post(alice, "Verona", "lunch plans", "Nothing special here");
        post(alice, "Verona", "release", "@**" + name(bob) + "** can you check the build?");
        after(121);
        List<Queued> q = queued(bob);
        assertThat(q).hasSize(1);
        assertThat(q.getFirst().subject()).isEqualTo("#Verona > release");
        assertThat(q.getFirst().body()).contains(name(alice) + " mentioned you in #Verona > release").contains("can you check the build?")
                .doesNotContain("Nothing special").contains("/#narrow/channel/");
    }

    @Test
    void aFollowedTopicAndChannelEmailSettingsAreMailed() {
        ApiClient alice = person("Alice"), bob = person("Bob");
        channel("Denmark", false, alice, bob);
        long denmark = owner.get("/get_stream_id", "stream", "Denmark").success().get("stream_id").asLong();
        bob.post("/user_topics", "stream_id", denmark, "topic", "castle", "visibility_policy", 3).success();
        post(alice, "Denmark", "castle", "The ghost was seen again");
        post(alice, "Denmark", "weather", "Cold and grey");
        after(121);
        assertThat(queued(bob)).extracting(Queued::subject).containsExactly("#Denmark > castle");
        // the channel's own email_notifications setting mails every topic
        bob.post("/users/me/subscriptions/properties", "subscription_data",
                List.of(Map.of("stream_id", denmark, "property", "email_notifications", "value", true))).success();
        post(alice, "Denmark", "weather", "Rain tomorrow");
        after(121);
        assertThat(queued(bob)).extracting(Queued::subject).containsExactly("#Denmark > castle", "#Denmark > weather");
        assertThat(queued(bob).getLast().body()).contains("Rain tomorrow").doesNotContain("Cold and grey");
    }

    @Test
    void wildcardMentionsFollowTheSettingAndMutedSendersAreSilent() {
        ApiClient alice = person("Alice"), bob = person("Bob"), carol = person("Carol");
        channel("Venice", false, alice, bob, carol);
        carol.patch("/settings", "wildcard_mentions_notify", false).success();
        post(alice, "Venice", "meeting", "@**all** the meeting moves to noon");
        after(121);
        assertThat(queued(bob)).extracting(Queued::subject).containsExactly("#Venice > meeting");
        assertThat(queued(bob).getFirst().body()).contains(name(alice) + " mentioned everyone in #Venice > meeting");
        assertThat(queued(carol)).isEmpty();
        // nothing from a muted sender
        ApiClient dave = person("Dave");
        dave.post("/users/me/muted_users/" + alice.userId).success();
        dm(alice, "you muted me", dave);
        dm(carol, "you did not mute me", dave);
        after(121);
        assertThat(queued(dave)).extracting(Queued::subject).containsExactly("DMs with " + name(carol));
    }

    @Test
    void aMessageReadBeforeThePeriodEndsIsNotMailed() {
        ApiClient alice = person("Alice"), bob = person("Bob");
        long id = dm(alice, "read me in time", bob);
        after(60);
        bob.post("/messages/flags", "messages", List.of(id), "op", "add", "flag", "read").success();
        after(61);
        after(600);
        assertThat(queued(bob)).isEmpty();
    }

    @Test
    void aUserWithAnActivePolledQueueIsNotMailed() {
        ApiClient alice = person("Alice"), bob = person("Bob");
        String queue = bob.post("/register", "event_types", List.of("message")).success().get("queue_id").asText();
        dm(alice, "you are online anyway", bob);
        after(100);
        bob.get("/events", "queue_id", queue, "last_event_id", "-1", "dont_block", "true").success();
        after(30);
        assertThat(queued(bob)).isEmpty();
        // the client saw it: going away later does not mail it afterwards
        after(600);
        assertThat(queued(bob)).isEmpty();
        // an idle queue (no poll for minutes) is no active client
        dm(alice, "now you are away", bob);
        after(121);
        assertThat(queued(bob)).extracting(Queued::body).singleElement().asString().contains("now you are away")
                .doesNotContain("you are online anyway");
    }

    @Test
    void aDeletedMessageOrALostChannelIsNotMailed() {
        ApiClient alice = person("Alice"), bob = person("Bob");
        long id = dm(alice, "oops, wrong person", bob);
        alice.delete("/messages/" + id).success();
        channel("Secret room", true, alice, bob);
        post(alice, "Secret room", "plans", "@**" + name(bob) + "** the secret plan");
        owner.delete("/users/me/subscriptions", "subscriptions", List.of("Secret room"), "principals", List.of(bob.userId)).success();
        after(121);
        after(600);
        assertThat(queued(bob)).isEmpty();
    }

    @Test
    void settingsOffMeansNoMail() {
        ApiClient alice = person("Alice"), bob = person("Bob");
        bob.patch("/settings", "enable_offline_email_notifications", false).success();
        dm(alice, "you will not hear of this", bob);
        channel("Scotland", false, alice, bob);
        post(alice, "Scotland", "news", "@**" + name(bob) + "** nor of this");
        after(121);
        assertThat(queued(bob)).isEmpty();
        // a longer batching period waits longer
        ApiClient carol = person("Carol");
        carol.patch("/settings", "email_notifications_batching_period_seconds", 600).success();
        dm(alice, "patience", carol);
        after(300);
        assertThat(queued(carol)).isEmpty();
        after(301);
        assertThat(queued(carol)).hasSize(1);
    }

    @Test
    void contentIsLeftOutWhenTheRealmDisallowsIt() {
        ApiClient alice = person("Alice"), bob = person("Bob");
        owner.patch("/realm", "message_content_allowed_in_email_notifications", false).success();
        try {
            dm(alice, "the launch code is 1234", bob);
            after(121);
            List<Queued> q = queued(bob);
            assertThat(q).hasSize(1);
            assertThat(q.getFirst().subject()).isEqualTo("DMs with " + name(alice));
            assertThat(q.getFirst().body()).contains(name(alice)).doesNotContain("launch code");
        } finally {
            owner.patch("/realm", "message_content_allowed_in_email_notifications", true).success();
        }
        // the user's own setting hides it too
        ApiClient carol = person("Carol");
        carol.patch("/settings", "message_content_in_email_notifications", false).success();
        dm(alice, "another secret", carol);
        after(121);
        assertThat(queued(carol)).extracting(Queued::body).singleElement().asString().contains(name(alice)).doesNotContain("another secret");
    }
}

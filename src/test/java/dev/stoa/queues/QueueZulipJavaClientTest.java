package dev.stoa.queues;

import com.github.jamesnetherton.zulip.client.Zulip;
import com.github.jamesnetherton.zulip.client.api.event.EventPoller;
import com.github.jamesnetherton.zulip.client.api.message.Message;
import com.github.jamesnetherton.zulip.client.api.user.User;
import dev.stoa.testing.StoaTestBase;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real client: com.github.jamesnetherton:zulip-java-client:0.5.2. Its event API only follows
 * message events: it registers a queue for them and long-polls; it lists users; stopping the
 * poller deletes the queue.
 */
class QueueZulipJavaClientTest extends StoaTestBase {
    private Zulip client() throws Exception {
        return new Zulip(member.email, member.apiKey, server.baseUrl);
    }

    @Test
    void listsUsers() throws Exception {
        try (Zulip zulip = client()) {
            List<User> users = zulip.users().getAllUsers().execute();
            assertThat(users).extracting(User::getEmail).contains(member.email, admin.email, guest.email);
        }
    }

    @Test
    void registersLongPollsAndDeletesItsQueue() throws Exception {
        try (Zulip zulip = client()) {
            Set<String> before = queuesOfMember();
            EventPoller poller = zulip.events().captureMessageEvents(e -> { });
            poller.start();
            Set<String> started = queuesOfMember();
            started.removeAll(before);
            assertThat(started).hasSize(1);
            long parkedDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (parkedPolls() == 0 && System.nanoTime() < parkedDeadline) Thread.sleep(10);
            assertThat(parkedPolls()).as("the client's long-poll is parked on the server").isEqualTo(1);
            poller.stop();
            // The client's poll thread may register a fresh queue when its poll ends with BAD_EVENT_QUEUE_ID
            // while stop() runs; what matters is that the queue it started with is gone.
            assertThat(queuesOfMember()).doesNotContainAnyElementsOf(started);
        }
    }

    @Test
    void receivesAMessageAnotherUserSends() throws Exception {
        LinkedBlockingQueue<Message> got = new LinkedBlockingQueue<>();
        try (Zulip zulip = client()) {
            EventPoller poller = zulip.events().captureMessageEvents(got::add);
            poller.start();
            admin.post("/messages", "type", "direct", "to", List.of(member.userId), "content", "hello from admin").success();
            Message e = got.poll(60, TimeUnit.SECONDS);
            poller.stop();
            assertThat(e).isNotNull();
            assertThat(e.getContent()).contains("hello from admin");
            assertThat(e.getSenderEmail()).isEqualTo(admin.email);
        }
    }

    private Set<String> queuesOfMember() {
        return server.stoa.queues().all().values().stream().filter(q -> q.userId() == member.userId).map(EventQueue::id)
                .collect(Collectors.toCollection(HashSet::new));
    }

    private int parkedPolls() {
        return server.stoa.queues().all().values().stream().filter(q -> q.userId() == member.userId).mapToInt(q -> q.pollers.get()).sum();
    }
}

package dev.stoa.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.Json;
import dev.stoa.testing.StoaTestBase;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Catch-up reads the table, then merges the ephemeral entries it knows of (issue 30): one that arrives
 * between the two may sit above a stored entry committed after the read, and publishing it then would
 * put the head past that entry, which the node would never deliver. The seam pauses catch-up right
 * there, so the interleaving that CI hit once in a while under load happens every time.
 */
class LogPublisherTest extends StoaTestBase {
    /** Holds the first catch-up between its read and its merge until the test lets it go. */
    static final class PauseOnce implements LogPublisher.CatchUpSeam {
        final CountDownLatch reached = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public void betweenReadAndMerge() {
            if (reached.getCount() == 0) return; // catch-ups run one at a time, under the PUBLISH lock
            reached.countDown();
            await(release);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(30, TimeUnit.SECONDS)).as("latch within 30 s").isTrue();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aStoredEntryCommittedDuringCatchUpIsDeliveredBeforeTheEphemeralOneAboveIt() throws Exception {
        Db db = server.stoa.db();
        EventLog writer = new EventLog(db, Clock.systemUTC()); // another node, committing while this one catches up
        PauseOnce pause = new PauseOnce();
        EventLog node = new EventLog(db, Clock.systemUTC(), pause);
        long head = node.head();

        Thread catchingUp = Thread.ofVirtual().start(node::catchUp);
        await(pause.reached);
        long stored = db.write(tx -> writer.append(tx, new MarkdownEvent.Linkifiers(Json.array()), Recipients.nobody()));
        long ephemeral = db.write(tx -> writer.appendEphemeral(tx, new MessageEvent.Typing("start", Json.object()), Recipients.nobody()));
        node.receiveEphemeral(notice(writer.range(ephemeral - 1, ephemeral).getFirst()), "test");
        pause.release.countDown();
        assertThat(catchingUp.join(Duration.ofSeconds(30))).as("the paused catch-up finished").isTrue();
        node.catchUp(); // the tailer's next round

        // other entries the server commits meanwhile may be there too; these two must be, in order
        assertThat(node.range(head, Long.MAX_VALUE).stream().map(LoggedEvent::id).filter(id -> id == stored || id == ephemeral))
                .containsExactly(stored, ephemeral);
    }

    /** The NOTIFY payload the writer's tailer would have sent for this ephemeral entry. */
    private static String notice(LoggedEvent e) {
        ObjectNode n = Json.object().put("schema", "test").put("id", e.id()).put("created_at", e.createdAt()).put("type", e.type().wire());
        n.set("payload", e.payload());
        n.set("recipients", e.recipients().toJson());
        return Json.write(n);
    }
}

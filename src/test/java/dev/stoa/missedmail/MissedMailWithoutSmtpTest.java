package dev.stoa.missedmail;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Without --smtp-url missed-message notifications are not kept: they would be stale by the time mail is configured. */
class MissedMailWithoutSmtpTest extends StoaTestBase {
    private final MutableClock clock = new MutableClock();

    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000), clock);
    }

    @Test
    void noOutboxRowsAndTheMessagesAreSettled() {
        member.post("/messages", "type", "direct", "to", List.of(moderator.userId), "content", "hello while no mail is configured").success();
        clock.advance(Duration.ofSeconds(121));
        server.stoa.collector().runOnce();
        long rows = server.stoa.db().read(h -> h.createQuery("SELECT COUNT(*) FROM outbox_mail WHERE kind = 'missed_message'").mapTo(Long.class).one());
        assertThat(rows).isZero();
        long settled = server.stoa.db().read(h -> h.createQuery("SELECT last_message_id FROM missed_mail_progress WHERE user_id = ?")
                .bind(0, moderator.userId).mapTo(Long.class).one());
        assertThat(settled).isPositive();
    }
}

package dev.stoa.invites;

import dev.stoa.testing.Await;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestMail;
import dev.stoa.testing.TestServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The outbox: mail written with the change, sent after commit, kept and retried with backoff while SMTP is down. */
class MailOutboxTest extends StoaTestBase {
    private final MutableClock clock = new MutableClock();
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

    private record Row(int attempts, Long sentAt, String lastError) {}

    private Row row(String to) {
        return server.stoa.db().read(h -> h.createQuery("SELECT attempts, sent_at, last_error FROM outbox_mail WHERE to_address = ?").bind(0, to)
                .map((rs, c) -> new Row(rs.getInt(1), rs.getObject(2) == null ? null : rs.getLong(2), rs.getString(3))).one());
    }

    @Test
    void smtpOutageLosesNothing() {
        mail.stop();
        member.post("/invites", "invitee_emails", "patient@example.org", "stream_ids", List.of()).success();
        Await.until("a failed first attempt", 30, () -> row("patient@example.org").attempts() == 1
                && row("patient@example.org").lastError() != null);
        assertThat(row("patient@example.org").sentAt()).isNull();
        // not due yet: a collector pass within the minute of backoff leaves it
        server.stoa.collector().runOnce();
        assertThat(row("patient@example.org").attempts()).isEqualTo(1);
        mail.start();
        clock.advance(Duration.ofSeconds(61));
        server.stoa.collector().runOnce();
        TestMail.Mail m = mail.await(1).getFirst();
        assertThat(m.to()).isEqualTo("patient@example.org");
        assertThat(m.from()).isEqualTo("noreply@127.0.0.1");
        Row sent = row("patient@example.org");
        assertThat(sent.attempts()).isEqualTo(2);
        assertThat(sent.sentAt()).isNotNull();
        assertThat(sent.lastError()).isNull();
        // sent once: later passes send nothing again
        clock.advance(Duration.ofHours(2));
        server.stoa.collector().runOnce();
        assertThat(mail.to("patient@example.org")).hasSize(1);
    }

    @Test
    void mailWaitsForTheCommit() {
        // a refused request writes no mail
        member.post("/invites", "invitee_emails", "ok@example.org, bad", "stream_ids", List.of()).error(400, "INVITATION_FAILED",
                "Some emails did not validate, so we didn't send any invitations.");
        long written = server.stoa.db().read(h -> h.createQuery("SELECT COUNT(*) FROM outbox_mail WHERE to_address = 'ok@example.org'")
                .mapTo(Long.class).one());
        assertThat(written).isZero();
    }
}

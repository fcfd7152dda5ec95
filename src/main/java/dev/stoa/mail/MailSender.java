package dev.stoa.mail;

import dev.stoa.config.MailConfig;
import dev.stoa.db.Db;
import dev.stoa.db.OutboxRunner;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the mail outbox through an {@link OutboxRunner} (after commit and on every collector
 * pass; claimed rows, so a crash mid-send retries later): a failure keeps the row with its error.
 * Backoff doubles from one minute to an hour; after MAX_ATTEMPTS the row is marked failed and kept.
 */
public final class MailSender {
    private static final Logger LOG = LoggerFactory.getLogger(MailSender.class);
    static final int MAX_ATTEMPTS = 30;

    private final Db db;
    private final MailStore store;
    private final Clock clock;
    private final SmtpTransport transport;
    private final OutboxRunner<MailStore.Mail> runner;

    public MailSender(Db db, MailStore store, Clock clock, MailConfig config) {
        this.db = db;
        this.store = store;
        this.clock = clock;
        this.transport = config.configured() ? new SmtpTransport(config.smtp(), config.from()) : null;
        this.runner = transport == null ? null : new OutboxRunner<>("mail", db, clock, store, this::attempt, OutboxRunner::doublingFromAMinute, 1);
    }

    public boolean configured() { return transport != null; }

    /** After a commit that queued mail: deliver soon, off the request's thread. */
    void kick() {
        if (runner != null) runner.kick();
    }

    /** One pass over the due mail (the collector's task); never throws. Returns how many were sent. */
    public int deliverDue() {
        return runner == null ? 0 : runner.deliverDue();
    }

    private boolean attempt(MailStore.Mail m) {
        try {
            transport.send(m.to(), m.subject(), m.body(), m.createdAt());
            db.write(tx -> { store.markSent(tx.h(), m.id(), clock.instant().getEpochSecond()); return null; });
            return true;
        } catch (Exception e) {
            String error = e.getClass().getSimpleName() + ": " + e.getMessage();
            Long giveUp = m.attempts() + 1 >= MAX_ATTEMPTS ? clock.instant().getEpochSecond() : null;
            LOG.warn("mail {} to {} not sent (attempt {}): {}", m.id(), m.to(), m.attempts() + 1, error);
            db.write(tx -> { store.markFailedAttempt(tx.h(), m.id(), error, giveUp); return null; });
            return false;
        }
    }
}

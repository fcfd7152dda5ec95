package dev.stoa.mail;

import dev.stoa.config.MailConfig;
import dev.stoa.db.Db;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the outbox: after a commit that queued mail (kick, on a virtual thread) and on every
 * collector pass (deliverDue). A row is claimed before it is sent, moving its next attempt to the
 * backoff time, so a sender on another node skips it and a crash mid-send retries it later; a
 * failure keeps the row with its error. Backoff doubles from one minute to an hour; after
 * MAX_ATTEMPTS the row is marked failed and kept.
 */
public final class MailSender {
    private static final Logger LOG = LoggerFactory.getLogger(MailSender.class);
    static final int MAX_ATTEMPTS = 30;
    private static final int BATCH = 100;

    private final Db db;
    private final MailStore store;
    private final Clock clock;
    private final SmtpTransport transport;
    private final ReentrantLock running = new ReentrantLock();
    private final AtomicBoolean again = new AtomicBoolean();

    public MailSender(Db db, MailStore store, Clock clock, MailConfig config) {
        this.db = db;
        this.store = store;
        this.clock = clock;
        this.transport = config.configured() ? new SmtpTransport(config.smtp(), config.from()) : null;
    }

    public boolean configured() { return transport != null; }

    /** After a commit that queued mail: deliver soon, off the request's thread. */
    void kick() {
        if (transport == null) return;
        Thread.ofVirtual().name("stoa-mail").start(this::deliverDue);
    }

    /** One pass over the due mail (the collector's task); never throws. Returns how many were sent. */
    public int deliverDue() {
        if (transport == null) return 0;
        int sent = 0;
        // One pass at a time per node. A call while a pass runs only raises `again`; the pass's
        // owner re-checks it after unlocking, so no request for a pass is ever lost.
        again.set(true);
        while (again.get()) {
            if (!running.tryLock()) return sent;
            try {
                while (again.getAndSet(false)) sent += pass();
            } catch (RuntimeException e) {
                LOG.error("mail delivery pass failed; it runs again on the next collector pass", e);
                return sent;
            } finally {
                running.unlock();
            }
        }
        return sent;
    }

    private int pass() {
        long now = clock.instant().getEpochSecond();
        int sent = 0;
        for (MailStore.Mail m : db.read(h -> store.due(h, now, BATCH))) {
            long retryAt = now + backoffSeconds(m.attempts() + 1);
            if (!db.write(tx -> store.claim(tx.h(), m.id(), m.nextAttemptAt(), retryAt))) continue;
            if (attempt(m)) sent++;
        }
        return sent;
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

    /** 1, 2, 4, ... minutes, at most an hour. */
    static long backoffSeconds(int attempt) {
        return Math.min(3600, 60L << Math.min(attempt - 1, 6));
    }
}

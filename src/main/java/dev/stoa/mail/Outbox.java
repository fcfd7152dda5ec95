package dev.stoa.mail;

import dev.stoa.db.Tx;
import java.time.Clock;
import java.util.List;

/**
 * What features call to send mail: the mail becomes a row in the caller's transaction (it exists
 * if and only if the change that decided it commits) and is handed to the sender after commit.
 * Never sends inside the request's transaction.
 */
public final class Outbox {
    /** What a feature wants mailed: a text/plain message to one address. */
    public record Letter(String kind, String to, String subject, String body) {}

    private final MailStore store;
    private final Clock clock;
    private final MailSender sender;

    public Outbox(MailStore store, Clock clock, MailSender sender) {
        this.store = store;
        this.clock = clock;
        this.sender = sender;
    }

    public long enqueue(Tx tx, Letter letter) {
        long id = store.insert(tx.h(), letter.kind(), letter.to(), letter.subject(), letter.body(), clock.instant().getEpochSecond());
        tx.afterCommit(sender::kick);
        return id;
    }

    /** A limit on mail to one address: at most {@code count} of a kind per {@code seconds}. */
    public record Limit(long seconds, int count) {}

    /**
     * Whether another mail of this kind to this address stays within every limit, counting what the
     * outbox queued (on any node: the rows are the record). The caller holds a lock that serializes
     * requests for the address (its user row), so two requests cannot both take the last place.
     */
    public boolean withinLimits(Tx tx, String kind, String to, List<Limit> limits) {
        long now = clock.instant().getEpochSecond();
        for (Limit l : limits) if (store.countSince(tx.h(), kind, to, now - l.seconds()) >= l.count()) return false;
        return true;
    }

    /** Whether mail leaves this server at all (features say so when it does not). */
    public boolean canSend() { return sender.configured(); }

    /** What a feature tells its caller when mail was kept instead of sent. */
    public static final String NOT_CONFIGURED = "This server has no outgoing email configured (--smtp-url), so no email was sent;"
            + " it is kept and goes out once an administrator configures it.";
}

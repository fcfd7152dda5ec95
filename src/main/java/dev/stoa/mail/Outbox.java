package dev.stoa.mail;

import dev.stoa.db.Tx;
import java.time.Clock;

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

    /** Whether mail leaves this server at all (features say so when it does not). */
    public boolean canSend() { return sender.configured(); }

    /** What a feature tells its caller when mail was kept instead of sent. */
    public static final String NOT_CONFIGURED = "This server has no outgoing email configured (--smtp-url), so no email was sent;"
            + " it is kept and goes out once an administrator configures it.";
}

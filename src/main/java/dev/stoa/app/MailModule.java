package dev.stoa.app;

import dev.stoa.mail.MailSender;
import dev.stoa.mail.MailStore;
import dev.stoa.mail.Outbox;

/** Outgoing mail: the outbox features write to, and its sender (after commit, and on every collector pass). */
final class MailModule implements Module {
    final MailStore store = new MailStore();
    final MailSender sender;
    final Outbox outbox;

    MailModule(Core c) {
        this.sender = new MailSender(c.db(), store, c.clock(), c.config().mail());
        this.outbox = new Outbox(store, c.clock(), sender);
    }
}

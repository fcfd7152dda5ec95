package dev.stoa.app;

import dev.stoa.missedmail.MissedMailActions;
import dev.stoa.missedmail.MissedMailStore;

/** Missed-message email: the collector's task that mails unread direct messages, mentions and followed topics to absent users. */
final class MissedMailModule implements Module {
    final MissedMailActions actions;

    MissedMailModule(Core c, MailModule mail, MessagesModule messages) {
        this.actions = new MissedMailActions(c.db(), c.clock(), c.realm(), c.users(), c.channels(), messages.access, mail.outbox,
                new MissedMailStore(), c.config().externalUrl());
    }
}

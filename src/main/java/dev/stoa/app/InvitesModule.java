package dev.stoa.app;

import dev.stoa.invites.InviteActions;
import dev.stoa.invites.InviteMail;
import dev.stoa.invites.InviteStore;
import dev.stoa.invites.InviteViews;
import dev.stoa.invites.JoinActions;
import dev.stoa.invites.JoinViews;

/** Invitations and the sign-up that consumes them; mail through the outbox, the referrer told by the notification bot. */
final class InvitesModule implements Module {
    final InviteStore store = new InviteStore();
    final InviteActions actions;
    final JoinActions join;

    final InviteViews views;
    /** The sign-up page an invitation link opens. */
    final JoinViews joinViews;

    InvitesModule(Core c, MailModule mail, UsersModule users, MessagesModule messages, RealmDomainsModule domains, GroupsModule groups) {
        this.actions = new InviteActions(c.db(), c.log(), store, c.users(), c.channels(), c.subscriptions(), c.channelAccess(),
                c.groupResolver(), groups.actions, c.realm(), mail.outbox, new InviteMail(c.realm(), c.config().externalUrl()), c.clock());
        this.join = new JoinActions(c.db(), store, c.users(), users.actions, domains.store, c.realm(), messages.notificationBot, actions, groups.actions, c.clock());
        this.views = new InviteViews(actions, c.config().externalUrl());
        this.joinViews = new JoinViews(join, () -> c.realm().get().get("name").asText());
    }
}

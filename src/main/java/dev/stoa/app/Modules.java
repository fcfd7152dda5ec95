package dev.stoa.app;

import dev.stoa.events.EventType;
import dev.stoa.messages.MessageActions;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.NotYetBuiltState;
import dev.stoa.queues.StateContributor;
import dev.stoa.sessions.SessionEnd;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every feature module, built once on a Core in dependency order. Hooks go into constructors:
 * channels' ChannelSight into users (new people, role changes, deactivations) and groups
 * (membership changes); realm's and channels' group usage into groups.
 */
public record Modules(RealmModule realm, ChannelsModule channels, UsersModule users, GroupsModule groups, MessagesModule messages,
               LinkifiersModule linkifiers, EmojiModule emoji, SnippetsModule snippets, DraftsModule drafts,
               NavigationModule navigation, CallsModule calls, AlertWordsModule alertWords, PresenceModule presence,
               TopicsModule topics, SettingsModule settings, UserStatusModule userStatus,
               RealmDomainsModule realmDomains, PlaygroundsModule playgrounds,
               PushModule push, SessionsModule sessions, ScheduledModule scheduled, MailModule mail, InvitesModule invites,
               AccountsModule accounts, ExportModule exports, MissedMailModule missedMail, SignInModule signIn,
               IntegrationsModule integrations) {

    public static Modules build(Core c) {
        // Sessions first: how every sign-in ends, and the sign-in methods' state, which realm's register state reports.
        SessionsModule sessions = new SessionsModule(c);
        RealmModule realm = new RealmModule(c, sessions.methods);
        // Topics and messages each act inside the other's transactions, bound at construction: topics'
        // policy clearing (a deleted topic's visibility policies go) is built first and messages takes
        // it; topics' actions then take messages' flags (muting a user marks the muter's unread
        // messages from them read).
        TopicsModule.Policies topicPolicies = TopicsModule.Policies.of(c);
        // A send queues its message for the push notifier and the calls of the outgoing-webhook bots it
        // triggers (integrations' triggers, built first); integrations' sender, built on messages below,
        // calls them and posts their replies. Reads and deletions tell the push notifier (phones drop their notifications).
        PushModule push = new PushModule(c, realm.actions::doSetPushAvailability);
        IntegrationsModule.Outgoing outgoing = IntegrationsModule.Outgoing.of(c);
        MessagesModule messages = new MessagesModule(c, topicPolicies.clearing()::doClearTopic,
                MessageActions.AfterSend.all((tx, sender, sent) -> push.notifier.queue(tx, sent.id()), outgoing.triggers()), push.notifier);
        TopicsModule topics = new TopicsModule(c, topicPolicies, messages.flags::doMarkSenderRead);
        // New public channels are announced by the notification bot (messages), after the creating transaction;
        // soft-deactivated people are caught up before their subscriptions change.
        ChannelsModule channels = new ChannelsModule(c, messages.notificationBot::post, messages.softDeactivation::subscriptionsChanged);
        // A new person joins the default channels, then the Welcome Bot greets them; a deactivated one's web sessions end
        // (and a soft-deactivated one is caught up and idle no more).
        UsersModule users = new UsersModule(c, List.of(channels.sight, messages.welcomeBot, new SessionEnd(sessions.store),
                messages.softDeactivation));
        // A group named in a realm or channel permission setting is in use and cannot be deactivated.
        GroupsModule groups = new GroupsModule(c, List.of(realm.actions::objections, c.channelAccess()::groupObjections),
                List.of(channels.sight::groupChangeAround));
        SettingsModule settings = new SettingsModule(c);
        RealmDomainsModule realmDomains = new RealmDomainsModule(c, realm);
        MailModule mail = new MailModule(c);
        return new Modules(realm, channels, users, groups, messages, new LinkifiersModule(c), new EmojiModule(c),
                new SnippetsModule(c), new DraftsModule(c), new NavigationModule(c), new CallsModule(c),
                new AlertWordsModule(c), new PresenceModule(c), topics, settings, new UserStatusModule(c, settings.actions),
                realmDomains, new PlaygroundsModule(c, realm), push, sessions,
                new ScheduledModule(c, messages), mail, new InvitesModule(c, mail, users, messages, realmDomains, groups), new AccountsModule(c, mail),
                new ExportModule(c, messages), new MissedMailModule(c, mail, messages), new SignInModule(c, users, groups, realmDomains),
                new IntegrationsModule(c, messages, users, outgoing));
    }

    /** In register's order. */
    List<Module> all() {
        return List.of(realm, users, groups, linkifiers, emoji, messages, channels, snippets, drafts, navigation, calls, alertWords,
                presence, topics, settings, userStatus, realmDomains, playgrounds, push, scheduled, integrations);
    }

    /** Register's initial state: every module's part, then the truthful empty state of what is not built yet. */
    List<StateContributor> state() {
        List<StateContributor> out = new ArrayList<>();
        for (Module m : all()) out.addAll(m.state());
        out.add(new NotYetBuiltState());
        return List.copyOf(out);
    }

    Map<EventType, Delivery.TypeRule> deliveryRules() {
        Map<EventType, Delivery.TypeRule> out = new HashMap<>();
        for (Module m : all()) out.putAll(m.deliveryRules());
        return out;
    }
}

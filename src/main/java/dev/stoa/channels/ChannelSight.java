package dev.stoa.channels;

import dev.stoa.db.Tx;
import dev.stoa.events.ChannelEvent;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.groups.GroupSettingValues;
import dev.stoa.groups.GroupStore;
import dev.stoa.identity.User;
import dev.stoa.users.UserHooks;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What other features' changes do to who sees which channel, inside their transactions (passed as
 * hooks to UserActions and GroupActions): a new person, a role change, a deactivation, a group
 * membership change. Each announces the
 * difference as stream create / delete and subscriber peer events, as ChannelActions does for
 * channel changes.
 */
public final class ChannelSight implements UserHooks {
    private final EventLog log;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final ChannelAccess access;
    private final GroupStore groups;
    private final ChannelActions base;

    public ChannelSight(EventLog log, ChannelStore channels, SubscriptionStore subs, ChannelAccess access, GroupStore groups,
                        ChannelActions base) {
        this.log = log;
        this.channels = channels;
        this.subs = subs;
        this.access = access;
        this.groups = groups;
        this.base = base;
    }

    /** A new person joins the realm's default channels. */
    @Override
    public void created(Tx tx, User user, Joining joining) {
        base.subscribeNewUser(tx, user, joining.defaultChannels(), joining.channelIds());
    }

    /**
     * Around a change of a user's role (a guest sees only its own channels): channels it gains
     * sight of arrive as stream create with their subscribers, channels it loses as stream delete.
     */
    @Override
    public Consumer<User> aroundRoleChange(Tx tx, User before) {
        Set<Long> saw = visibleChannelIds(tx, before);
        return after -> {
            Set<Long> sees = visibleChannelIds(tx, after);
            for (Channel c : channels.all(tx.h())) {
                if (!saw.contains(c.id()) && sees.contains(c.id())) {
                    base.gained(tx, c, Set.of(), List.of(after.id()), subs.subscribers(tx.h(), c.id()), Set.of());
                } else if (saw.contains(c.id()) && !sees.contains(c.id())) {
                    base.lost(tx, c, Set.of(after.id()), List.of());
                }
            }
        };
    }

    /**
     * Subscriber lists hold active users only: a user's deactivation is peer_remove from each of
     * its channels (reactivation peer_add), to those who may see the channel.
     */
    @Override
    public void activationChanged(Tx tx, User user, boolean active) {
        List<User> others = base.activeUsers(tx).stream().filter(u -> u.id() != user.id()).toList();
        for (Subscription s : subs.ofUser(tx.h(), user.id())) {
            if (!s.active()) continue;
            Channel c = channels.byId(tx.h(), s.channelId()).orElseThrow();
            List<Long> peers = access.audience(tx.h(), c, others);
            if (peers.isEmpty()) continue;
            List<Long> who = List.of(user.id());
            log.append(tx, active ? new ChannelEvent.PeerAdd(List.of(c.id()), who) : new ChannelEvent.PeerRemove(List.of(c.id()), who),
                    Recipients.users(peers));
        }
    }

    /** The group settings that let non-subscribers see a private channel (ChannelAccess.canSeeMetadata). */
    private static final List<String> SIGHT_SETTINGS = List.of("can_administer_channel_group", "can_add_subscribers_group",
            "can_subscribe_group");

    /**
     * Around a change of a group's members or subgroups: private channels whose permission groups
     * contain it may gain or lose viewers, who get stream create (with subscribers) or delete.
     */
    public Runnable groupChangeAround(Tx tx, long groupId) {
        Set<Long> containing = groups.selfAndRecursiveSupergroups(tx.h(), groupId);
        List<Channel> affected = channels.all(tx.h()).stream()
                .filter(c -> c.inviteOnly() && SIGHT_SETTINGS.stream().anyMatch(s -> containing.stream()
                        .anyMatch(g -> GroupSettingValues.mentions(c.setting(s), g))))
                .toList();
        if (affected.isEmpty()) return () -> {};
        Map<Long, Set<Long>> before = new HashMap<>();
        for (Channel c : affected) before.put(c.id(), privateAudience(tx, c));
        return () -> {
            for (Channel c : affected) {
                List<Long> after = List.copyOf(privateAudience(tx, c));
                base.gained(tx, c, before.get(c.id()), after, subs.subscribers(tx.h(), c.id()), Set.of());
                base.lost(tx, c, before.get(c.id()), after);
            }
        };
    }

    /**
     * Who sees a private channel, by canSeeMetadata's rule but from this transaction's state (the
     * resolver's cache holds committed state): subscribers, administrators, and non-guests the
     * channel's groups grant.
     */
    private Set<Long> privateAudience(Tx tx, Channel c) {
        Set<Long> subscribed = new HashSet<>(subs.subscribers(tx.h(), c.id()));
        Set<Long> granted = new HashSet<>();
        for (String s : SIGHT_SETTINGS) granted.addAll(groups.grantedBy(tx.h(), c.setting(s)));
        Set<Long> out = new HashSet<>();
        for (User u : base.activeUsers(tx)) {
            if (subscribed.contains(u.id()) || (!u.isGuest() && (u.isAdmin() || granted.contains(u.id())))) out.add(u.id());
        }
        return out;
    }

    private Set<Long> visibleChannelIds(Tx tx, User u) {
        Set<Long> subscribed = new HashSet<>();
        for (Subscription s : subs.ofUser(tx.h(), u.id())) if (s.active()) subscribed.add(s.channelId());
        Set<Long> out = new HashSet<>();
        // after a role change in tx, the group cache refuses tx's handle: the rule sees the uncommitted role
        for (Channel c : channels.all(tx.h())) if (access.canSeeMetadata(tx.h(), u, c, subscribed.contains(c.id()))) out.add(c.id());
        return out;
    }
}

package dev.stoa.channels;

import dev.stoa.events.Hints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.ChannelEvent;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.users.AccessChanges;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Channel creation, subscription and unsubscription: one transaction each, with their events.
 * Who hears what: a channel's events go to its audience (ChannelAccess.audience, computed before
 * and after the change); users who gain sight of a channel get stream create (plus peer_add of
 * its existing subscribers), users who lose it get stream delete. Settings changes are in
 * {@link ChannelUpdateActions}.
 */
public final class ChannelActions {
    private final Db db;
    private final EventLog log;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final ChannelAccess access;
    private final ChannelJson json;
    private final UserStore users;
    /** Subscriptions decide whom a restricted guest can see; users announces what changes. */
    private final AccessChanges accessChanges;
    private final Clock clock;
    private final ChannelCreateRules creation;
    private final Settle settle;

    /**
     * Inside a transaction that just changed subscriptions (user → channel ids joined, left): soft
     * deactivation (messages) writes the rows the idle ones were owed under their old subscriptions,
     * since owed rows follow current subscriptions. After the changes, so that the subscription rows
     * are locked before the event log's append lock, as in every channel write.
     */
    @FunctionalInterface
    public interface Settle {
        void subscriptionsChanged(Tx tx, Map<Long, Set<Long>> joined, Map<Long, Set<Long>> left);

        Settle NONE = (tx, joined, left) -> {};
    }

    public ChannelActions(Db db, EventLog log, ChannelStore channels, SubscriptionStore subs, ChannelAccess access,
                          ChannelJson json, UserStore users, AccessChanges accessChanges, Clock clock, ChannelCreateRules creation,
                          Settle settle) {
        this.settle = settle;
        this.creation = creation;
        this.accessChanges = accessChanges;
        this.db = db;
        this.log = log;
        this.channels = channels;
        this.subs = subs;
        this.access = access;
        this.json = json;
        this.users = users;
        this.clock = clock;
    }

    /** A channel to create; `settings` holds every channel group setting. */
    public record NewChannel(String name, String description, boolean inviteOnly, boolean isWebPublic, boolean historyPublic,
                             Integer retention, Long folderId, String topicsPolicy, ObjectNode settings, boolean isDefault) {}

    /** Per user: channel names newly subscribed and already subscribed; plus the ids of created channels. */
    public record SubscribeResult(Map<Long, List<String>> subscribed, Map<Long, List<String>> already, List<Long> created) {}

    /** POST /channels/create as asked: name, description, creation parameters, subscribers (ids), announce. */
    public record CreateInput(String name, String description, ChannelCreateRules.Asked spec, List<Long> subscribers, boolean announce) {}

    /**
     * Creates one channel after checking, in the creating transaction, the folder and group
     * settings, that the name is free, the caller may create this kind of channel and subscribe
     * those users. Returns the new channel's id; the announcement is posted after commit.
     */
    public long checkCreate(User caller, CreateInput in) {
        SubscribeResult r = db.write(tx -> {
            NewChannel n = creation.resolve(tx.h(), caller, in.spec(), in.name(), in.description());
            if (channels.byName(tx.h(), in.name()).isPresent()) throw channelExists(in.name());
            creation.checkCanCreate(tx.h(), caller, n.inviteOnly(), n.isWebPublic());
            creation.checkSubscribers(tx.h(), caller, in.subscribers());
            return subscribe(tx, caller, List.of(n), List.of(), List.copyOf(new LinkedHashSet<>(in.subscribers())));
        });
        if (in.announce()) creation.announce(caller, r.created());
        return r.created().getFirst();
    }

    /** A public default channel created by the server itself (first start's general and sandbox), not announced. */
    public long checkCreateDefault(User caller, String name, String description) {
        return checkCreate(caller, new CreateInput(name, description, ChannelCreateRules.Asked.publicDefault(), List.of(caller.id()), false));
    }

    /** Creates `create` (names must be free), then subscribes `userIds` to those and to `existing`. */
    SubscribeResult subscribe(Tx tx, User actor, List<NewChannel> create, List<Long> existing, List<Long> userIds) {
        List<Long> created = new ArrayList<>();
        for (NewChannel n : create) created.add(insert(tx, actor, n));
        List<Long> all = new ArrayList<>(created);
        for (long id : existing) if (!all.contains(id)) all.add(id);
        SubscribeResult r = subscribe(tx, channels.byIds(tx.h(), all), userIds, new HashSet<>(created));
        List<Long> defaults = new ArrayList<>();
        for (int i = 0; i < create.size(); i++) if (create.get(i).isDefault()) defaults.add(created.get(i));
        if (!defaults.isEmpty()) {
            for (long id : defaults) channels.addDefault(tx, id);
            log.append(tx, new ChannelEvent.DefaultStreams(channels.defaultChannelIds(tx.h())), Recipients.all());
        }
        return new SubscribeResult(r.subscribed(), r.already(), created);
    }

    /** Subscribes a new user to the realm's default channels, inside the user-creating transaction. */
    /** A new person's first subscriptions: the default channels if asked, and those of its invitation (still existing). */
    public void subscribeNewUser(Tx tx, User user, boolean defaults, List<Long> invited) {
        LinkedHashSet<Long> ids = new LinkedHashSet<>(defaults ? channels.defaultChannelIds(tx.h()) : List.of());
        ids.addAll(invited);
        List<Channel> targets = channels.byIds(tx.h(), List.copyOf(ids)).stream().filter(c -> !c.isArchived()).toList();
        if (!targets.isEmpty()) subscribe(tx, targets, List.of(user.id()), Set.of());
    }

    private long insert(Tx tx, User actor, NewChannel n) {
        if (channels.byName(tx.h(), n.name()).isPresent()) throw channelExists(n.name());
        long now = clock.instant().getEpochSecond();
        Channel c = new Channel(0, n.name(), n.description(), json.renderDescription(n.description()), n.inviteOnly(), n.isWebPublic(),
                n.historyPublic(), n.retention(), now, actor == null ? null : actor.id(), n.folderId(), n.topicsPolicy(), false, null,
                n.settings());
        return channels.insert(tx, c);
    }

    public static ApiError channelExists(String name) {
        return ChannelErrors.channelAlreadyExists(name);
    }

    List<User> activeUsers(Tx tx) {
        return users.all(tx.h()).stream().filter(u -> u.isActive() && !u.isSystemBot()).toList();
    }

    private SubscribeResult subscribe(Tx tx, List<Channel> targets, List<Long> userIds, Set<Long> createdIds) {
        Map<Long, Set<Long>> joined = new LinkedHashMap<>();
        List<User> active = activeUsers(tx);
        Map<Long, Set<Long>> seen = accessChanges.before(tx.h(), null);
        Map<Long, List<String>> subscribed = new LinkedHashMap<>(), already = new LinkedHashMap<>();
        Map<Long, ArrayNode> addPerUser = new LinkedHashMap<>();
        for (Channel c : targets) {
            Set<Long> before = createdIds.contains(c.id()) ? Set.of() : new HashSet<>(access.audience(tx.h(), c, active));
            List<Long> oldSubscribers = subs.subscribers(tx.h(), c.id());
            List<Long> added = new ArrayList<>();
            for (long u : userIds) {
                int count = subs.ofUser(tx.h(), u).size();
                if (subs.subscribe(tx.h(), u, c.id(), ChannelJson.COLORS.get(count % ChannelJson.COLORS.size()))) {
                    added.add(u);
                    joined.computeIfAbsent(u, k -> new HashSet<>()).add(c.id());
                    subscribed.computeIfAbsent(u, k -> new ArrayList<>()).add(c.name());
                } else {
                    already.computeIfAbsent(u, k -> new ArrayList<>()).add(c.name());
                }
            }
            if (added.isEmpty()) continue;
            List<Long> after = access.audience(tx.h(), c, active);
            gained(tx, c, before, after, oldSubscribers, Set.copyOf(added));
            List<Long> subscribers = subs.subscribers(tx.h(), c.id());
            for (long u : added) {
                ObjectNode sub = json.subscription(c, subs.get(tx.h(), u, c.id()).orElseThrow(), subscribers.size());
                sub.set("subscribers", Json.tree(subscribers));
                addPerUser.computeIfAbsent(u, k -> Json.array()).add(sub);
            }
            List<Long> peers = new ArrayList<>(after);
            peers.removeAll(added);
            if (!peers.isEmpty()) log.append(tx, new ChannelEvent.PeerAdd(List.of(c.id()), added), Recipients.users(peers));
        }
        Map<Long, User> byId = new LinkedHashMap<>();
        for (User u : active) byId.put(u.id(), u);
        addPerUser.forEach((u, list) -> {
            ArrayNode resolved = Json.array();
            for (JsonNode s : list) resolved.add(ChannelJson.resolved((ObjectNode) s, byId.get(u)));
            log.append(tx, new ChannelEvent.SubscriptionAdd(list, hints(list, resolved)), Recipients.users(u));
        });
        if (!joined.isEmpty()) settle.subscriptionsChanged(tx, joined, Map.of());
        accessChanges.announce(tx, seen);
        return new SubscribeResult(subscribed, already, List.of());
    }

    private static Hints hints(ArrayNode subsList, ArrayNode resolved) {
        List<Long> archived = new ArrayList<>();
        for (JsonNode s : subsList) if (s.path("is_archived").asBoolean()) archived.add(s.get("stream_id").asLong());
        return Hints.NONE.withResolved(resolved).withArchivedIds(archived.isEmpty() ? null : archived);
    }

    /**
     * Users in `after` but not `before` now see the channel: stream create, then the subscribers
     * they could not see (new subscribers among them learn the list from their subscription add).
     * The others learn every subscriber from peer_add events (the old ones here, the new ones from
     * the caller's), so their stream create counts none: each peer_add adds to subscriber_count.
     */
    void gained(Tx tx, Channel c, Set<Long> before, List<Long> after, List<Long> oldSubscribers, Set<Long> newSubscribers) {
        List<Long> gain = new ArrayList<>();
        for (long u : after) if (!before.contains(u)) gain.add(u);
        if (gain.isEmpty()) return;
        List<Long> peers = new ArrayList<>(gain);
        peers.removeAll(newSubscribers);
        List<Long> joined = new ArrayList<>(gain);
        joined.retainAll(newSubscribers);
        if (!joined.isEmpty()) streamCreate(tx, c, oldSubscribers.size() + newSubscribers.size(), joined);
        if (peers.isEmpty()) return;
        streamCreate(tx, c, 0, peers);
        if (!oldSubscribers.isEmpty()) log.append(tx, new ChannelEvent.PeerAdd(List.of(c.id()), oldSubscribers), Recipients.users(peers));
    }

    private void streamCreate(Tx tx, Channel c, int subscriberCount, List<Long> to) {
        ArrayNode streams = Json.array().add(json.stream(c, subscriberCount));
        log.append(tx, new ChannelEvent.StreamCreate(streams, archivedHint(c)), Recipients.users(to));
    }

    /** Users in `before` but not `after` lost sight of the channel: stream delete. */
    void lost(Tx tx, Channel c, Set<Long> before, List<Long> after) {
        Set<Long> still = new HashSet<>(after);
        List<Long> loss = new ArrayList<>();
        for (long u : before) if (!still.contains(u)) loss.add(u);
        if (loss.isEmpty()) return;
        ArrayNode streams = Json.array().add(Json.object().put("stream_id", c.id()));
        log.append(tx, new ChannelEvent.StreamDelete(List.of(c.id()), streams), Recipients.users(loss));
    }

    static Hints archivedHint(Channel c) {
        return Hints.NONE.withArchived(c.isArchived());
    }

    /**
     * Clients without archived_channels forgot an archived channel (they got stream delete); on
     * unarchiving they get it back as stream create (rendered from the is_archived update), then
     * their subscription (subscribers) or the subscriber list (others). Capable clients skip these.
     */
    void restoreForLegacyClients(Tx tx, Channel c, List<Long> audience, List<User> active) {
        List<Long> subscribers = subs.subscribers(tx.h(), c.id());
        Map<Long, User> byId = new LinkedHashMap<>();
        for (User u : active) byId.put(u.id(), u);
        Hints legacy = Hints.NONE.withLegacyOnly(true);
        for (long u : subscribers) {
            if (!audience.contains(u)) continue;
            ObjectNode sub = json.subscription(c, subs.get(tx.h(), u, c.id()).orElseThrow(), subscribers.size());
            sub.set("subscribers", Json.tree(subscribers));
            ArrayNode list = Json.array().add(sub);
            Hints x = hints(list, Json.array().add(ChannelJson.resolved(sub, byId.get(u)))).withLegacyOnly(true);
            log.append(tx, new ChannelEvent.SubscriptionAdd(list, x), Recipients.users(u));
        }
        List<Long> peers = new ArrayList<>(audience);
        peers.removeAll(subscribers);
        if (!peers.isEmpty() && !subscribers.isEmpty()) {
            log.append(tx, new ChannelEvent.PeerAdd(List.of(c.id()), subscribers, legacy), Recipients.users(peers));
        }
    }

    /** Unsubscribes users; returns per user the names removed and the names not subscribed. */
    SubscribeResult unsubscribe(Tx tx, List<Channel> targets, List<Long> userIds) {
        Map<Long, Set<Long>> left = new LinkedHashMap<>();
        List<User> active = activeUsers(tx);
        Map<Long, Set<Long>> seen = accessChanges.before(tx.h(), null);
        Map<Long, List<String>> removed = new LinkedHashMap<>(), notRemoved = new LinkedHashMap<>();
        for (Channel c : targets) {
            Set<Long> before = new LinkedHashSet<>(access.audience(tx.h(), c, active));
            List<Long> gone = new ArrayList<>();
            for (long u : userIds) {
                if (subs.unsubscribe(tx.h(), u, c.id())) {
                    gone.add(u);
                    left.computeIfAbsent(u, k -> new HashSet<>()).add(c.id());
                    removed.computeIfAbsent(u, k -> new ArrayList<>()).add(c.name());
                } else {
                    notRemoved.computeIfAbsent(u, k -> new ArrayList<>()).add(c.name());
                }
            }
            if (gone.isEmpty()) continue;
            for (long u : gone) {
                ArrayNode one = Json.array().add(Json.object().put("stream_id", c.id()).put("name", c.name()));
                log.append(tx, new ChannelEvent.SubscriptionRemove(one), Recipients.users(u));
            }
            List<Long> after = access.audience(tx.h(), c, active);
            List<Long> peers = new ArrayList<>();
            for (long u : after) if (!gone.contains(u)) peers.add(u);
            if (!peers.isEmpty()) log.append(tx, new ChannelEvent.PeerRemove(List.of(c.id()), gone), Recipients.users(peers));
            lost(tx, c, before, after);
        }
        if (!left.isEmpty()) settle.subscriptionsChanged(tx, Map.of(), left);
        accessChanges.announce(tx, seen);
        return new SubscribeResult(removed, notRemoved, List.of());
    }
}

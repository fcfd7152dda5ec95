package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.db.Db;
import dev.stoa.http.CommonErrors;
import dev.stoa.identity.User;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * POST and DELETE /users/me/subscriptions, for oneself and for others: who may subscribe or
 * remove whom is decided in the transaction that changes the subscriptions.
 */
public final class SubscriptionActions {
    private final Db db;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final ChannelAccess access;
    private final ChannelActions actions;
    private final ChannelCreateRules creation;
    private final UserStore users;
    private final UserJson userJson;

    public SubscriptionActions(Db db, ChannelStore channels, SubscriptionStore subs, ChannelAccess access, ChannelActions actions,
                               ChannelCreateRules creation, UserStore users, UserJson userJson) {
        this.db = db;
        this.channels = channels;
        this.subs = subs;
        this.access = access;
        this.actions = actions;
        this.creation = creation;
        this.users = users;
        this.userJson = userJson;
    }

    /**
     * POST /users/me/subscriptions: `wanted` maps names to descriptions of channels to create when
     * missing (with `template`'s parameters); `principals` is the raw JSON list (null: the caller).
     */
    public record SubscribeInput(Map<String, String> wanted, ChannelCreateRules.Asked template, JsonNode principals,
                                 boolean fatal, boolean announce) {}

    /** The users subscribed (in the order given), what happened per user, and the channels refused when not fatal. */
    public record Subscribed(List<Long> userIds, ChannelActions.SubscribeResult result, List<String> unauthorized) {}

    public Subscribed checkSubscribe(User caller, SubscribeInput in) {
        Subscribed done = db.write(tx -> {
            Handle h = tx.h();
            ChannelActions.NewChannel template = creation.resolve(h, caller, in.template(), "", "");
            List<User> principals = principals(h, in.principals(), caller);
            boolean others = principals.stream().anyMatch(u -> u.id() != caller.id());
            List<ChannelActions.NewChannel> create = new ArrayList<>();
            List<Long> existing = new ArrayList<>();
            List<String> unauthorized = new ArrayList<>();
            for (var e : in.wanted().entrySet()) {
                Channel c = channels.byName(h, e.getKey()).orElse(null);
                if (c == null) {
                    creation.checkCanCreate(h, caller, template.inviteOnly(), template.isWebPublic());
                    if (others && !access.inRealmGroup(h, caller, "can_add_subscribers_group")) throw CommonErrors.insufficientPermission();
                    create.add(named(template, e.getKey(), e.getValue()));
                    continue;
                }
                boolean sub = subs.isSubscribed(h, caller.id(), c.id());
                // Zulip's order, the same for self and others: content access first (an administrator
                // outside a private channel has none), then, for others, the right to add subscribers.
                boolean ok = !c.isArchived() && (sub || access.canSubscribeSelf(h, caller, c));
                if (ok && others && !access.canAddSubscribers(h, caller, c, sub)) throw CommonErrors.insufficientPermission();
                if (!ok) {
                    if (in.fatal()) throw ChannelErrors.unableToAccessChannel(c.name());
                    unauthorized.add(c.name());
                    continue;
                }
                existing.add(c.id());
            }
            List<Long> ids = principals.stream().map(User::id).toList();
            return new Subscribed(ids, actions.subscribe(tx, caller, create, existing, ids), unauthorized);
        });
        if (in.announce()) creation.announce(caller, done.result().created());
        return done;
    }

    private static ChannelActions.NewChannel named(ChannelActions.NewChannel t, String name, String description) {
        return new ChannelActions.NewChannel(name, description, t.inviteOnly(), t.isWebPublic(), t.historyPublic(), t.retention(),
                t.folderId(), t.topicsPolicy(), t.settings(), t.isDefault());
    }

    /** DELETE /users/me/subscriptions: channels by name; removing others needs ChannelAccess.canRemoveSubscriber. */
    public ChannelActions.SubscribeResult checkUnsubscribe(User caller, List<String> names, JsonNode principalsJson) {
        return db.write(tx -> {
            Handle h = tx.h();
            List<User> principals = principals(h, principalsJson, caller);
            List<Channel> targets = new ArrayList<>();
            for (String n : new LinkedHashSet<>(names)) {
                Channel c = channels.byName(h, n.strip()).orElse(null);
                boolean sub = c != null && subs.isSubscribed(h, caller.id(), c.id());
                if (c == null || !access.canSeeMetadata(h, caller, c, sub)) {
                    throw ChannelErrors.channelDoesNotExist(n).with("stream", n);
                }
                for (User p : principals) {
                    if (p.id() != caller.id() && !access.canRemoveSubscriber(h, caller, c, sub, p)) throw CommonErrors.insufficientPermission();
                }
                targets.add(c);
            }
            return actions.unsubscribe(tx, targets, principals.stream().map(User::id).toList());
        });
    }

    /** Resolves principals (user ids or API emails) to active users; default: the caller. */
    private List<User> principals(Handle h, JsonNode p, User me) {
        if (p == null) return List.of(me);
        Map<Long, User> out = new LinkedHashMap<>();
        for (JsonNode e : p) {
            User u;
            if (e.isIntegralNumber()) u = users.byId(h, e.longValue()).orElse(null);
            else if (e.isTextual()) u = byApiEmail(h, e.textValue());
            else throw ChannelErrors.principalsIsNotListOfIntegersOrStrings();
            if (u == null || !u.isActive() || u.isSystemBot()) throw CommonErrors.noSuchUser();
            out.put(u.id(), u);
        }
        return List.copyOf(out.values());
    }

    private User byApiEmail(Handle h, String email) {
        for (User u : users.all(h)) if (userJson.apiEmail(u).equalsIgnoreCase(email) || u.deliveryEmail().equalsIgnoreCase(email)) return u;
        return null;
    }
}

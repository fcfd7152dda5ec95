package dev.stoa.topics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.stoa.channels.ChannelAccess;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;

/** Topic visibility and muted-user changes; events go to the user's own clients. */
public final class UserTopicActions {
    /** A topic's visibility policy (0 removes it); the topic already stripped, "" for the empty topic. */
    public record TopicPolicy(long streamId, String topic, int policy) {}

    /** What else a policy change announces in its transaction, before user_topic: the legacy muted_topics list. */
    @FunctionalInterface
    public interface LegacyAnnouncer {
        void announce(Tx tx, long userId);
    }

    /** What muting a user does to messages in the same transaction: marks the muter's unread messages from that user read. */
    @FunctionalInterface
    public interface MuteHook {
        void muted(Tx tx, User muter, long mutedId);
    }

    private final Db db;
    private final EventLog log;
    private final UserTopicStore store;
    private final UserStore users;
    private final ChannelAccess channels;
    private final Clock clock;
    private final LegacyAnnouncer legacy;
    private final MuteHook muteHook;

    public UserTopicActions(Db db, EventLog log, UserTopicStore store, UserStore users, ChannelAccess channels, Clock clock,
                            LegacyAnnouncer legacy, MuteHook muteHook) {
        this.legacy = legacy;
        this.muteHook = muteHook;
        this.db = db;
        this.log = log;
        this.store = store;
        this.users = users;
        this.channels = channels;
        this.clock = clock;
    }

    /** Sets a topic's policy (0 removes it); no event when nothing changes. */
    public void checkSetPolicy(User caller, TopicPolicy input) {
        checkSetPolicy(caller, input, ChannelAccess::invalidId);
    }

    /**
     * The same, refusing a channel the caller may not reach with noAccess: the legacy muted_topics
     * endpoint names a channel it was given by name by that name ("Invalid channel name 'x'").
     */
    public void checkSetPolicy(User caller, TopicPolicy input, Supplier<ApiError> noAccess) {
        long userId = caller.id(), streamId = input.streamId();
        String topic = input.topic();
        int policy = input.policy();
        db.write(tx -> {
            var old = store.policy(tx.h(), userId, streamId, topic);
            // Zulip lets a user remove a policy in a channel they can no longer access, if they had one.
            if (policy != 0 || old.isEmpty()) channels.checkContentAccess(tx.h(), caller, streamId, noAccess);
            int current = old.map(UserTopicStore.Policy::visibilityPolicy).orElse(0);
            long now = clock.instant().getEpochSecond();
            if (current == policy && old.map(p -> p.topic().equals(topic)).orElse(true)) return null;
            if (policy == 0) store.remove(tx.h(), userId, streamId, topic);
            else store.put(tx.h(), userId, new UserTopicStore.Policy(streamId, topic, policy, now));
            legacy.announce(tx, userId);
            log.append(tx, new MiscEvent.UserTopic(streamId, topic, now, policy), Recipients.users(userId));
            return null;
        });
    }

    public void checkMute(User caller, long mutedId) {
        long userId = caller.id();
        if (mutedId == userId) throw TopicErrors.cannotMuteSelf();
        db.write(tx -> {
            existing(tx, mutedId);
            if (!store.mute(tx.h(), userId, mutedId, clock.instant().getEpochSecond())) throw TopicErrors.userAlreadyMuted();
            // As Zulip's do_mute_user: the read event first, then muted_users.
            muteHook.muted(tx, caller, mutedId);
            announceMutes(tx, userId);
            return null;
        });
    }

    public void checkUnmute(User caller, long mutedId) {
        long userId = caller.id();
        db.write(tx -> {
            existing(tx, mutedId);
            if (!store.unmute(tx.h(), userId, mutedId)) throw TopicErrors.userIsNotMuted();
            announceMutes(tx, userId);
            return null;
        });
    }

    /** Any user of the realm, deactivated ones and bots included, as Zulip's access_user_by_id here. */
    private void existing(Tx tx, long userId) {
        if (users.byId(tx.h(), userId).isEmpty()) throw CommonErrors.noSuchUser();
    }

    private void announceMutes(Tx tx, long userId) {
        log.append(tx, new MiscEvent.MutedUsers(mutedJson(store, tx.h(), userId)), Recipients.users(userId));
    }

    static ArrayNode mutedJson(UserTopicStore store, Handle h, long userId) {
        ArrayNode a = Json.array();
        for (long[] m : store.mutedUsers(h, userId)) a.add(Json.object().put("id", m[0]).put("timestamp", m[1]));
        return a;
    }
}

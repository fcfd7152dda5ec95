package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelAccess;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.realm.Realm;
import java.util.List;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * POST /streams/{id}/delete_topic, as Zulip does it: administrators only; the topic's messages the
 * caller may read are deleted newest first in batches, each batch its own transaction with its
 * delete_message event, so a huge topic makes progress even when the request runs out of time
 * (then `complete: false` and the client repeats). Once the topic is gone, the users' visibility
 * policies for it go too (their user_topic events), except for users who still have messages there.
 */
public final class TopicDeleteActions {
    /** Zulip's RETENTION_STREAM_MESSAGE_BATCH_SIZE. */
    static final int BATCH = 100;
    /** Zulip stops after 50 seconds and answers complete: false. */
    static final long BUDGET_NANOS = 50_000_000_000L;

    /** What the topics feature does when a topic is gone: remove the policies of everyone but `keep`, with their events. */
    @FunctionalInterface
    public interface TopicCleared {
        void clear(Tx tx, long channelId, String topic, Set<Long> keep);
    }

    private final Db db;
    private final EventLog log;
    private final MessageStore store;
    private final ChannelAccess channelAccess;
    private final Access access;
    private final TopicCleared cleared;
    private final MessageChanges changes;

    public TopicDeleteActions(Db db, EventLog log, MessageStore store, ChannelAccess channelAccess, Access access, TopicCleared cleared,
                              MessageChanges changes) {
        this.changes = changes;
        this.db = db;
        this.log = log;
        this.store = store;
        this.channelAccess = channelAccess;
        this.access = access;
        this.cleared = cleared;
    }

    /** Deletes the topic as caller; false when time ran out before the last batch. */
    public boolean checkDeleteTopic(User me, long channelId, String topicName) {
        if (!me.isAdmin()) throw CommonErrors.mustBeOrganizationAdministrator();
        String topic = topicName.equals(Realm.EMPTY_TOPIC_DISPLAY_NAME) ? "" : topicName;
        long deadline = System.nanoTime() + BUDGET_NANOS;
        while (db.write(tx -> deleteBatch(tx, me, channelId, topic))) {
            if (System.nanoTime() >= deadline) return false;
        }
        db.write(tx -> {
            Handle h = tx.h();
            channelAccess.checkContentAccess(h, me, channelId);
            Set<Long> keep = store.existingChannelRecipient(h, channelId).map(r -> store.usersWithRowsInTopic(h, r, topic)).orElse(Set.of());
            cleared.clear(tx, channelId, topic, keep);
            return null;
        });
        return true;
    }

    /** One batch (re-checking access: it may change between batches); true when it deleted a full batch. */
    private boolean deleteBatch(Tx tx, User me, long channelId, String topic) {
        Handle h = tx.h();
        Channel c = channelAccess.checkContentAccess(h, me, channelId);
        Long recipient = store.existingChannelRecipient(h, c.id()).orElse(null);
        if (recipient == null) return false;
        // Without access to the channel's history, only the messages the caller received may go.
        Long rowOf = access.view(h, me).canReadHistory(c.id()) ? null : me.id();
        List<Long> ids = store.topicIdsNewestFirst(h, recipient, topic, rowOf, BATCH);
        if (ids.isEmpty()) return false;
        List<Long> audience = store.recipientsOfAny(h, ids);
        String storedTopic = store.byId(h, ids.getFirst()).map(Message::topic).orElse(topic);
        ObjectNode d = Json.object();
        d.set("message_ids", Json.tree(ids.reversed()));
        d.put("message_type", "stream");
        d.put("stream_id", c.id());
        d.put("topic", storedTopic);
        changes.deleted(tx, ids);
        store.delete(h, ids);
        log.append(tx, new MessageEvent.Delete(d), Recipients.channelMessage(audience, false));
        return ids.size() == BATCH;
    }
}

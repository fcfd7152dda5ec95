package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.topics.UserTopicStore;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/** Flag changes (by ids, by narrow, the mark-as-read shortcuts), each with its update_message_flags event. */
public final class MessageFlagActions {
    private final Db db;
    private final EventLog log;
    private final MessageStore store;
    private final Access access;
    private final MessageFetch fetch;
    private final SubscriptionStore subs;
    private final UserTopicStore topics;
    private final MessageChanges changes;

    public MessageFlagActions(Db db, EventLog log, MessageStore store, UserStore users, Access access, MessageJson json,
                              SubscriptionStore subs, UserTopicStore topics, MessageChanges changes) {
        this.changes = changes;
        this.subs = subs;
        this.topics = topics;
        this.db = db;
        this.log = log;
        this.store = store;
        this.access = access;
        this.fetch = new MessageFetch(store, users, access, json);
    }

    /** POST /messages/flags, parsed: the flag is editable, op is add or remove. */
    public record FlagsInput(List<Long> messageIds, String flag, boolean add) {}

    /** POST /messages/flags/narrow, parsed; the window as GET /messages takes it. */
    public record NarrowFlagsInput(Narrow narrow, String anchor, int numBefore, int numAfter, boolean includeAnchor, String flag, boolean add) {}

    /** The messages the narrow's window held, those whose flag changed, and whether the window reached either end. */
    public record NarrowFlagsResult(List<Long> processed, List<Long> changed, boolean foundOldest, boolean foundNewest) {}

    /**
     * Every message must be readable; starring a readable message without a row creates a historical
     * row (as Zulip does). Returns the ids whose flag changed.
     */
    public List<Long> checkFlags(User me, FlagsInput in) {
        return db.write(tx -> {
            Handle h = tx.h();
            Access.View v = access.view(h, me);
            Map<Long, Long> rows = store.flags(h, me.id(), in.messageIds());
            List<Message> msgs = store.byIds(h, new LinkedHashSet<>(in.messageIds()));
            if (msgs.size() != new LinkedHashSet<>(in.messageIds()).size()) throw MessageErrors.invalidMessage();
            List<Message> historical = new ArrayList<>();
            for (Message m : msgs) {
                if (!Access.canRead(v, m, rows.get(m.id()))) throw MessageErrors.invalidMessage();
                if (rows.get(m.id()) == null && in.flag().equals("starred") && in.add()) historical.add(m);
            }
            return doFlags(tx, me, in.flag(), in.add(), in.messageIds(), historical);
        });
    }

    /**
     * The window is read from a snapshot, then the flags change in a write: a flag change touches
     * only the caller's own rows (a message without one is skipped), so nothing the snapshot
     * decided can grant access, and the fetch's rendering stays outside the writer.
     */
    public NarrowFlagsResult checkFlagsNarrow(User me, NarrowFlagsInput in) {
        var p = new MessageFetch.Params(in.anchor(), in.numBefore(), in.numAfter(), in.includeAnchor(), false, false);
        ObjectNode r = MessageFetch.bounded(db, h -> fetch.fetch(h, me, in.narrow(), p));
        List<Long> ids = new ArrayList<>();
        r.get("messages").forEach(m -> ids.add(m.get("id").asLong()));
        List<Long> changed = ids.isEmpty() ? List.of() : db.write(tx -> doFlags(tx, me, in.flag(), in.add(), ids, List.of()));
        return new NarrowFlagsResult(ids, changed, r.get("found_oldest").asBoolean(), r.get("found_newest").asBoolean());
    }

    /**
     * Marks the caller's unread messages read: all of them (channelId null), a channel's, or a
     * channel topic's. No event when nothing was unread.
     */
    public void checkMarkAsRead(User me, Long channelId, String topic) {
        db.write(tx -> {
            Handle h = tx.h();
            if (channelId != null && !access.view(h, me).canSee(channelId)) throw CommonErrors.invalidChannelId();
            List<Long> ids = store.unreadIds(h, me.id(), channelId, topic);
            if (!ids.isEmpty()) doFlags(tx, me, "read", true, ids, List.of());
            return null;
        });
    }

    /** Marks the user's unread messages from a sender read (muting that sender), with its event; nothing when none. */
    public void doMarkSenderRead(Tx tx, User me, long senderId) {
        List<Long> ids = store.unreadFromSender(tx.h(), me.id(), senderId);
        if (!ids.isEmpty()) doFlags(tx, me, "read", true, ids, List.of());
    }

    /** Changes a flag on the user's rows among ids (checked by the caller); returns the ids whose flag changed. */
    List<Long> doFlags(Tx tx, User me, String flag, boolean add, Collection<Long> ids, Collection<Message> historicalToCreate) {
        Handle h = tx.h();
        for (Message m : historicalToCreate) {
            store.insertUserMessages(h, m.id(), Map.of(me.id(), Flags.HISTORICAL | Flags.READ));
        }
        List<Long> changed = store.changeFlag(h, me.id(), ids, Flags.bit(flag), add);
        if (add && flag.equals("read") && !changed.isEmpty()) changes.read(tx, me.id(), changed);
        ObjectNode f = Json.object();
        f.put("operation", add ? "add" : "remove");
        f.put("flag", flag);
        f.set("messages", Json.tree(changed));
        f.put("all", false);
        if (!add && flag.equals("read")) f.set("message_details", details(h, me.id(), changed));
        log.append(tx, new MessageEvent.Flags(add ? "add" : "remove", f), Recipients.users(me.id()));
        return changed;
    }

    /** Zulip's message_details: "mentioned" and "unmuted_stream_msg" as register's unread_msgs would count them. */
    private ObjectNode details(Handle h, long me, List<Long> ids) {
        ObjectNode d = Json.object();
        Map<Long, Long> flags = store.flags(h, me, ids);
        UnreadMuting muting = UnreadMuting.of(h, subs, topics, me);
        for (Message m : store.byIds(h, ids)) {
            ObjectNode o = d.putObject(String.valueOf(m.id()));
            o.put("type", m.isChannel() ? "stream" : "private");
            boolean muted = m.isChannel() && muting.muted(m.channelId(), m.topic());
            long f = flags.getOrDefault(m.id(), 0L);
            if ((f & Flags.MENTIONED) != 0 || ((f & Flags.ANY_MENTION) != 0 && !muted)) o.put("mentioned", true);
            if (m.isChannel()) {
                o.put("stream_id", m.channelId()).put("topic", m.topic());
                o.put("unmuted_stream_msg", !muted);
            } else {
                var a = o.putArray("user_ids");
                for (long u : m.dmUserIds()) if (u != me) a.add(u);
            }
        }
        return d;
    }
}

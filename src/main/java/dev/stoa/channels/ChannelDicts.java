package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.RowsChanged;
import dev.stoa.http.Json;
import dev.stoa.users.UserCache;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import org.jdbi.v3.core.Handle;

/**
 * Every channel's row and its BasicChannel dict, kept serialized, for register. Measured: in an
 * organization of 1,100 channels, reading every channel row (its settings parsed) and building and
 * writing the dicts was a third of register's CPU. A dict is kept in pieces around the parts that
 * change without its row: subscriber_count (register counts subscriptions each time) and the two
 * clock-dependent fields, is_recently_active and stream_weekly_traffic, which are written from
 * {@link ChannelActivity}'s daily figures and the clock at each register, as {@link ChannelJson} does.
 *
 * <p>As {@code UserCache}, it is asked at register's snapshots only: its state is labelled with the
 * log head its read saw, and the channels named by the RowsChanged entries of CHANNELS between that
 * head and a snapshot's are read again through the snapshot's handle.
 */
public final class ChannelDicts extends LogFollower {
    /** A channel, and its dict's pieces (UTF-8): head + count + middle + the clock fields + tail. */
    public record Entry(Channel channel, byte[] head, byte[] middle, byte[] tail) {
        private static final byte[] ACTIVE = ascii(",\"is_recently_active\":"), TRAFFIC = ascii(",\"stream_weekly_traffic\":");

        /** ChannelJson.stream(channel, count), byte for byte, as of now. */
        void write(UserCache.Utf8 b, int count, ChannelJson json) {
            Long traffic = json.weeklyTraffic(channel);
            b.add(head).add(ascii(Integer.toString(count))).add(middle).add(ACTIVE).add(json.isRecentlyActive(channel) ? TRUE : FALSE)
                    .add(TRAFFIC).add(traffic == null ? NULL : ascii(traffic.toString())).add(tail);
        }
    }

    private static final byte[] TRUE = ascii("true"), FALSE = ascii("false"), NULL = ascii("null");

    private static byte[] ascii(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    private record Dicts(long head, TreeMap<Long, Entry> channels) {}

    private final ChannelStore store;
    private final ChannelJson json;
    private final ReentrantLock update = new ReentrantLock();
    private volatile Dicts kept;

    public ChannelDicts(EventLog log, ChannelStore store, ChannelJson json) {
        super(log, Set.of(CachedTable.CHANNELS));
        this.store = store;
        this.json = json;
    }

    /** Every channel in id order as of h's snapshot (register's, or h's own). */
    public Collection<Entry> channels(Handle h) {
        if (changedIn(h)) return load(h, -1).channels.values();
        Snapshot snap = snapshot();
        long at = snap != null && snap.h() == h ? snap.head() : EventLog.headIn(h);
        Dicts s = kept;
        if (s != null && s.head == at) return s.channels.values();
        update.lock();
        try {
            return dictsAt(h, at).channels.values();
        } finally {
            update.unlock();
        }
    }

    /** Writes the channel's BasicChannel dict with this subscriber count. */
    public void write(UserCache.Utf8 b, Entry e, int subscriberCount) {
        e.write(b, subscriberCount, json);
    }

    /** Called with the lock held: reads only through h (a second connection could wait forever on a pool of waiters). */
    private Dicts dictsAt(Handle h, long at) {
        Dicts s = kept;
        if (s == null) return keep(load(h, at));
        if (s.head == at) return s;
        List<RowsChanged.Seen> changes = changesBetween(h, s.head, at);
        Dicts next = changes == null ? load(h, at) : changes.isEmpty() ? new Dicts(at, s.channels) : patch(h, s, changes, at);
        return at > s.head ? keep(next) : next;
    }

    private Dicts keep(Dicts s) {
        kept = s;
        return s;
    }

    private Dicts load(Handle h, long at) {
        TreeMap<Long, Entry> channels = new TreeMap<>();
        for (Channel c : store.all(h)) channels.put(c.id(), entry(c));
        return new Dicts(at, channels);
    }

    private Dicts patch(Handle h, Dicts s, List<RowsChanged.Seen> changes, long at) {
        Set<Long> ids = new HashSet<>();
        for (RowsChanged.Seen c : changes) ids.addAll(c.ids());
        TreeMap<Long, Entry> channels = new TreeMap<>(s.channels);
        channels.keySet().removeAll(ids);
        for (Channel c : store.byIds(h, ids)) channels.put(c.id(), entry(c));
        return new Dicts(at, channels);
    }

    /** The pieces, cut from ChannelJson's own dict, so that a field it adds appears here too. */
    Entry entry(Channel c) {
        ObjectNode full = json.stream(c, 0), middle = Json.object(), tail = Json.object();
        boolean pastClock = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = full.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            switch (f.getKey()) {
                case "stream_id", "subscriber_count" -> { }
                case "is_recently_active" -> { }
                case "stream_weekly_traffic" -> pastClock = true;
                default -> (pastClock ? tail : middle).set(f.getKey(), f.getValue());
            }
        }
        return new Entry(c, ascii("{\"stream_id\":" + c.id() + ",\"subscriber_count\":"), inner(middle, ""), inner(tail, "}"));
    }

    /** An object's fields as JSON without its braces (after a comma when there are any), then `end`. */
    private static byte[] inner(ObjectNode o, String end) {
        if (o.isEmpty()) return ascii(end);
        String s = Json.write(o);
        return ("," + s.substring(1, s.length() - 1) + end).getBytes(StandardCharsets.UTF_8);
    }

    /** Nothing to follow: it is asked at register's snapshots only, and reads the changes between two of them. */
    @Override
    protected void changed(List<RowsChanged.Seen> changes, long head) {
    }
}

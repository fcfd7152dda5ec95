package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.stoa.db.Db;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.RowsChanged;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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
 * Every user's realm_users dict, kept serialized, for register. Measured: reading 10,000 user rows
 * and building 10,000 dicts was two thirds of register's CPU in such a realm; here a register
 * copies strings. A dict is kept in pieces around its viewer-dependent parts (delivery_email and
 * avatar_url: {@link Entry#write}), everything else is the same for every viewer.
 *
 * <p>It follows committed log entries only, so that every node over one database serves the same:
 * the {@link RowsChanged} entries of the users table and of custom profile values re-read the users
 * they name; a custom profile field's change re-reads everyone. Unlike the other {@link LogFollower}s it
 * is asked only at register's snapshot: it reads with that snapshot's handle and is labelled with its
 * log head, so what register writes is the snapshot's state (entries between two heads: {@link #changesIn}).
 */
public final class UserCache extends LogFollower {
    /** Dict pieces, UTF-8: head + (email or null) + middle + avatar part + tail. */
    public record Entry(User user, boolean gravatar, byte[] head, byte[] email, byte[] middle, byte[] avatarUrl, byte[] tail) {
        private static final byte[] NULL = ascii("null"), AVATAR = ascii(",\"avatar_url\":"), NO_AVATAR = ascii(",\"avatar_url\":null");

        /** The dict UserJson.user(user, viewer, options with profile data) gives, byte for byte. */
        public void write(Utf8 b, User viewer, boolean clientPublicAvatar) {
            boolean seesEmail = UserJson.canSeeEmail(viewer, user);
            b.add(head).add(seesEmail ? email : NULL).add(middle);
            if (gravatar && clientPublicAvatar && seesEmail) b.add(NO_AVATAR);
            else b.add(AVATAR).add(avatarUrl);
            b.add(tail);
        }
    }

    /** A growing byte buffer (unsynchronized, unlike ByteArrayOutputStream: register appends ~50,000 pieces). */
    public static final class Utf8 {
        private byte[] buf;
        private int size;

        public Utf8(int capacity) { buf = new byte[capacity]; }

        public Utf8 add(byte[] b) {
            if (size + b.length > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + b.length));
            System.arraycopy(b, 0, buf, size, b.length);
            size += b.length;
            return this;
        }

        public int size() { return size; }

        public byte[] toArray() { return Arrays.copyOf(buf, size); }
    }

    static byte[] ascii(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    private record Dicts(long head, TreeMap<Long, Entry> users) {}

    private final UserStore store;
    private final ProfileFieldStore profiles;
    private final UserJson json;
    private final ReentrantLock update = new ReentrantLock();
    private volatile Dicts kept;

    public UserCache(EventLog log, UserStore store, ProfileFieldStore profiles, UserJson json) {
        super(log, Set.of(CachedTable.USERS, CachedTable.CUSTOM_PROFILE_FIELDS, CachedTable.CUSTOM_PROFILE_VALUES));
        this.store = store;
        this.profiles = profiles;
        this.json = json;
    }

    /** Every user (system bots included) in id order, as of h's snapshot. */
    public Collection<Entry> users(Handle h) {
        Snapshot snap = snapshot();
        long at = snap != null && snap.h() == h ? snap.head() : EventLog.headIn(h);
        Dicts s = kept;
        if (s != null && s.head == at) return s.users.values();
        update.lock();
        try {
            return dictsAt(h, at).users.values();
        } finally {
            update.unlock();
        }
    }

    /** Builds the cache ahead of the first register (in the background after start); a failure leaves it to that register. */
    public void warm(Db db) {
        try {
            db.read(h -> users(h));
        } catch (RuntimeException e) {
            // stopping, or the database is unreachable: the first register reads it
        }
    }

    /** Called with the lock held: reads only through h (a second connection could wait forever on a pool of waiters). */
    private Dicts dictsAt(Handle h, long at) {
        Dicts s = kept;
        if (s == null) return keep(load(h, at));
        if (s.head == at) return s;
        Set<Long> changed = changedUsers(changesBetween(h, s.head, at));
        Dicts next = changed == null ? load(h, at) : changed.isEmpty() ? new Dicts(at, s.users) : patch(h, s, changed, at);
        // an older snapshot than the kept one (a register that began earlier) is used, not kept
        return at > s.head ? keep(next) : next;
    }

    private Dicts keep(Dicts s) {
        kept = s;
        return s;
    }

    /** Nothing to follow: it is asked at register's snapshots only, and reads the changes between two of them. */
    @Override
    protected void changed(List<RowsChanged.Seen> changes, long head) {
    }

    /** Users whose dicts these changes touched; null when everyone must be read again (null changes: pruned). */
    private static Set<Long> changedUsers(List<RowsChanged.Seen> changes) {
        if (changes == null) return null;
        Set<Long> ids = new HashSet<>();
        for (RowsChanged.Seen c : changes) {
            switch (c.table()) {
                case USERS, CUSTOM_PROFILE_VALUES -> ids.addAll(c.ids());
                // a field's change or deletion touches everyone's profile_data
                case CUSTOM_PROFILE_FIELDS -> { return null; }
                default -> { }
            }
        }
        return ids;
    }

    private Dicts load(Handle h, long at) {
        TreeMap<Long, Entry> users = new TreeMap<>();
        Map<Long, ObjectNode> pd = ProfileFieldJson.byUser(profiles.values(h));
        for (User u : store.all(h)) users.put(u.id(), entry(u, pd));
        return new Dicts(at, users);
    }

    private Dicts patch(Handle h, Dicts s, Set<Long> ids, long at) {
        TreeMap<Long, Entry> users = new TreeMap<>(s.users);
        users.keySet().removeAll(ids);
        Map<Long, ObjectNode> pd = ProfileFieldJson.byUser(profiles.valuesOf(h, ids));
        for (User u : store.byIds(h, ids)) users.put(u.id(), entry(u, pd));
        return new Dicts(at, users);
    }

    /**
     * The pieces, cut from UserJson's own dict for a viewer who sees the email (the user itself)
     * and a client that does not compute avatars: every field but the two varying ones is the same
     * for every viewer, so a field UserJson adds appears here too.
     */
    Entry entry(User u, Map<Long, ObjectNode> profileData) {
        ObjectNode full = json.user(u, u, new UserJson.Options(false, true), profileData);
        ObjectNode middle = Json.object(), tail = Json.object();
        boolean pastAvatar = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = full.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            switch (f.getKey()) {
                case "user_id", "delivery_email" -> { }
                case "avatar_url" -> pastAvatar = true;
                default -> (pastAvatar ? tail : middle).set(f.getKey(), f.getValue());
            }
        }
        byte[] head = ascii("{\"user_id\":" + u.id() + ",\"delivery_email\":");
        return new Entry(u, json.avatars().isGravatar(u), head, Json.bytes(TextNode.valueOf(u.deliveryEmail())), inner(middle, ""),
                Json.bytes(full.get("avatar_url")), inner(tail, "}"));
    }

    /** An object's fields as JSON without its braces (after a comma when there are any), then `end`. */
    private static byte[] inner(ObjectNode o, String end) {
        if (o.isEmpty()) return ascii(end);
        String s = Json.write(o);
        return ("," + s.substring(1, s.length() - 1) + end).getBytes(StandardCharsets.UTF_8);
    }
}

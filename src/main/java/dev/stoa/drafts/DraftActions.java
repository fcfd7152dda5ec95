package dev.stoa.drafts;

import dev.stoa.identity.User;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;
import dev.stoa.channels.ChannelAccess;
import dev.stoa.users.UserStore;

/** Draft writes; events go to the owner's clients (their other devices sync from them). */
public final class DraftActions {
    static final int MAX_TOPIC_LENGTH = 60;
    /** A parsed draft; its recipients are checked (and `to` normalized) against the current state. */
    public record Draft(String type, List<Long> to, String topic, String content, long timestamp) {}

    private final Db db;
    private final EventLog log;
    private final DraftStore store;
    private final UserStore users;
    private final ChannelAccess channels;

    public DraftActions(Db db, EventLog log, DraftStore store, UserStore users, ChannelAccess channels) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.users = users;
        this.channels = channels;
    }

    public List<Long> checkCreate(User caller, List<Draft> drafts) {
        return db.write(tx -> {
            List<DraftStore.Row> rows = new ArrayList<>();
            for (Draft d : drafts) rows.add(validate(tx.h(), caller, d));
            long userId = caller.id();
            List<Long> ids = new ArrayList<>();
            ArrayNode created = Json.array();
            for (DraftStore.Row r : rows) {
                long id = store.insert(tx.h(), userId, r);
                ids.add(id);
                created.add(DraftJson.of(store.get(tx.h(), userId, id).orElseThrow()));
            }
            log.append(tx, new MiscEvent.DraftsAdd(created), Recipients.users(userId));
            return ids;
        });
    }

    public void checkEdit(User caller, long id, Draft draft) {
        long userId = caller.id();
        db.write(tx -> {
            store.get(tx.h(), userId, id).orElseThrow(DraftActions::notFound);
            store.update(tx.h(), id, validate(tx.h(), caller, draft));
            log.append(tx, new MiscEvent.DraftsUpdate(DraftJson.of(store.get(tx.h(), userId, id).orElseThrow())), Recipients.users(userId));
            return null;
        });
    }

    public void doDelete(long userId, long id) {
        db.write(tx -> {
            store.get(tx.h(), userId, id).orElseThrow(DraftActions::notFound);
            store.delete(tx.h(), id);
            log.append(tx, new MiscEvent.DraftsRemove(id), Recipients.users(userId));
            return null;
        });
    }

    /** Zulip's further_validated_draft_dict: the channel must be accessible, the users must exist. */
    private DraftStore.Row validate(Handle h, User me, Draft d) {
        return switch (d.type()) {
            case "stream" -> {
                String t = truncate(d.topic(), MAX_TOPIC_LENGTH);
                if (t.indexOf('\0') >= 0) throw ApiError.bad("Topic must not contain null bytes");
                if (d.to().size() != 1) throw ApiError.bad("Must specify exactly 1 channel ID for channel messages");
                channels.checkContentAccess(h, me, d.to().getFirst());
                yield new DraftStore.Row(d.type(), d.to(), t, d.content(), d.timestamp());
            }
            case "private" -> new DraftStore.Row(d.type(), directRecipients(h, me, d.to()), "", d.content(), d.timestamp());
            default -> new DraftStore.Row(d.type(), List.of(), "", d.content(), d.timestamp());
        };
    }

    /** The other participants (or only the user, for a draft to oneself); every id must be a user of the realm. */
    private List<Long> directRecipients(Handle h, User me, List<Long> to) {
        TreeSet<Long> ids = new TreeSet<>(to);
        if (ids.isEmpty()) return List.of();
        var found = users.byIds(h, ids);
        for (long id : ids) {
            if (found.stream().noneMatch(u -> u.id() == id)) throw ApiError.bad("Invalid user ID " + id);
        }
        if (ids.size() > 1) ids.remove(me.id());
        return List.copyOf(ids);
    }

    static String truncate(String s, int max) {
        if (s.codePointCount(0, s.length()) <= max) return s;
        return s.substring(0, s.offsetByCodePoints(0, max - 1)) + "…";
    }

    /** Zulip: HTTP 404 with code BAD_REQUEST for an unknown or another user's draft. */
    static ApiError notFound() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, "Draft does not exist");
    }

    /** Whether the user keeps drafts on the server (enable_drafts_synchronization). */
    public static boolean syncEnabled(User u) {
        return u.setting("enable_drafts_synchronization").asBoolean(true);
    }
}

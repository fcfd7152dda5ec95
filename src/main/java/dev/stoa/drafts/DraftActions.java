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

/** Draft writes; events go to the owner's clients (their other devices sync from them). */
public final class DraftActions {
    private final Db db;
    private final EventLog log;
    private final DraftStore store;

    public DraftActions(Db db, EventLog log, DraftStore store) {
        this.db = db;
        this.log = log;
        this.store = store;
    }

    public List<Long> doCreate(long userId, List<DraftStore.Row> drafts) {
        return db.write(tx -> {
            List<Long> ids = new ArrayList<>();
            ArrayNode created = Json.array();
            for (DraftStore.Row r : drafts) {
                long id = store.insert(tx.h(), userId, r);
                ids.add(id);
                created.add(store.get(tx.h(), userId, id).orElseThrow());
            }
            log.append(tx, new MiscEvent.DraftsAdd(created), Recipients.users(userId));
            return ids;
        });
    }

    public void doEdit(long userId, long id, DraftStore.Row r) {
        db.write(tx -> {
            store.get(tx.h(), userId, id).orElseThrow(DraftActions::notFound);
            store.update(tx.h(), id, r);
            log.append(tx, new MiscEvent.DraftsUpdate(store.get(tx.h(), userId, id).orElseThrow()), Recipients.users(userId));
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

    /** Zulip: HTTP 404 with code BAD_REQUEST for an unknown or another user's draft. */
    static ApiError notFound() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, "Draft does not exist");
    }

    /** Whether the user keeps drafts on the server (enable_drafts_synchronization). */
    public static boolean syncEnabled(User u) {
        return u.setting("enable_drafts_synchronization").asBoolean(true);
    }
}

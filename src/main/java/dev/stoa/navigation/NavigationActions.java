package dev.stoa.navigation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;

/** Navigation-view writes; events go to the owner's clients only. */
public final class NavigationActions {
    private final Db db;
    private final EventLog log;
    private final NavigationStore store;

    public NavigationActions(Db db, EventLog log, NavigationStore store) {
        this.db = db;
        this.log = log;
        this.store = store;
    }

    public void doAdd(long userId, String fragment, boolean pinned, String name) {
        db.write(tx -> {
            if (name != null && store.nameTaken(tx.h(), userId, name)) throw exists();
            if (!store.insert(tx.h(), userId, fragment, pinned, name)) throw exists();
            log.append(tx, new MiscEvent.NavigationViewAdd(store.get(tx.h(), userId, fragment).orElseThrow()), Recipients.users(userId));
            return null;
        });
    }

    /** Null pinned or name keeps the current value. */
    public void doUpdate(long userId, String fragment, Boolean pinned, String name) {
        db.write(tx -> {
            ObjectNode v = store.get(tx.h(), userId, fragment).orElseThrow(NavigationActions::notFound);
            if (name != null && !name.equals(v.path("name").asText(null)) && store.nameTaken(tx.h(), userId, name)) throw exists();
            boolean newPinned = pinned != null ? pinned : v.get("is_pinned").asBoolean();
            String newName = name != null ? name : v.path("name").asText(null);
            store.update(tx.h(), userId, fragment, newPinned, newName);
            ObjectNode data = Json.object();
            if (pinned != null) data.put("is_pinned", pinned);
            if (name != null) data.put("name", name);
            log.append(tx, new MiscEvent.NavigationViewUpdate(fragment, data), Recipients.users(userId));
            return null;
        });
    }

    public void doRemove(long userId, String fragment) {
        db.write(tx -> {
            store.get(tx.h(), userId, fragment).orElseThrow(NavigationActions::notFound);
            store.delete(tx.h(), userId, fragment);
            log.append(tx, new MiscEvent.NavigationViewRemove(fragment), Recipients.users(userId));
            return null;
        });
    }

    static ApiError exists() {
        return ApiError.bad("Navigation view already exists.");
    }

    /** The seed: an unknown fragment gives code NOT_FOUND (HTTP 404). */
    static ApiError notFound() {
        return ApiError.of(ErrorCode.NOT_FOUND, "Navigation view does not exist.");
    }
}

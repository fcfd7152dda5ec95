package dev.stoa.navigation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.identity.User;

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

    /** A view's fragment, pinned state and name, already checked; on update, null keeps the current value. */
    public record View(String fragment, Boolean pinned, String name) {}

    public void checkAdd(User caller, View input) {
        long userId = caller.id();
        String fragment = input.fragment(), name = input.name();
        boolean pinned = input.pinned();
        db.write(tx -> {
            if (name != null && store.nameTaken(tx.h(), userId, name)) throw exists();
            if (!store.insert(tx.h(), userId, fragment, pinned, name)) throw exists();
            log.append(tx, new MiscEvent.NavigationViewAdd(NavigationJson.of(store.get(tx.h(), userId, fragment).orElseThrow())), Recipients.users(userId));
            return null;
        });
    }

    /** Null pinned or name keeps the current value. */
    public void checkUpdate(User caller, View input) {
        long userId = caller.id();
        String fragment = input.fragment(), name = input.name();
        Boolean pinned = input.pinned();
        db.write(tx -> {
            NavigationStore.View v = store.get(tx.h(), userId, fragment).orElseThrow(NavigationActions::notFound);
            if (name != null && !name.equals(v.name()) && store.nameTaken(tx.h(), userId, name)) throw exists();
            boolean newPinned = pinned != null ? pinned : v.pinned();
            String newName = name != null ? name : v.name();
            store.update(tx.h(), userId, fragment, newPinned, newName);
            ObjectNode data = Json.object();
            if (pinned != null) data.put("is_pinned", pinned);
            if (name != null) data.put("name", name);
            log.append(tx, new MiscEvent.NavigationViewUpdate(fragment, data), Recipients.users(userId));
            return null;
        });
    }

    public void checkRemove(User caller, String fragment) {
        long userId = caller.id();
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

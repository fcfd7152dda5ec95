package dev.stoa.snippets;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import java.time.Clock;

/** Saved-snippet writes; each event goes to the owner's clients only. */
public final class SnippetActions {
    private final Db db;
    private final EventLog log;
    private final SnippetStore store;
    private final Clock clock;

    public SnippetActions(Db db, EventLog log, SnippetStore store, Clock clock) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.clock = clock;
    }

    public long doCreate(long userId, String title, String content) {
        return db.write(tx -> {
            long id = store.insert(tx.h(), userId, title, content, clock.instant().getEpochSecond());
            log.append(tx, new MiscEvent.SavedSnippetAdd(store.get(tx.h(), userId, id).orElseThrow()), Recipients.users(userId));
            return id;
        });
    }

    /** Null title or content keeps the current value. */
    public void doEdit(long userId, long id, String title, String content) {
        db.write(tx -> {
            ObjectNode s = store.get(tx.h(), userId, id).orElseThrow(SnippetActions::notFound);
            store.update(tx.h(), id, title != null ? title : s.get("title").asText(), content != null ? content : s.get("content").asText());
            log.append(tx, new MiscEvent.SavedSnippetUpdate(store.get(tx.h(), userId, id).orElseThrow()), Recipients.users(userId));
            return null;
        });
    }

    public void doDelete(long userId, long id) {
        db.write(tx -> {
            store.get(tx.h(), userId, id).orElseThrow(SnippetActions::notFound);
            store.delete(tx.h(), id);
            log.append(tx, new MiscEvent.SavedSnippetRemove(id), Recipients.users(userId));
            return null;
        });
    }

    /** Zulip answers an unknown (or another user's) snippet with HTTP 404 and code BAD_REQUEST. */
    static ApiError notFound() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, "Saved snippet does not exist.");
    }
}

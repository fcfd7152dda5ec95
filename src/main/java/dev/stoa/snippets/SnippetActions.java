package dev.stoa.snippets;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.identity.User;
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

    /** A snippet's title and content, each already checked; on edit, null keeps the current value. */
    public record Snippet(String title, String content) {}

    public long checkCreate(User caller, Snippet input) {
        long userId = caller.id();
        return db.write(tx -> {
            long id = store.insert(tx.h(), userId, input.title(), input.content(), clock.instant().getEpochSecond());
            log.append(tx, new MiscEvent.SavedSnippetAdd(SnippetJson.of(store.get(tx.h(), userId, id).orElseThrow())), Recipients.users(userId));
            return id;
        });
    }

    /** Only the caller's own snippets; a null title or content keeps the current value. */
    public void checkEdit(User caller, long id, Snippet input) {
        long userId = caller.id();
        String title = input.title(), content = input.content();
        db.write(tx -> {
            SnippetStore.Snippet s = store.get(tx.h(), userId, id).orElseThrow(SnippetActions::notFound);
            store.update(tx.h(), id, title != null ? title : s.title(), content != null ? content : s.content());
            log.append(tx, new MiscEvent.SavedSnippetUpdate(SnippetJson.of(store.get(tx.h(), userId, id).orElseThrow())), Recipients.users(userId));
            return null;
        });
    }

    public void checkDelete(User caller, long id) {
        long userId = caller.id();
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

package dev.stoa.emoji;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MarkdownEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;

/**
 * Adding and deactivating custom emoji: one transaction each, with a realm_emoji event to all
 * users carrying the one emoji (op add/edit) and, for delivery to older clients, the whole dict.
 */
public final class EmojiActions {
    private final Db db;
    private final EventLog log;
    private final EmojiStore store;

    public EmojiActions(Db db, EventLog log, EmojiStore store) {
        this.db = db;
        this.log = log;
        this.store = store;
    }

    /** Adds an emoji whose files are already stored; the active-name uniqueness is checked in the transaction. */
    public EmojiRow doAdd(String name, EmojiImages.Stored files, long authorId) {
        return db.write(tx -> {
            if (store.activeByName(tx.h(), name).isPresent()) throw exists();
            long id = store.insert(tx.h(), name, files.fileName(), files.stillFileName(), authorId);
            EmojiRow row = new EmojiRow(id, name, files.fileName(), files.stillFileName(), authorId, false);
            notify(tx, "add", row);
            return row;
        });
    }

    public void doDeactivate(EmojiRow emoji) {
        db.write(tx -> {
            EmojiRow current = store.activeByName(tx.h(), emoji.name()).filter(e -> e.id() == emoji.id())
                    .orElseThrow(() -> notFound(emoji.name()));
            store.deactivate(tx.h(), current.id());
            notify(tx, "edit", new EmojiRow(current.id(), current.name(), current.fileName(), current.stillFileName(),
                    current.authorId(), true));
            return null;
        });
    }

    private void notify(Tx tx, String op, EmojiRow row) {
        ObjectNode extras = Json.object();
        extras.set("__realm_emoji", EmojiState.dict(store.all(tx.h())));
        log.append(tx, new MarkdownEvent.Emoji(op, row.toJson(), extras), Recipients.all());
    }

    static ApiError exists() {
        return ApiError.bad("A custom emoji with this name already exists.");
    }

    /** Zulip answers an unknown custom emoji with 404 BAD_REQUEST. */
    public static ApiError notFound(String name) {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, "Emoji '" + name + "' does not exist");
    }
}

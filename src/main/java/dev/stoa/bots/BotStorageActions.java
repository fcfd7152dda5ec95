package dev.stoa.bots;

import dev.stoa.db.Db;
import dev.stoa.identity.User;
import java.util.List;
import java.util.Map;

/**
 * A bot's storage (Zulip's zerver/lib/bot_storage.py, /bot_storage): string keys and values, at
 * most LIMIT characters in all per user, each write in one transaction. Any user may keep
 * storage (Zulip's endpoints do not check that the caller is a bot); Zulip's bot framework uses it
 * as its state handler.
 */
public final class BotStorageActions {
    /** Zulip's USER_STATE_SIZE_LIMIT. */
    static final long LIMIT = 10_000_000;

    private final Db db;
    private final BotStorageStore store;

    public BotStorageActions(Db db, BotStorageStore store) {
        this.db = db;
        this.store = store;
    }

    /** PUT /bot_storage: all entries or none, within the limit counted after the change. */
    public void doUpdate(User me, Map<String, String> entries) {
        db.write(tx -> {
            Map<String, String> now = store.all(tx.h(), me.id());
            long size = store.size(tx.h(), me.id());
            for (var e : entries.entrySet()) {
                String old = now.get(e.getKey());
                size += e.getKey().length() + e.getValue().length() - (old == null ? 0 : e.getKey().length() + old.length());
            }
            if (size > LIMIT) {
                throw BotErrors.storageLimitExceeded(size - LIMIT, LIMIT);
            }
            entries.forEach((k, v) -> store.put(tx.h(), me.id(), k, v));
            return null;
        });
    }

    /** DELETE /bot_storage: the keys named (all when none), refused whole if one is missing. */
    public void doRemove(User me, List<String> keys) {
        db.write(tx -> {
            List<String> named = keys == null || keys.isEmpty() ? List.copyOf(store.all(tx.h(), me.id()).keySet()) : keys;
            if (store.remove(tx.h(), me.id(), named) < named.stream().distinct().count()) throw BotErrors.keyDoesNotExist();
            return null;
        });
    }
}

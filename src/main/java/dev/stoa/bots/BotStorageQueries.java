package dev.stoa.bots;

import dev.stoa.db.Db;
import dev.stoa.identity.User;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** GET /bot_storage's reads: the keys named (all when none); a missing key is Zulip's "Key does not exist.". */
public final class BotStorageQueries {
    private final Db db;
    private final BotStorageStore store;

    public BotStorageQueries(Db db, BotStorageStore store) {
        this.db = db;
        this.store = store;
    }

    public Map<String, String> get(User me, List<String> keys) {
        Map<String, String> all = db.read(h -> store.all(h, me.id()));
        if (keys == null || keys.isEmpty()) return all;
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : keys) {
            String v = all.get(k);
            if (v == null) throw BotErrors.keyDoesNotExist();
            out.put(k, v);
        }
        return out;
    }
}

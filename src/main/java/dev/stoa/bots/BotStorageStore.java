package dev.stoa.bots;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/** SQL of bot_storage: a bot's key-value storage (Zulip's BotStorageData). */
public final class BotStorageStore {
    public Map<String, String> all(Handle h, long botId) {
        Map<String, String> out = new LinkedHashMap<>();
        h.createQuery("SELECT storage_key, value FROM bot_storage WHERE bot_id = ? ORDER BY storage_key").bind(0, botId)
                .map((rs, c) -> Map.entry(rs.getString(1), rs.getString(2))).forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** Characters stored (keys and values), Zulip's get_bot_storage_size. */
    public long size(Handle h, long botId) {
        return h.createQuery("SELECT COALESCE(SUM(LENGTH(storage_key) + LENGTH(value)), 0) FROM bot_storage WHERE bot_id = ?").bind(0, botId)
                .mapTo(Long.class).one();
    }

    public void put(Handle h, long botId, String key, String value) {
        int n = h.createUpdate("UPDATE bot_storage SET value = ? WHERE bot_id = ? AND storage_key = ?").bind(0, value).bind(1, botId).bind(2, key).execute();
        if (n == 0) h.createUpdate("INSERT INTO bot_storage (bot_id, storage_key, value) VALUES (?, ?, ?)").bind(0, botId).bind(1, key).bind(2, value).execute();
    }

    public int remove(Handle h, long botId, Collection<String> keys) {
        int n = 0;
        for (String k : keys) n += h.createUpdate("DELETE FROM bot_storage WHERE bot_id = ? AND storage_key = ?").bind(0, botId).bind(1, k).execute();
        return n;
    }
}

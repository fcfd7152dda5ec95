package dev.stoa.bots;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** GET/PUT/DELETE /bot_storage (Zulip's zerver/views/storage.py). */
public final class BotStorageViews {
    private final BotStorageQueries queries;
    private final BotStorageActions actions;

    public BotStorageViews(BotStorageQueries queries, BotStorageActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    public Object get(Request req) {
        ObjectNode out = Json.success();
        ObjectNode storage = out.putObject("storage");
        queries.get(req.user(), keys(req)).forEach(storage::put);
        return out;
    }

    public Object update(Request req) {
        JsonNode s = req.jsonObject("storage");
        if (s == null) throw ApiError.missing("storage");
        Map<String, String> entries = new LinkedHashMap<>();
        for (var e : s.properties()) {
            if (!e.getValue().isTextual()) throw BotErrors.storageValueIsNotString(e.getKey());
            entries.put(e.getKey(), e.getValue().textValue());
        }
        actions.doUpdate(req.user(), entries);
        return Json.success();
    }

    public Object remove(Request req) {
        actions.doRemove(req.user(), keys(req));
        return Json.success();
    }

    private static List<String> keys(Request req) {
        JsonNode k = req.jsonArray("keys");
        if (k == null) return null;
        List<String> out = new ArrayList<>();
        for (int i = 0; i < k.size(); i++) {
            if (!k.get(i).isTextual()) throw BotErrors.keyIsNotString(i);
            out.add(k.get(i).textValue());
        }
        return out;
    }
}

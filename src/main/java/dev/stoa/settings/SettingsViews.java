package dev.stoa.settings;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.http.Router;
import dev.stoa.identity.User;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * PATCH /settings for every setting register returns in user_settings except the account fields
 * (full_name, timezone, email, passwords), which the users feature's handler of the same route
 * processes. All parameters are checked before anything is written.
 */
public final class SettingsViews {
    private final SettingsActions actions;

    public SettingsViews(SettingsActions actions) {
        this.actions = actions;
    }

    public void routes(Router r) {
        if (!r.wrap("PATCH", "/settings", this::around)) r.patch("/settings", Router.Auth.USER, around(null));
    }

    private Router.Handler around(Router.Handler account) {
        return req -> {
            User me = req.user();
            if (me.isBot()) throw ApiError.bad("This endpoint does not accept bot requests.");
            Map<String, JsonNode> changes = parse(req);
            Object out = account == null ? Json.success() : account.handle(req);
            if (!changes.isEmpty()) actions.doChange(me.id(), changes);
            return out;
        };
    }

    private static Map<String, JsonNode> parse(Request req) {
        Map<String, JsonNode> changes = new LinkedHashMap<>();
        for (SettingTypes.Setting s : SettingTypes.ALL.values()) {
            String raw = req.raw(s.name());
            if (raw != null) changes.put(s.name(), s.parser().parse(s.name(), raw));
        }
        return changes;
    }
}

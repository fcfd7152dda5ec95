package dev.stoa.realm;

import dev.stoa.identity.User;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.groups.GroupSettingRules;
import dev.stoa.groups.GroupSettingValues;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * PATCH /realm: administrators change the realm's settings; some only owners (Zulip's list). The
 * whole request is validated before anything is written, so it succeeds or fails as a unit.
 */
public final class RealmViews {
    /** Whether a channel exists and is private: the channels feature answers (empty: no such channel). */
    @FunctionalInterface
    public interface ChannelLookup {
        Optional<Boolean> isPrivate(Handle h, long channelId);
    }

    private static final Set<String> OWNER_ONLY_GROUP_SETTINGS = Set.of("can_create_groups", "can_manage_all_groups",
            "create_multiuse_invite_group");

    private final Db db;
    private final RealmActions actions;
    private final GroupSettingValues values;
    private final ChannelLookup channels;

    public RealmViews(Db db, RealmActions actions, GroupSettingValues values, ChannelLookup channels) {
        this.db = db;
        this.channels = channels;
        this.actions = actions;
        this.values = values;
    }

    private static ApiError ownerRequired() {
        return ApiError.of(ErrorCode.UNAUTHORIZED_PRINCIPAL, "Must be an organization owner");
    }

    public Object update(Request req) {
        User a = req.user();
        if (!a.isAdmin()) throw ApiError.of(ErrorCode.UNAUTHORIZED_PRINCIPAL, "Must be an organization administrator");
        Map<String, JsonNode> scalars = new LinkedHashMap<>();
        for (RealmSettingSpecs.Spec s : RealmSettingSpecs.SPECS.values()) {
            if (!req.has(s.name())) continue;
            JsonNode v = s.parser().parse(req, s.name());
            if (s.ownerOnly() && !a.isOwner()) throw ownerRequired();
            scalars.put(s.name(), v);
        }
        Map<String, GroupSettingValues.Change> groups = new LinkedHashMap<>();
        for (String k : GroupSettingRules.REALM.keySet()) {
            JsonNode raw = req.json(k);
            if (raw == null) continue;
            if (OWNER_ONLY_GROUP_SETTINGS.contains(k) && !a.isOwner()) throw ownerRequired();
            groups.put(k, values.parseUpdate(k, raw));
        }
        db.read(h -> {
            for (var e : scalars.entrySet()) checkChannel(h, e.getKey(), e.getValue());
            for (var e : groups.entrySet()) values.validate(h, e.getValue().newValue(), GroupSettingRules.REALM.get(e.getKey()));
            return null;
        });
        ObjectNode changed = actions.doUpdate(scalars, groups);
        ObjectNode out = Json.success();
        out.setAll(changed);
        return out;
    }

    private void checkChannel(Handle h, String setting, JsonNode value) {
        RealmSettingSpecs.Spec spec = RealmSettingSpecs.SPECS.get(setting);
        if (!spec.channelId() || value.intValue() == -1) return;
        Optional<Boolean> isPrivate = channels.isPrivate(h, value.longValue());
        if (isPrivate.isEmpty()) throw ApiError.bad("Invalid channel ID");
        if (setting.equals("moderation_request_channel_id") && !isPrivate.get()) {
            throw ApiError.bad("Moderation request channel must be private.");
        }
    }
}

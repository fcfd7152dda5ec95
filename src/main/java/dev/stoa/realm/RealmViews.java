package dev.stoa.realm;

import dev.stoa.http.CommonErrors;
import dev.stoa.identity.User;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.groups.GroupSettingRules;
import dev.stoa.groups.GroupSettingValues;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * PATCH /realm: administrators change the realm's settings; some only owners (Zulip's list). The
 * view parses; RealmActions.checkUpdate validates and writes in one transaction, as a unit.
 */
public final class RealmViews {
    private static final Set<String> OWNER_ONLY_GROUP_SETTINGS = Set.of("can_create_groups", "can_manage_all_groups",
            "create_multiuse_invite_group");

    private final RealmActions actions;
    private final GroupSettingValues values;

    public RealmViews(RealmActions actions, GroupSettingValues values) {
        this.actions = actions;
        this.values = values;
    }

    private static ApiError ownerRequired() {
        return CommonErrors.mustBeOrganizationOwner();
    }

    public Object update(Request req) {
        User a = req.user();
        if (!a.isAdmin()) throw CommonErrors.mustBeOrganizationAdministrator();
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
        ObjectNode changed = actions.checkUpdate(scalars, groups);
        ObjectNode out = Json.success();
        out.setAll(changed);
        return out;
    }
}

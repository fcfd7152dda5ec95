package dev.stoa.users;

import dev.stoa.identity.User;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Custom profile fields: GET/POST/PATCH(reorder) /realm/profile_fields, PATCH/DELETE
 * /realm/profile_fields/{field_id} (administrators only), and a user's own values
 * (PATCH/DELETE /users/me/profile_data, respecting editable_by_user).
 */
public final class ProfileFieldViews {
    private final Db db;
    private final ProfileFieldActions actions;
    private final ProfileData profileData;

    public ProfileFieldViews(Db db, ProfileFieldActions actions, ProfileData profileData) {
        this.db = db;
        this.actions = actions;
        this.profileData = profileData;
    }

    public Object list(Request req) {
        ObjectNode out = Json.success();
        out.set("custom_fields", db.read(ProfileFieldState::fields));
        return out;
    }

    /** A stored field, as read for an update. */
    private record Stored(int type, ProfileFieldActions.FieldSpec spec) {}

    public Object create(Request req) {
        UserRules.requireAdmin(req.user());
        long typeCode = req.lng("field_type");
        String name = req.str("name", "").strip();
        String hint = req.str("hint", "");
        JsonNode data = fieldData(req).orElse(Json.object());
        boolean summary = req.bool("display_in_profile_summary", false);
        boolean required = req.bool("required", false);
        boolean editable = req.bool("editable_by_user", true);
        boolean matching = req.bool("use_for_user_matching", false);
        if (!ProfileFieldTypes.isValidType(typeCode)) throw ApiError.bad("Invalid field type.");
        int type = (int) typeCode;
        ProfileFieldTypes.validateFieldData(type, data);
        String subtype = data.path("subtype").asText("");
        boolean defaultExternal = type == ProfileFieldTypes.EXTERNAL_ACCOUNT && !subtype.equals("custom");
        if (defaultExternal) {
            // Zulip's built-in external accounts take their label and hint from its defaults.
            name = ProfileFieldTypes.DEFAULT_EXTERNAL_ACCOUNTS.get(subtype)[0];
            hint = "";
        } else {
            checkNameAndHint(name, hint);
        }
        checkFlags(type, summary, matching);
        String stored = data.isEmpty() ? "" : Json.write(data);
        long id = actions.doCreate(new ProfileFieldActions.FieldSpec(name, hint, type, stored, summary, required, editable, matching));
        return Json.success().put("id", id);
    }

    public Object update(Request req) {
        UserRules.requireAdmin(req.user());
        long id = req.pathLong("field_id");
        Optional<String> name = req.optStr("name").map(String::strip);
        Optional<String> hint = req.optStr("hint");
        Optional<JsonNode> data = fieldData(req);
        Optional<Boolean> summary = req.optBool("display_in_profile_summary");
        Optional<Boolean> required = req.optBool("required");
        Optional<Boolean> editable = req.optBool("editable_by_user");
        Optional<Boolean> matching = req.optBool("use_for_user_matching");
        Stored old = stored(id);
        var o = old.spec();
        JsonNode oldData = o.fieldData().isEmpty() ? Json.object() : Json.parse(o.fieldData());
        boolean defaultExternal = old.type() == ProfileFieldTypes.EXTERNAL_ACCOUNT
                && !oldData.path("subtype").asText("").equals("custom");
        if (defaultExternal && (name.filter(n -> !n.equals(o.name())).isPresent()
                || hint.filter(x -> !x.equals(o.hint())).isPresent() || data.filter(d -> !d.equals(oldData)).isPresent())) {
            throw ApiError.bad("Default custom field cannot be updated.");
        }
        JsonNode newData = data.orElse(oldData);
        ProfileFieldTypes.validateFieldData(old.type(), newData);
        String n = name.orElse(o.name()), h = hint.orElse(o.hint());
        if (!defaultExternal) checkNameAndHint(n, h);
        boolean s = summary.orElse(o.displayInProfileSummary()), m = matching.orElse(o.useForUserMatching());
        checkFlags(old.type(), s, m);
        actions.doUpdate(id, new ProfileFieldActions.FieldSpec(n, h, old.type(), newData.isEmpty() ? "" : Json.write(newData), s,
                required.orElse(o.required()), editable.orElse(o.editableByUser()), m));
        return Json.success();
    }

    public Object delete(Request req) {
        UserRules.requireAdmin(req.user());
        long id = req.pathLong("field_id");
        stored(id);
        actions.doDelete(id);
        return Json.success();
    }

    public Object reorder(Request req) {
        UserRules.requireAdmin(req.user());
        List<Long> order = req.longList("order");
        if (order == null) throw ApiError.missing("order");
        actions.doReorder(order);
        return Json.success();
    }

    public Object updateOwnData(Request req) {
        User me = UserRules.humanOnly(req.user());
        JsonNode data = req.jsonArray("data");
        if (data == null) throw ApiError.missing("data");
        profileData.validateUpdates(me, data);
        if (!me.isAdmin()) {
            Map<Long, Boolean> editable = db.read(profileData::editableByUser);
            for (JsonNode u : data) {
                if (!editable.getOrDefault(u.get("id").asLong(), true)) {
                    throw ApiError.bad("You are not allowed to change this field. Contact an administrator to update it.");
                }
            }
        }
        actions.doUpdateUserData(me, data);
        return Json.success();
    }

    public Object removeOwnData(Request req) {
        User me = UserRules.humanOnly(req.user());
        List<Long> ids = req.longList("data");
        if (ids == null) throw ApiError.missing("data");
        if (!me.isAdmin()) {
            Map<Long, Boolean> editable = db.read(profileData::editableByUser);
            for (long id : ids) {
                if (!editable.getOrDefault(id, true)) {
                    throw ApiError.bad("You are not allowed to change this field. Contact an administrator to update it.");
                }
            }
        }
        actions.doRemoveUserData(me, ids);
        return Json.success();
    }

    /** field_data: a JSON object whose values are strings or objects of strings (Zulip's check_profile_field_data). */
    private static Optional<JsonNode> fieldData(Request req) {
        JsonNode d = req.jsonObject("field_data");
        if (d == null) return Optional.empty();
        for (var e : d.properties()) {
            JsonNode v = e.getValue();
            boolean ok = v.isTextual();
            if (v.isObject()) {
                ok = true;
                for (JsonNode x : v) ok &= x.isTextual();
            }
            if (!ok) throw ApiError.bad("field_data[\"" + e.getKey() + "\"] is not a string");
        }
        return Optional.of(d);
    }

    private static void checkNameAndHint(String name, String hint) {
        if (name.isBlank()) throw ApiError.bad("Label cannot be blank.");
        if (hint.length() > ProfileFieldTypes.HINT_MAX_LENGTH) {
            throw ApiError.bad("hint is too long (limit: " + ProfileFieldTypes.HINT_MAX_LENGTH + " characters)");
        }
        if (name.length() > ProfileFieldTypes.NAME_MAX_LENGTH) {
            throw ApiError.bad("name is too long (limit: " + ProfileFieldTypes.NAME_MAX_LENGTH + " characters)");
        }
    }

    /** The seed's rules: no profile summary for long text or users; user matching only for short text and external accounts. */
    private static void checkFlags(int type, boolean summary, boolean matching) {
        if (summary && (type == ProfileFieldTypes.LONG_TEXT || type == ProfileFieldTypes.USER)) {
            throw ApiError.bad("Field type not supported for display in profile summary.");
        }
        if (matching && type != ProfileFieldTypes.SHORT_TEXT && type != ProfileFieldTypes.EXTERNAL_ACCOUNT) {
            throw ApiError.bad("Field type not supported for user matching.");
        }
    }

    private Stored stored(long id) {
        return db.read(h -> h.createQuery("SELECT field_type, name, hint, field_data, display_in_profile_summary, required, "
                        + "editable_by_user, use_for_user_matching FROM custom_profile_fields WHERE id = ?").bind(0, id)
                .map((rs, c) -> new Stored(rs.getInt(1), new ProfileFieldActions.FieldSpec(rs.getString(2), rs.getString(3),
                        rs.getInt(1), rs.getString(4), rs.getBoolean(5), rs.getBoolean(6), rs.getBoolean(7), rs.getBoolean(8))))
                .findOne()).orElseThrow(() -> ApiError.bad("Field id " + id + " not found."));
    }
}

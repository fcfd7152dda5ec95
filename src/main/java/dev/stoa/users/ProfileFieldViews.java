package dev.stoa.users;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.List;
import java.util.Optional;

/**
 * Custom profile fields: GET/POST/PATCH(reorder) /realm/profile_fields, PATCH/DELETE
 * /realm/profile_fields/{field_id} (administrators only), and a user's own values
 * (PATCH/DELETE /users/me/profile_data, respecting editable_by_user).
 */
public final class ProfileFieldViews {
    private final ProfileFieldActions actions;
    private final ProfileFieldQueries queries;

    public ProfileFieldViews(ProfileFieldActions actions, ProfileFieldQueries queries) {
        this.actions = actions;
        this.queries = queries;
    }

    public Object list(Request req) {
        ObjectNode out = Json.success();
        out.set("custom_fields", queries.fields());
        return out;
    }

    public Object create(Request req) {
        long typeCode = req.lng("field_type");
        String name = req.str("name", "").strip();
        String hint = req.str("hint", "");
        JsonNode data = fieldData(req).orElse(Json.object());
        boolean summary = req.bool("display_in_profile_summary", false);
        boolean required = req.bool("required", false);
        boolean editable = req.bool("editable_by_user", true);
        boolean matching = req.bool("use_for_user_matching", false);
        if (!ProfileFieldTypes.isValidType(typeCode)) throw UserErrors.invalidFieldType();
        int type = (int) typeCode;
        ProfileFieldTypes.validateFieldData(type, data);
        String subtype = data.path("subtype").asText("");
        boolean defaultExternal = type == ProfileFieldTypes.EXTERNAL_ACCOUNT && !subtype.equals("custom");
        if (defaultExternal) {
            // Zulip's built-in external accounts take their label and hint from its defaults.
            name = ProfileFieldTypes.DEFAULT_EXTERNAL_ACCOUNTS.get(subtype)[0];
            hint = "";
        } else {
            ProfileFieldTypes.checkNameAndHint(name, hint);
        }
        ProfileFieldTypes.checkFlags(type, summary, matching);
        String stored = data.isEmpty() ? "" : Json.write(data);
        long id = actions.checkCreate(req.user(), new ProfileFieldActions.FieldSpec(name, hint, type, stored, summary, required, editable, matching));
        return Json.success().put("id", id);
    }

    public Object update(Request req) {
        actions.checkUpdate(req.user(), new ProfileFieldActions.FieldUpdate(req.pathLong("field_id"), req.optStr("name").map(String::strip),
                req.optStr("hint"), fieldData(req), req.optBool("display_in_profile_summary"), req.optBool("required"),
                req.optBool("editable_by_user"), req.optBool("use_for_user_matching")));
        return Json.success();
    }

    public Object delete(Request req) {
        actions.checkDelete(req.user(), req.pathLong("field_id"));
        return Json.success();
    }

    public Object reorder(Request req) {
        List<Long> order = req.longList("order");
        if (order == null) throw ApiError.missing("order");
        actions.checkReorder(req.user(), order);
        return Json.success();
    }

    public Object updateOwnData(Request req) {
        JsonNode data = req.jsonArray("data");
        if (data == null) throw ApiError.missing("data");
        actions.checkUpdateOwnData(req.user(), data);
        return Json.success();
    }

    public Object removeOwnData(Request req) {
        List<Long> ids = req.longList("data");
        if (ids == null) throw ApiError.missing("data");
        actions.checkRemoveOwnData(req.user(), ids);
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
            if (!ok) throw UserErrors.fieldDataValueIsNotString(e.getKey());
        }
        return Optional.of(d);
    }
}

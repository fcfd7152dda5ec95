package dev.stoa.users;

import dev.stoa.identity.User;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import java.util.HashMap;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/** Users' custom profile field values: reading them for the API and changing them (with realm_user events). */
public final class ProfileData {
    private final Db db;
    private final EventLog log;

    public ProfileData(Db db, EventLog log) {
        this.db = db;
        this.log = log;
    }

    /** user id → {field id: {value, rendered_value?}} for every user with values. */
    public Map<Long, ObjectNode> all(Handle h) {
        Map<Long, ObjectNode> out = new HashMap<>();
        h.createQuery("SELECT v.user_id, v.field_id, v.value, v.rendered_value FROM custom_profile_values v")
                .map((rs, c) -> {
                    ObjectNode entry = Json.object().put("value", rs.getString(3));
                    if (rs.getString(4) != null) entry.put("rendered_value", rs.getString(4));
                    out.computeIfAbsent(rs.getLong(1), k -> Json.object()).set(String.valueOf(rs.getLong(2)), entry);
                    return null;
                }).list();
        return out;
    }

    /**
     * Checks a profile_data / data array ([{id, value}]) before anything changes: each element is
     * an object with an integer id of an existing field and a value valid for its type.
     */
    public void validateUpdates(User target, JsonNode updates) {
        db.read(h -> {
            int i = 0;
            for (JsonNode u : updates) {
                String var = "data[" + i++ + "]";
                if (!u.isObject()) throw ApiError.bad(var + " is not a dict");
                if (!u.has("id")) throw ApiError.bad("id key is missing from " + var);
                if (!u.get("id").isIntegralNumber()) throw ApiError.bad(var + "[\"id\"] is not an integer");
                if (!u.has("value")) throw ApiError.bad("value key is missing from " + var);
                long id = u.get("id").asLong();
                var field = h.createQuery("SELECT field_type, name, field_data FROM custom_profile_fields WHERE id = ?").bind(0, id)
                        .map((rs, c) -> new Object[] {rs.getInt(1), rs.getString(2), rs.getString(3)}).findOne()
                        .orElseThrow(() -> ApiError.bad("Field id " + id + " not found."));
                ProfileFieldTypes.validateValue(h, (Integer) field[0], (String) field[1], (String) field[2], u.get("value"));
            }
            return null;
        });
    }

    /** Whether each field is editable by users themselves (field id → editable_by_user). */
    public Map<Long, Boolean> editableByUser(Handle h) {
        Map<Long, Boolean> out = new HashMap<>();
        h.createQuery("SELECT id, editable_by_user FROM custom_profile_fields")
                .map((rs, c) -> out.put(rs.getLong(1), rs.getBoolean(2))).list();
        return out;
    }
}

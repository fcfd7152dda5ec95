package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.events.UserEvent;
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

    /** Checks a profile_data array ([{id, value}]) before anything changes. */
    public void validateUpdates(User target, JsonNode updates) {
        db.read(h -> {
            for (JsonNode u : updates) {
                if (!u.path("id").isIntegralNumber()) throw ApiError.bad("profile_data[0][\"id\"] is not an integer");
                long id = u.get("id").asLong();
                Integer type = h.createQuery("SELECT field_type FROM custom_profile_fields WHERE id = ?").bind(0, id)
                        .mapTo(Integer.class).findOne().orElseThrow(() -> ApiError.bad("Field id " + id + " not found."));
                ProfileFieldTypes.validateValue(h, type, u.get("value"));
            }
            return null;
        });
    }

    /** Sets or clears (null/empty value) each field value, with one realm_user update event per field. */
    public void apply(User target, JsonNode updates) {
        db.write(tx -> {
            for (JsonNode u : updates) {
                long id = u.get("id").asLong();
                JsonNode v = u.get("value");
                String value = v == null || v.isNull() ? "" : (v.isTextual() ? v.asText() : Json.write(v));
                if (value.isEmpty()) {
                    tx.h().execute("DELETE FROM custom_profile_values WHERE user_id = ? AND field_id = ?", target.id(), id);
                } else {
                    tx.h().execute("DELETE FROM custom_profile_values WHERE user_id = ? AND field_id = ?", target.id(), id);
                    tx.h().execute("INSERT INTO custom_profile_values (user_id, field_id, value) VALUES (?, ?, ?)", target.id(), id, value);
                }
                ObjectNode cpf = Json.object().put("id", id);
                if (value.isEmpty()) cpf.putNull("value"); else cpf.put("value", value);
                ObjectNode person = Json.object().put("user_id", target.id());
                person.set("custom_profile_field", cpf);
                log.append(tx, new UserEvent.RealmUserUpdate(person), Recipients.all());
            }
            return null;
        });
    }
}

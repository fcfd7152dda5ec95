package dev.stoa.realm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for the realm row and the system-group ids. */
public final class RealmStore {
    public record Row(String name, ObjectNode settings, long dateCreated, boolean deactivated) {}

    public Optional<Row> find(Handle h) {
        return h.createQuery("SELECT name, settings, date_created, deactivated FROM realm WHERE id = 1")
                .map((rs, c) -> new Row(rs.getString(1), (ObjectNode) Json.parse(rs.getString(2)), rs.getLong(3), rs.getBoolean(4)))
                .findOne();
    }

    public void insert(Handle h, String name, ObjectNode settings, long now) {
        h.createUpdate("INSERT INTO realm (id, name, settings, date_created) VALUES (1, ?, ?, ?)")
                .bind(0, name).bind(1, Json.write(settings)).bind(2, now).execute();
    }

    public void saveSettings(Handle h, ObjectNode settings) {
        h.createUpdate("UPDATE realm SET settings = ?, name = ? WHERE id = 1")
                .bind(0, Json.write(settings)).bind(1, settings.path("name").asText("Stoa")).execute();
    }

    public void setDeactivated(Handle h, boolean deactivated) {
        h.createUpdate("UPDATE realm SET deactivated = ? WHERE id = 1").bind(0, deactivated).execute();
    }

    public Map<String, Long> systemGroups(Handle h) {
        Map<String, Long> out = new HashMap<>();
        h.createQuery("SELECT name, id FROM user_groups WHERE is_system_group")
                .map((rs, c) -> Map.entry(rs.getString(1), rs.getLong(2)))
                .forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }
}

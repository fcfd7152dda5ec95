package dev.stoa.realm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Tx;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.http.Json;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for the realm row and the system-group ids. Its writes append {@link dev.stoa.events.RowsChanged} (realm): RealmHolder follows it. */
public final class RealmStore {
    private final EventLog log;

    public RealmStore(EventLog log) {
        this.log = log;
    }

    /** The realm (its stored settings over the defaults), or empty before Bootstrap creates it. */
    public Optional<Realm> find(Handle h, Map<String, Long> systemGroups) {
        return h.createQuery("SELECT settings, date_created, deactivated FROM realm WHERE id = 1")
                .map((rs, c) -> new Realm((ObjectNode) Json.parse(rs.getString(1)), rs.getLong(2), rs.getBoolean(3), systemGroups))
                .findOne();
    }

    public boolean exists(Handle h) {
        return h.createQuery("SELECT COUNT(*) FROM realm WHERE id = 1").mapTo(Long.class).one() > 0;
    }

    public boolean deactivated(Handle h) {
        return h.createQuery("SELECT deactivated FROM realm WHERE id = 1").mapTo(Boolean.class).one();
    }

    public void insert(Tx tx, String name, ObjectNode settings, long now) {
        tx.h().createUpdate("INSERT INTO realm (id, name, settings, date_created) VALUES (1, ?, ?, ?)")
                .bind(0, name).bind(1, Json.write(settings)).bind(2, now).execute();
        log.rowsChanged(tx, CachedTable.REALM, List.of());
    }

    /**
     * Sets these settings in the stored document (the others keep their stored value, or their
     * default when none is stored), and the name column from it.
     */
    public void updateSettings(Tx tx, Map<String, JsonNode> changes) {
        ObjectNode settings = (ObjectNode) Json.parse(tx.h().createQuery("SELECT settings FROM realm WHERE id = 1").mapTo(String.class).one());
        settings.setAll(changes);
        tx.h().createUpdate("UPDATE realm SET settings = ?, name = ? WHERE id = 1")
                .bind(0, Json.write(settings)).bind(1, settings.path("name").asText("Stoa")).execute();
        log.rowsChanged(tx, CachedTable.REALM, List.of());
    }

    public void setDeactivated(Tx tx, boolean deactivated) {
        tx.h().createUpdate("UPDATE realm SET deactivated = ? WHERE id = 1").bind(0, deactivated).execute();
        log.rowsChanged(tx, CachedTable.REALM, List.of());
    }

    public Map<String, Long> systemGroups(Handle h) {
        Map<String, Long> out = new HashMap<>();
        h.createQuery("SELECT name, id FROM user_groups WHERE is_system_group")
                .map((rs, c) -> Map.entry(rs.getString(1), rs.getLong(2)))
                .forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }
}

package dev.stoa.users;

import dev.stoa.db.Tx;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;

/**
 * SQL for custom profile fields (custom_profile_fields) and users' values of them (custom_profile_values).
 * Its writes append {@link dev.stoa.events.RowsChanged} of both tables: UserCache (register's user dicts,
 * whose profile_data they are) follows them. ProfileFieldJson renders fields and values in the API's shapes.
 */
public final class ProfileFieldStore {
    private final EventLog log;

    public ProfileFieldStore(EventLog log) {
        this.log = log;
    }

    /** A stored field: its type, its place in the display order and its configurable properties. */
    public record Field(long id, int type, int order, ProfileFieldActions.FieldSpec spec) {}

    /** A user's value of a field, with its rendering (null for types that have none). */
    public record Value(String value, String rendered) {}

    private static final String FIELD_COLUMNS = "id, field_type, sort_order, name, hint, field_data, display_in_profile_summary, required, "
            + "editable_by_user, use_for_user_matching";

    private static Field field(ResultSet rs) throws SQLException {
        return new Field(rs.getLong(1), rs.getInt(2), rs.getInt(3), new ProfileFieldActions.FieldSpec(rs.getString(4), rs.getString(5),
                rs.getInt(2), rs.getString(6), rs.getBoolean(7), rs.getBoolean(8), rs.getBoolean(9), rs.getBoolean(10)));
    }

    public Optional<Field> field(Handle h, long id) {
        return h.createQuery("SELECT " + FIELD_COLUMNS + " FROM custom_profile_fields WHERE id = ?").bind(0, id)
                .map((rs, c) -> field(rs)).findOne();
    }

    /** Every field in display order. */
    public List<Field> fields(Handle h) {
        return h.createQuery("SELECT " + FIELD_COLUMNS + " FROM custom_profile_fields ORDER BY sort_order, id").map((rs, c) -> field(rs)).list();
    }

    public List<Long> ids(Handle h) {
        return h.createQuery("SELECT id FROM custom_profile_fields").mapTo(Long.class).list();
    }

    /** Whether each field is editable by users themselves (field id → editable_by_user). */
    public Map<Long, Boolean> editableByUser(Handle h) {
        Map<Long, Boolean> out = new HashMap<>();
        h.createQuery("SELECT id, editable_by_user FROM custom_profile_fields")
                .map((rs, c) -> out.put(rs.getLong(1), rs.getBoolean(2))).list();
        return out;
    }

    public long countNamed(Handle h, String name, long exceptId) {
        return h.createQuery("SELECT COUNT(*) FROM custom_profile_fields WHERE name = ? AND id <> ?")
                .bind(0, name).bind(1, exceptId).mapTo(Long.class).one();
    }

    public long countInSummary(Handle h, long exceptId) {
        return h.createQuery("SELECT COUNT(*) FROM custom_profile_fields WHERE display_in_profile_summary AND id <> ?")
                .bind(0, exceptId).mapTo(Long.class).one();
    }

    /** Inserts a field at the end of the display order. */
    public long insert(Tx tx, ProfileFieldActions.FieldSpec f) {
        Handle h = tx.h();
        int order = h.createQuery("SELECT COALESCE(MAX(sort_order), 0) + 1 FROM custom_profile_fields").mapTo(Integer.class).one();
        long id = h.createUpdate("INSERT INTO custom_profile_fields (name, hint, field_type, field_data, sort_order, "
                        + "display_in_profile_summary, required, editable_by_user, use_for_user_matching) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(0, f.name()).bind(1, f.hint()).bind(2, f.type()).bind(3, f.fieldData()).bind(4, order)
                .bind(5, f.displayInProfileSummary()).bind(6, f.required()).bind(7, f.editableByUser()).bind(8, f.useForUserMatching())
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
        log.rowsChanged(tx, CachedTable.CUSTOM_PROFILE_FIELDS, List.of(id));
        return id;
    }

    public void update(Tx tx, long id, ProfileFieldActions.FieldSpec f) {
        tx.h().createUpdate("UPDATE custom_profile_fields SET name = ?, hint = ?, field_data = ?, display_in_profile_summary = ?, "
                        + "required = ?, editable_by_user = ?, use_for_user_matching = ? WHERE id = ?")
                .bind(0, f.name()).bind(1, f.hint()).bind(2, f.fieldData()).bind(3, f.displayInProfileSummary())
                .bind(4, f.required()).bind(5, f.editableByUser()).bind(6, f.useForUserMatching()).bind(7, id).execute();
        log.rowsChanged(tx, CachedTable.CUSTOM_PROFILE_FIELDS, List.of(id));
    }

    /** Deletes a field and every user's value of it (a field's change: everyone's values); false when there was no such field. */
    public boolean delete(Tx tx, long id) {
        tx.h().execute("DELETE FROM custom_profile_values WHERE field_id = ?", id);
        boolean deleted = tx.h().execute("DELETE FROM custom_profile_fields WHERE id = ?", id) > 0;
        log.rowsChanged(tx, CachedTable.CUSTOM_PROFILE_FIELDS, List.of(id));
        return deleted;
    }

    public void setOrder(Tx tx, List<Long> order) {
        for (int i = 0; i < order.size(); i++) tx.h().execute("UPDATE custom_profile_fields SET sort_order = ? WHERE id = ?", i + 1, order.get(i));
        log.rowsChanged(tx, CachedTable.CUSTOM_PROFILE_FIELDS, order);
    }

    /** user id → field id → value, for every user with values (fields in id order). */
    public Map<Long, Map<Long, Value>> values(Handle h) {
        return collect(h.createQuery("SELECT v.user_id, v.field_id, v.value, v.rendered_value FROM custom_profile_values v ORDER BY v.user_id, v.field_id"));
    }

    /** The same for these users alone (GET /users/me needs one user's, not the realm's). */
    public Map<Long, Map<Long, Value>> valuesOf(Handle h, Collection<Long> userIds) {
        if (userIds.isEmpty()) return new HashMap<>();
        return collect(h.createQuery("SELECT v.user_id, v.field_id, v.value, v.rendered_value FROM custom_profile_values v "
                + "WHERE v.user_id IN (<ids>) ORDER BY v.user_id, v.field_id").bindList("ids", List.copyOf(userIds)));
    }

    private static Map<Long, Map<Long, Value>> collect(Query q) {
        Map<Long, Map<Long, Value>> out = new HashMap<>();
        q.map((rs, c) -> out.computeIfAbsent(rs.getLong(1), k -> new LinkedHashMap<>()).put(rs.getLong(2), new Value(rs.getString(3), rs.getString(4))))
                .list();
        return out;
    }

    /** A user's value of a field ("" when none). */
    public String value(Handle h, long userId, long fieldId) {
        return h.createQuery("SELECT value FROM custom_profile_values WHERE user_id = ? AND field_id = ?")
                .bind(0, userId).bind(1, fieldId).mapTo(String.class).findOne().orElse("");
    }

    /** Replaces a user's value of a field; an empty value clears it. */
    public void setValue(Tx tx, long userId, long fieldId, String value, String rendered) {
        tx.h().execute("DELETE FROM custom_profile_values WHERE user_id = ? AND field_id = ?", userId, fieldId);
        if (!value.isEmpty()) {
            tx.h().execute("INSERT INTO custom_profile_values (user_id, field_id, value, rendered_value) VALUES (?, ?, ?, ?)",
                    userId, fieldId, value, rendered);
        }
        log.rowsChanged(tx, CachedTable.CUSTOM_PROFILE_VALUES, List.of(userId));
    }
}

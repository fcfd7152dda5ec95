package dev.stoa.users;

import dev.stoa.identity.User;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.events.UserEvent;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import java.util.HashSet;
import java.util.List;

/**
 * Every write to custom profile fields and users' values. Field changes send the whole new list
 * (custom_profile_fields) to every user; a value change sends a realm_user update with
 * custom_profile_field to every user (everyone may see every user's profile).
 */
public final class ProfileFieldActions {
    /** Zulip's limit: at most this many fields shown in the profile summary. */
    static final int MAX_SUMMARY_FIELDS = 2;

    private final Db db;
    private final EventLog log;
    private final UserAccess access;
    /** The realm's Markdown renderer, as for channel descriptions (Zulip renders text fields the same way). */
    private final java.util.function.UnaryOperator<String> markdown;

    public ProfileFieldActions(Db db, EventLog log, UserAccess access, java.util.function.UnaryOperator<String> markdown) {
        this.access = access;
        this.markdown = markdown;
        this.db = db;
        this.log = log;
    }

    /** A field's configurable properties; field_data is the stored JSON text ("" when none). */
    public record FieldSpec(String name, String hint, int type, String fieldData, boolean displayInProfileSummary,
                            boolean required, boolean editableByUser, boolean useForUserMatching) {}

    public long doCreate(FieldSpec f) {
        return db.write(tx -> {
            checkUniqueName(tx, f.name(), null);
            if (f.displayInProfileSummary()) checkSummaryLimit(tx, null);
            int order = tx.h().createQuery("SELECT COALESCE(MAX(sort_order), 0) + 1 FROM custom_profile_fields").mapTo(Integer.class).one();
            long id = tx.h().createUpdate("INSERT INTO custom_profile_fields (name, hint, field_type, field_data, sort_order, "
                            + "display_in_profile_summary, required, editable_by_user, use_for_user_matching) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                    .bind(0, f.name()).bind(1, f.hint()).bind(2, f.type()).bind(3, f.fieldData()).bind(4, order)
                    .bind(5, f.displayInProfileSummary()).bind(6, f.required()).bind(7, f.editableByUser()).bind(8, f.useForUserMatching())
                    .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
            sendFields(tx);
            return id;
        });
    }

    public void doUpdate(long id, FieldSpec f) {
        db.write(tx -> {
            checkUniqueName(tx, f.name(), id);
            if (f.displayInProfileSummary()) checkSummaryLimit(tx, id);
            tx.h().createUpdate("UPDATE custom_profile_fields SET name = ?, hint = ?, field_data = ?, display_in_profile_summary = ?, "
                            + "required = ?, editable_by_user = ?, use_for_user_matching = ? WHERE id = ?")
                    .bind(0, f.name()).bind(1, f.hint()).bind(2, f.fieldData()).bind(3, f.displayInProfileSummary())
                    .bind(4, f.required()).bind(5, f.editableByUser()).bind(6, f.useForUserMatching()).bind(7, id).execute();
            sendFields(tx);
            return null;
        });
    }

    /** Deletes a field and every user's value of it (clients drop the values with the field). */
    public void doDelete(long id) {
        db.write(tx -> {
            tx.h().execute("DELETE FROM custom_profile_values WHERE field_id = ?", id);
            int n = tx.h().execute("DELETE FROM custom_profile_fields WHERE id = ?", id);
            if (n == 0) throw ApiError.bad("Field id " + id + " not found.");
            sendFields(tx);
            return null;
        });
    }

    /** Sets the display order; `order` must name every field exactly once. */
    public void doReorder(List<Long> order) {
        db.write(tx -> {
            List<Long> ids = tx.h().createQuery("SELECT id FROM custom_profile_fields").mapTo(Long.class).list();
            if (order.size() != ids.size() || !new HashSet<>(order).equals(new HashSet<>(ids))) {
                throw ApiError.bad("Invalid order mapping.");
            }
            for (int i = 0; i < order.size(); i++) {
                tx.h().execute("UPDATE custom_profile_fields SET sort_order = ? WHERE id = ?", i + 1, order.get(i));
            }
            sendFields(tx);
            return null;
        });
    }

    /**
     * Sets (or, for an empty value, clears) each field value of target; one realm_user update per
     * field whose value changed. Values were validated by the view (ProfileData.validateUpdates).
     */
    public void doUpdateUserData(User target, JsonNode updates) {
        db.write(tx -> {
            for (JsonNode u : updates) {
                long id = u.get("id").asLong();
                JsonNode v = u.get("value");
                String value = v == null || v.isNull() ? "" : (v.isTextual() ? v.asText() : Json.write(v));
                if (v != null && v.isArray() && v.isEmpty()) value = "";
                setValue(tx, target, id, value);
            }
            return null;
        });
    }

    /** Clears target's values of the given fields. */
    public void doRemoveUserData(User target, List<Long> fieldIds) {
        db.write(tx -> {
            for (long id : fieldIds) {
                boolean exists = tx.h().createQuery("SELECT COUNT(*) FROM custom_profile_fields WHERE id = ?").bind(0, id)
                        .mapTo(Long.class).one() > 0;
                if (!exists) throw ApiError.bad("Field id " + id + " not found.");
                setValue(tx, target, id, "");
            }
            return null;
        });
    }

    private void setValue(Tx tx, User target, long fieldId, String value) {
        String old = tx.h().createQuery("SELECT value FROM custom_profile_values WHERE user_id = ? AND field_id = ?")
                .bind(0, target.id()).bind(1, fieldId).mapTo(String.class).findOne().orElse("");
        if (old.equals(value)) return;
        tx.h().execute("DELETE FROM custom_profile_values WHERE user_id = ? AND field_id = ?", target.id(), fieldId);
        String rendered = null;
        if (!value.isEmpty()) {
            int type = tx.h().createQuery("SELECT field_type FROM custom_profile_fields WHERE id = ?").bind(0, fieldId)
                    .mapTo(Integer.class).one();
            rendered = ProfileFieldTypes.renderable(type) ? markdown.apply(value) : null;
            tx.h().execute("INSERT INTO custom_profile_values (user_id, field_id, value, rendered_value) VALUES (?, ?, ?, ?)",
                    target.id(), fieldId, value, rendered);
        }
        ObjectNode cpf = Json.object().put("id", fieldId);
        if (value.isEmpty()) cpf.putNull("value"); else cpf.put("value", value);
        if (rendered != null) cpf.put("rendered_value", rendered);
        ObjectNode person = Json.object().put("user_id", target.id());
        person.set("custom_profile_field", cpf);
        log.append(tx, new UserEvent.RealmUserUpdate(person), access.audience(tx.h(), target));
    }

    private static void checkUniqueName(Tx tx, String name, Long except) {
        long n = tx.h().createQuery("SELECT COUNT(*) FROM custom_profile_fields WHERE name = ? AND id <> ?")
                .bind(0, name).bind(1, except == null ? -1L : except).mapTo(Long.class).one();
        if (n > 0) throw ApiError.bad("A field with that label already exists.");
    }

    private static void checkSummaryLimit(Tx tx, Long except) {
        long n = tx.h().createQuery("SELECT COUNT(*) FROM custom_profile_fields WHERE display_in_profile_summary AND id <> ?")
                .bind(0, except == null ? -1L : except).mapTo(Long.class).one();
        if (n >= MAX_SUMMARY_FIELDS) {
            throw ApiError.bad("Only 2 custom profile fields can be displayed in the profile summary.");
        }
    }

    private void sendFields(Tx tx) {
        log.append(tx, new UserEvent.CustomProfileFields(ProfileFieldState.fields(tx.h())), Recipients.all());
    }

}

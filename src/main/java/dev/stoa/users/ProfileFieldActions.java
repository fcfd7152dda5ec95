package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.events.UserEvent;
import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * Every write to custom profile fields and users' values. Field changes send the whole new list
 * (custom_profile_fields) to every user; a value change sends a realm_user update with
 * custom_profile_field to everyone who can see the user.
 */
public final class ProfileFieldActions {
    /** A value's Markdown to HTML (the realm's renderer), for the types that have a rendered_value. */
    @FunctionalInterface
    public interface Markdown {
        String html(String markdown);
    }

    /** Zulip's limit: at most this many fields shown in the profile summary. */
    static final int MAX_SUMMARY_FIELDS = 2;

    private final Db db;
    private final EventLog log;
    private final ProfileFieldStore store;
    private final UserStore users;
    private final UserAccess access;
    /** The realm's Markdown renderer, as for channel descriptions (Zulip renders text fields the same way). */
    private final Markdown markdown;

    public ProfileFieldActions(Db db, EventLog log, ProfileFieldStore store, UserStore users, UserAccess access, Markdown markdown) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.users = users;
        this.access = access;
        this.markdown = markdown;
    }

    /** A field's configurable properties; field_data is the stored JSON text ("" when none). */
    public record FieldSpec(String name, String hint, int type, String fieldData, boolean displayInProfileSummary,
                            boolean required, boolean editableByUser, boolean useForUserMatching) {}

    /** PATCH /realm/profile_fields/{id}: the properties the request names (empty: unchanged); field_data parsed. */
    public record FieldUpdate(long id, Optional<String> name, Optional<String> hint, Optional<JsonNode> fieldData,
                              Optional<Boolean> summary, Optional<Boolean> required, Optional<Boolean> editable, Optional<Boolean> matching) {}

    /** A new field, its properties already checked by the view (they depend on nothing stored). */
    public long checkCreate(User caller, FieldSpec f) {
        UserRules.requireAdmin(caller);
        return db.write(tx -> {
            checkUniqueName(tx.h(), f.name(), null);
            if (f.displayInProfileSummary()) checkSummaryLimit(tx.h(), null);
            long id = store.insert(tx, f);
            sendFields(tx);
            return id;
        });
    }

    public void checkUpdate(User caller, FieldUpdate u) {
        UserRules.requireAdmin(caller);
        db.write(tx -> {
            ProfileFieldStore.Field old = field(tx.h(), u.id());
            FieldSpec o = old.spec();
            JsonNode oldData = o.fieldData().isEmpty() ? Json.object() : Json.parse(o.fieldData());
            boolean defaultExternal = old.type() == ProfileFieldTypes.EXTERNAL_ACCOUNT
                    && !oldData.path("subtype").asText("").equals("custom");
            if (defaultExternal && (u.name().filter(n -> !n.equals(o.name())).isPresent()
                    || u.hint().filter(x -> !x.equals(o.hint())).isPresent() || u.fieldData().filter(d -> !d.equals(oldData)).isPresent())) {
                throw UserErrors.defaultCustomFieldCannotBeUpdated();
            }
            JsonNode newData = u.fieldData().orElse(oldData);
            ProfileFieldTypes.validateFieldData(old.type(), newData);
            String n = u.name().orElse(o.name()), h = u.hint().orElse(o.hint());
            if (!defaultExternal) ProfileFieldTypes.checkNameAndHint(n, h);
            boolean s = u.summary().orElse(o.displayInProfileSummary()), m = u.matching().orElse(o.useForUserMatching());
            ProfileFieldTypes.checkFlags(old.type(), s, m);
            FieldSpec f = new FieldSpec(n, h, old.type(), newData.isEmpty() ? "" : Json.write(newData), s,
                    u.required().orElse(o.required()), u.editable().orElse(o.editableByUser()), m);
            checkUniqueName(tx.h(), f.name(), u.id());
            if (f.displayInProfileSummary()) checkSummaryLimit(tx.h(), u.id());
            store.update(tx, u.id(), f);
            sendFields(tx);
            return null;
        });
    }

    /** Deletes a field and every user's value of it (clients drop the values with the field). */
    public void checkDelete(User caller, long id) {
        UserRules.requireAdmin(caller);
        db.write(tx -> {
            if (!store.delete(tx, id)) throw notFound(id);
            sendFields(tx);
            return null;
        });
    }

    /** Sets the display order; `order` must name every field exactly once. */
    public void checkReorder(User caller, List<Long> order) {
        UserRules.requireAdmin(caller);
        db.write(tx -> {
            List<Long> ids = store.ids(tx.h());
            if (order.size() != ids.size() || !new HashSet<>(order).equals(new HashSet<>(ids))) {
                throw UserErrors.invalidOrderMapping();
            }
            store.setOrder(tx, order);
            sendFields(tx);
            return null;
        });
    }

    /** PATCH /users/me/profile_data: the caller's own values, within editable_by_user unless an administrator. */
    public void checkUpdateOwnData(User caller, JsonNode updates) {
        UserRules.humanOnly(caller);
        db.write(tx -> {
            validateUpdates(tx.h(), updates);
            List<Long> ids = updates.valueStream().map(u -> u.get("id").asLong()).toList();
            checkEditable(tx.h(), caller, ids);
            updateUserData(tx, caller, updates);
            return null;
        });
    }

    /**
     * A directory's values for a person (LDAP), keyed as Zulip's custom_profile_field__&lt;name&gt;
     * mapping names fields (lower case, spaces as underscores): text fields only, cut to their
     * length; an unchanged value writes nothing, a changed one sends its event.
     */
    public void doSetFromDirectory(User target, Map<String, String> byName) {
        db.write(tx -> {
            for (ProfileFieldStore.Field f : store.fields(tx.h())) {
                String v = byName.get(f.spec().name().toLowerCase(Locale.ROOT).replace(' ', '_'));
                int type = f.type();
                if (v == null || (type != ProfileFieldTypes.SHORT_TEXT && type != ProfileFieldTypes.LONG_TEXT)) continue;
                int max = type == ProfileFieldTypes.SHORT_TEXT ? ProfileFieldTypes.SHORT_MAX_LENGTH : ProfileFieldTypes.LONG_MAX_LENGTH;
                setValue(tx, target, f.id(), v.length() > max ? v.substring(0, max) : v);
            }
            return null;
        });
    }

    /** DELETE /users/me/profile_data: clears the caller's values of the given fields. */
    public void checkRemoveOwnData(User caller, List<Long> fieldIds) {
        UserRules.humanOnly(caller);
        db.write(tx -> {
            checkEditable(tx.h(), caller, fieldIds);
            for (long id : fieldIds) {
                field(tx.h(), id);
                setValue(tx, caller, id, "");
            }
            return null;
        });
    }

    private void checkEditable(Handle h, User caller, List<Long> fieldIds) {
        if (caller.isAdmin()) return;
        Map<Long, Boolean> editable = store.editableByUser(h);
        for (long id : fieldIds) if (!editable.getOrDefault(id, true)) throw UserErrors.fieldNotEditable();
    }

    /**
     * Checks a profile_data / data array ([{id, value}]) before anything changes: each element is
     * an object with an integer id of an existing field and a value valid for its type.
     */
    void validateUpdates(Handle h, JsonNode updates) {
        int i = 0;
        for (JsonNode u : updates) {
            String var = "data[" + i++ + "]";
            if (!u.isObject()) throw CommonErrors.notADict(var);
            if (!u.has("id")) throw UserErrors.idKeyMissing(var);
            if (!u.get("id").isIntegralNumber()) throw UserErrors.idIsNotInteger(var);
            if (!u.has("value")) throw UserErrors.valueKeyMissing(var);
            ProfileFieldStore.Field f = field(h, u.get("id").asLong());
            ProfileFieldTypes.validateValue(id -> users.isPerson(h, id), f.type(), f.spec().name(), f.spec().fieldData(), u.get("value"));
        }
    }

    /**
     * Sets (or, for an empty value, clears) each field value of target; one realm_user update per
     * field whose value changed. Values were validated (validateUpdates) in the same transaction.
     */
    void updateUserData(Tx tx, User target, JsonNode updates) {
        for (JsonNode u : updates) {
            long id = u.get("id").asLong();
            JsonNode v = u.get("value");
            String value = v == null || v.isNull() ? "" : (v.isTextual() ? v.asText() : Json.write(v));
            if (v != null && v.isArray() && v.isEmpty()) value = "";
            setValue(tx, target, id, value);
        }
    }

    private void setValue(Tx tx, User target, long fieldId, String value) {
        if (store.value(tx.h(), target.id(), fieldId).equals(value)) return;
        String rendered = null;
        if (!value.isEmpty()) {
            int type = field(tx.h(), fieldId).type();
            rendered = ProfileFieldTypes.renderable(type) ? markdown.html(value) : null;
        }
        store.setValue(tx, target.id(), fieldId, value, rendered);
        ObjectNode cpf = Json.object().put("id", fieldId);
        if (value.isEmpty()) cpf.putNull("value"); else cpf.put("value", value);
        if (rendered != null) cpf.put("rendered_value", rendered);
        ObjectNode person = Json.object().put("user_id", target.id());
        person.set("custom_profile_field", cpf);
        log.append(tx, new UserEvent.RealmUserUpdate(person), access.audience(tx.h(), target));
    }

    private ProfileFieldStore.Field field(Handle h, long id) {
        return store.field(h, id).orElseThrow(() -> notFound(id));
    }

    private static ApiError notFound(long id) {
        return UserErrors.fieldNotFound(id);
    }

    private void checkUniqueName(Handle h, String name, Long except) {
        if (store.countNamed(h, name, except == null ? -1L : except) > 0) throw UserErrors.fieldLabelAlreadyExists();
    }

    private void checkSummaryLimit(Handle h, Long except) {
        if (store.countInSummary(h, except == null ? -1L : except) >= MAX_SUMMARY_FIELDS) {
            throw UserErrors.tooManySummaryFields();
        }
    }

    private void sendFields(Tx tx) {
        log.append(tx, new UserEvent.CustomProfileFields(ProfileFieldJson.fields(store.fields(tx.h()))), Recipients.all());
    }
}

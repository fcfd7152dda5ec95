package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Custom profile fields as the API's CustomProfileField objects, and users' values as their profile_data. */
final class ProfileFieldJson {
    private ProfileFieldJson() {}

    /** Every field, in the order given (the display order). */
    static ArrayNode fields(List<ProfileFieldStore.Field> fields) {
        ArrayNode out = Json.array();
        for (ProfileFieldStore.Field f : fields) {
            ProfileFieldActions.FieldSpec s = f.spec();
            ObjectNode o = out.addObject();
            o.put("id", f.id());
            o.put("type", f.type());
            o.put("order", f.order());
            o.put("name", s.name());
            o.put("hint", s.hint());
            o.put("field_data", s.fieldData());
            // Zulip sends display_in_profile_summary and use_for_user_matching only when true.
            if (s.displayInProfileSummary()) o.put("display_in_profile_summary", true);
            o.put("required", s.required());
            o.put("editable_by_user", s.editableByUser());
            if (s.useForUserMatching()) o.put("use_for_user_matching", true);
        }
        return out;
    }

    /** user id → profile_data ({field id: {value, rendered_value?}}). */
    static Map<Long, ObjectNode> byUser(Map<Long, Map<Long, ProfileFieldStore.Value>> byUser) {
        Map<Long, ObjectNode> out = new HashMap<>();
        byUser.forEach((user, values) -> out.put(user, profileData(values)));
        return out;
    }

    static ObjectNode profileData(Map<Long, ProfileFieldStore.Value> values) {
        ObjectNode o = Json.object();
        values.forEach((field, v) -> {
            ObjectNode entry = o.putObject(String.valueOf(field)).put("value", v.value());
            if (v.rendered() != null) entry.put("rendered_value", v.rendered());
        });
        return o;
    }
}

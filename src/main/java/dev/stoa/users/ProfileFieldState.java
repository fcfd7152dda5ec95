package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/** register's custom_profile_fields and custom_profile_field_types. */
public final class ProfileFieldState implements StateContributor {
    private static final String[][] TYPES = {{"SHORT_TEXT", "1", "Text (short)"}, {"LONG_TEXT", "2", "Text (long)"},
            {"SELECT", "3", "List of options"}, {"DATE", "4", "Date picker"}, {"URL", "5", "Link"},
            {"USER", "6", "Users"}, {"EXTERNAL_ACCOUNT", "7", "External account"}, {"PRONOUNS", "8", "Pronouns"}};

    @Override
    public Set<String> eventTypes() { return Set.of("custom_profile_fields"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        state.set("custom_profile_fields", fields(ctx.h()));
        ObjectNode types = Json.object();
        for (String[] t : TYPES) types.set(t[0], Json.object().put("id", Integer.parseInt(t[1])).put("name", t[2]));
        state.set("custom_profile_field_types", types);
    }

    /** Every field in display order, in the API's CustomProfileField shape. */
    public static ArrayNode fields(Handle h) {
        ArrayNode out = Json.array();
        h.createQuery("SELECT id, name, hint, field_type, field_data, sort_order, display_in_profile_summary, required, "
                        + "editable_by_user, use_for_user_matching FROM custom_profile_fields ORDER BY sort_order, id")
                .map((rs, c) -> {
                    ObjectNode f = Json.object();
                    f.put("id", rs.getLong(1));
                    f.put("type", rs.getInt(4));
                    f.put("order", rs.getInt(6));
                    f.put("name", rs.getString(2));
                    f.put("hint", rs.getString(3));
                    f.put("field_data", rs.getString(5));
                    // Zulip sends display_in_profile_summary and use_for_user_matching only when true.
                    if (rs.getBoolean(7)) f.put("display_in_profile_summary", true);
                    f.put("required", rs.getBoolean(8));
                    f.put("editable_by_user", rs.getBoolean(9));
                    if (rs.getBoolean(10)) f.put("use_for_user_matching", true);
                    return out.add(f);
                }).list();
        return out;
    }
}

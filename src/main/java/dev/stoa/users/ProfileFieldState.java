package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/** register's custom_profile_fields and custom_profile_field_types. */
public final class ProfileFieldState implements StateContributor {
    private final ProfileFieldStore store;

    public ProfileFieldState(ProfileFieldStore store) {
        this.store = store;
    }

    private static final String[][] TYPES = {{"SHORT_TEXT", "1", "Text (short)"}, {"LONG_TEXT", "2", "Text (long)"},
            {"SELECT", "3", "List of options"}, {"DATE", "4", "Date picker"}, {"URL", "5", "Link"},
            {"USER", "6", "Users"}, {"EXTERNAL_ACCOUNT", "7", "External account"}, {"PRONOUNS", "8", "Pronouns"}};

    @Override
    public Set<String> eventTypes() { return Set.of("custom_profile_fields"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        state.set("custom_profile_fields", ProfileFieldJson.fields(store.fields(ctx.h())));
        ObjectNode types = Json.object();
        for (String[] t : TYPES) types.set(t[0], Json.object().put("id", Integer.parseInt(t[1])).put("name", t[2]));
        state.set("custom_profile_field_types", types);
    }
}

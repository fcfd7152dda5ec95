package dev.stoa.scim;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.identity.Role;
import dev.stoa.users.UserRules;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a SCIM request asks to change (null: unchanged), read as Zulip's ZulipSCIMUser reads it:
 * from_dict for POST and PUT, handle_replace for each PATCH operation. Errors are Zulip's texts,
 * in its order.
 */
final class ScimChanges {
    String email;
    String fullName;
    Boolean active;
    Role role;

    static final String ROLES = Arrays.stream(Role.values()).map(r -> "'" + r.name().toLowerCase(Locale.ROOT) + "'")
            .collect(Collectors.joining(", ", "[", "]"));

    static ScimChanges fromDict(JsonNode d, boolean isNew, boolean nameFormatted) {
        if (!d.isObject()) throw ScimError.bad("Invalid SCIM resource: expected a JSON object");
        ScimChanges c = new ScimChanges();
        c.email(d.get("userName"));
        JsonNode name = d.path("name");
        String full = nameFormatted ? name.path("formatted").asText("")
                : (name.path("givenName").asText("") + " " + name.path("familyName").asText("")).strip();
        if (!full.isEmpty()) c.fullName = full;
        if (isNew && full.isEmpty()) {
            throw ScimError.bad("Must specify name.formatted, name.givenName or name.familyName when creating a new user");
        }
        JsonNode active = d.get("active");
        if (isNew && !(active != null && active.isBoolean() && active.asBoolean())) throw ScimError.bad("New user must have active=True");
        if (active != null && !active.isNull()) c.active = bool(active);
        JsonNode role = d.get("role");
        if (role != null && role.isTextual() && !role.asText().isEmpty()) c.role = role(role.asText());
        return c;
    }

    /** PATCH (RFC 7644 §3.5.2): replace only, with a path or with a value object naming the attributes. */
    static ScimChanges fromPatch(JsonNode operations) {
        ScimChanges c = new ScimChanges();
        for (JsonNode op : operations) {
            String code = op.path("op").asText("").toLowerCase(Locale.ROOT);
            JsonNode path = op.get("path"), value = op.get("value");
            if (!code.equals("add") && !code.equals("remove") && !code.equals("replace")) throw ScimError.bad("Unknown PATCH op \"" + code + "\"");
            if (code.equals("remove") && (path == null || path.isNull())) {
                throw new ScimError(400, "\"path\" must be specified during \"remove\" PATCH calls", "noTarget");
            }
            if (!code.equals("replace")) throw ScimError.notImplemented();
            if (path == null || path.isNull()) {
                if (value == null || !value.isObject()) throw ScimError.notImplemented();
                for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    c.replace(e.getKey(), e.getValue());
                }
            } else {
                c.replace(path.asText(), value);
            }
        }
        return c;
    }

    private void replace(String path, JsonNode value) {
        switch (path.toLowerCase(Locale.ROOT)) {
            case "username" -> email(value);
            case "name.formatted" -> {
                if (value == null || !value.isTextual()) throw ScimError.bad("name.formatted must be a string");
                if (!value.asText().isEmpty()) fullName = value.asText();
            }
            case "active" -> active = bool(value);
            case "role" -> {
                if (value == null || !value.isTextual()) throw ScimError.bad("role must be a string");
                role = role(value.asText());
            }
            default -> throw ScimError.notImplemented();
        }
    }

    private void email(JsonNode v) {
        if (v == null || !v.isTextual() || !UserRules.isEmail(v.asText().strip())) throw ScimError.bad("Invalid email value");
        email = v.asText().strip();
    }

    /** A boolean; Entra ID sends "True"/"False" strings in PATCH values, which mean the same. */
    private static boolean bool(JsonNode v) {
        if (v != null && v.isBoolean()) return v.asBoolean();
        if (v != null && v.isTextual() && v.asText().equalsIgnoreCase("true")) return true;
        if (v != null && v.isTextual() && v.asText().equalsIgnoreCase("false")) return false;
        throw ScimError.bad("active must be true or false");
    }

    private static Role role(String name) {
        for (Role r : Role.values()) if (r.name().toLowerCase(Locale.ROOT).equals(name)) return r;
        throw ScimError.bad("Invalid role: " + name + ". Valid values are: " + ROLES);
    }
}

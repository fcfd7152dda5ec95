package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The test-side applier: applies events to a register state the way a client does. If register
 * state + events differs from a fresh register state, either the action's events or its state is
 * wrong. Features add their event types to {@link #APPLIERS} (key "type" or "type/op").
 */
public final class EventApplier {
    private static final Map<String, BiConsumer<ObjectNode, ObjectNode>> APPLIERS = new HashMap<>();

    static {
        on("heartbeat", (s, e) -> {});
        on("realm_user/add", (s, e) -> { // an upsert: a guest's "Unknown user" may be followed by the real person
            long id = e.path("person").path("user_id").asLong();
            removeById(array(s, "realm_users"), "user_id", id);
            array(s, "realm_users").add(e.get("person"));
        });
        on("realm_user/update", EventApplier::realmUserUpdate);
        on("realm_user/remove", (s, e) -> removeById(array(s, "realm_users"), "user_id", e.path("person").path("user_id").asLong()));
        on("realm_bot/add", (s, e) -> array(s, "realm_bots").add(e.get("bot")));
        on("realm_bot/update", (s, e) -> mergeInto(findById(array(s, "realm_bots"), "user_id", e.path("bot").path("user_id").asLong()), (ObjectNode) e.get("bot")));
        on("realm_bot/delete", (s, e) -> removeById(array(s, "realm_bots"), "user_id", e.path("bot").path("user_id").asLong()));
        on("realm_bot/remove", (s, e) -> removeById(array(s, "realm_bots"), "user_id", e.path("bot").path("user_id").asLong()));
        on("custom_profile_fields", EventApplier::customProfileFields);
        on("user_settings/update", (s, e) -> {
            ((ObjectNode) s.get("user_settings")).set(e.get("property").asText(), e.get("value"));
            if (s.has(e.get("property").asText())) s.set(e.get("property").asText(), e.get("value"));
        });
        on("update_display_settings", (s, e) -> s.set(e.get("setting_name").asText(), e.get("setting")));
        on("update_global_notifications", (s, e) -> s.set(e.get("notification_name").asText(), e.get("setting")));
        on("realm/update", PermissionDerived.then((s, e) -> s.set("realm_" + e.get("property").asText(), e.get("value"))));
        on("realm/update_dict", PermissionDerived.then((s, e) -> e.get("data").properties().forEach(p -> {
            s.set("realm_" + p.getKey(), p.getValue());
            // as Zulip's apply_event: the password flags follow the methods
            if (p.getKey().equals("authentication_methods")) {
                boolean email = p.getValue().path("Email").path("enabled").asBoolean(false);
                s.put("realm_email_auth_enabled", email).put("realm_password_auth_enabled", email || p.getValue().path("LDAP").path("enabled").asBoolean(false));
            }
        })));
        MessageAppliers.register();
        GroupAppliers.register();
        ExtrasAppliers.register();
        MarkdownAppliers.register();
        ChannelAppliers.register();
        OrgAppliers.register();
        ExportAppliers.register();
        MobileAppliers.register();
    }

    private EventApplier() {}

    /** Registers how a client applies an event type ("type") or type/op ("type/op"). */
    public static void on(String key, BiConsumer<ObjectNode, ObjectNode> applier) {
        APPLIERS.put(key, applier);
    }

    public static void apply(ObjectNode state, JsonNode event) {
        String type = event.path("type").asText();
        String key = event.has("op") ? type + "/" + event.get("op").asText() : type;
        BiConsumer<ObjectNode, ObjectNode> a = APPLIERS.getOrDefault(key, APPLIERS.get(type));
        if (a == null) throw new AssertionError("EventApplier has no rule for event " + key + ": add one for " + event);
        a.accept(state, (ObjectNode) event);
        // a client counts its unreads itself, from its lists and its current muting
        MessageAppliers.recount(state);
    }

    /** A marker VerifyAction puts in the state while applying: the registration's client_gravatar. */
    public static final String CLIENT_GRAVATAR = "__client_gravatar";

    private static void realmUserUpdate(ObjectNode s, ObjectNode e) {
        ObjectNode person = ((ObjectNode) e.get("person")).deepCopy();
        // As Zulip's apply_event: a client_gravatar client computes Gravatar URLs itself and keeps null
        if (s.path(CLIENT_GRAVATAR).asBoolean(false) && person.path("avatar_url").asText("").startsWith("https://secure.gravatar.com")) {
            person.putNull("avatar_url");
            if (person.has("avatar_url_medium")) person.putNull("avatar_url_medium");
        }
        long id = person.get("user_id").asLong();
        ObjectNode user = findById(array(s, "realm_users"), "user_id", id);
        if (user == null) user = findById(array(s, "realm_non_active_users"), "user_id", id);
        if (user == null) throw new AssertionError("realm_user update for unknown user " + id);
        for (var p : person.properties()) {
            switch (p.getKey()) {
                case "user_id" -> {}
                case "role" -> {
                    int role = p.getValue().asInt();
                    user.put("role", role).put("is_owner", role == 100).put("is_admin", role <= 200).put("is_guest", role == 600);
                    if (s.path("user_id").asLong() == id) {
                        s.put("is_owner", role == 100).put("is_admin", role <= 200).put("is_moderator", role == 300).put("is_guest", role == 600);
                    }
                }
                case "is_active" -> {
                    moveActive(s, user, p.getValue().asBoolean());
                    if (!p.getValue().asBoolean()) GroupAppliers.forgetDeactivated(s, id);
                }
                case "custom_profile_field" -> profileField(user, (ObjectNode) p.getValue());
                // an avatar change: a user entry holds avatar_url and avatar_version, the user's own state the rest too
                case "avatar_source", "avatar_url_medium" -> {
                    if (s.path("user_id").asLong() == id && s.has(p.getKey())) s.set(p.getKey(), p.getValue());
                }
                case "new_email" -> {
                    user.set("email", p.getValue());
                    if (s.path("user_id").asLong() == id) s.set("email", p.getValue());
                }
                default -> {
                    user.set(p.getKey(), p.getValue());
                    if (s.path("user_id").asLong() == id && s.has(p.getKey())) s.set(p.getKey(), p.getValue());
                }
            }
        }
    }

    /** The new field list; as clients do, values of fields no longer in it are dropped (deleting a field deletes them). */
    private static void customProfileFields(ObjectNode s, ObjectNode e) {
        s.set("custom_profile_fields", e.get("fields"));
        Set<String> ids = new HashSet<>();
        for (JsonNode f : e.get("fields")) ids.add(f.get("id").asText());
        for (String key : new String[] {"realm_users", "realm_non_active_users"}) {
            if (!s.has(key)) continue;
            for (JsonNode u : s.get(key)) {
                if (u.get("profile_data") instanceof ObjectNode pd) pd.properties().removeIf(p -> !ids.contains(p.getKey()));
            }
        }
    }

    private static void moveActive(ObjectNode s, ObjectNode user, boolean active) {
        ArrayNode from = array(s, active ? "realm_non_active_users" : "realm_users");
        ArrayNode to = array(s, active ? "realm_users" : "realm_non_active_users");
        long id = user.get("user_id").asLong();
        if (findById(from, "user_id", id) == user) {
            removeById(from, "user_id", id);
            user.put("is_active", active);
            to.add(user);
        }
    }

    private static void profileField(ObjectNode user, ObjectNode field) {
        ObjectNode pd = user.has("profile_data") ? (ObjectNode) user.get("profile_data") : user.putObject("profile_data");
        String id = field.get("id").asText();
        if (field.path("value").isNull()) {
            pd.remove(id);
        } else {
            ObjectNode v = pd.putObject(id);
            v.set("value", field.get("value"));
            if (field.has("rendered_value")) v.set("rendered_value", field.get("rendered_value"));
        }
    }

    public static ArrayNode array(ObjectNode s, String key) {
        if (!s.has(key)) throw new AssertionError("register state has no " + key);
        return (ArrayNode) s.get(key);
    }

    public static ObjectNode findById(ArrayNode a, String idKey, long id) {
        for (JsonNode n : a) if (n.path(idKey).asLong() == id) return (ObjectNode) n;
        return null;
    }

    public static void removeById(ArrayNode a, String idKey, long id) {
        for (Iterator<JsonNode> it = a.iterator(); it.hasNext(); ) if (it.next().path(idKey).asLong() == id) it.remove();
    }

    public static void mergeInto(ObjectNode target, ObjectNode changes) {
        if (target == null) throw new AssertionError("update for an object missing from the state: " + changes);
        target.setAll(changes);
    }
}

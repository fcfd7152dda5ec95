package dev.stoa.realm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * The realm's settings as register reports them (without the `realm_` prefix): Zulip's defaults
 * overlaid with what the realm changed. Group-setting defaults name system groups ("role:members")
 * and are resolved to group ids. Held in memory; replaced after a committed change.
 */
public final class Realm {
    public static final String EMPTY_TOPIC_DISPLAY_NAME = "general chat";
    public static final int MAX_TOPIC_LENGTH = 60;
    public static final int MAX_MESSAGE_LENGTH = 10000;
    public static final int MAX_STREAM_NAME_LENGTH = 60;
    public static final int MAX_STREAM_DESCRIPTION_LENGTH = 1024;
    public static final int MAX_USER_GROUP_NAME_LENGTH = 100;
    public static final int MAX_NAME_LENGTH = 100;
    public static final String ZULIP_VERSION = "11.0-stoa";
    public static final int FEATURE_LEVEL = 496;

    private static final ObjectNode DEFAULTS = load("realm-defaults.json");

    private final ObjectNode settings;
    private final long dateCreated;
    private final boolean deactivated;

    public Realm(ObjectNode stored, long dateCreated, boolean deactivated, Map<String, Long> systemGroups) {
        ObjectNode s = DEFAULTS.deepCopy();
        for (var it = s.properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (e.getValue().isTextual() && e.getValue().asText().startsWith("role:")) {
                e.setValue(Json.MAPPER.getNodeFactory().numberNode(systemGroups.get(e.getValue().asText())));
            }
        }
        s.setAll(stored);
        this.settings = s;
        this.dateCreated = dateCreated;
        this.deactivated = deactivated;
    }

    private static ObjectNode load(String name) {
        try (InputStream in = Realm.class.getResourceAsStream(name)) {
            return (ObjectNode) Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static boolean isSetting(String name) { return DEFAULTS.has(name); }

    /** A copy of every setting, keyed without the realm_ prefix. */
    public ObjectNode settings() { return settings.deepCopy(); }

    public JsonNode get(String name) { return settings.get(name); }

    public String name() { return settings.path("name").asText(); }
    public long dateCreated() { return dateCreated; }
    public boolean deactivated() { return deactivated; }
    public boolean spectatorAccess() { return settings.path("enable_spectator_access").asBoolean(false); }
}

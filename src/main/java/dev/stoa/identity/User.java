package dev.stoa.identity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;

/**
 * A user or bot row, and the type of every authenticated caller (Request.user(), permission
 * checks in every feature). `settings` holds only what differs from the defaults.
 */
public record User(
        long id,
        String deliveryEmail,
        String fullName,
        int role,
        boolean isActive,
        boolean isBot,
        Integer botType,
        Long botOwnerId,
        boolean isSystemBot,
        String apiKey,
        String passwordHash,
        String timezone,
        long dateJoined,
        String avatarSource,
        int avatarVersion,
        boolean isImportedStub,
        ObjectNode settings) {

    /** Zulip's defaults of the personal settings (register's user_settings). */
    public static final ObjectNode SETTINGS_DEFAULTS = loadDefaults();

    private static ObjectNode loadDefaults() {
        try (InputStream in = User.class.getResourceAsStream("user-settings-defaults.json")) {
            return (ObjectNode) new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public boolean isOwner() { return role == Role.OWNER.code; }
    public boolean isAdmin() { return role <= Role.ADMINISTRATOR.code; }
    public boolean isModeratorOrAbove() { return role <= Role.MODERATOR.code; }
    public boolean isGuest() { return role == Role.GUEST.code; }

    /** The user's setting value, or the default. */
    public JsonNode setting(String name) {
        var v = settings.get(name);
        return v != null ? v : SETTINGS_DEFAULTS.get(name);
    }
}

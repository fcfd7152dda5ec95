package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A user or bot row. `settings` holds only what differs from the defaults. */
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

    public boolean isOwner() { return role == Role.OWNER.code; }
    public boolean isAdmin() { return role <= Role.ADMINISTRATOR.code; }
    public boolean isModeratorOrAbove() { return role <= Role.MODERATOR.code; }
    public boolean isGuest() { return role == Role.GUEST.code; }

    /** The user's setting value, or the default. */
    public com.fasterxml.jackson.databind.JsonNode setting(String name) {
        var v = settings.get(name);
        return v != null ? v : dev.stoa.realm.Realm.USER_SETTINGS_DEFAULTS.get(name);
    }
}

package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * A user as the API shows it to a given viewer: `delivery_email` by the target's
 * email_address_visibility, the API `email` (the real address only when visible to everyone),
 * and `avatar_url` (null when the client computes Gravatar URLs itself and may see the email).
 */
public final class UserJson {
    /** Zulip's email_address_visibility values. */
    public static final int EMAIL_EVERYONE = 1, EMAIL_MEMBERS = 2, EMAIL_ADMINS = 3, EMAIL_NOBODY = 4, EMAIL_MODERATORS = 5;
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'+00:00'").withZone(ZoneOffset.UTC);

    private final String realmHost;
    private final AvatarUrls avatars;

    public String realmHost() { return realmHost; }

    public AvatarUrls avatars() { return avatars; }

    public UserJson(String realmHost, AvatarUrls avatars) {
        this.realmHost = realmHost;
        this.avatars = avatars;
    }

    /**
     * Options a request chose: whether the client computes public avatars and wants profile data.
     * (user_avatar_url_field_optional changes nothing: Zulip omits avatar_url only for long-term
     * idle users, which Stoa does not have.)
     */
    public record Options(boolean clientPublicAvatar, boolean includeProfileData) {
        public static final Options DEFAULT = new Options(false, false);
    }

    /** The API email: the real address when everyone may see it, else a stable dummy address. */
    public String apiEmail(User u) {
        if (u.isBot()) return u.deliveryEmail();
        int vis = u.setting("email_address_visibility").asInt(EMAIL_EVERYONE);
        return vis == EMAIL_EVERYONE ? u.deliveryEmail() : "user" + u.id() + "@" + realmHost;
    }

    /** Whether viewer (null: a spectator) may see target's real email address. */
    public static boolean canSeeEmail(User viewer, User target) {
        if (target.isBot()) return true;
        if (viewer == null) return false;
        if (viewer.id() == target.id()) return true;
        return switch (target.setting("email_address_visibility").asInt(EMAIL_EVERYONE)) {
            case EMAIL_EVERYONE -> true;
            case EMAIL_MEMBERS -> !viewer.isGuest();
            case EMAIL_ADMINS -> viewer.isAdmin();
            case EMAIL_MODERATORS -> viewer.isModeratorOrAbove();
            default -> false;
        };
    }

    /** A time as Zulip's user objects write it (date_joined). */
    public static String isoTime(long epochSecond) {
        // By hand: register writes one per user, and DateTimeFormatter was a third of building a user.
        LocalDateTime t = LocalDateTime.ofEpochSecond(epochSecond, 0, ZoneOffset.UTC);
        if (t.getYear() < 1000 || t.getYear() > 9999) return ISO.format(Instant.ofEpochSecond(epochSecond));
        StringBuilder b = new StringBuilder(32).append(t.getYear());
        two(b.append('-'), t.getMonthValue());
        two(b.append('-'), t.getDayOfMonth());
        two(b.append('T'), t.getHour());
        two(b.append(':'), t.getMinute());
        two(b.append(':'), t.getSecond());
        return b.append(".000000+00:00").toString();
    }

    private static void two(StringBuilder b, int v) {
        if (v < 10) b.append('0');
        b.append(v);
    }

    public ObjectNode user(User u, User viewer, Options o, Map<Long, ObjectNode> profileData) {
        ObjectNode n = Json.object();
        n.put("user_id", u.id());
        boolean seesEmail = canSeeEmail(viewer, u);
        if (seesEmail) n.put("delivery_email", u.deliveryEmail()); else n.putNull("delivery_email");
        n.put("email", apiEmail(u));
        n.put("full_name", u.fullName());
        n.put("date_joined", isoTime(u.dateJoined()));
        n.put("is_active", u.isActive());
        n.put("is_owner", u.isOwner());
        n.put("is_admin", u.isAdmin());
        n.put("is_guest", u.isGuest());
        n.put("is_bot", u.isBot());
        if (u.isBot()) n.put("bot_type", u.botType()); else n.putNull("bot_type");
        if (u.isBot()) {
            if (u.botOwnerId() == null) n.putNull("bot_owner_id"); else n.put("bot_owner_id", u.botOwnerId());
        }
        n.put("role", u.role());
        n.put("timezone", u.timezone());
        String avatar = avatarUrl(u, o.clientPublicAvatar() && seesEmail);
        if (avatar == null) n.putNull("avatar_url"); else n.put("avatar_url", avatar);
        n.put("avatar_version", u.avatarVersion());
        n.put("is_imported_stub", u.isImportedStub());
        if (!u.isBot() && o.includeProfileData()) {
            ObjectNode pd = profileData == null ? null : profileData.get(u.id());
            n.set("profile_data", pd == null ? Json.object() : pd);
        }
        return n;
    }

    /**
     * Zulip's stand-in for a user the viewer may not see (UserAccess): the usual shape, but only
     * the id is real.
     */
    public ObjectNode inaccessible(long userId) {
        ObjectNode n = Json.object();
        n.put("user_id", userId);
        n.putNull("delivery_email");
        n.put("email", "user" + userId + "@" + realmHost);
        n.put("full_name", "Unknown user");
        n.put("date_joined", "1970-01-01T00:00:00+00:00");
        n.put("is_active", true);
        n.put("is_owner", false);
        n.put("is_admin", false);
        n.put("is_guest", false);
        n.put("is_bot", false);
        n.putNull("bot_type");
        n.put("role", Role.MEMBER.code);
        n.put("timezone", "");
        n.put("avatar_url", AvatarUrls.INACCESSIBLE);
        n.put("avatar_version", 1);
        n.put("is_imported_stub", false);
        n.set("profile_data", Json.object());
        return n;
    }

    /** The avatar URL (Zulip's get_avatar_field), or null when the client computes it: a Gravatar and clientComputes. */
    public String avatarUrl(User u, boolean clientComputes) {
        return clientComputes && avatars.isGravatar(u) ? null : avatars.url(u, false);
    }
}

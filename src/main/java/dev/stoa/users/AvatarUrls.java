package dev.stoa.users;

import dev.stoa.identity.User;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Where a user's avatar is, as Zulip's zerver/lib/avatar.py computes it: an uploaded image at
 * {@code /user_avatars/<realm>/<hash>.png} ({@code -medium.png} for 500 px), where the hash is
 * Zulip's salted digest of user id and avatar version (so an old image's URL dies with its
 * version and nobody can list the avatars); else Gravatar, when enabled (Zulip's
 * ENABLE_GRAVATAR); else, where Zulip serves one static default image, a generated one Stoa
 * serves itself at {@code /user_avatars/<realm>/default/<hash>.png}. Every URL carries
 * {@code ?version=N} for the caches.
 */
public record AvatarUrls(boolean gravatar, String salt) {
    public static final int REALM_ID = 1;
    public static final String ROOT = "/user_avatars/" + REALM_ID + "/";
    /** Zulip's DEFAULT_AVATAR_SIZE and MEDIUM_AVATAR_SIZE (zerver/lib/thumbnail.py). */
    public static final int SIZE = 100, MEDIUM_SIZE = 500;
    /** Zulip's get_avatar_for_inaccessible_user(); Stoa serves a generated image there. */
    public static final String INACCESSIBLE = "/static/images/unknown-user-avatar.png";

    /** Whether the user's avatar is a Gravatar, which a client_gravatar client may compute itself. */
    public boolean isGravatar(User u) {
        return gravatar && "G".equals(u.avatarSource());
    }

    /** The user's avatar URL (relative to the server unless it is Gravatar's). */
    public String url(User u, boolean medium) {
        if ("U".equals(u.avatarSource())) return ROOT + uploadedName(u.id(), u.avatarVersion(), medium) + "?version=" + u.avatarVersion();
        return fallback(u.deliveryEmail(), "user:" + u.id(), medium, u.avatarVersion());
    }

    /**
     * Gravatar's URL for an email (Zulip's get_gravatar_url) or, with Gravatar off, the generated
     * image for `seed` (a user, or what /avatar/ was asked for).
     */
    public String fallback(String email, String seed, boolean medium, int version) {
        if (gravatar) {
            return "https://secure.gravatar.com/avatar/" + hex("MD5", email.toLowerCase(Locale.ROOT)) + "?d=identicon"
                    + (medium ? "&s=" + MEDIUM_SIZE : "") + "&version=" + version;
        }
        return ROOT + "default/" + hex("SHA-256", seed + ":" + salt).substring(0, 40) + (medium ? "-medium.png" : ".png") + "?version=" + version;
    }

    /** The stored image's name (without ROOT): Zulip's user_avatar_path with the size's suffix. */
    public String uploadedName(long userId, int version, boolean medium) {
        return base(userId, version) + (medium ? "-medium.png" : ".png");
    }

    /** Zulip's user_avatar_hash: sha256(id:version:salt), 40 hex digits. */
    public String base(long userId, int version) {
        return hex("SHA-256", userId + ":" + version + ":" + salt).substring(0, 40);
    }

    static String hex(String algorithm, String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

package dev.stoa.ldap;

import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.identity.User;
import dev.stoa.users.AvatarActions;
import dev.stoa.users.AvatarImages;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Zulip's sync_avatar_from_ldap: the directory's photo (ldap-attr-map {@code avatar=jpegPhoto}, or
 * Active Directory's thumbnailPhoto) becomes the person's uploaded avatar, through the users
 * feature's avatar change (its events), when it differs from the photo the last sync used (its
 * SHA-256 in ldap_avatars, as Zulip's avatar_hash). A value that is not a JPEG, PNG or GIF image is
 * logged and left, as Zulip does.
 */
final class LdapAvatars {
    private static final Logger LOG = LoggerFactory.getLogger(LdapAvatars.class);

    private final Db db;
    private final AvatarActions avatars;
    private final LdapAvatarStore store = new LdapAvatarStore();

    LdapAvatars(Db db, AvatarActions avatars) {
        this.db = db;
        this.avatars = avatars;
    }

    void doSync(User u, byte[] photo) {
        String hash = sha256(photo);
        if (hash.equals(db.read(h -> store.hash(h, u.id()).orElse(null)))) return;
        String fileName = fileName(photo);
        AvatarImages.Resized resized;
        try {
            if (fileName == null) throw LdapErrors.notJpegPngOrGif();
            resized = AvatarImages.resize(fileName, photo);
        } catch (ApiError e) {
            LOG.warn("Could not use the LDAP avatar of user {}: {}", u.id(), e.getMessage());
            return;
        }
        db.write(tx -> {
            avatars.setFromDirectory(tx, u, resized);
            store.set(tx.h(), u.id(), hash);
            return null;
        });
    }

    private static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The image type by its first bytes (a directory attribute has no file name or content type). */
    static String fileName(byte[] b) {
        if (b.length > 3 && (b[0] & 0xff) == 0xff && (b[1] & 0xff) == 0xd8 && (b[2] & 0xff) == 0xff) return "photo.jpg";
        if (b.length > 8 && (b[0] & 0xff) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G') return "photo.png";
        if (b.length > 6 && b[0] == 'G' && b[1] == 'I' && b[2] == 'F' && b[3] == '8') return "photo.gif";
        return null;
    }
}

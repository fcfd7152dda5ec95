package dev.stoa.ldap;

import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for ldap_avatars: the SHA-256 of the directory photo last made each person's avatar. */
final class LdapAvatarStore {
    Optional<String> hash(Handle h, long userId) {
        return h.createQuery("SELECT sha256 FROM ldap_avatars WHERE user_id = ?").bind(0, userId).mapTo(String.class).findOne();
    }

    void set(Handle h, long userId, String sha256) {
        h.createUpdate("INSERT INTO ldap_avatars (user_id, sha256) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET sha256 = excluded.sha256")
                .bind(0, userId).bind(1, sha256).execute();
    }
}

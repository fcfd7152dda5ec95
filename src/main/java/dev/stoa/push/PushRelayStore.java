package dev.stoa.push;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.UUID;
import org.jdbi.v3.core.Handle;

/**
 * This server's identity at the push relay, kept in server_secrets (one value shared by every node):
 * the organization's UUID and its owner secret, which Zulip keeps as Realm.uuid and
 * Realm.uuid_owner_secret and reports in server/analytics.
 */
public final class PushRelayStore {
    private static final SecureRandom RANDOM = new SecureRandom();

    public String realmUuid(Handle h) {
        return secret(h, "push_realm_uuid", UUID.randomUUID().toString());
    }

    public String realmUuidOwnerSecret(Handle h) {
        String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
        StringBuilder s = new StringBuilder("zuliprealm_");
        for (int i = 0; i < 32; i++) s.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        return secret(h, "push_realm_uuid_owner_secret", s.toString());
    }

    /**
     * A user's uuid at the relay (Zulip's UserProfile.uuid, which Stoa does not keep): derived from the
     * organization's uuid and the user id, so it is stable and says nothing more than the id does.
     */
    public String userUuid(Handle h, long userId) {
        return UUID.nameUUIDFromBytes((realmUuid(h) + ":user:" + userId).getBytes(StandardCharsets.UTF_8)).toString();
    }

    private static String secret(Handle h, String name, String fresh) {
        h.execute("INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING", name, fresh);
        return h.createQuery("SELECT value FROM server_secrets WHERE name = ?").bind(0, name).mapTo(String.class).one();
    }
}

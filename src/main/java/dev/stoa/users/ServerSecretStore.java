package dev.stoa.users;

import org.jdbi.v3.core.Handle;

/** SQL for server_secrets: values every node of one server shares. */
public final class ServerSecretStore {
    /** The server's avatar salt: the stored one, or `fresh` when none is stored yet (every node shares it). */
    public String avatarSalt(Handle h, String fresh) {
        return named(h, "avatar_salt", fresh);
    }

    /** A named server secret: the stored one, or `fresh` when none is stored yet (every node shares it). */
    public String named(Handle h, String name, String fresh) {
        h.execute("INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING", name, fresh);
        return h.createQuery("SELECT value FROM server_secrets WHERE name = ?").bind(0, name).mapTo(String.class).one();
    }
}

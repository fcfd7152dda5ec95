package dev.stoa.accounts;

import org.jdbi.v3.core.Handle;

/** SQL of the account pages: the server secret that signs password reset links. */
public final class AccountStore {
    /** The stored key, or `fresh` when none is stored yet (every node shares it). */
    public String resetKey(Handle h, String fresh) {
        h.execute("INSERT INTO server_secrets (name, value) VALUES ('password_reset_key', ?) ON CONFLICT DO NOTHING", fresh);
        return h.createQuery("SELECT value FROM server_secrets WHERE name = 'password_reset_key'").mapTo(String.class).one();
    }
}

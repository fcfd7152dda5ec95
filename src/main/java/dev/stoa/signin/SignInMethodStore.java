package dev.stoa.signin;

import java.util.Set;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;

/** The sign-in methods the organization turned off (table signin_methods_disabled), by Zulip's backend name. */
public final class SignInMethodStore {
    public Set<String> disabled(Handle h) {
        return new TreeSet<>(h.createQuery("SELECT backend FROM signin_methods_disabled").mapTo(String.class).list());
    }

    public void set(Handle h, String backend, boolean enabled) {
        if (enabled) h.execute("DELETE FROM signin_methods_disabled WHERE backend = ?", backend);
        else h.execute("INSERT INTO signin_methods_disabled (backend) VALUES (?) ON CONFLICT DO NOTHING", backend);
    }
}

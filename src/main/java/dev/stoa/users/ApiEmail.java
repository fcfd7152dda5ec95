package dev.stoa.users;

import dev.stoa.identity.User;

/**
 * A user's email as the API shows it (UserJson.apiEmail decides: the real address when everyone may
 * see it, else the stable dummy one); what presence and settings put in their events and look up by.
 */
@FunctionalInterface
public interface ApiEmail {
    String of(User user);
}

package dev.stoa.users;

import dev.stoa.identity.User;

import dev.stoa.http.Authenticator;
import dev.stoa.realm.RealmHolder;

/**
 * HTTP Basic credentials (email or API email, API key) → the active user, answered as Zulip's
 * server does: a wrong or malformed key is 401 UNAUTHORIZED (its REST authentication re-raises
 * InvalidAPIKeyError as UnauthorizedError; zulip.yaml's example shows INVALID_API_KEY), while a
 * deactivated organization or account keeps REALM_DEACTIVATED / USER_DEACTIVATED.
 */
public final class UserAuth implements Authenticator {
    private final ApiKeyCache keys;
    private final RealmHolder realm;
    private final UserJson json;

    public UserAuth(ApiKeyCache keys, RealmHolder realm, UserJson json) {
        this.keys = keys;
        this.realm = realm;
        this.json = json;
    }

    @Override
    public User authenticate(String email, String apiKey) {
        if (!wellFormed(apiKey)) {
            throw UserErrors.malformedApiKey();
        }
        // From memory, as committed (the cache follows the event log); the database only for a key it does not hold.
        User u = keys.byKey(apiKey);
        // The key is looked up by an index; comparing it again in constant time guards against collation surprises.
        if (u == null || !Passwords.constantTimeEquals(u.apiKey(), apiKey) || !matchesEmail(u, email)) {
            throw UserErrors.invalidApiKey();
        }
        UserRules.checkCanSignIn(realm.get(), u);
        return u;
    }

    @Override
    public User authenticateKey(String apiKey) {
        // Zulip's validate_api_key strips whitespace, "to protect users from trivial errors".
        String key = apiKey.strip();
        if (!wellFormed(key)) throw UserErrors.malformedApiKey();
        User u = keys.byKey(key);
        if (u == null || !Passwords.constantTimeEquals(u.apiKey(), key)) throw UserErrors.invalidApiKey();
        UserRules.checkCanSignIn(realm.get(), u);
        return u;
    }

    /** 32 ASCII letters and digits, as Passwords.newApiKey makes them (a loop: the stream it replaces was 1.4% of a request's samples). */
    private static boolean wellFormed(String key) {
        if (key.length() != 32) return false;
        for (int i = 0; i < 32; i++) {
            char c = key.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')) return false;
        }
        return true;
    }

    private boolean matchesEmail(User u, String email) {
        return u.deliveryEmail().equalsIgnoreCase(email) || json.apiEmail(u).equalsIgnoreCase(email);
    }

    /** A deactivated organization has no spectators either: they get REALM_DEACTIVATED too. */
    @Override
    public boolean allowsSpectators() {
        if (realm.get().deactivated()) throw UserErrors.realmDeactivated();
        return realm.get().spectatorAccess();
    }
}

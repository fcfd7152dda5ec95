package dev.stoa.http;

import dev.stoa.identity.User;

/** Resolves Basic credentials to the caller; the users feature implements it. */
public interface Authenticator {
    /** The user for these credentials, or an ApiError (401 UNAUTHORIZED, REALM_DEACTIVATED, USER_DEACTIVATED, ...). */
    User authenticate(String email, String apiKey);

    /**
     * The active user whose API key this is, as Zulip's webhook views authenticate (the key alone, no
     * email): the same answers as {@link #authenticate} for a malformed, unknown or deactivated key.
     */
    User authenticateKey(String apiKey);

    /** Whether unauthenticated (spectator) access is allowed for OPTIONAL routes (an ApiError when the organization is deactivated). */
    boolean allowsSpectators();
}

package dev.stoa.http;

/** Resolves Basic credentials to a user; the users feature implements it (http knows no users). */
public interface Authenticator {
    /** The user for these credentials, or an ApiError (401 INVALID_API_KEY, USER_DEACTIVATED, ...). */
    Object authenticate(String email, String apiKey);

    /** Whether unauthenticated (spectator) access is allowed for OPTIONAL routes. */
    boolean allowsSpectators();

    /** The rate-limit key for a user object. */
    long userId(Object user);
}

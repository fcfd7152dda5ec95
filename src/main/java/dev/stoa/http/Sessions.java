package dev.stoa.http;

import dev.stoa.identity.User;

/** Web sessions as HttpFront sees them (the sessions feature implements it). */
public interface Sessions {
    /**
     * The live session for a session cookie's value, or null when there is none (unknown, expired,
     * logged out, or the password changed since). Throws ApiError for a deactivated user or organization.
     */
    Session find(String cookieValue);

    /** {@code key} is the cookie's value (logout ends it); {@code csrfToken} what X-CSRFToken must carry. */
    record Session(User user, String key, String csrfToken) {}
}

package dev.stoa.calls;

/**
 * A third-party video-call provider. Providers that need no user token (Jitsi) make a URL locally;
 * token-based ones (Zoom) get a token through an OAuth authorization-code flow first and then
 * create each meeting with it.
 */
public interface MeetingProvider {
    /** The provider's name in configuration ("jitsi", "zoom"). */
    String key();

    /** Whether a user must hold a token before creating a meeting. */
    boolean needsToken();

    /** A new meeting's URL; {@code token} is the user's token (null when {@link #needsToken()} is false). */
    String createMeeting(String token, boolean videoCall) throws ProviderException;

    /** Where to send the user's browser to authorize Stoa (token-based providers only). */
    default String authorizeUrl(String state, String redirectUri) {
        throw new UnsupportedOperationException(key() + " needs no authorization");
    }

    /** Exchanges an authorization code for the user's token (token-based providers only). */
    default String exchangeCode(String code, String redirectUri) throws ProviderException {
        throw new UnsupportedOperationException(key() + " needs no authorization");
    }

    /** The provider refused or could not be reached; {@code tokenRejected} when the user's token is no longer valid. */
    final class ProviderException extends Exception {
        private final boolean tokenRejected;

        public ProviderException(String message, boolean tokenRejected) {
            super(message, null, false, false);
            this.tokenRejected = tokenRejected;
        }

        public boolean tokenRejected() { return tokenRejected; }
    }

    /** The configured provider (none: null). */
    static MeetingProvider of(String name, String jitsiUrl, String zoomId, String zoomSecret, String zoomApi, String zoomOauth) {
        return switch (name) {
            case "jitsi" -> new JitsiProvider(jitsiUrl);
            case "zoom" -> new ZoomProvider(zoomId, zoomSecret, zoomApi, zoomOauth);
            default -> null;
        };
    }
}

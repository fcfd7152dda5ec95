package dev.stoa.http;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import org.eclipse.jetty.http.HttpCookie;

/**
 * The browser client's two cookies, as Zulip's web app has them: the session (HttpOnly) and the CSRF
 * token (readable by the page, which sends it back in X-CSRFToken). Both SameSite=Lax; over https
 * they are Secure and take the {@code __Host-} prefix, which pins them to this host and path /.
 */
public final class WebCookies {
    /** Zulip's (Django's) session lifetime: two weeks. */
    public static final long SESSION_SECONDS = 14L * 24 * 3600;
    /** Django's CSRF cookie lifetime: a year. */
    private static final long CSRF_SECONDS = 365L * 24 * 3600;
    public static final String CSRF_HEADER = "X-CSRFToken";

    private static final SecureRandom RANDOM = new SecureRandom();

    private final boolean secure;
    private final String sessionName;
    private final String csrfName;

    public WebCookies(boolean secure) {
        this.secure = secure;
        this.sessionName = (secure ? "__Host-" : "") + "sessionid";
        this.csrfName = (secure ? "__Host-" : "") + "csrftoken";
    }

    /** Secure cookies when the external URL is https. */
    public static WebCookies forExternalUrl(String externalUrl) {
        return new WebCookies(externalUrl.regionMatches(true, 0, "https:", 0, 6));
    }

    public String sessionName() { return sessionName; }
    public String csrfName() { return csrfName; }

    public String session(String value) { return cookie(sessionName, value, SESSION_SECONDS, true); }
    public String csrf(String value) { return cookie(csrfName, value, CSRF_SECONDS, false); }
    public String endSession() { return cookie(sessionName, "", 0, true); }

    private String cookie(String name, String value, long maxAge, boolean httpOnly) {
        return name + "=" + value + "; Path=/; Max-Age=" + maxAge + (httpOnly ? "; HttpOnly" : "") + "; SameSite=Lax" + (secure ? "; Secure" : "");
    }

    /** A new session key or CSRF token: 256 random bits, URL-safe. */
    public static String newToken() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** A cookie's value in a request, or null. */
    public static String read(org.eclipse.jetty.server.Request jr, String name) {
        List<HttpCookie> cookies = org.eclipse.jetty.server.Request.getCookies(jr);
        if (cookies == null) return null;
        for (HttpCookie c : cookies) {
            if (c.getName().equals(name) && !c.getValue().isEmpty()) return c.getValue();
        }
        return null;
    }
}

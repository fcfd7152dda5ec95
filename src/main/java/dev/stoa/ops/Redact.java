package dev.stoa.ops;

import java.util.regex.Pattern;

/**
 * The last line of defence against secrets in logs: whatever a log line's message or stack trace
 * carries, credentials-shaped text is masked before it is written. The first lines of defence are
 * that nothing logs requests' headers, parameters or bodies, and that SQL errors carry no bound
 * values (Db configures Jdbi and pgjdbc so).
 */
public final class Redact {
    private Redact() {}

    /** "Authorization: Basic ...", "Cookie: ...", "Set-Cookie: ..." up to the end of the line. */
    private static final Pattern HEADER = Pattern.compile("(?im)\\b((?:proxy-)?authorization|cookie|set-cookie|x-csrftoken)(\\s*[:=]\\s*)[^\\r\\n]+");
    /** name=value / name: value / "name":"value" for names that hold credentials. */
    private static final Pattern PAIR = Pattern.compile(
            "(?i)\\b((?:[a-z_-]*_)?(?:api_key|apikey|password|passwd|secret|token|csrftoken|sessionid|key))(\"?\\s*[:=]\\s*\"?)([^\\s,;&?\"'}\\]]+)");
    private static final Pattern BASIC = Pattern.compile("(?i)\\b(basic|bearer)\\s+[A-Za-z0-9+/=._-]{8,}");
    /**
     * The shape of a Zulip API key wherever it stands: 32 letters and digits, with a digit and a letter
     * in it (so that a 32-letter class name such as UnableToCreateStatementException stays readable).
     */
    private static final Pattern API_KEY = Pattern.compile("\\b(?=[A-Za-z0-9]{0,31}[0-9])(?=[A-Za-z0-9]{0,31}[A-Za-z])[A-Za-z0-9]{32}\\b");

    public static String text(String s) {
        if (s == null || s.isEmpty()) return s;
        String out = HEADER.matcher(s).replaceAll("$1$2[redacted]");
        out = PAIR.matcher(out).replaceAll("$1$2[redacted]");
        out = BASIC.matcher(out).replaceAll("$1 [redacted]");
        return API_KEY.matcher(out).replaceAll("[redacted]");
    }
}

package dev.stoa.http;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Request ids: one per request, in SLF4J's MDC under {@link #MDC_KEY} while the request runs (so on
 * every log line it causes), in the X-Request-Id response header and in a 500's message. A proxy's
 * own X-Request-Id (nginx's $request_id) is kept when it looks like an id, so that both logs agree.
 */
public final class RequestIds {
    private RequestIds() {}

    public static final String MDC_KEY = "request_id";
    public static final String HEADER = "X-Request-Id";
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._-]{8,64}");

    /** The proxy's id if it is safe to log and echo, else a fresh one (64 random bits in hex: cheaper than a UUID's SecureRandom). */
    public static String of(String fromProxy) {
        if (fromProxy != null && SAFE.matcher(fromProxy).matches()) return fromProxy;
        return HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
    }
}

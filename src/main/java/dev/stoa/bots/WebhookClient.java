package dev.stoa.bots;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.FormRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.Promise;

/**
 * The HTTP calls to bots' services. Zulip sends them through Smokescreen, a proxy refusing private
 * networks; here Jetty's client resolves every host it connects to (the service's and each
 * redirect's) through {@link #resolve}, which refuses an address that is not public unless the
 * operator allowed it (--outgoing-webhook-allow-private), and connects to the very address it
 * checked, so a name resolving differently the second time (DNS rebinding) gains nothing.
 */
final class WebhookClient implements AutoCloseable {
    /** What a call ended with: an HTTP answer, or why there was none. */
    sealed interface Result {
        record Answer(int status, byte[] body) implements Result {
            String text() { return new String(body, StandardCharsets.UTF_8); }
        }

        record TimedOut() implements Result {}

        record ConnectionFailed(String detail) implements Result {}

        /** The target resolved to a private or otherwise disallowed address (Smokescreen's 407). */
        record Disallowed(String host) implements Result {}

        /** Anything else: too many redirects, an invalid URL, an answer too large. */
        record Failed(String type, String detail) implements Result {}
    }

    private static final class DisallowedAddress extends IOException {
        DisallowedAddress(String host) { super(host); }
    }

    private final boolean allowPrivate;
    private final int timeoutSeconds;
    private final String userAgent;
    /** Built on the first call, not with the server (guarded by this; null once closed). */
    private HttpClient http;
    private boolean closed;

    WebhookClient(boolean allowPrivate, int timeoutSeconds, String userAgent) {
        this.allowPrivate = allowPrivate;
        this.timeoutSeconds = timeoutSeconds;
        this.userAgent = userAgent;
    }

    /**
     * Jetty's client loads JMX, JFR's settings model and, started, the TLS stack and trust store: ~1,000
     * classes and 13 MB of idle memory that a server without outgoing webhooks never needs.
     */
    private synchronized HttpClient client() {
        if (closed || http != null) return http;
        HttpClient c = new HttpClient();
        c.setFollowRedirects(true);
        c.setConnectTimeout(TimeUnit.SECONDS.toMillis(timeoutSeconds));
        c.setUserAgentField(new HttpField(HttpHeader.USER_AGENT, userAgent));
        c.setSocketAddressResolver(this::resolve);
        c.setMaxConnectionsPerDestination(4);
        try {
            c.start();
        } catch (Exception e) {
            throw new IllegalStateException("the outgoing webhook client did not start", e);
        }
        return http = c;
    }

    int timeoutSeconds() { return timeoutSeconds; }

    Result postJson(String url, String json) {
        return send(url, r -> r.body(new StringRequestContent("application/json", json, StandardCharsets.UTF_8)));
    }

    Result postForm(String url, List<Map.Entry<String, String>> form) {
        Fields fields = new Fields();
        for (var e : form) fields.add(e.getKey(), e.getValue());
        return send(url, r -> r.body(new FormRequestContent(fields)));
    }

    private Result send(String url, Consumer<Request> body) {
        HttpClient c = client();
        if (c == null) return new Result.ConnectionFailed("the server is stopping");
        Request r;
        try {
            r = c.newRequest(url).method(HttpMethod.POST).timeout(timeoutSeconds, TimeUnit.SECONDS);
        } catch (IllegalArgumentException e) {
            return new Result.Failed("InvalidURL", e.getMessage());
        }
        body.accept(r);
        try {
            ContentResponse answer = r.send();
            return new Result.Answer(answer.getStatus(), answer.getContent());
        } catch (TimeoutException e) {
            return new Result.TimedOut();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result.ConnectionFailed("interrupted");
        } catch (ExecutionException e) {
            return failure(e.getCause());
        }
    }

    private static Result failure(Throwable cause) {
        if (cause instanceof DisallowedAddress d) return new Result.Disallowed(d.getMessage());
        if (cause instanceof TimeoutException) return new Result.TimedOut();
        if (cause instanceof UnknownHostException || cause instanceof ConnectException || cause instanceof ClosedChannelException
                || cause instanceof EOFException || cause instanceof SocketException) {
            return new Result.ConnectionFailed(String.valueOf(cause.getMessage()));
        }
        String message = String.valueOf(cause.getMessage());
        // requests' names for what Jetty reports, as Zulip's owner notice shows the exception's type
        if (message.contains("redirects")) return new Result.Failed("TooManyRedirects", message);
        return new Result.Failed(cause.getClass().getSimpleName(), message);
    }

    /** Jetty's resolution step: every address of the host must be public, else the call is refused. */
    private void resolve(String host, int port, Map<String, Object> context, Promise<List<InetSocketAddress>> promise) {
        try {
            List<InetSocketAddress> out = new ArrayList<>();
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (!allowPrivate && !isPublic(a)) {
                    promise.failed(new DisallowedAddress(host));
                    return;
                }
                out.add(new InetSocketAddress(a, port));
            }
            promise.succeeded(out);
        } catch (UnknownHostException e) {
            promise.failed(e);
        }
    }

    /** Not loopback, link-local, private (RFC 1918, IPv6 unique local), shared (RFC 6598), multicast, reserved or documentation space. */
    static boolean isPublic(InetAddress a) {
        if (a.isAnyLocalAddress() || a.isLoopbackAddress() || a.isLinkLocalAddress() || a.isSiteLocalAddress() || a.isMulticastAddress()) return false;
        byte[] b = a.getAddress();
        if (a instanceof Inet6Address) {
            if ((b[0] & 0xfe) == 0xfc) return false;                                 // fc00::/7 unique local
            if ((b[0] & 0xff) == 0x20 && (b[1] & 0xff) == 0x01 && (b[2] & 0xff) == 0x0d && (b[3] & 0xff) == 0xb8) return false; // 2001:db8::/32
            boolean mapped = true;                                                    // ::ffff:a.b.c.d: the IPv4 address decides
            for (int i = 0; i < 10; i++) mapped &= b[i] == 0;
            if (mapped && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
                try {
                    return isPublic(InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]}));
                } catch (UnknownHostException e) {
                    return false;
                }
            }
            return true;
        }
        if (!(a instanceof Inet4Address)) return false;
        int x = b[0] & 0xff, y = b[1] & 0xff, z = b[2] & 0xff;
        return !(x == 0 || x >= 240                                                   // this network; reserved and broadcast
                || (x == 100 && (y & 0xc0) == 64)                                      // 100.64.0.0/10 shared address space
                || (x == 192 && y == 0 && (z == 0 || z == 2))                          // IETF protocol assignments, TEST-NET-1
                || (x == 198 && (y & 0xfe) == 18) || (x == 198 && y == 51 && z == 100) // benchmarking, TEST-NET-2
                || (x == 203 && y == 0 && z == 113));                                  // TEST-NET-3
    }

    /** Aborts calls in flight (a stopping server): their rows stay claimed and are retried after the lease. */
    @Override
    public void close() {
        HttpClient c;
        synchronized (this) {
            closed = true;
            c = http;
        }
        if (c == null) return;
        try {
            c.stop();
        } catch (Exception e) {
            // stopping is best effort
        }
    }
}

package dev.stoa.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A bot's service for outgoing-webhook tests: a real HTTP server (the JDK's) on a free port of
 * 127.0.0.1 that records every call and answers as the test says: a status and a body, or held
 * until the test releases it (a call in flight while the server stops).
 */
public final class TestBotServer implements AutoCloseable {
    /** One call as the bot received it. */
    public record Call(String method, String path, String contentType, String userAgent, String body) {}

    /** What the bot answers. */
    public record Answer(int status, String body) {
        public static Answer json(String body) { return new Answer(200, body); }
    }

    private final HttpServer http;
    public final BlockingQueue<Call> calls = new LinkedBlockingQueue<>();
    private volatile Function<Call, Answer> answers = c -> Answer.json("{\"response_not_required\": true}");
    private volatile CountDownLatch hold;

    public TestBotServer() {
        try {
            http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext("/", this::handle);
        http.start();
    }

    public String url(String path) { return "http://127.0.0.1:" + http.getAddress().getPort() + path; }

    public void answer(Function<Call, Answer> answers) { this.answers = answers; }

    /** From now on calls wait until {@link #release}; the caller sees no answer meanwhile. */
    public void holdCalls() { hold = new CountDownLatch(1); }

    public void release() {
        CountDownLatch h = hold;
        hold = null;
        if (h != null) h.countDown();
    }

    /** The next call, waiting at most `seconds`. */
    public Call next(int seconds) {
        try {
            Call c = calls.poll(seconds, TimeUnit.SECONDS);
            if (c == null) throw new AssertionError("the bot was not called within " + seconds + " s");
            return c;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private void handle(HttpExchange x) throws IOException {
        String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Call c = new Call(x.getRequestMethod(), x.getRequestURI().getPath(), x.getRequestHeaders().getFirst("Content-Type"),
                x.getRequestHeaders().getFirst("User-Agent"), body);
        calls.add(c);
        CountDownLatch h = hold;
        if (h != null) {
            try {
                h.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Answer a = answers.apply(c);
        byte[] out = a.body().getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        try {
            x.sendResponseHeaders(a.status(), out.length == 0 ? -1 : out.length);
            if (out.length > 0) x.getResponseBody().write(out);
        } catch (IOException e) {
            // the caller went away (a stopped server): nothing to answer
        }
        x.close();
    }

    @Override
    public void close() {
        release();
        http.stop(0);
    }
}

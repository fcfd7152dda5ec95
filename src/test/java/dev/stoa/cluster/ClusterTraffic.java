package dev.stoa.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Clients of a cluster as real ones behave: senders POST numbered messages and never resend one
 * (a failed POST is not acknowledged: it may or may not exist); receivers long-poll their own queue
 * and retry a failed GET with the same last_event_id. Every request is recorded with its times.
 */
final class ClusterTraffic {
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    /** One request: wall-clock start and end (ms, comparable with nginx's $msec), nanoTime latency, answer. */
    record Call(String what, long startMs, long endMs, long nanos, int status, JsonNode json, String requestId) {
        boolean ok() { return status == 200 && json != null && "success".equals(json.path("result").asText()); }
    }

    static Call call(String base, ApiClient c, String method, String pathAndQuery, String form) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/api/v1" + pathAndQuery))
                .timeout(Duration.ofSeconds(150)).header("Authorization", ApiClient.basic(c.email, c.apiKey));
        if (form == null) b.GET();
        else b.header("Content-Type", "application/x-www-form-urlencoded").method(method, HttpRequest.BodyPublishers.ofString(form));
        long startMs = System.currentTimeMillis(), t0 = System.nanoTime();
        try {
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Call(method + " " + pathAndQuery, startMs, System.currentTimeMillis(), System.nanoTime() - t0, r.statusCode(),
                    Json.parseOrNull(r.body()), r.headers().firstValue("X-Request-Id").orElse(null));
        } catch (IOException e) {
            return new Call(method + " " + pathAndQuery + " (" + e + ")", startMs, System.currentTimeMillis(), System.nanoTime() - t0, -1, null, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Call(method + " " + pathAndQuery + " (interrupted)", startMs, System.currentTimeMillis(), System.nanoTime() - t0, -2, null, null);
        }
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** One sender: messages "cl <user> <seq>" to one channel, each POSTed once. */
    static final class Sender {
        record Sent(String content, Call call) {}

        final Queue<Sent> sent = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Thread thread;

        Sender(String base, ApiClient c, long channel) {
            thread = Thread.ofPlatform().daemon().name("sender-" + c.userId).start(() -> {
                for (int seq = 0; running.get(); seq++) {
                    String content = "cl " + c.userId + " " + seq;
                    Call call = call(base, c, "POST", "/messages", "type=stream&to=" + channel + "&topic=load&content=" + enc(content));
                    sent.add(new Sent(content, call));
                    if (!call.ok()) pause(20); // a node died under it: no spinning, and no resend
                }
            });
        }

        long acked() {
            return sent.stream().filter(s -> s.call().ok()).count();
        }

        void stop() throws InterruptedException {
            running.set(false);
            thread.join(60_000);
        }
    }

    /** One receiver: its own queue, polled until it has seen the message whose content is `sentinel`. */
    static final class Receiver {
        record Poll(Call call, List<Long> eventIds, List<Long> messageIds) {}

        final ApiClient client;
        final String base;
        final String registerRequestId;
        final Queue<Poll> polls = new ConcurrentLinkedQueue<>();
        final List<String> violations = new ArrayList<>();
        final List<Long> messageIds = new ArrayList<>();
        volatile boolean done;
        private final Thread thread;

        Receiver(String base, ApiClient c, String sentinel) {
            this.client = c;
            this.base = base;
            var resp = c.post("/register", "event_types", List.of("message"), "idle_queue_timeout", 7200);
            JsonNode reg = resp.success();
            registerRequestId = resp.headers().firstValue("X-Request-Id").orElseThrow();
            String queue = reg.get("queue_id").asText();
            long first = reg.get("last_event_id").asLong();
            thread = Thread.ofPlatform().daemon().name("receiver-" + c.userId).unstarted(() -> loop(queue, first, sentinel));
        }

        /** Starts polling (after all queues are registered: their registrations alone then share nginx's round robin). */
        Receiver start() {
            thread.start();
            return this;
        }

        private void loop(String queue, long last, String sentinel) {
            while (!done) {
                Call call = call(base, client, "GET", "/events?queue_id=" + enc(queue) + "&last_event_id=" + last, null);
                List<Long> events = new ArrayList<>(), messages = new ArrayList<>();
                if (call.ok()) {
                    for (JsonNode e : call.json().get("events")) {
                        long id = e.get("id").asLong();
                        if (id <= last) violations.add("event id " + id + " after " + last);
                        last = id;
                        events.add(id);
                        if (e.get("type").asText().equals("message")) {
                            messages.add(e.at("/message/id").asLong());
                            if (e.at("/message/content").asText().equals(sentinel)) done = true;
                        }
                    }
                }
                messageIds.addAll(messages);
                polls.add(new Poll(call, events, messages));
                if (!call.ok()) pause(20); // retried with the same last_event_id
            }
        }

        /** Whether a poll that started after `afterMs` brought messages. */
        boolean servedAfter(long afterMs) {
            return polls.stream().anyMatch(p -> p.call().startMs() > afterMs && !p.messageIds().isEmpty());
        }

        void join(long millis) throws InterruptedException {
            thread.join(millis);
        }
    }

    static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ClusterTraffic() {}
}

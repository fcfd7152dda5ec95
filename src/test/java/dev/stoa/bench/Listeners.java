package dev.stoa.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * People holding long-polls, as a Zulip client does: each registers a queue for message events and
 * polls again as soon as an answer arrives. Records when each message (by its raw content) reached
 * each of them, so a sender can ask when the last one had it.
 */
final class Listeners implements AutoCloseable {
    /** One message's deliveries: how many listeners have it, and when the latest got it. */
    static final class Arrival {
        final AtomicInteger count = new AtomicInteger();
        final AtomicLong lastNanos = new AtomicLong();
    }

    private final BenchHttp http;
    private final List<BenchHttp.Cred> people;
    private final List<String> queues = new ArrayList<>();
    private final List<AtomicLong> lastIds = new ArrayList<>();
    private final ConcurrentHashMap<String, Arrival> arrivals = new ConcurrentHashMap<>();
    final AtomicLong errors = new AtomicLong();
    /** Polls answered with events or a heartbeat: the server's turnovers. */
    final AtomicLong answers = new AtomicLong();
    private volatile boolean closed;
    private volatile int polling;

    /** Registers a queue for message events for each person (concurrently); polling starts with poll(). */
    Listeners(BenchHttp http, List<BenchHttp.Cred> people) throws Exception {
        this(http, people, "[\"message\"]");
    }

    /** Registers a queue with these event types for each person (concurrently). */
    Listeners(BenchHttp http, List<BenchHttp.Cred> people, String eventTypes) throws Exception {
        this.http = http;
        this.people = people;
        String[] ids = new String[people.size()];
        String[] last = new String[people.size()];
        try (var exec = Executors.newFixedThreadPool(16, Thread.ofVirtual().factory())) {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < people.size(); i++) {
                int k = i;
                done.add(exec.submit(() -> {
                    JsonNode q = http.json("POST", "/register", people.get(k), "event_types", eventTypes, "fetch_event_types", "[]",
                            "apply_markdown", "false");
                    ids[k] = q.get("queue_id").asText();
                    last[k] = q.get("last_event_id").asText();
                }));
            }
            for (Future<?> f : done) f.get(5, TimeUnit.MINUTES);
        }
        queues.addAll(List.of(ids));
        for (int i = 0; i < people.size(); i++) lastIds.add(new AtomicLong(Long.parseLong(last[i])));
    }

    /** Starts every listener's poll loop. */
    Listeners poll() {
        return poll(people.size());
    }

    /** Starts the poll loops of the first n listeners; the others keep a queue and no poll. */
    Listeners poll(int n) {
        polling = n;
        for (int i = 0; i < n; i++) pollOnce(i);
        return this;
    }

    private void pollOnce(int i) {
        if (closed) return;
        http.async("GET", "/events", people.get(i), "queue_id", queues.get(i), "last_event_id",
                String.valueOf(lastIds.get(i).get())).whenComplete((a, e) -> {
                    if (closed) return;
                    if (e != null) {
                        errors.incrementAndGet();
                        CompletableFuture.delayedExecutor(100, TimeUnit.MILLISECONDS).execute(() -> pollOnce(i));
                        return;
                    }
                    answers.incrementAndGet();
                    received(i, a.json().get("events"));
                    pollOnce(i);
                });
    }

    private void received(int i, JsonNode events) {
        long now = System.nanoTime();
        for (JsonNode e : events) {
            lastIds.get(i).set(e.get("id").asLong());
            if (!e.get("type").asText().equals("message")) continue;
            Arrival a = arrivals.computeIfAbsent(e.get("message").get("content").asText(), k -> new Arrival());
            a.lastNanos.accumulateAndGet(now, Math::max);
            a.count.incrementAndGet();
        }
    }

    int polling() { return polling; }

    /** Waits until every polling listener has the message with this content; returns when the last got it (System.nanoTime), or -1 on timeout. */
    long awaitAll(String content, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        Arrival a = arrivals.computeIfAbsent(content, k -> new Arrival());
        while (a.count.get() < polling) {
            if (System.nanoTime() > deadline) return -1;
            Thread.sleep(1);
        }
        arrivals.remove(content);
        return a.lastNanos.get();
    }

    /** Stops polling and deletes the queues (a deleted queue's parked poll is answered at once). */
    @Override
    public void close() throws Exception {
        closed = true;
        try (var exec = Executors.newFixedThreadPool(16, Thread.ofVirtual().factory())) {
            for (int i = 0; i < people.size(); i++) {
                int k = i;
                exec.submit(() -> {
                    try {
                        http.call("DELETE", "/events", people.get(k), "queue_id", queues.get(k));
                    } catch (RuntimeException e) {
                        // an expired or already deleted queue is gone either way
                    }
                });
            }
        }
    }
}

package dev.stoa.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The soak's people: the bench's realistic mix (Mix: presence every 60 s, typing every 2 min, a
 * message every 5 min, a narrow fetch every 2 min, marking read every minute, a long-poll always
 * open), each period divided by {@code speed} so that an hour holds a day's traffic of a small
 * team. Every answer is recorded with its start and end; sends as {@link LoadSenders} records
 * them (content "load userId seq", so {@link DurabilityCheck} can check them); each person's
 * event queue is followed for gaps (ids not increasing) and losses (BAD_EVENT_QUEUE_ID).
 */
final class SoakLoad implements AutoCloseable {
    record Person(ApiClient client, long channel) {}

    /** One answer: what, when it started and ended (System.nanoTime), its status (-1: no answer). */
    record Call(String kind, long start, long end, int status, String body) {}

    final Map<String, LoadSenders.Sent> sent = new ConcurrentHashMap<>();
    final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
    /** Message ids each person's queue delivered, by user id; the people whose queue was lost once. */
    final Map<Long, Set<Long>> delivered = new ConcurrentHashMap<>();
    final Set<Long> queueLost = ConcurrentHashMap.newKeySet();
    final List<String> queueProblems = new CopyOnWriteArrayList<>();
    final AtomicLong events = new AtomicLong();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final String baseUrl;
    private final List<Thread> threads = new ArrayList<>();

    SoakLoad(String baseUrl, List<Person> people, double speed, long seed) {
        this.baseUrl = baseUrl;
        // Every queue exists before the first message: a queue only owes what was sent after it was registered
        // (a soak once counted a team's first message, sent while its members were still registering, as missed).
        List<Wire.Answer> queues = new ArrayList<>();
        for (Person p : people) {
            Wire.Answer r = register(p);
            if (r.status() != 200 || r.json() == null) throw new IllegalStateException("register failed: " + r.status() + " " + r.body());
            queues.add(r);
            delivered.put(p.client().userId, ConcurrentHashMap.newKeySet());
        }
        for (int i = 0; i < people.size(); i++) {
            Person p = people.get(i);
            Random random = new Random(seed + i);
            JsonNode q = queues.get(i).json();
            threads.add(Thread.ofVirtual().start(() -> act(p, speed, random)));
            threads.add(Thread.ofVirtual().start(() -> poll(p, q.get("queue_id").asText(), q.get("last_event_id").asLong())));
        }
    }

    private static final String[] KINDS = {"presence", "typing", "send", "narrow", "read"};
    private static final double[] PERIODS = {60, 120, 300, 120, 60};

    /** One person's clicks: each kind of request at its own rate (exponential gaps), one at a time, as a client does. */
    private void act(Person p, double speed, Random random) {
        long[] next = new long[KINDS.length];
        long now = System.nanoTime();
        for (int k = 0; k < KINDS.length; k++) next[k] = now + gap(PERIODS[k] / speed, random);
        int seq = 0;
        while (running.get()) {
            int k = 0;
            for (int j = 1; j < KINDS.length; j++) if (next[j] < next[k]) k = j;
            long wait = next[k] - System.nanoTime();
            if (wait > 0) LoadSenders.sleep(wait / 1_000_000); // pacing the load, not waiting for a result
            if (!running.get()) return;
            if (KINDS[k].equals("send")) send(p, seq++);
            else call(KINDS[k], request(p, KINDS[k]), Duration.ofSeconds(60));
            next[k] += gap(PERIODS[k] / speed, random);
        }
    }

    private static long gap(double meanSeconds, Random random) {
        return (long) (-Math.log(1 - random.nextDouble()) * meanSeconds * 1e9);
    }

    private static Wire.Req request(Person p, String kind) {
        String auth = Wire.basic(p.client().email, p.client().apiKey);
        String narrow = "[{\"operator\":\"channel\",\"operand\":" + p.channel() + "}]";
        return switch (kind) {
            case "presence" -> form("POST", "/api/v1/users/me/presence", auth, "status", "active");
            case "typing" -> form("POST", "/api/v1/typing", auth, "type", "stream", "op", "start", "stream_id", String.valueOf(p.channel()),
                    "topic", "load");
            case "narrow" -> new Wire.Req("GET", "/api/v1/messages?anchor=newest&num_before=50&num_after=0&narrow=" + Wire.enc(narrow),
                    auth, null, null, kind);
            case "read" -> form("POST", "/api/v1/messages/flags/narrow", auth, "anchor", "newest", "num_before", "50", "num_after", "0",
                    "narrow", narrow, "op", "add", "flag", "read");
            default -> throw new IllegalArgumentException(kind);
        };
    }

    static Wire.Req form(String method, String path, String auth, String... params) {
        List<String[]> pairs = new ArrayList<>();
        for (int i = 0; i < params.length; i += 2) pairs.add(new String[] {params[i], params[i + 1]});
        return new Wire.Req(method, path, auth, "application/x-www-form-urlencoded", Wire.form(pairs).getBytes(StandardCharsets.UTF_8), path);
    }

    private void send(Person p, int seq) {
        String content = "load " + p.client().userId + " " + seq;
        Wire.Answer a = call("send", form("POST", "/api/v1/messages", Wire.basic(p.client().email, p.client().apiKey), "type", "stream",
                "to", String.valueOf(p.channel()), "topic", "load", "content", content), Duration.ofSeconds(60));
        // as LoadSenders: a 4xx is a refusal; a 5xx or no answer is in doubt (the write may have committed)
        LoadSenders.Outcome o = a.status() == 200 && a.json() != null ? LoadSenders.Outcome.ACKED
                : a.status() > 0 && a.status() < 500 ? LoadSenders.Outcome.REFUSED : LoadSenders.Outcome.UNKNOWN;
        sent.put(content, new LoadSenders.Sent(content, p.channel(), o, o == LoadSenders.Outcome.ACKED ? a.json().get("id").asLong() : -1));
    }

    private Wire.Answer call(String kind, Wire.Req req, Duration timeout) {
        long start = System.nanoTime();
        Wire.Answer a;
        try {
            a = Wire.send(baseUrl, req, timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Wire.Answer(-1, "interrupted", null, 0, "");
        }
        calls.add(new Call(kind, start, System.nanoTime(), a.status(), a.status() >= 400 || a.status() < 0 ? Wire.excerpt(a.body()) : ""));
        return a;
    }

    private Wire.Answer register(Person p) {
        return call("register", form("POST", "/api/v1/register", Wire.basic(p.client().email, p.client().apiKey), "event_types",
                "[\"message\",\"typing\",\"update_message_flags\",\"presence\"]"), Duration.ofSeconds(60));
    }

    /** The person's long-poll, always open: follows its queue, registers again only when the server forgot it. */
    private void poll(Person p, String firstQueue, long firstLast) {
        String auth = Wire.basic(p.client().email, p.client().apiKey);
        String queue = firstQueue;
        long last = firstLast;
        while (running.get()) {
            if (queue == null) {
                Wire.Answer r = register(p);
                if (r.status() != 200 || r.json() == null) {
                    LoadSenders.sleep(1000); // the server is down: do not spin
                    continue;
                }
                queue = r.json().get("queue_id").asText();
                last = r.json().get("last_event_id").asLong();
                continue;
            }
            Wire.Answer a = call("poll", new Wire.Req("GET", "/api/v1/events?queue_id=" + Wire.enc(queue) + "&last_event_id=" + last,
                    auth, null, null, "poll"), Duration.ofSeconds(120));
            if (a.status() == 200 && a.json() != null) {
                last = follow(p, a.json(), last);
            } else if (a.status() == 400 && a.body().contains("BAD_EVENT_QUEUE_ID")) {
                queueLost.add(p.client().userId);
                queue = null;
            } else {
                LoadSenders.sleep(1000);
            }
        }
    }

    private long follow(Person p, JsonNode answer, long last) {
        for (JsonNode e : answer.get("events")) {
            long id = e.get("id").asLong();
            if (id <= last) queueProblems.add("user " + p.client().userId + ": event " + id + " after " + last);
            last = Math.max(last, id);
            events.incrementAndGet();
            if (e.path("type").asText().equals("message")) {
                if (!delivered.get(p.client().userId).add(e.at("/message/id").asLong())) {
                    queueProblems.add("user " + p.client().userId + ": message " + e.at("/message/id") + " delivered twice");
                }
            }
        }
        return last;
    }

    long acked() {
        return sent.values().stream().filter(s -> s.outcome() == LoadSenders.Outcome.ACKED).count();
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        for (Thread t : threads) t.join(180_000);
    }
}

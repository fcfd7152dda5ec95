package dev.stoa.reliability;

import dev.stoa.testing.ApiClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Concurrent senders against a server that may die under them: each sends numbered messages in
 * order and records what the server answered. ACKED: a success with the message id; REFUSED: an
 * error answer (the message must never exist); UNKNOWN: no answer (the connection died).
 */
final class LoadSenders implements AutoCloseable {
    enum Outcome { ACKED, REFUSED, UNKNOWN }

    record Sent(String content, long channel, Outcome outcome, long id) {}

    final Map<String, Sent> sent = new ConcurrentHashMap<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> threads;

    LoadSenders(String baseUrl, List<ApiClient> senders, List<Long> channels) {
        threads = senders.stream().map(c -> Thread.ofPlatform().daemon().start(() -> loop(baseUrl, c, channels))).toList();
    }

    private void loop(String baseUrl, ApiClient c, List<Long> channels) {
        String auth = Wire.basic(c.email, c.apiKey);
        for (int seq = 0; running.get(); seq++) {
            long channel = channels.get(seq % channels.size());
            String content = "load " + c.userId + " " + seq;
            String body = "type=stream&to=" + channel + "&topic=load&content=" + Wire.enc(content);
            Wire.Req req = new Wire.Req("POST", "/api/v1/messages", auth, "application/x-www-form-urlencoded",
                    body.getBytes(StandardCharsets.UTF_8), "load");
            Wire.Answer a;
            try {
                a = Wire.send(baseUrl, req);
            } catch (InterruptedException e) {
                return;
            }
            if (a.status() == 200 && a.json() != null) sent.put(content, new Sent(content, channel, Outcome.ACKED, a.json().get("id").asLong()));
            // A 4xx is a refusal. A 5xx is in doubt like no answer: when the database dies during COMMIT
            // the server cannot know whether the write landed (seen once with PostgreSQL crashed under load).
            else if (a.status() > 0 && a.status() < 500) sent.put(content, new Sent(content, channel, Outcome.REFUSED, -1));
            else {
                sent.put(content, new Sent(content, channel, Outcome.UNKNOWN, -1));
                sleep(20); // the server is down: do not spin
            }
        }
    }

    long count(Outcome o) {
        return sent.values().stream().filter(s -> s.outcome() == o).count();
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        for (Thread t : threads) t.join(120_000);
    }
}

package dev.stoa.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Suite 3, resource exhaustion: each attack runs (on its own threads, for its whole length) while a
 * user outside it sends messages, and that user's send latency is measured and printed (EXHAUST
 * lines). Pass: the attack gets refusals or slow service but never a 5xx, and every one of the
 * other user's sends succeeds (none near a hang; latencies are printed, not asserted).
 *
 * <p>CI sizes; full run: {@code ./stoa test -Dtest=ResourceExhaustionTest -Dstoa.exhaust.scale=5}.
 */
class ResourceExhaustionTest extends StoaTestBase {
    private static final int SCALE = Integer.getInteger("stoa.exhaust.scale", 1);
    /**
     * A send slower than this means the other user is no longer being served: 10 s, or on a machine so
     * loaded that its sends without the attack take over 200 ms, 50 times those (at load ~37 on two
     * cores the baseline was 426 ms and a 20 MB upload attack's slowest send 12 s: the machine, not a hang).
     */
    private static final long SERVED_MS = 10_000;
    private static final int SERVED_FACTOR = 50;
    private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());
    private final List<String> attackerErrors = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void closeSockets() {
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException ignored) {
                // already closed by the server
            }
        }
        sockets.clear();
        attackerErrors.clear();
    }

    interface Attack { void run(AtomicBoolean running) throws Exception; }

    /** Runs the attack on two threads while the witness (the moderator) sends; returns and prints the witness's latencies. */
    private void underAttack(String name, Attack attack) throws Exception {
        long quiet = witnessSends("quiet " + name, 5).get(2); // the median without the attack, this moment on this machine
        AtomicBoolean running = new AtomicBoolean(true);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            threads.add(Thread.ofPlatform().daemon().start(() -> {
                try {
                    attack.run(running);
                } catch (Exception e) {
                    attackerErrors.add(name + ": " + e);
                }
            }));
        }
        Thread.sleep(300); // the attack is under way
        List<Long> sorted = witnessSends(name, 15);
        running.set(false);
        for (Thread t : threads) t.join(120_000);
        System.out.printf("EXHAUST attack=\"%s\" witness_send_ms p50=%d max=%d (without the attack: p50=%d)%n", name,
                sorted.get(sorted.size() / 2), Reliability.last(sorted), quiet);
        // Latency is measured and printed, not asserted (it depends on the machine); that the other user is
        // still served is: every send succeeded above, and none waited anywhere near a hang.
        assertThat(Reliability.last(sorted)).as(name + ": the other user's slowest send (ms)").isLessThan(Math.max(SERVED_MS, SERVED_FACTOR * quiet));
        assertThat(attackerErrors).as("5xx or failures seen by the attacker").isEmpty();
    }

    /** The witness (the moderator) sends n direct messages to itself, each must succeed; their times in ms, sorted. */
    private List<Long> witnessSends(String label, int n) {
        List<Long> ms = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long t = System.nanoTime();
            moderator.post("/messages", "type", "direct", "to", List.of(moderator.userId), "content", label + " " + i).success();
            ms.add((System.nanoTime() - t) / 1_000_000);
        }
        return ms.stream().sorted().toList();
    }

    private Socket open() throws IOException {
        Socket s = new Socket("127.0.0.1", server.stoa.port());
        sockets.add(s);
        return s;
    }

    private static void write(Socket s, String text) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private void expectNo5xx(String what, ApiClient c, String method, String path, Object... kv) {
        long t = System.nanoTime();
        var r = c.call(method, path, ApiClient.params(kv), ApiClient.Encoding.FORM);
        long ms = (System.nanoTime() - t) / 1_000_000;
        if (ms > 1_000) System.out.println("EXHAUST slow attacker request: " + what + " " + ms + " ms -> " + r.status() + " " + Wire.excerpt(r.body()));
        if (r.status() >= 500) attackerErrors.add(what + ": " + r.status() + " " + r.body());
    }

    @Test
    void baseline() throws Exception {
        underAttack("none (baseline)", running -> { });
    }

    @Test
    void idleAndStalledConnections() throws Exception {
        int n = 250 * SCALE;
        underAttack("idle connections + bodies that stop midway (" + 2 * n + ")", running -> {
            for (int i = 0; i < n / 2; i++) open();
            for (int i = 0; i < n / 2; i++) {
                write(open(), "POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nAuthorization: " + Wire.basic(member.email, member.apiKey)
                        + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000000\r\n\r\ntype=stream&to=");
            }
            while (running.get()) Thread.sleep(20);
        });
    }

    @Test
    void parkedLongPollsFromOneUser() throws Exception {
        JsonNode q = member.post("/register", "event_types", List.of("message")).success();
        String request = "GET /api/v1/events?queue_id=" + q.get("queue_id").asText() + "&last_event_id=" + q.get("last_event_id").asLong()
                + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + Wire.basic(member.email, member.apiKey) + "\r\n\r\n";
        int n = 500 * SCALE;
        underAttack("parked long-polls from one user (" + 2 * n + ")", running -> {
            for (int i = 0; i < n; i++) write(open(), request);
            while (running.get()) Thread.sleep(20);
        });
    }

    @Test
    void manyQueuesForOneUser() throws Exception {
        int n = 150 * SCALE;
        underAttack("event queues registered by one user (" + 2 * n + ")", running -> {
            for (int i = 0; i < n && running.get(); i++) expectNo5xx("register", member, "POST", "/register", "event_types", List.of("message"));
        });
    }

    @Test
    void hugeMessagesAndUploads() throws Exception {
        String huge = "x".repeat(1_000_000);
        byte[] upload = new byte[20 * 1024 * 1024];
        underAttack("1 MB messages and 20 MB uploads", running -> {
            for (int i = 0; i < 5 * SCALE && running.get(); i++) {
                expectNo5xx("huge message", member, "POST", "/messages", "type", "direct", "to", List.of(member.userId), "content", huge);
                String boundary = "hugeb0undary";
                byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.bin\"\r\n\r\n").getBytes(StandardCharsets.UTF_8);
                byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
                byte[] body = new byte[head.length + upload.length + tail.length];
                System.arraycopy(head, 0, body, 0, head.length);
                System.arraycopy(tail, 0, body, head.length + upload.length, tail.length);
                var a = Wire.send(server.baseUrl, new Wire.Req("POST", "/api/v1/user_uploads", Wire.basic(member.email, member.apiKey),
                        "multipart/form-data; boundary=" + boundary, body, "upload"));
                if (a.status() >= 500 || a.status() < 0) attackerErrors.add("upload: " + a.status() + " " + a.body());
            }
        });
    }

    @Test
    void pathologicalMarkdown() throws Exception {
        List<String> contents = List.of("> ".repeat(4_000) + "x", "[".repeat(9_000), "*a ".repeat(3_300), "_".repeat(9_999),
                "|" + "a|".repeat(2_000) + "\n|" + "-|".repeat(2_000), "- ".repeat(4_000) + "x", "`".repeat(9_999),
                "**".repeat(4_999), "<".repeat(9_999), "![".repeat(4_000), "$$" + "{".repeat(4_000) + "$$", ":smile:".repeat(1_400),
                ":" + "x".repeat(9_990) + ":", "#**".repeat(3_000), "@**".repeat(3_000), "1. ".repeat(3_000) + "x");
        underAttack("pathological Markdown (" + contents.size() + " shapes, rendered and sent)", running -> {
            for (int round = 0; round < SCALE && running.get(); round++) {
                for (String c : contents) {
                    expectNo5xx("render", member, "POST", "/messages/render", "content", c);
                    expectNo5xx("send", member, "POST", "/messages", "type", "direct", "to", List.of(member.userId), "content", c);
                }
            }
        });
    }

    @Test
    void hostileLinkifiersAndEmojiNames() throws Exception {
        for (int i = 0; i < 20; i++) {
            admin.post("/realm/filters", "pattern", "(?P<id>(a|aa)+" + i + ")", "url_template", "https://example.com/" + "p".repeat(1_900) + "/{id}").status();
        }
        admin.post("/realm/filters", "pattern", "(?P<id>[a-z]+)", "url_template", "https://example.com/{id}").status();
        String text = "a".repeat(9_000) + " " + ":x:".repeat(300);
        underAttack("hostile linkifiers (21, matching everything) and emoji names", running -> {
            for (int i = 0; i < 3 * SCALE && running.get(); i++) {
                expectNo5xx("linkified send", member, "POST", "/messages", "type", "direct", "to", List.of(member.userId), "content", text);
                expectNo5xx("linkified topic", member, "POST", "/messages/render", "content", "aaaa ".repeat(1_900));
                expectNo5xx("huge template", admin, "POST", "/realm/filters", "pattern", "#big" + i + "(?P<id>[0-9]+)",
                        "url_template", "https://example.com/" + "q".repeat(200_000) + "/{id}");
            }
        });
    }

    @Test
    void directMessageToOneIdRepeated() throws Exception {
        List<Long> to = new ArrayList<>(Collections.nCopies(300_000, guest.userId));
        underAttack("direct messages to 300,000 copies of one id", running -> {
            for (int i = 0; i < 2 * SCALE && running.get(); i++) {
                expectNo5xx("dm copies", member, "POST", "/messages", "type", "direct", "to", to, "content", "copies");
            }
        });
    }

    @Test
    void longListsInOtherParameters() throws Exception {
        List<Long> many = new ArrayList<>();
        for (long i = 0; i < 100_000; i++) many.add(i % 7 == 0 ? member.userId : 1_000_000 + i);
        underAttack("100,000-element lists (flags, group members, subscription principals)", running -> {
            for (int i = 0; i < SCALE && running.get(); i++) {
                expectNo5xx("flags", member, "POST", "/messages/flags", "messages", many, "op", "add", "flag", "read");
                expectNo5xx("group members", member, "POST", "/user_groups/create", "name", "many" + i + Thread.currentThread().threadId(),
                        "description", "d", "members", many);
                expectNo5xx("principals", member, "POST", "/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "many")),
                        "principals", many);
            }
        });
    }
}

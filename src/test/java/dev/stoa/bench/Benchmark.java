package dev.stoa.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ServerProcess;
import dev.stoa.testing.TestServer;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Measures ARCHITECTURE.md's targets and prints the figures; it asserts nothing and is not part of
 * the test suite (`./stoa bench` runs it). Server and load generator share this machine, as the
 * targets assume. Sizes: -Dstoa.bench.users (realm size for register), -Dstoa.bench.messages
 * (history for the narrowed fetch), -Dstoa.bench.sends.
 */
class Benchmark {
    static final int USERS = Integer.getInteger("stoa.bench.users", 10_000);
    static final int MESSAGES = Integer.getInteger("stoa.bench.messages", 1_000_000);
    static final int SENDS = Integer.getInteger("stoa.bench.sends", 200);
    /** Of the big channel's USERS subscribers, how many have a long-poll parked. */
    static final int LISTENING = Integer.getInteger("stoa.bench.listening", 2_000);

    @Test
    @Timeout(value = 4, unit = TimeUnit.HOURS) // seeding and measuring a big realm; the suite's 120 s default does not fit
    void run() throws Exception {
        idleMemory();
        try (TestServer server = new TestServer(c -> c.withLimits(1_000_000_000, 1_000_000_000, 1_000_000_000).withHeartbeatMillis(900_000))) {
            List<ApiClient> hundred = new ArrayList<>();
            for (int i = 0; i < 100; i++) hundred.add(server.createUser("listener" + i + "@example.com", "Listener " + i, 400));
            long small = server.admin.post("/channels/create", "name", "hundred", "subscribers",
                    hundred.stream().map(u -> u.userId).toList()).success().get("id").asLong();
            sendAndDeliver(server, small, hundred, SENDS, "a 100-subscriber channel, all 100 long-polling",
                    "target: answered <= 15 ms p99, delivered to 100 <= 25 ms");
            long big = server.admin.post("/channels/create", "name", "everyone", "subscribers", List.of(server.admin.userId))
                    .success().get("id").asLong();
            List<ApiClient> crowd = seedCrowd(server, big);
            sendAndDeliver(server, big, crowd.subList(0, Math.min(LISTENING, crowd.size())), Math.max(10, SENDS / 10),
                    "a " + USERS + "-subscriber channel, " + Math.min(LISTENING, crowd.size()) + " long-polling",
                    "target: 2,000 of 10,000 reached <= 150 ms");
            register(server);
            narrowedFetch(server);
        }
    }

    /** The server as `./stoa run` starts it (its JVM flags read from the script), idle after start-up. */
    private static void idleMemory() throws Exception {
        Matcher m = Pattern.compile("exec \"\\$JAVA_HOME/bin/java\" (.*) -jar").matcher(Files.readString(Path.of("stoa")));
        List<String> flags = m.find() ? Arrays.asList(m.group(1).split(" ")) : List.of();
        try (ServerProcess p = new ServerProcess(null)) {
            p.start(flags);
            Thread.sleep(3000);
            long rss = p.rssKb();
            ApiClient owner = p.owner();
            for (int i = 0; i < 200; i++) owner.get("/users/me").success();
            System.out.printf("BENCH idle RSS after start: %d MB (target <= 120 MB); after 200 requests: %d MB; flags %s%n",
                    rss / 1024, p.rssKb() / 1024, flags);
        }
    }

    /**
     * Members up to USERS in all, subscribed to the channel, seeded straight into the tables
     * (creating them through the API costs two Argon2 hashes each, a second per ten users).
     */
    private static List<ApiClient> seedCrowd(TestServer server, long channel) {
        long t0 = System.nanoTime();
        int existing = server.admin.get("/users").success().get("members").size();
        server.stoa.db().write(tx -> {
            var h = tx.h();
            var users = h.prepareBatch("INSERT INTO users (delivery_email, full_name, role, api_key, date_joined) VALUES (?, ?, 400, ?, 1700000000)");
            for (int i = existing; i < USERS; i++) users.bind(0, "crowd" + i + "@example.com").bind(1, "Crowd Member " + i).bind(2, String.format("k%031d", i)).add();
            users.execute();
            for (String group : List.of("role:members", "role:fullmembers")) {
                h.execute("INSERT INTO group_members (group_id, user_id) SELECT g.id, u.id FROM user_groups g, users u "
                        + "WHERE g.name = ? AND u.delivery_email LIKE 'crowd%'", group);
            }
            h.execute("INSERT INTO subscriptions (user_id, channel_id, color) SELECT id, ?, '#76ce90' FROM users WHERE delivery_email LIKE 'crowd%'",
                    channel);
            return null;
        });
        List<ApiClient> crowd = server.stoa.db().read(h -> h.createQuery("SELECT id, delivery_email, api_key FROM users "
                + "WHERE delivery_email LIKE 'crowd%' ORDER BY id").map((rs, c) -> server.client(rs.getString(2), rs.getString(3), rs.getLong(1))).list());
        System.out.printf("BENCH seeded %d members subscribed to one channel in %.1f s%n", crowd.size(), (System.nanoTime() - t0) / 1e9);
        return crowd;
    }

    /** Sends to a channel while `listeners` each have a long-poll parked: the HTTP answer, and when the last poll has it. */
    private static void sendAndDeliver(TestServer server, long channel, List<ApiClient> listeners, int sends, String what,
                                       String target) throws Exception {
        int n = listeners.size();
        List<JsonNode> queues = new ArrayList<>();
        for (ApiClient u : listeners) queues.add(call(server, u, "POST", "/register", "event_types", "[\"message\"]", "fetch_event_types", "[]"));
        long[] lastIds = queues.stream().mapToLong(q -> q.get("last_event_id").asLong()).toArray();
        int warmup = Math.max(5, sends / 10);
        double[] send = new double[sends + warmup], deliver = new double[sends + warmup];
        try (ExecutorService exec = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int s = 0; s < sends + warmup; s++) {
                List<CompletableFuture<Long>> polls = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    ApiClient u = listeners.get(i);
                    String queue = queues.get(i).get("queue_id").asText(), last = String.valueOf(lastIds[i]);
                    polls.add(CompletableFuture.supplyAsync(() -> {
                        JsonNode events = call(server, u, "GET", "/events", "queue_id", queue, "last_event_id", last).get("events");
                        return events.get(events.size() - 1).get("id").asLong();
                    }, exec));
                }
                while (server.stoa.queues().parkedPolls() < n) Thread.sleep(1);
                long t0 = System.nanoTime();
                call(server, server.admin, "POST", "/messages", "type", "stream", "to", String.valueOf(channel), "topic", "bench", "content", "m" + s);
                send[s] = (System.nanoTime() - t0) / 1e6;
                for (int i = 0; i < n; i++) lastIds[i] = polls.get(i).get(60, TimeUnit.SECONDS);
                deliver[s] = (System.nanoTime() - t0) / 1e6;
            }
        }
        send = Arrays.copyOfRange(send, warmup, send.length);
        deliver = Arrays.copyOfRange(deliver, warmup, deliver.length);
        System.out.printf("BENCH send to %s, %d sends after %d warm-up: answered p50 %.1f ms p99 %.1f ms; "
                + "all %d polls have it p50 %.1f ms p99 %.1f ms (%s)%n", what, sends, warmup, pct(send, 50), pct(send, 99), n,
                pct(deliver, 50), pct(deliver, 99), target);
    }

    /** POST /register (every event type) for a member of a realm of USERS users. */
    private static void register(TestServer server) {
        double[] took = new double[30];
        for (int i = 0; i < took.length; i++) {
            long s = System.nanoTime();
            String r = callRaw(server, server.member, "POST", "/register");
            took[i] = (System.nanoTime() - s) / 1e6;
            Matcher queue = Pattern.compile("\"queue_id\":\"([^\"]+)\"").matcher(r);
            if (!queue.find()) throw new IllegalStateException("no queue_id in register's answer");
            call(server, server.member, "DELETE", "/events", "queue_id", queue.group(1));
        }
        System.out.printf("BENCH register in a %d-user realm: p50 %.0f ms, p99 %.0f ms (target <= 150 ms)%n", USERS, pct(took, 50), pct(took, 99));
    }

    /** A channel+topic narrow's newest 50 messages over MESSAGES messages, seeded straight into the tables. */
    private static void narrowedFetch(TestServer server) throws Exception {
        long channel = server.admin.post("/channels/create", "name", "history", "subscribers", List.of(server.member.userId))
                .success().get("id").asLong();
        server.member.post("/messages", "type", "stream", "to", String.valueOf(channel), "topic", "t0", "content", "first").success();
        long t0 = System.nanoTime();
        server.stoa.db().write(tx -> {
            var h = tx.h();
            long recipient = h.createQuery("SELECT id FROM recipients WHERE channel_id = ?").bind(0, channel).mapTo(Long.class).one();
            long first = h.createQuery("SELECT MAX(id) FROM messages").mapTo(Long.class).one() + 1;
            var messages = h.prepareBatch("INSERT INTO messages (id, sender_id, recipient_id, channel_id, topic, content, rendered_content, "
                    + "date_sent) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
            var rows = h.prepareBatch("INSERT INTO user_message (user_id, message_id, flags) VALUES (?, ?, 1)");
            for (int i = 0; i < MESSAGES; i++) {
                long id = first + i;
                messages.bind(0, id).bind(1, server.admin.userId).bind(2, recipient).bind(3, channel).bind(4, "t" + (i % 100))
                        .bind(5, "message " + i).bind(6, "<p>message " + i + "</p>").bind(7, 1_700_000_000L + i).add();
                rows.bind(0, server.member.userId).bind(1, id).add();
                if (i % 5000 == 4999 || i == MESSAGES - 1) {
                    messages.execute();
                    rows.execute();
                }
            }
            if (h.getConnection().getMetaData().getDatabaseProductName().startsWith("PostgreSQL")) {
                h.execute("SELECT setval(pg_get_serial_sequence('messages', 'id'), (SELECT MAX(id) FROM messages))");
                h.execute("ANALYZE");
            }
            return null;
        });
        System.out.printf("BENCH seeded %d messages in %.0f s%n", MESSAGES, (System.nanoTime() - t0) / 1e9);
        String narrow = "[{\"operator\":\"channel\",\"operand\":" + channel + "},{\"operator\":\"topic\",\"operand\":\"t7\"}]";
        double[] took = new double[50];
        for (int i = 0; i < took.length; i++) {
            long s = System.nanoTime();
            JsonNode r = call(server, server.member, "GET", "/messages", "anchor", "newest", "num_before", "50", "num_after", "0", "narrow", narrow);
            took[i] = (System.nanoTime() - s) / 1e6;
            if (r.get("messages").size() != 50) throw new IllegalStateException("expected 50 messages, got " + r.get("messages").size());
        }
        System.out.printf("BENCH narrowed fetch (channel + topic, newest 50) over %d messages: p50 %.1f ms, p99 %.1f ms (target <= 15 ms)%n",
                MESSAGES, pct(took, 50), pct(took, 99));
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().executor(Executors.newVirtualThreadPerTaskExecutor()).build();

    /**
     * A request without the test client's contract validation, which would cost the load
     * generator more CPU than the server spends (key-value pairs as query string or form body).
     */
    private static JsonNode call(TestServer server, ApiClient as, String method, String path, String... kv) {
        try {
            return dev.stoa.http.Json.MAPPER.readTree(callRaw(server, as, method, path, kv));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(method + " " + path, e);
        }
    }

    /** The body as text: a client that only needs one field of a big answer (register) need not parse it all here. */
    private static String callRaw(TestServer server, ApiClient as, String method, String path, String... kv) {
        StringBuilder form = new StringBuilder();
        for (int i = 0; i < kv.length; i += 2) {
            if (!form.isEmpty()) form.append('&');
            form.append(URLEncoder.encode(kv[i], StandardCharsets.UTF_8)).append('=').append(URLEncoder.encode(kv[i + 1], StandardCharsets.UTF_8));
        }
        boolean query = method.equals("GET") || method.equals("DELETE");
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.baseUrl + "/api/v1" + path + (query ? "?" + form : "")))
                .timeout(Duration.ofMinutes(5)).header("Authorization", ApiClient.basic(as.email, as.apiKey));
        if (query) b.method(method, HttpRequest.BodyPublishers.noBody());
        else b.header("Content-Type", "application/x-www-form-urlencoded").method(method, HttpRequest.BodyPublishers.ofString(form.toString()));
        try {
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) throw new IllegalStateException(method + " " + path + ": " + r.body());
            return r.body();
        } catch (java.io.IOException | InterruptedException e) {
            throw new IllegalStateException(method + " " + path, e);
        }
    }

    private static double pct(double[] values, int p) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v[Math.min(v.length - 1, (int) Math.ceil(p / 100.0 * v.length) - 1)];
    }
}

package dev.stoa.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

/** The scenarios but mix (Mix), each measured against the running server and added to the results. */
final class Scenarios {
    private final BenchHttp http;
    private final Realm realm;
    private final Sizes sizes;
    private final Results results;
    private final BenchServer server;

    Scenarios(BenchHttp http, Realm realm, Sizes sizes, Results results, BenchServer server) {
        this.server = server;
        this.http = http;
        this.realm = realm;
        this.sizes = sizes;
        this.results = results;
    }

    /** The HTTP ceiling (an unauthenticated trivial request), then the same with authentication. */
    void hello() throws InterruptedException {
        Load.closedLoop(32, sizes.seconds(), () -> http.call("GET", "/server_settings", null)); // warm-up: JIT and connections
        Load.Stats open = Load.closedLoop(32, sizes.seconds(), () -> http.call("GET", "/server_settings", null));
        results.setHello(open.throughput());
        results.add("hello", "GET /server_settings, 32 callers (the ceiling)", open, "");
        Load.closedLoop(32, sizes.seconds(), () -> http.call("GET", "/users/me", realm.owner));
        results.add("hello", "GET /users/me (authenticated), 32 callers", Load.closedLoop(32, sizes.seconds(),
                () -> http.call("GET", "/users/me", realm.owner)), "close to the ceiling");
    }

    /** History narrows over the seeded messages, 20 requests a second on schedule. */
    void history() throws IOException {
        long cpu0 = server.cpuMs();
        Load.Stats topic = narrow(this::channelTopic);
        results.add("history", "channel+topic narrow, 100 before newest, " + realm.seeded + " msgs", topic, "p99 <= 15 ms");
        // the server's CPU per fetch: a figure other load on the machine hardly moves
        results.note("history", "server CPU per channel+topic fetch", String.format("%.2f ms", (server.cpuMs() - cpu0) / (double) Math.max(1, topic.count())));
        results.add("history", "search narrow, 100 before newest", narrow(i -> "[{\"operator\":\"search\",\"operand\":\"word" + (i % 1000) + "\"}]"),
                "p99 <= 100 ms");
        results.add("history", "is:unread narrow", narrow(i -> "[{\"operator\":\"is\",\"operand\":\"unread\"}]"), "p99 <= 15 ms");
        results.add("history", "is:starred narrow", narrow(i -> "[{\"operator\":\"is\",\"operand\":\"starred\"}]"), "p99 <= 15 ms");
        long peer = realm.crowd.get(1).id();
        results.add("history", "dm narrow", narrow(i -> "[{\"operator\":\"dm\",\"operand\":[" + peer + "]}]"), "p99 <= 15 ms");
    }

    /** One channel+topic narrow series (scale: the same narrow as the history grows). */
    void historyAt(long messages) {
        results.add("scale", "channel+topic narrow at " + messages + " msgs", narrow(this::channelTopic), "flat");
    }

    private String channelTopic(long i) {
        long channel = realm.history.get((int) (i % realm.history.size()));
        return "[{\"operator\":\"channel\",\"operand\":" + channel + "},{\"operator\":\"topic\",\"operand\":\"topic " + (i % 10) + "\"}]";
    }

    private Load.Stats narrow(LongFunction<String> narrowFor) {
        return Load.openLoop(20, sizes.seconds(), i -> http.async("GET", "/messages", realm.owner, "anchor", "newest", "num_before", "100",
                "num_after", "0", "narrow", narrowFor.apply(i)));
    }

    /** Direct messages between the owner and one person, for the dm narrow. */
    void sendDms() {
        for (int i = 0; i < sizes.dms(); i++) {
            http.call("POST", "/messages", realm.owner, "type", "direct", "to", "[" + realm.crowd.get(1).id() + "]", "content", "dm " + i);
        }
    }

    /** POST /register (every event type) for a person in registerChannels channels of the whole realm. */
    void register() throws IOException {
        BenchHttp.Cred person = realm.crowd.get(0);
        long cpu0 = server.cpuMs();
        // STOA_BENCH_REGISTER_SECONDS lengthens the series (more samples when profiling)
        String secs = System.getenv("STOA_BENCH_REGISTER_SECONDS");
        double seconds = secs == null || secs.isBlank() ? Math.max(3, sizes.seconds()) : Double.parseDouble(secs.strip());
        Load.Stats s = Load.openLoop(2, seconds, i -> http.async("POST", "/register", person).thenApply(a -> {
            String q = a.json().get("queue_id").asText();
            http.async("DELETE", "/events", person, "queue_id", q);
            return a;
        }));
        // the server's CPU per register (the DELETEs included, a small part): a figure other load on the machine hardly moves
        results.note("register", "server CPU per register", (server.cpuMs() - cpu0) / Math.max(1, s.count()) + " ms");
        results.add("register", "a person in " + sizes.registerChannels() + " channels, " + sizes.users() + " people, "
                + (sizes.channels() + realm.teams.size()) + " channels", s, "p99 <= 150 ms");
        registerCompressed(person);
    }

    /** Register's bytes on the wire and the server's CPU per register, plain and with Accept-Encoding: gzip (20 each, one at a time). */
    private void registerCompressed(BenchHttp.Cred person) throws IOException {
        StringBuilder out = new StringBuilder();
        for (boolean gzip : new boolean[] {false, true}) {
            long cpu0 = server.cpuMs(), bytes = 0;
            int n = 20;
            try {
                for (int i = 0; i < n; i++) {
                    BenchHttp.Sized a = http.sized("POST", "/register", person, gzip);
                    bytes += a.wireBytes();
                    http.call("DELETE", "/events", person, "queue_id", a.json().get("queue_id").asText());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            out.append(String.format("%s%s %.0f KB, %.1f ms CPU", gzip ? "; " : "", gzip ? "gzip" : "plain", bytes / 1024.0 / n,
                    (server.cpuMs() - cpu0) / (double) n));
        }
        results.note("register", "bytes on the wire and server CPU per register (its DELETE included)", out.toString());
    }

    /**
     * Sends on schedule into a channel whose subscribers all long-poll; then the highest rate held within the health bar.
     * STOA_BENCH_SEND_RATE replaces the first rate (an intermediate load to profile at, or the search's start);
     * STOA_BENCH_SEND_LISTENERS the number of long-polling subscribers (0: the send alone, without its fan-out).
     */
    void send() throws Exception {
        String given = System.getenv("STOA_BENCH_SEND_RATE"), polling = System.getenv("STOA_BENCH_SEND_LISTENERS");
        double first = given == null || given.isBlank() ? sizes.sendRate() : Double.parseDouble(given.strip());
        int listening = polling == null || polling.isBlank() ? sizes.sendListeners() : Integer.parseInt(polling.strip());
        try (Listeners listeners = new Listeners(http, realm.crowd.subList(0, listening)).poll()) {
            sendAt(listeners, first, "at-" + first, true);
            double rate = first, held = 0;
            for (int step = 0; step < sizes.rateSteps(); step++, rate *= 1.5) {
                Load.Stats answered = sendAt(listeners, rate, "step" + step, false);
                if (!answered.healthy() || answered.throughput() < 0.95 * rate) break;
                held = rate;
            }
            results.note("send", "highest rate held within the health bar (msgs/s)", String.format("%.0f (%.2f of hello; target >= 0.25)",
                    held, results.hello() > 0 ? held / results.hello() : 0));
        }
    }

    private Load.Stats sendAt(Listeners listeners, double rate, String tag, boolean report) throws InterruptedException, IOException {
        Sent sent = sendInto(listeners, realm.sendChannel, rate, sizes.seconds(), tag);
        if (report) {
            results.add("send", String.format("answered at %.0f msgs/s, %d subscribers long-polling", rate, listeners.polling()), sent.answered(),
                    "p99 <= 15 ms");
            results.add("send", "sent to the last of " + listeners.polling() + " receivers", sent.delivered(), "p99 <= 25 ms");
            results.note("send", String.format("at %.0f msgs/s: long-poll turnovers per message, server CPU per message / per turnover", rate),
                    sent.costs());
        } else {
            System.out.printf("BENCH send at %.0f msgs/s: %d answered, %d refused; %s%n", rate, sent.answered().count(), sent.answered().errors(),
                    sent.costs());
        }
        return sent.answered();
    }

    /**
     * A series of sends: when each was answered, and when the last listener had it; the server's CPU
     * and the listeners' turnovers (answered polls) from its first send until the last delivery.
     */
    record Sent(Load.Stats answered, Load.Stats delivered, long cpuMs, long turnovers) {
        String costs() {
            long n = Math.max(1, answered.count());
            return String.format("%.1f turnovers, %.2f ms CPU / %.1f µs", turnovers / (double) n, cpuMs / (double) n,
                    1000.0 * cpuMs / Math.max(1, turnovers));
        }
    }

    private Sent sendInto(Listeners listeners, long channel, double rate, double seconds, String tag) throws InterruptedException, IOException {
        ConcurrentHashMap<Long, Long> sentAt = new ConcurrentHashMap<>();
        long cpu0 = server.cpuMs(), turnovers0 = listeners.answers.get();
        Load.Stats answered = Load.openLoop(rate, seconds, i -> {
            sentAt.put(i, System.nanoTime());
            return http.async("POST", "/messages", realm.owner, "type", "stream", "to", String.valueOf(channel), "topic", "bench",
                    "content", tag + "-" + i);
        });
        Load.Stats delivered = new Load.Stats();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (var e : listeners.polling() == 0 ? Set.<Map.Entry<Long, Long>>of() : sentAt.entrySet()) {
            long last = listeners.awaitAll(tag + "-" + e.getKey(), Math.max(0, (deadline - System.nanoTime()) / 1_000_000));
            if (last < 0) delivered.error();
            else delivered.record(e.getValue(), last);
        }
        return new Sent(answered, delivered, server.cpuMs() - cpu0, listeners.answers.get() - turnovers0);
    }

    /**
     * Steady-state latency as issue 31 measured it from outside: the owner sends into a channel of
     * latencyPeople at 20 messages/s while each of them holds two long-polls (two clients), after
     * warm-up sends; answered, and sent → delivered to the last queue. The server's CPU per message
     * (its send and all its deliveries) is noted beside: other load on the machine hardly moves it.
     */
    void latency() throws Exception {
        List<BenchHttp.Cred> people = realm.crowd.subList(0, Math.min(sizes.latencyPeople(), realm.crowd.size()));
        List<BenchHttp.Cred> clients = new ArrayList<>(people);
        clients.addAll(people);
        double rate = 20;
        try (Listeners listeners = new Listeners(http, clients).poll()) {
            sendInto(listeners, realm.latencyChannel, rate, sizes.latencyWarmup() / rate, "latency-warm");
            Sent sent = sendInto(listeners, realm.latencyChannel, rate, sizes.latencyMeasured() / rate, "latency");
            String what = String.format("at %.0f msgs/s, channel of %d, %d long-polls", rate, people.size() + 1, listeners.polling());
            results.add("latency", "send answered " + what, sent.answered(), "p99 <= 15 ms");
            results.add("latency", "sent to the last of " + listeners.polling() + " long-polls", sent.delivered(), "p99 <= 25 ms");
            results.note("latency", "long-poll turnovers per message, server CPU per message (send + " + listeners.polling()
                    + " deliveries) / per turnover", sent.costs());
        }
    }

    /** One message at a time to the channel everyone is in, while fanoutListeners of them long-poll: until the last has it. */
    void fanout() throws Exception {
        try (Listeners listeners = new Listeners(http, realm.crowd.subList(0, sizes.fanoutListeners())).poll()) {
            Load.Stats answered = new Load.Stats(), last = new Load.Stats();
            for (int i = -2; i < sizes.fanoutMessages(); i++) { // two warm-up messages
                String content = "fanout-" + i;
                long t0 = System.nanoTime();
                http.call("POST", "/messages", realm.owner, "type", "stream", "to", String.valueOf(realm.everyone), "topic", "fanout", "content", content);
                long answeredAt = System.nanoTime(), reached = listeners.awaitAll(content, 60_000);
                if (i < 0) continue;
                answered.record(t0, answeredAt);
                if (reached < 0) last.error();
                else last.record(t0, reached);
            }
            results.add("fanout", "answered, channel of " + sizes.users() + ", " + sizes.fanoutListeners() + " long-polling", answered, "");
            results.add("fanout", "sent to the last of " + sizes.fanoutListeners() + " long-polls", last, "p99 <= 150 ms");
        }
    }

    /**
     * Send latency as the channel's subscribers grow, none of them listening: the cost of receivers who are not
     * there; `idle` says what share of them is soft-deactivated (Session marks them), as a label.
     */
    void scaleSends(String idle) {
        long first = realm.scale.values().iterator().next();
        Load.openLoop(20, sizes.seconds(), i -> http.async("POST", "/messages", realm.owner, "type", "stream", "to", // warm-up, not counted
                String.valueOf(first), "topic", "scale warm-up", "content", "warm " + i));
        for (var e : realm.scale.entrySet()) {
            Load.Stats s = Load.openLoop(20, sizes.seconds(), i -> http.async("POST", "/messages", realm.owner, "type", "stream", "to",
                    String.valueOf(e.getValue()), "topic", "scale", "content", "scale " + i));
            results.add("scale", "send answered, " + e.getKey() + " subscribers" + idle + ", none listening", s,
                    idle.isEmpty() ? "" : "flat from 100 to 10,000");
        }
    }

    /** Resident memory with memoryQueues registered queues, memoryPolls of them holding a long-poll. */
    void memory(BenchServer server) throws Exception {
        List<BenchHttp.Cred> people = new ArrayList<>(realm.crowd.subList(0, Math.min(sizes.memoryQueues(), realm.crowd.size())));
        try (Listeners listeners = new Listeners(http, people).poll(sizes.memoryPolls())) {
            Thread.sleep(3000);
            results.note("memory", "RSS with " + people.size() + " queues, " + sizes.memoryPolls() + " long-polls", server.rssMb()
                    + " MB (target <= 500 MB)");
        }
    }

}

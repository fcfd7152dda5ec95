package dev.stoa.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ServerProcess;
import dev.stoa.testing.VerifyAction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The soak: the realistic mix ({@link SoakLoad}) against a separate server process on its own
 * PostgreSQL for {@code stoa.soak.minutes}, the server killed (SIGKILL) and restarted every
 * {@code stoa.soak.kill_minutes} (seeded jitter), PostgreSQL restarted once (fast shutdown, as
 * {@code pg_ctlcluster restart} does) and crashed once (immediate shutdown); then a calm last third
 * without kills, in which the server's live heap (after a full GC) is sampled to see it flat.
 * Afterwards: nothing acknowledged lost, duplicated or out of order, no refused message stored
 * ({@link DurabilityCheck}); a queue registered before the load delivered every stored message once;
 * every person's queue delivered every message of their channel with increasing ids; no server error
 * or unanswered request outside the outages; the server answered again within 10 minutes of each.
 *
 * <p>Not part of the suite (the name does not end in Test). Run: {@code STOA_TEST_SETUP=0 nice -n 15 ./stoa test
 * -Dtest=SoakRun -Dstoa.soak.minutes=60 -Djunit.jupiter.execution.timeout.mode=disabled -Dstoa.test.forkTimeout=0
 * -Dstoa.web.skip=true}; replay with {@code -Dstoa.soak.seed=N}.
 */
class SoakRun {
    private static final List<String> JVM_FLAGS = List.of("-XX:+UseSerialGC", "-Xss512k", "-XX:TieredStopAtLevel=1", "-Xms16m", "-Xmx512m");

    /** A disruption: when it struck and when the server answered a write again (System.nanoTime). */
    record Outage(String what, long start, long recovered) {
        boolean covers(SoakLoad.Call c) {
            return c.end() >= start && c.start() <= recovered + 10_000_000_000L; // requests in flight across it, and 10 s after
        }
    }

    @Test
    void soak() throws Exception {
        int minutes = Integer.getInteger("stoa.soak.minutes", 6);
        double killMinutes = Double.parseDouble(System.getProperty("stoa.soak.kill_minutes", "5"));
        int peopleCount = Integer.getInteger("stoa.soak.people", 24);
        double speed = Double.parseDouble(System.getProperty("stoa.soak.speed", "10"));
        long seed = Reliability.seed("stoa.soak.seed");
        System.out.println("SOAK seed=" + seed + " minutes=" + minutes + " kill every ~" + killMinutes + " min, " + peopleCount
                + " people at " + speed + "x (replay: -Dstoa.soak.seed=" + seed + ")");
        try (PrivatePostgres pg = PrivatePostgres.start(); ServerProcess p = new ServerProcess(pg.url())) {
            p.start(JVM_FLAGS);
            ApiClient rc = p.owner();
            ApiClient owner = new ApiClient(p.baseUrl(), rc.email, rc.apiKey, rc.get("/users/me").success().get("user_id").asLong());
            ApiClient reader = user(p, owner, "reader");
            List<SoakLoad.Person> people = crowd(p, owner, reader, peopleCount);
            List<Long> channels = people.stream().map(SoakLoad.Person::channel).distinct().toList();
            JsonNode queue = reader.post("/register", "event_types", List.of("message"), "idle_queue_timeout", 7200).success();
            long t0 = System.nanoTime();
            List<Outage> outages = new ArrayList<>();
            Map<Double, Long> liveHeapKb = new TreeMap<>();
            SoakLoad load = new SoakLoad(p.baseUrl(), people, speed, seed);
            try (load) {
                timeline(p, pg, owner, load, new Random(seed), minutes, killMinutes, t0, outages, liveHeapKb);
            }
            DurabilityCheck check = new DurabilityCheck(Map.copyOf(load.sent), channels, people.stream().map(SoakLoad.Person::client).toList(), reader);
            check.messages();
            check.queue(VerifyAction.drain(reader, queue.get("queue_id").asText(), queue.get("last_event_id").asLong()));
            List<String> undelivered = undelivered(load, people, reader);
            String report = report(load, outages, liveHeapKb, undelivered, (System.nanoTime() - t0) / 60e9);
            p.stop();
            check.integrity(p);
            System.out.println("SOAK " + check.summary() + "\n" + report);
            verdict(load, outages, liveHeapKb, undelivered);
        }
    }

    /** Kills through the first two thirds (one PostgreSQL restart and one crash among them), then calm; prints progress each minute. */
    private static void timeline(ServerProcess p, PrivatePostgres pg, ApiClient owner, SoakLoad load, Random random, int minutes,
                                 double killMinutes, long t0, List<Outage> outages, Map<Double, Long> liveHeapKb) throws Exception {
        double calmFrom = minutes * 2 / 3.0;
        double nextKill = killMinutes * (0.6 + 0.8 * random.nextDouble());
        double pgRestart = calmFrom * 0.4, pgCrash = calmFrom * 0.8;
        double nextPrint = 1, nextHeap = calmFrom + 0.5;
        for (double now = 0; now < minutes; now = (System.nanoTime() - t0) / 60e9) {
            if (now >= nextPrint) {
                System.out.printf("SOAK %.0f min: acked=%d calls=%d events=%d rss=%d MiB outages=%d%n", now, load.acked(), load.calls.size(),
                        load.events.get(), p.rssKb() / 1024, outages.size());
                nextPrint += 1;
            }
            if (pgRestart >= 0 && now >= pgRestart) {
                outages.add(strike("PostgreSQL restart (fast shutdown, 3 s down)", p, owner, () -> {
                    pg.stop();
                    LoadSenders.sleep(3000); // the outage's length
                    pg.startAgain();
                }));
                pgRestart = -1;
            } else if (pgCrash >= 0 && now >= pgCrash) {
                outages.add(strike("PostgreSQL crash (immediate shutdown) and start", p, owner, pg::crashAndRestart));
                pgCrash = -1;
            } else if (now >= nextKill && now < calmFrom) {
                outages.add(strike("server SIGKILL and start", p, owner, () -> {
                    p.kill();
                    p.start(JVM_FLAGS);
                }));
                nextKill = now + killMinutes * (0.6 + 0.8 * random.nextDouble());
            } else if (now >= nextHeap) {
                liveHeapKb.put(Math.round(now * 10) / 10.0, liveHeapKb(p.pid()));
                nextHeap += Math.max(1, minutes / 30.0);
            }
            LoadSenders.sleep(1000); // the timeline's tick
        }
        liveHeapKb.put(Math.round((System.nanoTime() - t0) / 6e9) / 10.0, liveHeapKb(p.pid()));
    }

    interface Disaster { void strike() throws Exception; }

    /**
     * The disaster, then the time until the owner can write again (a failed attempt retried each second).
     * 10 minutes at most: at load ~50 on two cores a restarted server did not take a write within 2.
     */
    private static Outage strike(String what, ServerProcess p, ApiClient owner, Disaster d) throws Exception {
        long start = System.nanoTime();
        d.strike();
        long deadline = start + TimeUnit.MINUTES.toNanos(10);
        while (System.nanoTime() < deadline) {
            try {
                if (owner.post("/users/me/presence", "status", "active").status() == 200) {
                    Outage o = new Outage(what, start, System.nanoTime());
                    System.out.printf("SOAK %s: answering again after %d ms%n", what, (o.recovered() - start) / 1_000_000);
                    return o;
                }
            } catch (RuntimeException | AssertionError e) {
                // no answer yet (the client's contract check fails on an error page too)
            }
            LoadSenders.sleep(1000);
        }
        String out = p.output();
        throw new AssertionError(what + ": the server did not answer a write within 10 minutes; its output ends:\n"
                + out.substring(Math.max(0, out.length() - 4000)));
    }

    /** The server's heap in use right after a full collection (jcmd), in KiB: what it holds on to. */
    static long liveHeapKb(long pid) throws Exception {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        run(List.of(jcmd, String.valueOf(pid), "GC.run"));
        long used = 0;
        Matcher m = Pattern.compile("used (\\d+)K").matcher(run(List.of(jcmd, String.valueOf(pid), "GC.heap_info")));
        // Serial GC: "DefNew ... used NK" and "Tenured ... used NK" (the spaces inside them say "N% used")
        while (m.find()) used += Long.parseLong(m.group(1));
        return used;
    }

    private static String run(List<String> cmd) throws Exception {
        Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(proc.getInputStream().readAllBytes());
        proc.waitFor(60, TimeUnit.SECONDS);
        return out;
    }

    private static List<SoakLoad.Person> crowd(ServerProcess p, ApiClient owner, ApiClient reader, int n) {
        List<ApiClient> clients = new ArrayList<>();
        for (int i = 0; i < n; i++) clients.add(user(p, owner, "person" + i));
        int teams = Math.max(2, n / 6);
        List<SoakLoad.Person> out = new ArrayList<>();
        for (int t = 0; t < teams; t++) {
            List<Long> members = new ArrayList<>(List.of(reader.userId));
            for (int i = t; i < n; i += teams) members.add(clients.get(i).userId);
            long channel = Fixture.createChannel(owner, "team " + t, false, true, members);
            for (int i = t; i < n; i += teams) out.add(new SoakLoad.Person(clients.get(i), channel));
        }
        return out;
    }

    private static ApiClient user(ServerProcess p, ApiClient owner, String name) {
        String email = name + "@example.com";
        long id = owner.post("/users", "email", email, "password", "pw-" + name + "-secret", "full_name", name).success().get("user_id").asLong();
        String key = owner.anonymous().post("/fetch_api_key", "username", email, "password", "pw-" + name + "-secret").success().get("api_key").asText();
        return new ApiClient(p.baseUrl(), email, key, id);
    }

    /** Server errors and unanswered requests outside the outages, by kind (first few shown). */
    private static List<SoakLoad.Call> failuresOutside(SoakLoad load, List<Outage> outages) {
        return load.calls.stream().filter(c -> c.status() < 0 || c.status() >= 500)
                .filter(c -> outages.stream().noneMatch(o -> o.covers(c))).toList();
    }

    /** Per person whose queue was never lost: stored messages of their channel the queue did not deliver. */
    private static List<String> undelivered(SoakLoad load, List<SoakLoad.Person> people, ApiClient reader) {
        Map<Long, Set<Long>> stored = new TreeMap<>();
        List<String> out = new ArrayList<>();
        for (SoakLoad.Person person : people) {
            if (load.queueLost.contains(person.client().userId)) continue;
            Set<Long> ids = stored.computeIfAbsent(person.channel(), ch -> {
                Set<Long> s = new HashSet<>();
                DurabilityCheck.fetchAll(reader, ch).forEach(m -> s.add(m.get("id").asLong()));
                return s;
            });
            Set<Long> missing = new HashSet<>(ids);
            missing.removeAll(load.delivered.get(person.client().userId));
            if (!missing.isEmpty()) out.add("user " + person.client().userId + " missed " + missing.size() + ": " + missing.stream().limit(10).toList());
        }
        return out;
    }

    private static String report(SoakLoad load, List<Outage> outages, Map<Double, Long> liveHeapKb, List<String> undelivered, double minutes) {
        Map<String, int[]> byKind = new TreeMap<>(); // ok, 4xx, 5xx, no answer
        for (SoakLoad.Call c : load.calls) {
            int[] n = byKind.computeIfAbsent(c.kind(), k -> new int[4]);
            n[c.status() < 0 ? 3 : c.status() >= 500 ? 2 : c.status() >= 400 ? 1 : 0]++;
        }
        StringBuilder out = new StringBuilder(String.format("SOAK %.1f minutes, %d requests, %d events delivered%n", minutes, load.calls.size(), load.events.get()));
        byKind.forEach((k, n) -> out.append(String.format("  %-9s ok=%d 4xx=%d 5xx=%d unanswered=%d%n", k, n[0], n[1], n[2], n[3])));
        for (Outage o : outages) out.append(String.format("  outage: %s, answering again after %d ms%n", o.what(), (o.recovered() - o.start()) / 1_000_000));
        List<SoakLoad.Call> outside = failuresOutside(load, outages);
        out.append("  5xx or unanswered outside the outages: ").append(outside.size()).append(' ')
                .append(outside.stream().limit(5).map(c -> c.kind() + " " + c.status() + " " + c.body()).toList()).append('\n');
        out.append("  4xx: ").append(load.calls.stream().filter(c -> c.status() >= 400 && c.status() < 500).limit(5)
                .map(c -> c.kind() + " " + c.status() + " " + c.body()).toList()).append('\n');
        out.append("  queues lost: ").append(load.queueLost.size()).append(", queue problems: ").append(load.queueProblems.size())
                .append(", people's queues missing messages: ").append(undelivered).append('\n');
        out.append("  live heap after full GC (minute -> MiB), calm phase: ");
        liveHeapKb.forEach((m, kb) -> out.append(String.format("%.1f->%.1f ", m, kb / 1024.0)));
        return out.toString();
    }

    private static void verdict(SoakLoad load, List<Outage> outages, Map<Double, Long> liveHeapKb, List<String> undelivered) {
        assertThat(failuresOutside(load, outages)).as("server errors or unanswered requests outside the outages").isEmpty();
        assertThat(load.queueProblems).as("events out of order or delivered twice").isEmpty();
        assertThat(undelivered).as("messages a person's queue never delivered").isEmpty();
        List<Long> heap = List.copyOf(liveHeapKb.values());
        // flat: the calm phase's last sample no larger than its first by more than a quarter (caches warm up, then hold)
        assertThat(heap.getLast()).as("live heap, calm phase (KiB): " + heap).isLessThanOrEqualTo(heap.getFirst() * 5 / 4 + 8 * 1024);
    }
}

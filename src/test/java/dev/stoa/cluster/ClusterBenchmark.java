package dev.stoa.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.cluster.ClusterTraffic.Call;
import dev.stoa.cluster.ClusterTraffic.Receiver;
import dev.stoa.cluster.ClusterTraffic.Sender;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ServerProcess;
import dev.stoa.testing.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Measurements of the reference deployment (issue 17), printed as "BENCH" lines, asserted nothing:
 * sends per second and p99 on one node (directly and behind nginx) and on three nodes behind nginx;
 * the event-log delay between nodes (a send committed on A, delivered by a long-poll on B, against
 * the same on A); and how long a killed node's clients wait until they are served again.
 * Not part of the suite (no "Test" suffix):
 * {@code STOA_TEST_POSTGRES_URL=... mvn test -Dtest=ClusterBenchmark -Dstoa.test.db=postgres -Dsurefire.failIfNoSpecifiedTests=false}
 * (sizes: -Dstoa.cbench.senders=16 -Dstoa.cbench.seconds=15).
 */
class ClusterBenchmark {
    static final int SENDERS = Integer.getInteger("stoa.cbench.senders", 16);
    static final int SECONDS = Integer.getInteger("stoa.cbench.seconds", 15);
    static final int WARMUP = Integer.getInteger("stoa.cbench.warmup", 15);
    static final int ROUND_TRIPS = Integer.getInteger("stoa.cbench.roundtrips", 200);

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void measure() throws Exception {
        Assumptions.assumeTrue(TestDatabase.postgres() && Nginx.binary() != null, "needs the PostgreSQL pass and nginx");
        List<String> jvm = scriptFlags();
        System.out.println("BENCH node JVM flags (the stoa script's): " + jvm + "; " + SENDERS + " senders, " + SECONDS + " s per figure");
        try (ClusterRig one = new ClusterRig(TestDatabase.freshPostgresUrl(), 1, jvm)) {
            Load load = Load.create(one);
            throughput(one, load, "http://127.0.0.1:" + one.nodes.getFirst().port, "1 node, direct");
            throughput(one, load, one.nginx.url(), "1 node behind nginx");
        }
        try (ClusterRig three = new ClusterRig(TestDatabase.freshPostgresUrl(), 3, jvm)) {
            Load load = Load.create(three);
            throughput(three, load, three.nginx.url(), "3 nodes behind nginx");
            logDelay(three);
            servedAgain(three, load);
        }
    }

    /** Senders and receivers in one realm: SENDERS users posting to a channel that 4 long-polling receivers also read. */
    record Load(List<ApiClient> senders, List<ApiClient> receivers, long channel) {
        static Load create(ClusterRig rig) throws Exception {
            List<ApiClient> s = rig.users("bsender", SENDERS), r = rig.users("breceiver", 4);
            List<ApiClient> all = new ArrayList<>(s);
            all.addAll(r);
            return new Load(s, r, rig.channel("bench", all));
        }
    }

    private static void throughput(ClusterRig rig, Load load, String base, String what) throws Exception {
        List<Receiver> receivers = load.receivers().stream().map(c -> new Receiver(base, c, "never").start()).toList();
        List<Sender> senders = load.senders().stream().map(c -> new Sender(base, c, load.channel())).toList();
        Thread.sleep(WARMUP * 1000L); // warm-up: the JIT (each node's own), the connection pools
        long from = System.currentTimeMillis(), nodeCpu0 = cpuMillis(rig.nodes.stream().map(ServerProcess::pid).toList()),
                nginxCpu0 = cpuMillis(List.of(rig.nginx.pid()));
        Thread.sleep(SECONDS * 1000L);
        long to = System.currentTimeMillis(), nodeCpu = cpuMillis(rig.nodes.stream().map(ServerProcess::pid).toList()) - nodeCpu0,
                nginxCpu = cpuMillis(List.of(rig.nginx.pid())) - nginxCpu0;
        for (Sender s : senders) s.stop();
        for (Receiver r : receivers) r.done = true; // their last poll ends with the heartbeat; daemon threads
        List<Call> window = senders.stream().flatMap(s -> s.sent.stream().map(Sender.Sent::call))
                .filter(c -> c.startMs() >= from && c.endMs() <= to).toList();
        long ok = window.stream().filter(Call::ok).count();
        double[] ms = window.stream().filter(Call::ok).mapToDouble(c -> c.nanos() / 1e6).sorted().toArray();
        long all = senders.stream().mapToLong(s -> s.sent.stream().filter(m -> m.call().ok() && m.call().startMs() >= from
                && m.call().startMs() < to).count()).sum(); // sends begun in the window, for the CPU they cost
        System.out.printf("BENCH sends, %s: %.0f/s, p50 %.1f ms, p99 %.1f ms (%d sends, %d failed, %d senders; load average %s); "
                + "CPU per send: Stoa nodes %.2f ms, nginx %.2f ms%n", what, ok * 1000.0 / (to - from), pct(ms, 50), pct(ms, 99), ok,
                window.size() - ok, SENDERS, loadAverage(), (double) nodeCpu / all, (double) nginxCpu / all);
    }

    /** A send on node A, timed until a long-poll parked on B (and, for comparison, on A) returns it. */
    private static void logDelay(ClusterRig rig) throws Exception {
        ServerProcess a = rig.nodes.get(0), b = rig.nodes.get(1);
        ApiClient sender = rig.user("delay-sender"), reader = rig.user("delay-reader");
        long channel = rig.channel("delay", List.of(sender, reader));
        for (ServerProcess on : List.of(a, b)) {
            String readBase = "http://127.0.0.1:" + on.port, sendBase = "http://127.0.0.1:" + a.port;
            JsonNode reg = ClusterTraffic.call(readBase, reader, "POST", "/register", "event_types=" + ClusterTraffic.enc("[\"message\"]")).json();
            String queue = reg.get("queue_id").asText();
            long last = reg.get("last_event_id").asLong();
            double[] afterAck = new double[ROUND_TRIPS], total = new double[ROUND_TRIPS];
            for (int i = 0; i < ROUND_TRIPS; i++) {
                String q = "/events?queue_id=" + ClusterTraffic.enc(queue) + "&last_event_id=" + last;
                var poll = CompletableFuture.supplyAsync(() -> {
                    Call c = ClusterTraffic.call(readBase, reader, "GET", q, null);
                    return new long[] {System.nanoTime(), c.json().get("events").get(0).get("id").asLong()};
                });
                Thread.sleep(20); // the poll is parked
                long t0 = System.nanoTime();
                Call sent = ClusterTraffic.call(sendBase, sender, "POST", "/messages", "type=stream&to=" + channel + "&topic=d&content=d" + i);
                long acked = System.nanoTime();
                long[] got = poll.get(30, TimeUnit.SECONDS);
                if (!sent.ok()) throw new AssertionError(sent.toString());
                last = got[1];
                afterAck[i] = (got[0] - acked) / 1e6;
                total[i] = (got[0] - t0) / 1e6;
            }
            Arrays.sort(afterAck);
            Arrays.sort(total);
            System.out.printf("BENCH event delivery, sent on node A, long-poll on node %s: send start to delivery p50 %.1f ms, p99 %.1f ms; "
                    + "after the sender's answer p50 %.1f ms, p99 %.1f ms (%d round trips)%n", on == a ? "A (same node)" : "B (log tailed over LISTEN/NOTIFY)",
                    pct(total, 50), pct(total, 99), pct(afterAck, 50), pct(afterAck, 99), ROUND_TRIPS);
        }
    }

    /** SIGKILL one node under load; per client, the wait from the kill to its first successful answer. */
    private static void servedAgain(ClusterRig rig, Load load) throws Exception {
        String base = rig.nginx.url();
        List<Receiver> receivers = load.receivers().stream().map(c -> new Receiver(base, c, "never").start()).toList();
        List<Sender> senders = load.senders().stream().map(c -> new Sender(base, c, load.channel())).toList();
        Thread.sleep(3_000);
        ServerProcess victim = rig.nodes.get(2);
        victim.kill();
        long killedAt = System.currentTimeMillis();
        Thread.sleep(5_000);
        for (Sender s : senders) s.stop();
        for (Receiver r : receivers) r.done = true;
        List<Double> waits = new ArrayList<>();
        for (Sender s : senders) firstOkAfter(s.sent.stream().map(Sender.Sent::call).toList(), killedAt, waits);
        for (Receiver r : receivers) firstOkAfter(r.polls.stream().filter(p -> !p.messageIds().isEmpty()).map(Receiver.Poll::call).toList(), killedAt, waits);
        double[] w = waits.stream().mapToDouble(d -> d).sorted().toArray();
        long failed = senders.stream().flatMap(s -> s.sent.stream()).filter(s -> !s.call().ok()).count();
        System.out.printf("BENCH a node SIGKILLed under load: each client's wait from the kill to its next successful answer: "
                + "p50 %.0f ms, max %.0f ms (%d clients; %d sends failed, in flight at the kill)%n", pct(w, 50), pct(w, 100), w.length, failed);
        long t0 = System.nanoTime();
        rig.restart(victim);
        System.out.printf("BENCH the killed node restarted and listening again after %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }

    private static void firstOkAfter(List<Call> calls, long killedAt, List<Double> waits) {
        calls.stream().filter(c -> c.ok() && c.endMs() > killedAt).mapToLong(Call::endMs).min().ifPresent(t -> waits.add((double) (t - killedAt)));
    }

    private static double pct(double[] sorted, int p) {
        if (sorted.length == 0) return Double.NaN;
        return sorted[Math.max(0, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    /** CPU time (user + system) these processes and their threads used so far, from /proc (Linux, 100 ticks/s). */
    static long cpuMillis(List<Long> pids) throws IOException {
        long ticks = 0;
        for (long pid : pids) {
            String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime (fields 14 and 15)
            // nginx's master forks the worker that does the work
            Path children = Path.of("/proc", String.valueOf(pid), "task", String.valueOf(pid), "children");
            String kids = Files.exists(children) ? Files.readString(children).strip() : "";
            if (!kids.isEmpty()) ticks += cpuMillis(Arrays.stream(kids.split(" ")).map(Long::parseLong).toList()) / 10;
        }
        return ticks * 10;
    }

    /** The machine's 1-minute load average: the figures mean little when other work shares the two cores. */
    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }

    /** The JVM flags `./stoa run` gives the server. */
    static List<String> scriptFlags() throws IOException {
        Matcher m = Pattern.compile("JVM_FLAGS=\"(.*)\"").matcher(Files.readString(Path.of("stoa")));
        return m.find() ? Arrays.asList(m.group(1).split(" ")) : List.of();
    }
}

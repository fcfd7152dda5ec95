package dev.stoa.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * One benchmark run in order: the empty server (startup, idle memory), the realm built and its
 * history grown in steps (scale's narrow at each), then the scenarios on the full realm, mix last
 * because it leaves the most behind.
 */
final class Session {
    private final Benchmark.Options o;
    private final Sizes sizes;
    private final Results results;
    private final BenchServer server;
    private final BenchHttp http;

    Session(Benchmark.Options o, Sizes sizes, Results results, BenchServer server) {
        this.o = o;
        this.sizes = sizes;
        this.results = results;
        this.server = server;
        this.http = new BenchHttp(server.baseUrl());
    }

    void run() throws Exception {
        List<Double> emptyStarts = new ArrayList<>(List.of(server.start()));
        Thread.sleep(o.quick() ? 1000 : 5000);
        if (o.has("memory")) results.note("memory", "RSS idle after start", server.rssMb() + " MB (target <= 120 MB)");
        if (o.has("startup")) {
            server.stop();
            emptyStarts.add(server.start());
            results.startupRow("empty database", emptyStarts);
        }
        Realm realm = new Realm(http, server.owner());
        realm.createChannels(http, sizes);
        Scenarios s = new Scenarios(http, realm, sizes, results, server);
        boolean needHistory = o.has("history") || o.has("scale") || o.has("startup");
        long[] steps = o.has("scale") ? sizes.messageSteps() : new long[] {needHistory ? sizes.messages() : 0};
        List<Double> fullStarts = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            server.stop();
            long t0 = System.nanoTime();
            try (Seeder seed = new Seeder(server.jdbcUrl())) {
                if (i == 0) realm.seedPeople(seed, sizes);
                realm.seedHistory(seed, steps[i]);
            }
            System.out.printf("BENCH seeded up to %d messages, %d people in %.0f s%n", realm.seeded, realm.crowd.size(), (System.nanoTime() - t0) / 1e9);
            double started = server.start();
            if (i == steps.length - 1) fullStarts.add(started);
            if (o.has("scale") && i < steps.length - 1) s.historyAt(steps[i]);
        }
        if (o.has("hello")) s.hello();
        if (o.has("history")) {
            s.sendDms();
            s.history();
        }
        if (o.has("scale")) s.historyAt(realm.seeded);
        if (o.has("register")) s.register();
        if (o.has("latency")) s.latency();
        if (o.has("send")) s.send();
        if (o.has("fanout")) s.fanout();
        if (o.has("scale")) s.scaleSends();
        if (o.has("memory")) s.memory(server);
        if (o.has("mix")) new Mix(http, realm, sizes, results).run();
        if (o.has("startup")) {
            server.stop();
            fullStarts.add(server.start());
            results.startupRow(realm.seeded + " messages, " + realm.crowd.size() + " people", fullStarts);
        }
    }
}

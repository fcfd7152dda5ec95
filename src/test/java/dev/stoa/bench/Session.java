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
    private int signIns;

    Session(Benchmark.Options o, Sizes sizes, Results results, BenchServer server) {
        this.o = o;
        this.sizes = sizes;
        this.results = results;
        this.server = server;
        this.http = new BenchHttp(server.baseUrl());
    }

    /**
     * Issue 31 item 6: the first person to sign in after a start waited seconds (cold caches, classes, JIT).
     * Right after a start: the owner's password sign-in (fetch_api_key), then a full register with the
     * key it gave, as an app's first screen does; returns the two together in ms, and notes each.
     */
    private double firstSignIn() throws Exception {
        BenchHttp.Cred owner = server.owner();
        long t0 = System.nanoTime();
        String key = http.json("POST", "/fetch_api_key", null, "username", owner.email(), "password", server.ownerPassword()).get("api_key").asText();
        long t1 = System.nanoTime();
        BenchHttp.Cred signedIn = new BenchHttp.Cred(owner.id(), owner.email(), key);
        String queue = http.json("POST", "/register", signedIn).get("queue_id").asText();
        long t2 = System.nanoTime();
        http.call("DELETE", "/events", signedIn, "queue_id", queue);
        results.note("startup", "first sign-in after start " + (++signIns) + ": fetch_api_key / register",
                String.format("%.0f / %.0f ms", (t1 - t0) / 1e6, (t2 - t1) / 1e6));
        return (t2 - t0) / 1e6;
    }

    /**
     * Issue 31 item 4: the scale sends again with 9 of every 10 crowd members soft-deactivated (the scale
     * channels take the first N people, so 90% of each channel), then everyone active again for what follows.
     */
    private void idleScaleSends(Realm realm, Scenarios s) throws Exception {
        List<Long> idle = new ArrayList<>();
        for (int i = 0; i < realm.crowd.size(); i++) if (i % 10 != 0) idle.add(realm.crowd.get(i).id());
        server.stop();
        try (Seeder seed = new Seeder(server.jdbcUrl())) {
            seed.idle(idle);
        }
        server.start();
        s.scaleSends(", 90% idle");
        server.stop();
        try (Seeder seed = new Seeder(server.jdbcUrl())) {
            seed.wake();
        }
        server.start();
    }

    void run() throws Exception {
        List<Double> emptyStarts = new ArrayList<>(List.of(server.start()));
        Thread.sleep(o.quick() ? 1000 : 5000);
        if (o.has("memory")) results.note("memory", "RSS idle after start", server.rssMb() + " MB (target <= 120 MB)");
        if (o.has("startup")) {
            server.stop();
            emptyStarts.add(server.start());
            double signIn = firstSignIn();
            results.startupRow("empty database", emptyStarts);
            results.firstSignInRow("empty database", List.of(signIn));
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
        if (o.has("scale")) {
            s.scaleSends("");
            idleScaleSends(realm, s);
        }
        if (o.has("memory")) s.memory(server);
        if (o.has("mix")) new Mix(http, realm, sizes, results).run();
        if (o.has("startup")) {
            server.stop();
            fullStarts.add(server.start());
            double signIn = firstSignIn();
            results.startupRow(realm.seeded + " messages, " + realm.crowd.size() + " people", fullStarts);
            results.firstSignInRow(realm.seeded + " messages, " + realm.crowd.size() + " people (the owner)", List.of(signIn));
        }
    }
}

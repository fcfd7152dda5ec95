package dev.stoa.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongFunction;
import java.util.concurrent.CompletableFuture;

/**
 * Simulated people with a chat client's request pattern: a long-poll always open, presence every
 * 60 s, a typing notice every 2 minutes, a message every 5 minutes to their team's channel, a narrow
 * fetch when they switch view (every 2 minutes) and marking what they read (every minute). Stepped
 * up until the health bar breaks; each kind of request runs open-loop at the rate all people together
 * make it.
 */
final class Mix {
    private record Action(String name, double periodSeconds, LongFunction<CompletableFuture<?>> request) {}

    private final BenchHttp http;
    private final Realm realm;
    private final Sizes sizes;
    private final Results results;

    Mix(BenchHttp http, Realm realm, Sizes sizes, Results results) {
        this.http = http;
        this.realm = realm;
        this.sizes = sizes;
        this.results = results;
    }

    void run() throws Exception {
        List<Listeners> online = new ArrayList<>();
        int held = 0, registered = 0;
        try {
            for (int people : sizes.mixPeople()) {
                people = Math.min(people, realm.crowd.size());
                online.add(new Listeners(http, realm.crowd.subList(registered, people), "[\"message\",\"typing\",\"update_message_flags\"]").poll());
                registered = people;
                Load.Stats all = stage(people);
                for (Listeners l : online) for (long e = l.errors.getAndSet(0); e > 0; e--) all.error();
                results.add("mix", people + " people: every request but the polls", all, "mean <= 100 ms, p99 <= 2 s, errors <= 0.025%");
                if (!all.healthy()) break;
                held = people;
            }
        } finally {
            for (Listeners l : online) l.close();
        }
        results.note("mix", "most people held within the health bar", held + " (target >= 10,000)");
    }

    /** All kinds of request at once for mixSeconds, into one set of figures. */
    private Load.Stats stage(int people) throws InterruptedException {
        Load.Stats all = new Load.Stats();
        List<Thread> drivers = new ArrayList<>();
        for (Action a : actions(people)) {
            double rate = people / a.periodSeconds();
            drivers.add(Thread.ofPlatform().start(() -> all.add(Load.openLoop(rate, sizes.mixSeconds(), a.request()))));
        }
        for (Thread t : drivers) t.join();
        return all;
    }

    private List<Action> actions(int people) {
        return List.of(
                new Action("presence", 60, i -> http.async("POST", "/users/me/presence", person(people), "status", "active")),
                new Action("typing", 120, i -> {
                    int k = ThreadLocalRandom.current().nextInt(people);
                    return http.async("POST", "/typing", realm.crowd.get(k), "type", "stream", "op", "start", "stream_id",
                            String.valueOf(realm.teamOf(k, sizes)), "topic", "mix");
                }),
                new Action("send", 300, i -> {
                    int k = ThreadLocalRandom.current().nextInt(people);
                    return http.async("POST", "/messages", realm.crowd.get(k), "type", "stream", "to", String.valueOf(realm.teamOf(k, sizes)),
                            "topic", "mix", "content", "mix " + i);
                }),
                new Action("narrow", 120, i -> {
                    int k = ThreadLocalRandom.current().nextInt(people);
                    return http.async("GET", "/messages", realm.crowd.get(k), "anchor", "newest", "num_before", "50", "num_after", "0",
                            "narrow", teamNarrow(k));
                }),
                new Action("read", 60, i -> {
                    int k = ThreadLocalRandom.current().nextInt(people);
                    return http.async("POST", "/messages/flags/narrow", realm.crowd.get(k), "anchor", "newest", "num_before", "50",
                            "num_after", "0", "narrow", teamNarrow(k), "op", "add", "flag", "read");
                }));
    }

    private BenchHttp.Cred person(int people) {
        return realm.crowd.get(ThreadLocalRandom.current().nextInt(people));
    }

    private String teamNarrow(int k) {
        return "[{\"operator\":\"channel\",\"operand\":" + realm.teamOf(k, sizes) + "}]";
    }
}

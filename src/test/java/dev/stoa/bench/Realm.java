package dev.stoa.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The realm the scenarios run in: channels made through the API, people, subscriptions and history
 * written by the Seeder while the server is stopped. Ids and credentials for the scenarios.
 */
final class Realm {
    final BenchHttp.Cred owner;
    final long ownerId;
    long sendChannel, everyone, latencyChannel;
    final List<Long> history = new ArrayList<>();
    final List<Long> teams = new ArrayList<>();
    final Map<Integer, Long> scale = new LinkedHashMap<>();
    List<BenchHttp.Cred> crowd = List.of();
    long seeded;

    Realm(BenchHttp http, BenchHttp.Cred owner) {
        JsonNode me = http.json("GET", "/users/me", owner);
        this.ownerId = me.get("user_id").asLong();
        this.owner = new BenchHttp.Cred(ownerId, owner.email(), owner.key());
    }

    /** The channels, created through the API by the owner (their only subscriber so far), four at a time. */
    void createChannels(BenchHttp http, Sizes sizes) throws Exception {
        sendChannel = create(http, "bench send");
        everyone = create(http, "bench everyone");
        latencyChannel = create(http, "bench latency");
        for (int n : sizes.scaleSubscribers()) scale.put(n, create(http, "bench scale " + n));
        List<String> names = new ArrayList<>();
        for (int i = 0; i < sizes.channels(); i++) names.add("history " + i);
        for (int i = 0; i < Math.max(1, sizes.users() / sizes.teamSize()); i++) names.add("team " + i);
        try (var exec = Executors.newFixedThreadPool(4, Thread.ofVirtual().factory())) {
            List<Future<Long>> ids = names.stream().map(n -> exec.submit(() -> create(http, n))).toList();
            for (int i = 0; i < ids.size(); i++) (i < sizes.channels() ? history : teams).add(ids.get(i).get(5, TimeUnit.MINUTES));
        }
    }

    private long create(BenchHttp http, String name) {
        return http.json("POST", "/channels/create", owner, "name", name, "subscribers", "[" + ownerId + "]").get("id").asLong();
    }

    /** People and their subscriptions (server stopped). */
    void seedPeople(Seeder seed, Sizes sizes) throws Exception {
        crowd = seed.users("crowd", sizes.users());
        List<Long> ids = crowd.stream().map(BenchHttp.Cred::id).toList();
        seed.subscribe(ids.subList(0, Math.min(sizes.sendListeners(), ids.size())), sendChannel);
        seed.subscribe(ids, everyone);
        seed.subscribe(ids.subList(0, Math.min(sizes.latencyPeople(), ids.size())), latencyChannel);
        for (var e : scale.entrySet()) seed.subscribe(ids.subList(0, Math.min(e.getKey(), ids.size())), e.getValue());
        for (int t = 0; t < teams.size(); t++) {
            seed.subscribe(ids.subList(t * sizes.teamSize(), Math.min(ids.size(), (t + 1) * sizes.teamSize())), teams.get(t));
        }
        // The person whose register is measured: in registerChannels channels.
        for (long c : history.subList(0, Math.min(sizes.registerChannels(), history.size()))) seed.subscribe(List.of(ids.get(0)), c);
    }

    /** History up to `total` messages over the history channels, read by the owner (server stopped). */
    void seedHistory(Seeder seed, long total) throws Exception {
        if (total > seeded) seed.messages(total - seeded, history, ownerId, ownerId);
        seeded = Math.max(seeded, total);
    }

    /** The team channel of crowd member k. */
    long teamOf(int k, Sizes sizes) {
        return teams.get(Math.min(teams.size() - 1, k / sizes.teamSize()));
    }
}

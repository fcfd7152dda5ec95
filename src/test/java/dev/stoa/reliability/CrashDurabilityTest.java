package dev.stoa.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ServerProcess;
import dev.stoa.testing.TestDatabase;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Suite 1, crash durability: concurrent senders against a separate server process that is killed
 * (SIGKILL) at seeded random moments and restarted, again and again; on the PostgreSQL pass also
 * with PostgreSQL itself restarted (immediate shutdown: a crash) under load. Afterwards every
 * acknowledged message exists exactly once, in each sender's order per channel, with its
 * recipients' rows and flags; no refused message exists; a queue registered before the load
 * resumes without loss; the database passes its integrity check ({@link DurabilityCheck}).
 *
 * <p>CI: 3 kills (and 2 PostgreSQL restarts). Full run: {@code ./stoa test -Dtest=CrashDurabilityTest
 * -Dstoa.crash.kills=50 -Dstoa.crash.pg_restarts=20}; replay with {@code -Dstoa.crash.seed=N}.
 */
class CrashDurabilityTest {
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // each kill costs a server start (seconds on a busy machine)
    @Test
    void sigkillUnderLoad() throws Exception {
        int kills = Integer.getInteger("stoa.crash.kills", 3);
        long seed = Reliability.seed("stoa.crash.seed");
        System.out.println("CRASH seed=" + seed + " kills=" + kills + " (replay: -Dstoa.crash.seed=" + seed + ")");
        try (ServerProcess p = new ServerProcess(TestDatabase.freshPostgresUrl())) {
            p.start();
            DurabilityCheck check = underLoad(p, seed, kills, () -> {
                p.kill();
                p.start();
            });
            p.stop();
            check.integrity(p);
            System.out.println("CRASH kills=" + kills + " " + check.summary());
        }
    }

    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    @Test
    void postgresRestartedUnderLoad() throws Exception {
        Assumptions.assumeTrue(TestDatabase.postgres(), "PostgreSQL pass only");
        int restarts = Integer.getInteger("stoa.crash.pg_restarts", 2);
        long seed = Reliability.seed("stoa.crash.seed");
        System.out.println("PGRESTART seed=" + seed + " restarts=" + restarts);
        // A private PostgreSQL instance: restarting the shared one would break the tests running beside this one.
        try (PrivatePostgres pg = PrivatePostgres.start(); ServerProcess p = new ServerProcess(pg.url())) {
            p.start();
            DurabilityCheck check = underLoad(p, seed, restarts, pg::crashAndRestart);
            p.stop();
            check.integrity(p);
            System.out.println("PGRESTART restarts=" + restarts + " " + check.summary());
        }
    }

    interface Disaster { void strike() throws Exception; }

    private static DurabilityCheck underLoad(ServerProcess p, long seed, int times, Disaster disaster) throws Exception {
        Random random = new Random(seed);
        ApiClient rc = p.owner();
        ApiClient owner = new ApiClient(p.baseUrl(), rc.email, rc.apiKey, rc.get("/users/me").success().get("user_id").asLong());
        List<ApiClient> senders = new ArrayList<>();
        for (int i = 0; i < 3; i++) senders.add(user(p, owner, "sender" + i));
        ApiClient reader = user(p, owner, "reader");
        List<Long> channels = new ArrayList<>();
        for (String name : List.of("load a", "load b")) {
            List<Long> members = new ArrayList<>(senders.stream().map(c -> c.userId).toList());
            members.add(reader.userId);
            channels.add(Fixture.createChannel(owner, name, false, true, members));
        }
        JsonNode queue = reader.post("/register", "event_types", List.of("message"), "idle_queue_timeout", 7200).success();
        DurabilityCheck check;
        try (LoadSenders load = new LoadSenders(p.baseUrl(), senders, channels)) {
            for (int i = 0; i < times; i++) {
                // strike while messages are flowing: some acknowledged since the last restart, then a random moment
                long acked = load.count(LoadSenders.Outcome.ACKED);
                for (long deadline = System.nanoTime() + 20_000_000_000L; load.count(LoadSenders.Outcome.ACKED) < acked + 10
                        && System.nanoTime() < deadline; ) LoadSenders.sleep(10);
                LoadSenders.sleep(random.nextInt(1000));
                disaster.strike();
            }
            LoadSenders.sleep(500);
            load.close();
            check = new DurabilityCheck(Map.copyOf(load.sent), channels, senders, reader);
        }
        check.messages();
        check.queue(VerifyAction.drain(reader, queue.get("queue_id").asText(), queue.get("last_event_id").asLong()));
        return check;
    }

    private static ApiClient user(ServerProcess p, ApiClient owner, String name) {
        String email = name + "@example.com";
        long id = owner.post("/users", "email", email, "password", "pw-" + name + "-secret", "full_name", name).success().get("user_id").asLong();
        String key = owner.anonymous().post("/fetch_api_key", "username", email, "password", "pw-" + name + "-secret").success().get("api_key").asText();
        return new ApiClient(p.baseUrl(), email, key, id);
    }
}

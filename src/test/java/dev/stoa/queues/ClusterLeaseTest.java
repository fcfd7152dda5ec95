package dev.stoa.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.stoa.config.Config;
import dev.stoa.app.Stoa;
import dev.stoa.testing.Await;
import dev.stoa.testing.TestDatabase;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The collector's cluster-wide jobs run on one node at a time (PostgreSQL: the holder of an advisory
 * lock on a session of its own) and move to another node when the holder stops or loses its
 * session, as when its process is killed; every node keeps running its own per-node tasks.
 * On SQLite (one node) the only node always runs them.
 */
class ClusterLeaseTest {
    private final List<Stoa> nodes = new ArrayList<>();
    private final List<Path> dirs = new ArrayList<>();
    private String pgUrl;

    private Stoa node() throws Exception {
        if (pgUrl == null) pgUrl = TestDatabase.freshPostgresUrl();
        Path dir = Files.createTempDirectory("stoa-lease");
        dirs.add(dir);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Config c = Config.parse(new String[] {"--port", String.valueOf(port), "--data-dir", dir.toString(), "--welcome", "false"},
                pgUrl == null ? Map.of() : Map.of("STOA_DATABASE_URL", pgUrl)).withCollectorMillis(100);
        Stoa s = Stoa.start(c, Clock.systemUTC());
        nodes.add(s);
        return s;
    }

    @AfterEach
    void stop() {
        nodes.forEach(Stoa::close);
        TestDatabase.dropPostgres(pgUrl);
        for (Path d : dirs) d.toFile().deleteOnExit();
    }

    @Test
    void oneNodeAloneRunsTheClusterJobs() throws Exception {
        Stoa a = node();
        Await.until("a pass with the cluster-wide jobs", 30, () -> a.collector().clusterPasses() > 0);
        assertThat(a.collector().leading()).isTrue();
    }

    @Test
    void onlyOneOfTwoNodesRunsThemAndTheLeaseMovesWhenTheHolderDiesOrStops() throws Exception {
        assumeTrue(TestDatabase.postgres(), "several nodes share PostgreSQL");
        Stoa a = node();
        Await.until("a running the cluster-wide jobs", 30, () -> a.collector().clusterPasses() > 0);
        Stoa b = node();
        long passes = b.collector().passes();
        Await.until("five passes of b", 30, () -> b.collector().passes() >= passes + 5);
        assertThat(b.collector().clusterPasses()).isZero(); // it ran its own tasks only
        assertThat(a.collector().leading()).isTrue();

        // What PostgreSQL does when the holder's process dies: its session ends, and the lock with it.
        // Both nodes race for the free lease; whichever wins, only it runs the jobs from then on.
        a.db().read(h -> h.createQuery("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 1400139617 "
                + "AND objid = hashtext(current_schema())::oid AND granted").mapTo(Boolean.class).list());
        Await.until("a node holding the lease again", 10, () -> holders(a) == 1);
        long aBefore = a.collector().clusterPasses(), bBefore = b.collector().clusterPasses();
        long aPasses = a.collector().passes(), bPasses = b.collector().passes();
        Await.until("five more passes of both", 30, () -> a.collector().passes() >= aPasses + 5 && b.collector().passes() >= bPasses + 5);
        assertThat(a.collector().clusterPasses() > aBefore + 1 && b.collector().clusterPasses() > bBefore + 1)
                .as("both nodes ran the cluster-wide jobs").isFalse();
        assertThat(holders(a)).isEqualTo(1);

        // The holder stops: the other node takes over within a pass or two.
        Stoa holder = a.collector().leading() ? a : b, other = holder == a ? b : a;
        long otherBefore = other.collector().clusterPasses();
        holder.close();
        nodes.remove(holder);
        Await.until("the other node taking the cluster-wide jobs over", 10, () -> other.collector().clusterPasses() > otherBefore + 2);
        assertThat(holders(other)).isEqualTo(1);
    }

    /** Sessions holding this schema's lease (PostgreSQL's own view of it). */
    private static int holders(Stoa s) {
        return s.db().read(h -> h.createQuery("SELECT count(*) FROM pg_locks l WHERE l.locktype = 'advisory' AND l.classid = 1400139617 "
                + "AND l.objid = hashtext(current_schema())::oid AND l.granted").mapTo(Integer.class).one());
    }
}

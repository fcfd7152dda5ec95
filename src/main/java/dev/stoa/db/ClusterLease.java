package dev.stoa.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which node runs the cluster-wide periodic jobs: on PostgreSQL the node holding a session-level
 * advisory lock on a connection of its own (outside the pools). The lock lives exactly as long as
 * that connection: a node that stops, crashes or is SIGKILLed drops it (the kernel closes the
 * socket, PostgreSQL ends the session), and the next node to ask takes it over on its next
 * collector pass. The key is per schema, so deployments (and test servers) sharing a database but
 * not a schema each have their own lease. SQLite is one node: it always holds it.
 *
 * <p>The lease makes the jobs run once, not correct: each job is already safe if two passes overlap
 * (a due row is claimed in the transaction that acts on it), which covers the moment a half-dead
 * holder has not yet noticed that its connection is gone.
 */
public final class ClusterLease implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterLease.class);
    /** "Stoa" as the first key of the two-key advisory lock; the second is the schema's hash. */
    private static final int LOCK_CLASS = 0x53746F61;

    private final Db db;
    private final ReentrantLock lock = new ReentrantLock();
    private Connection conn;
    private boolean held;
    private boolean closed;

    private ClusterLease(Db db) {
        this.db = db;
    }

    /** The lease of this database: always held on SQLite. */
    public static ClusterLease of(Db db) {
        return new ClusterLease(db.dialect() == Dialect.POSTGRES ? db : null);
    }

    /** Whether this node holds the lease now, taking it if it is free. Never throws. */
    public boolean held() {
        if (db == null) return true;
        lock.lock();
        try {
            if (closed) return false;
            if (conn != null && !conn.isValid(5)) drop("its database connection was lost");
            if (held) return true;
            if (conn == null) {
                conn = db.dedicatedConnection();
                conn.setClientInfo("ApplicationName", "stoa-lease"); // pg_stat_activity shows who holds it
            }
            try (Statement s = conn.createStatement();
                 ResultSet rs = s.executeQuery("SELECT pg_try_advisory_lock(" + LOCK_CLASS + ", hashtext(current_schema()))")) {
                held = rs.next() && rs.getBoolean(1);
            }
            if (held) LOG.info("this node now runs the cluster-wide periodic jobs");
            return held;
        } catch (SQLException e) {
            drop("the database did not answer: " + e.getMessage());
            return false;
        } finally {
            lock.unlock();
        }
    }

    private void drop(String why) {
        if (held) LOG.warn("this node no longer runs the cluster-wide periodic jobs: {}", why);
        held = false;
        if (conn != null) {
            try {
                conn.close();
            } catch (SQLException ignored) {
                // the session is gone either way
            }
            conn = null;
        }
    }

    /** Releases the lease (the connection's end releases the lock): another node takes over on its next pass. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            held = false;
            if (conn != null) drop("stopping");
        } finally {
            lock.unlock();
        }
    }
}

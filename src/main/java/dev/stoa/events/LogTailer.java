package dev.stoa.events;

import dev.stoa.db.Db;
import dev.stoa.db.Dialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes entries that other nodes or processes committed (another Stoa on the same PostgreSQL
 * database, the admin CLI writing to SQLite): a virtual thread that catches the log up from the
 * table, woken by PostgreSQL's NOTIFY (sent inside every appending transaction, so delivered on its
 * commit) and, as a fallback and for SQLite, by a short periodic poll. It never dies on an exception.
 */
public final class LogTailer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LogTailer.class);

    private final Db db;
    private final EventLog log;
    private final long pollMillis;
    private final Thread thread;
    private volatile boolean closed;
    private volatile Connection listening;
    private boolean failing;

    public LogTailer(Db db, EventLog log, long pollMillis) {
        this.db = db;
        this.log = log;
        this.pollMillis = pollMillis;
        this.thread = Thread.ofVirtual().name("stoa-log-tailer").unstarted(this::run);
    }

    public LogTailer start() {
        thread.start();
        return this;
    }

    private void run() {
        while (!closed) {
            try {
                if (db.dialect() == Dialect.POSTGRES) listen();
                else {
                    log.catchUp();
                    recovered();
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(pollMillis));
                }
            } catch (Exception | Error e) {
                if (closed) return;
                // Once per outage, not once per retry: a PostgreSQL restart would otherwise log a line a second.
                if (!failing) LOG.warn("event log tailer: {}; retrying until the database answers", e.toString());
                failing = true;
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(Math.max(pollMillis, 200)));
            }
        }
    }

    /** LISTENs on a dedicated connection and catches up on every notification or poll interval. */
    private void listen() throws Exception {
        try (Connection c = db.dedicatedConnection()) {
            listening = c;
            try (Statement s = c.createStatement()) {
                s.execute("LISTEN " + Db.EVENTS_CHANNEL);
            }
            String schema;
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT current_schema()")) {
                rs.next();
                schema = rs.getString(1);
            }
            PGConnection pg = c.unwrap(PGConnection.class);
            while (!closed) {
                log.catchUp();
                recovered();
                // Ephemeral entries (typing) of other nodes travel in the payload; plain appends send an empty one.
                PGNotification[] got = pg.getNotifications((int) Math.max(1, pollMillis));
                if (got != null) for (var n : got) if (n.getParameter() != null && !n.getParameter().isEmpty()) log.receiveEphemeral(n.getParameter(), schema);
            }
        } finally {
            listening = null;
        }
    }

    private void recovered() {
        if (!failing) return;
        failing = false;
        LOG.info("event log tailer: listening and caught up again");
    }

    @Override
    public void close() {
        closed = true;
        Connection c = listening;
        if (c != null) {
            try {
                c.abort(Runnable::run);
            } catch (Exception ignored) {
                // closing is best effort
            }
        }
        LockSupport.unpark(thread);
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

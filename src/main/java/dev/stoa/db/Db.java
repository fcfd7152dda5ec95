package dev.stoa.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.SqlLogger;
import org.jdbi.v3.core.statement.SqlStatements;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.core.statement.StatementExceptions;
import org.jdbi.v3.core.transaction.TransactionIsolationLevel;
import org.sqlite.ProgressHandler;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Transactions, the writer, and dialect differences. SQLite: one writer connection (WAL) behind
 * a lock, a small pool of readers. PostgreSQL: one pool; event appends are serialized by an
 * advisory lock held to commit (across threads and nodes).
 */
public final class Db implements AutoCloseable {
    @FunctionalInterface
    public interface TxFn<T> { T apply(Tx tx) throws Exception; }

    @FunctionalInterface
    public interface ReadFn<T> { T apply(Handle h) throws Exception; }

    private static final long APPEND_LOCK_KEY = 0x5370_4C6F_6700L;
    /** The PostgreSQL NOTIFY channel that tells every node an append committed. */
    public static final String EVENTS_CHANNEL = "stoa_events";

    private final Dialect dialect;
    private final HikariDataSource writerDs;
    private final HikariDataSource readerDs;
    private final Jdbi writer;
    private final Jdbi reader;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final String url;
    /** Admission: writes running or waiting for the write path (outermost calls only), and how many may wait. */
    private final AtomicInteger writesInFlight = new AtomicInteger();
    private final int maxWaitingWrites;
    /** The nesting depth of write() on this thread: a nested write joins its caller and is never refused. */
    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);
    /**
     * Statements run in write transactions: the work that holds SQLite's one writer, which every
     * other write waits behind (tests bound it, the bench reports it). Counted through an attribute
     * of the transaction's handle, so reads pay nothing.
     */
    private final LongAdder statementsInWrites = new LongAdder();
    private static final String IN_WRITE = "stoa.inWrite";

    /**
     * A write refused at once because more than the configured number already wait for the write
     * path: nothing was written; the HTTP front answers 503 with Retry-After, which clients retry.
     */
    public static final class Overloaded extends RuntimeException {
        Overloaded() { super("write path overloaded", null, false, false); }
    }

    private Db(Dialect dialect, String url, HikariDataSource writerDs, HikariDataSource readerDs, int maxWaitingWrites) {
        this.dialect = dialect;
        this.url = url;
        this.maxWaitingWrites = maxWaitingWrites;
        this.writerDs = writerDs;
        this.readerDs = readerDs;
        this.writer = counted(quiet(Jdbi.create(writerDs)));
        this.reader = readerDs == writerDs ? writer : quiet(Jdbi.create(readerDs));
    }

    private Jdbi counted(Jdbi jdbi) {
        jdbi.getConfig(SqlStatements.class).setSqlLogger(new SqlLogger() {
            @Override
            public void logAfterExecution(StatementContext context) {
                if (context.getAttribute(IN_WRITE) != null) statementsInWrites.increment();
            }
        });
        return jdbi;
    }

    /** Statements run so far by threads inside a write turn (see statementsInWrites). */
    public long statementsInWrites() { return statementsInWrites.sum(); }

    /**
     * A failed statement's exception names the statement but never its bound values (Jdbi's default
     * shows them): they are API keys, password hashes and message text, and exceptions reach the logs.
     */
    private static Jdbi quiet(Jdbi jdbi) {
        jdbi.getConfig(StatementExceptions.class).setMessageRendering(e -> {
            var ctx = e.getStatementContext();
            String sql = ctx == null ? null : ctx.getRawSql();
            return e.getShortMessage() + (sql == null ? "" : " [statement: \"" + sql + "\"]");
        });
        return jdbi;
    }

    /** No admission limit: the CLI, imports and tools, which write alone. */
    public static Db sqlite(Path file) { return sqlite(file, Integer.MAX_VALUE); }

    /** maxWaitingWrites: how many writes may wait while one runs before more are refused ({@link Overloaded}). */
    public static Db sqlite(Path file, int maxWaitingWrites) {
        String url = "jdbc:sqlite:" + file.toAbsolutePath();
        SqliteNative.prepare();
        HikariDataSource w = pool(url, 1, false);
        HikariDataSource r = pool(url, 4, true);
        Db db = new Db(Dialect.SQLITE, url, w, r, maxWaitingWrites);
        db.migrate(w);
        return db;
    }

    public static Db postgres(String url) { return postgres(url, Integer.MAX_VALUE); }

    public static Db postgres(String url, int maxWaitingWrites) {
        HikariDataSource ds = pool(url, 16, false);
        Db db = new Db(Dialect.POSTGRES, url, ds, ds, maxWaitingWrites);
        db.migrate(ds);
        return db;
    }

    private static HikariDataSource pool(String url, int size, boolean readOnly) {
        HikariConfig c = new HikariConfig();
        c.setJdbcUrl(url);
        c.setMaximumPoolSize(size);
        c.setMinimumIdle(Math.min(size, 2));
        c.setPoolName(readOnly ? "stoa-read" : "stoa-write");
        if (url.startsWith("jdbc:postgresql:")) {
            // While PostgreSQL is down or restarting a request waits at most ~3 s for a connection, then
            // answers 503 (HttpFront), instead of Hikari's default 30 s. Server error details ("Key
            // (x)=(value)") stay out of exception messages, which reach the logs.
            c.setConnectionTimeout(3000);
            c.addDataSourceProperty("connectTimeout", "3");
            c.addDataSourceProperty("logServerErrorDetail", "false");
        }
        if (url.startsWith("jdbc:sqlite:")) {
            // WAL: readers never block the writer; NORMAL sync is crash-safe for process crashes in WAL mode.
            c.setConnectionInitSql("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; PRAGMA busy_timeout=10000;");
            c.addDataSourceProperty("journal_mode", "WAL");
            c.addDataSourceProperty("synchronous", "NORMAL");
            c.addDataSourceProperty("busy_timeout", "10000");
            c.addDataSourceProperty("foreign_keys", "true");
            c.addDataSourceProperty("date_class", "INTEGER");
            // A write transaction reads before it writes (checks on current state): BEGIN IMMEDIATE takes the
            // write lock first, so a writer in another process waits (busy_timeout) instead of failing SQLITE_BUSY
            // when its read snapshot went stale.
            if (!readOnly) c.addDataSourceProperty("transaction_mode", "IMMEDIATE");
        }
        return new HikariDataSource(c);
    }

    private void migrate(HikariDataSource ds) {
        // Features take versions from ranges of their own (events V91–93, identity V100–109…), so a
        // database already at a later version still takes a lower one added since: out of order.
        Flyway.configure().dataSource(ds).locations(dialect.migrations())
                .failOnMissingLocations(true).outOfOrder(true).load().migrate();
    }

    public Dialect dialect() { return dialect; }

    /**
     * SQLite: the write-ahead log's size and modification time, which a commit by any process (this
     * server, the CLI, a second node on the file) changes; null (unknown) on PostgreSQL. The time has
     * the file system's clock-tick resolution, so a commit in the same tick that leaves the size
     * unchanged (after a checkpoint restarted the log) can go unseen until the next commit or the
     * log tailer's next pass (250 ms).
     */
    public Object commitStamp() {
        if (dialect != Dialect.SQLITE) return null;
        try {
            var a = Files.readAttributes(Path.of(url.substring("jdbc:sqlite:".length()) + "-wal"),
                    BasicFileAttributes.class);
            return List.of(a.size(), a.lastModifiedTime());
        } catch (IOException e) {
            return null; // no log file yet: ask the database
        }
    }

    /**
     * Runs fn in one write transaction; after commit, runs the tx's hooks in commit order. Refused
     * with {@link Overloaded} before anything starts when more than maxWaitingWrites already wait:
     * an unbounded queue behind SQLite's one writer turned overload into minutes of latency and a
     * full heap (issue 15), where a fast refusal keeps the accepted writes fast.
     */
    public <T> T write(TxFn<T> fn) {
        int[] depth = DEPTH.get();
        if (depth[0] > 0) return transaction(fn); // nested: joins the caller's turn
        if (writesInFlight.incrementAndGet() > maxWaitingWrites + 1L) {
            writesInFlight.decrementAndGet();
            throw new Overloaded();
        }
        depth[0]++;
        try {
            return transaction(fn);
        } finally {
            depth[0]--;
            writesInFlight.decrementAndGet();
        }
    }

    /** Writes running or waiting for the write path now (metrics, tests). */
    public int writesInFlight() { return writesInFlight.get(); }

    private <T> T transaction(TxFn<T> fn) {
        if (dialect == Dialect.SQLITE) writeLock.lock();
        Tx[] holder = new Tx[1];
        try {
            T result = writer.inTransaction(h -> {
                h.define(IN_WRITE, Boolean.TRUE);
                Tx tx = new Tx(h, this);
                holder[0] = tx;
                return fn.apply(tx);
            });
            for (Runnable r : holder[0].afterCommitHooks()) r.run();
            return result;
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            if (dialect == Dialect.SQLITE) writeLock.unlock();
        }
    }

    /**
     * PostgreSQL: an advisory lock held to commit serializes appends across threads and nodes, so
     * ids commit in increasing order; the NOTIFY reaches every node's tailer when the tx commits.
     * (No in-process lock: it would deadlock against row locks the tx already holds. EventLog
     * orders publication itself.) SQLite's single writer already serializes.
     */
    void lockAppends(Tx tx) {
        if (dialect == Dialect.POSTGRES) {
            tx.h().execute("SELECT pg_advisory_xact_lock(?)", APPEND_LOCK_KEY);
            tx.h().execute("SELECT pg_notify('" + EVENTS_CHANNEL + "', '')");
        }
    }

    /** A connection outside the pools (the PostgreSQL LISTEN of the log tailer); the caller closes it. */
    public Connection dedicatedConnection() throws SQLException {
        Properties p = new Properties();
        p.setProperty("connectTimeout", "3"); // the tailer retries; a dead address must not hold it for pgjdbc's default 10 s
        p.setProperty("tcpKeepAlive", "true"); // a peer that vanished without closing is noticed
        p.setProperty("logServerErrorDetail", "false");
        return DriverManager.getConnection(url, p);
    }

    /** Runs fn in one read-only snapshot transaction (register reads state and log head in one). */
    public <T> T read(ReadFn<T> fn) {
        // Always a handle of its own: a read made while this thread is inside a write (e.g. rendering
        // inside an action) must not join that transaction, which Jdbi would otherwise reuse.
        try (Handle h = reader.open()) {
            return h.inTransaction(dialect == Dialect.POSTGRES ? TransactionIsolationLevel.REPEATABLE_READ
                    : TransactionIsolationLevel.UNKNOWN, x -> fn.apply(x));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A read refused because its statements ran past the limit readBounded set. */
    public static final class TooSlow extends RuntimeException {
        public TooSlow(Throwable cause) { super("statement timeout", cause, false, false); }
    }

    /**
     * A read snapshot whose statements may run at most limit in all (searches and narrows, whose
     * cost the client chooses): PostgreSQL's statement_timeout for this transaction; on SQLite a
     * progress handler that interrupts the statement once the deadline has passed. Past it: TooSlow.
     */
    public <T> T readBounded(Duration limit, ReadFn<T> fn) {
        try {
            return read(h -> {
                if (dialect == Dialect.POSTGRES) {
                    h.execute("SET LOCAL statement_timeout = " + Math.max(1, limit.toMillis()));
                    return fn.apply(h);
                }
                Connection c = h.getConnection().unwrap(SQLiteConnection.class);
                long deadline = System.nanoTime() + limit.toNanos();
                ProgressHandler.setHandler(c, 1000, new ProgressHandler() {
                    @Override
                    protected int progress() {
                        return System.nanoTime() - deadline > 0 ? 1 : 0;
                    }
                });
                try {
                    return fn.apply(h);
                } finally {
                    ProgressHandler.clearHandler(c);
                }
            });
        } catch (RuntimeException e) {
            if (cancelled(e)) throw new TooSlow(e);
            throw e;
        }
    }

    /** PostgreSQL's query_canceled (57014) or SQLite's SQLITE_INTERRUPT, anywhere in the causes. */
    private static boolean cancelled(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLiteException s && s.getResultCode() == SQLiteErrorCode.SQLITE_INTERRUPT) return true;
            if (t instanceof SQLException s && "57014".equals(s.getSQLState())) return true;
        }
        return false;
    }

    public Jdbi jdbi() { return reader; }

    /** The connection pools (metrics bind to them). */
    public List<HikariDataSource> pools() {
        return readerDs == writerDs ? List.of(writerDs) : List.of(writerDs, readerDs);
    }

    /** Answers when the database answers a trivial query (readiness); throws otherwise. */
    public void ping() {
        read(h -> h.createQuery("SELECT 1").mapTo(Integer.class).one());
    }

    @Override
    public void close() {
        writerDs.close();
        if (readerDs != writerDs) readerDs.close();
    }

    /** Checks that a connection can be made (start-up gives one clear line when it cannot). */
    public static void ping(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url)) {
            c.isValid(5);
        }
    }

    /** Ids looked up per query: one query for a usual list, and within every database's parameter limit. */
    public static final int IDS_PER_QUERY = 500;

    /** The ids cut into lists of at most IDS_PER_QUERY, in their order, for `IN (...)` lookups. */
    public static List<List<Long>> idChunks(Collection<Long> ids) {
        List<Long> all = List.copyOf(ids);
        List<List<Long>> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i += IDS_PER_QUERY) out.add(all.subList(i, Math.min(all.size(), i + IDS_PER_QUERY)));
        return out;
    }
}

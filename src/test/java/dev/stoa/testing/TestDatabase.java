package dev.stoa.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.UUID;

/**
 * Which database a test server uses: SQLite in a fresh directory always; PostgreSQL (a fresh schema
 * per server) when the suite runs with -Dstoa.test.db=postgres and STOA_TEST_POSTGRES_URL is set.
 */
public final class TestDatabase {
    private TestDatabase() {}

    public static boolean postgres() {
        return "postgres".equals(System.getProperty("stoa.test.db"));
    }

    /** A JDBC URL for a new, empty schema; null for SQLite. */
    public static String freshPostgresUrl() {
        if (!postgres()) return null;
        String base = System.getenv("STOA_TEST_POSTGRES_URL");
        if (base == null) throw new IllegalStateException("stoa.test.db=postgres needs STOA_TEST_POSTGRES_URL");
        String schema = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        try (Connection c = DriverManager.getConnection(base); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        } catch (Exception e) {
            throw new IllegalStateException("cannot create test schema on " + base, e);
        }
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    public static void dropPostgres(String url) {
        if (url == null) return;
        String schema = url.substring(url.lastIndexOf("currentSchema=") + "currentSchema=".length());
        String base = System.getenv("STOA_TEST_POSTGRES_URL");
        try (Connection c = DriverManager.getConnection(base); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        } catch (Exception e) {
            // leftover schemas are harmless; the next CI machine starts empty
        }
    }
}

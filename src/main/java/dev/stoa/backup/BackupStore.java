package dev.stoa.backup;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/** The SQL of backups: SQLite's snapshot copy, and whether a restore's target already holds Stoa's tables. */
final class BackupStore {
    private BackupStore() {}

    /**
     * VACUUM INTO copies the database as of one read transaction: in WAL mode the server's writers
     * go on meanwhile and nothing they commit later is in the copy; nothing half-committed is.
     * busy_timeout covers the moment a checkpoint holds the lock.
     */
    static void sqliteSnapshot(Path database, Path target) throws SQLException {
        Properties props = new Properties();
        props.setProperty("busy_timeout", "30000");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + database.toAbsolutePath(), props);
             PreparedStatement p = c.prepareStatement("VACUUM INTO ?")) {
            p.setString(1, target.toAbsolutePath().toString());
            p.execute();
        }
    }

    /** The schema version of a SQLite snapshot (Flyway's last applied migration). */
    static String sqliteSchemaVersion(Path database) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + database.toAbsolutePath()); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT version FROM flyway_schema_history WHERE success = 1 ORDER BY installed_rank DESC LIMIT 1")) {
            return r.next() ? r.getString(1) : "0";
        }
    }

    /** Whether the PostgreSQL schema (null: public) already has Stoa's migration table. */
    static boolean postgresHasStoa(String jdbcUrl, String schema) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl);
             PreparedStatement p = c.prepareStatement("SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = 'flyway_schema_history'")) {
            p.setString(1, schema == null ? "public" : schema);
            try (ResultSet r = p.executeQuery()) {
                return r.next();
            }
        }
    }
}

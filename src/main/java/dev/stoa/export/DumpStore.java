package dev.stoa.export;

import dev.stoa.db.Dialect;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.flywaydb.core.api.MigrationVersion;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.Query;

/**
 * The generic SQL of exports and imports: any exported table's rows, read and written column by
 * column, and what the importer asks of the database (its tables, schema version, emptiness).
 * Table names only ever come from ExportTables, column names only from the database's own metadata.
 */
public final class DumpStore {
    /** A column of a table: its name, its java.sql.Types type, and whether it holds booleans (SQLite: declared BOOLEAN). */
    public record Column(String name, int sqlType, boolean isBoolean) {}

    /** Receives each row, column name → value (Long, Double, String, Boolean, BigDecimal or null). */
    public interface RowSink {
        void accept(Map<String, Object> row) throws IOException;
    }

    /** Public channels' messages, and the messages a consenting user received (Zulip's rule for exports with consent). */
    private static final String EXPORTED_MESSAGES = "SELECT m.id FROM messages m WHERE m.channel_id IN (SELECT id FROM channels WHERE NOT invite_only)"
            + " OR m.id IN (SELECT message_id FROM user_message WHERE user_id IN (<consenting>))";

    private final Dialect dialect;

    public DumpStore(Dialect dialect) {
        this.dialect = dialect;
    }

    /**
     * Streams the table's rows in its order. everything: every row (a full export); else the rows its
     * scope allows, `consenting` being the users whose private data may go (never empty: [-1] for nobody).
     */
    public void dump(Handle h, ExportTables.Table t, boolean everything, List<Long> consenting, RowSink sink) {
        String where = everything ? null : condition(t);
        Query q = h.createQuery("SELECT * FROM " + t.name() + (where == null ? "" : " WHERE " + where) + " ORDER BY " + t.orderBy());
        if (where != null && where.contains("<consenting>")) q.bindList("consenting", consenting);
        Set<String> skip = ExportTables.EXCLUDED_COLUMNS.getOrDefault(t.name(), Set.of());
        // A fetch size streams PostgreSQL's rows (inside the read transaction) instead of loading the table.
        q.setFetchSize(1000).map((rs, ctx) -> row(rs, skip)).useStream(rows -> rows.forEach(r -> {
            try {
                sink.accept(r);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }));
    }

    private static String condition(ExportTables.Table t) {
        return switch (t.scope()) {
            case ALL -> null;
            case USER_PRIVATE -> t.column() + " IN (<consenting>)";
            case MESSAGES -> "channel_id IN (SELECT id FROM channels WHERE NOT invite_only)"
                    + " OR id IN (SELECT message_id FROM user_message WHERE user_id IN (<consenting>))";
            case MESSAGE_CHILD -> t.column() + " IN (" + EXPORTED_MESSAGES + ")";
            case RECIPIENTS -> "channel_id IS NOT NULL OR id IN (SELECT recipient_id FROM messages WHERE id IN (" + EXPORTED_MESSAGES + "))";
            case ATTACHMENTS -> t.column() + " IN (<consenting>) OR id IN (SELECT attachment_id FROM attachment_messages WHERE message_id IN ("
                    + EXPORTED_MESSAGES + "))";
        };
    }

    private static Map<String, Object> row(ResultSet rs, Set<String> skip) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            String name = md.getColumnLabel(i).toLowerCase(Locale.ROOT);
            if (!skip.contains(name)) out.put(name, value(rs, i, md));
        }
        return out;
    }

    /** One canonical JSON form for both dialects: booleans as booleans (SQLite stores 0/1), integers as Long. */
    private static Object value(ResultSet rs, int i, ResultSetMetaData md) throws SQLException {
        if (isBoolean(md.getColumnType(i), md.getColumnTypeName(i))) {
            boolean b = rs.getBoolean(i);
            return rs.wasNull() ? null : b;
        }
        Object o = rs.getObject(i);
        return switch (o) {
            case null -> null;
            case Integer n -> n.longValue();
            case Short n -> n.longValue();
            case Byte n -> n.longValue();
            case Float f -> f.doubleValue();
            case Long n -> n;
            case Double d -> d;
            case String s -> s;
            case Boolean b -> b;
            case BigDecimal d -> d;
            default -> o.toString();
        };
    }

    private static boolean isBoolean(int sqlType, String typeName) {
        return sqlType == Types.BOOLEAN || sqlType == Types.BIT || (typeName != null && typeName.toUpperCase(Locale.ROOT).startsWith("BOOL"));
    }

    /** The database's tables (SQLite: with its internal and full-text shadow tables; PostgreSQL: the current schema's). */
    public List<String> databaseTables(Handle h) {
        String sql = dialect == Dialect.SQLITE ? "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
                : "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name";
        return h.createQuery(sql).mapTo(String.class).list();
    }

    /** The highest migration applied (Flyway's history), e.g. "90". */
    public String schemaVersion(Handle h) {
        List<String> versions = h.createQuery("SELECT version FROM flyway_schema_history WHERE version IS NOT NULL AND success")
                .mapTo(String.class).list();
        return versions.stream().map(MigrationVersion::fromVersion).max(MigrationVersion::compareTo).map(MigrationVersion::getVersion).orElse("0");
    }

    /** Whether the database already holds an organization (a realm row or any user). */
    public boolean hasOrganization(Handle h) {
        return h.createQuery("SELECT (SELECT COUNT(*) FROM realm) + (SELECT COUNT(*) FROM users)").mapTo(Long.class).one() > 0;
    }

    /** The table's columns in the database, in their order. */
    public List<Column> columns(Handle h, String table) {
        try (Statement s = h.getConnection().createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
            ResultSetMetaData md = rs.getMetaData();
            List<Column> out = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                out.add(new Column(md.getColumnLabel(i).toLowerCase(Locale.ROOT), md.getColumnType(i),
                        isBoolean(md.getColumnType(i), md.getColumnTypeName(i))));
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the columns of " + table, e);
        }
    }

    /** Empties a table (the importer's target holds only what migrations seed, such as the presence sequence). */
    public void clear(Handle h, String table) {
        h.execute("DELETE FROM " + table);
    }

    /** Inserts rows (values in `columns` order, already of the column's type; null stays NULL). */
    public void insert(Handle h, String table, List<Column> columns, List<Object[]> rows) {
        if (rows.isEmpty()) return;
        StringBuilder sql = new StringBuilder("INSERT INTO ").append(table).append(" (");
        for (int i = 0; i < columns.size(); i++) sql.append(i == 0 ? "" : ", ").append(columns.get(i).name());
        sql.append(") VALUES (").append("?, ".repeat(columns.size() - 1)).append("?)");
        PreparedBatch batch = h.prepareBatch(sql.toString());
        for (Object[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                if (row[i] == null) batch.bindNull(i, columns.get(i).sqlType());
                else batch.bind(i, row[i]);
            }
            batch.add();
        }
        batch.execute();
    }

    /** Sets one column of the row with this id (the importer's deferred self-references). */
    public void setColumn(Handle h, String table, String column, long id, Object value) {
        h.createUpdate("UPDATE " + table + " SET " + column + " = ? WHERE id = ?").bind(0, value).bind(1, id).execute();
    }

    /**
     * PostgreSQL: an identity column's sequence does not move when ids are inserted explicitly; set it
     * past the highest imported id. (SQLite's AUTOINCREMENT already follows explicit ids.)
     */
    public void resetIdentity(Handle h, String table) {
        if (dialect != Dialect.POSTGRES) return;
        h.createQuery("SELECT setval(pg_get_serial_sequence(:t, 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM " + table + "), false)"
                + " WHERE pg_get_serial_sequence(:t, 'id') IS NOT NULL").bind("t", table).mapTo(Long.class).findOne();
    }
}

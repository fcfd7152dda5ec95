package dev.stoa.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.db.Db;
import dev.stoa.db.Dialect;
import dev.stoa.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * ExportTables is THE list of what an export holds: every table of the migrated schema must be in
 * it, exported or excluded with a reason, so that a new table cannot be left out of exports silently.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExportTablesTest {
    private Db db;
    private String pgUrl;
    private Path dir;

    @BeforeAll
    void open() throws Exception {
        dir = Files.createTempDirectory("stoa-export-tables");
        pgUrl = TestDatabase.freshPostgresUrl();
        db = pgUrl == null ? Db.sqlite(dir.resolve("stoa.db")) : Db.postgres(pgUrl);
    }

    @AfterAll
    void close() {
        db.close();
        TestDatabase.dropPostgres(pgUrl);
    }

    @Test
    void everyTableIsExportedOrExcludedWithAReason() {
        List<String> tables = db.read(new DumpStore(db.dialect())::databaseTables);
        List<String> missing = tables.stream().filter(t -> !ExportTables.accountedFor(t)).toList();
        assertThat(missing).as("tables neither in ExportTables.TABLES nor in ExportTables.EXCLUDED (with the reason):"
                + " add each where it belongs, and say in docs/export-format.md").isEmpty();
        for (ExportTables.Table t : ExportTables.TABLES) assertThat(tables).as("exported table").contains(t.name());
        ExportTables.EXCLUDED.values().forEach(reason -> assertThat(reason).isNotBlank());
    }

    @Test
    void everyExportedTableCanBeReadInItsOrderAndScope() {
        DumpStore dump = new DumpStore(db.dialect());
        for (ExportTables.Table t : ExportTables.TABLES) {
            db.read(h -> {
                dump.dump(h, t, false, List.of(-1L), row -> { });
                dump.dump(h, t, true, List.of(-1L), row -> { });
                List<String> columns = dump.columns(h, t.name()).stream().map(DumpStore.Column::name).toList();
                if (t.column() != null) assertThat(columns).as(t.name()).contains(t.column());
                String deferred = ExportTables.DEFERRED_COLUMNS.get(t.name());
                if (deferred != null) assertThat(columns).as(t.name()).contains(deferred, "id");
                return null;
            });
        }
    }

    /** The import inserts in TABLES' order: a table must come after every table its foreign keys name. */
    @Test
    void parentsComeBeforeTheirChildren() {
        List<String> order = ExportTables.TABLES.stream().map(ExportTables.Table::name).toList();
        for (String table : order) {
            for (String parent : parents(table)) {
                if (parent.equals(table)) {
                    assertThat(ExportTables.DEFERRED_COLUMNS).as(table + " refers to itself: defer that column").containsKey(table);
                    continue;
                }
                assertThat(order.indexOf(parent)).as(table + " refers to " + parent).isGreaterThanOrEqualTo(0).isLessThan(order.indexOf(table));
            }
        }
    }

    private List<String> parents(String table) {
        String sql = db.dialect() == Dialect.SQLITE ? "SELECT \"table\" FROM pragma_foreign_key_list('" + table + "')"
                : "SELECT ccu.table_name FROM information_schema.table_constraints tc JOIN information_schema.constraint_column_usage ccu"
                        + " ON tc.constraint_name = ccu.constraint_name AND tc.constraint_schema = ccu.constraint_schema"
                        + " WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_name = '" + table + "' AND tc.table_schema = current_schema()";
        return db.read(h -> {
            List<String> out = new ArrayList<>();
            try (var s = h.getConnection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) out.add(rs.getString(1));
            }
            return out;
        });
    }
}

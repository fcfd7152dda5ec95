package dev.stoa.reliability;

import dev.stoa.db.Db;
import dev.stoa.db.Dialect;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the database holds, to show that a rejected request changed nothing: cheaply, the event log
 * head and every table's row count (every change appends an event in its own transaction); fully,
 * a hash of every row. Left out, because the collector changes them whenever its minute comes (fuzz
 * runs on a slow machine saw both between two requests): the event queues (written lazily, expired
 * queues deleted), the event log's rows (pruned once no queue needs them; its head, MAX(id),
 * shows any append) and the missed-message mail progress (the collector settles each user's
 * messages; what it mails or sends would still show in the other tables) and the people's last visits
 * (user_activity: the collector writes the visits of the past minute's requests, rejected ones too).
 */
final class DbFingerprint {
    private final Db db;
    private final List<String> tables;

    DbFingerprint(Db db) {
        this.db = db;
        String sql = db.dialect() == Dialect.POSTGRES
                ? "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1"
                : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%' ORDER BY 1";
        this.tables = db.read(h -> h.createQuery(sql).mapTo(String.class).list()).stream()
                .filter(t -> !t.startsWith("flyway") && !t.contains("search") && !t.equals("events") && !t.equals("event_queues")
                        && !t.equals("missed_mail_progress") && !t.equals("user_activity")).toList();
    }

    /** Row counts and the log head, in one statement. */
    String quick() {
        StringBuilder sql = new StringBuilder("SELECT (SELECT COALESCE(MAX(id), 0) FROM events)");
        for (String t : tables) sql.append(" || ',' || (SELECT COUNT(*) FROM ").append(t).append(")");
        return db.read(h -> h.createQuery(sql.toString()).mapTo(String.class).one());
    }

    /** Every table's rows, hashed (row order fixed by sorting their text). */
    Map<String, Integer> full() {
        Map<String, Integer> out = new TreeMap<>();
        for (String t : tables) {
            List<String> rows = db.read(h -> h.createQuery("SELECT * FROM " + t).mapToMap().map(DbFingerprint::row).list());
            out.put(t, rows.stream().sorted().toList().hashCode());
        }
        return out;
    }

    private static String row(Map<String, Object> row) {
        StringBuilder b = new StringBuilder();
        new TreeMap<>(row).forEach((k, v) -> b.append(k).append('=').append(v instanceof byte[] bytes ? Arrays.toString(bytes) : v).append(';'));
        return b.toString();
    }
}

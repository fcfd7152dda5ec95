package dev.stoa.messages;

import dev.stoa.db.Dialect;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * Full-text search over topic and content, the query side: SQLite FTS5 (a separate table keyed by
 * message id) or PostgreSQL's tsvector column on messages; MessageStore.index writes either. Both
 * stem English words, so highlighting matches on word prefixes of the query's terms.
 */
public interface SearchIndex {
    /** A SQL condition on messages alias {@code m} that binds the named parameter {@code :<param>}. */
    String condition(String param);

    /** The bound value for a user's search text; null when it has no searchable term. */
    String query(String text);

    static SearchIndex of(Dialect d) {
        return d == Dialect.POSTGRES ? new Postgres() : new Sqlite();
    }

    /**
     * The search terms of a query: its distinct words, lower-cased, without punctuation, in order of
     * first appearance. A word repeated is one term: all terms must match, so a repeat selects
     * nothing more, while each copy cost a full-text lookup (issue 30: one word 2,000 times, ~4 s).
     */
    static List<String> terms(String text) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_]+")) {
            if (!w.isEmpty()) out.add(w);
        }
        return new ArrayList<>(out);
    }

    final class Sqlite implements SearchIndex {
        public String condition(String p) {
            return "m.id IN (SELECT rowid FROM message_search WHERE message_search MATCH :" + p + ")";
        }

        public String query(String text) {
            List<String> t = terms(text);
            if (t.isEmpty()) return null;
            StringBuilder b = new StringBuilder();
            for (String w : t) b.append(b.isEmpty() ? "" : " ").append('"').append(w).append('"');
            return b.toString();
        }
    }

    final class Postgres implements SearchIndex {
        public String condition(String p) {
            return "m.search_tsv @@ plainto_tsquery('english', :" + p + ")";
        }

        public String query(String text) {
            List<String> t = terms(text);
            return t.isEmpty() ? null : String.join(" ", t);
        }
    }
}

package dev.stoa.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.db.Db;
import dev.stoa.http.Json;
import dev.stoa.testing.StoaTestBase;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A cache sees each committed change of the tables it follows once, in order; missed (pruned) entries make it reload everything. */
class LogFollowerTest extends StoaTestBase {
    /** Records what it is handed; null stands for "reload everything". */
    static final class Recording extends LogFollower {
        final List<List<String>> batches = new ArrayList<>();

        Recording(EventLog log) {
            super(log, Set.of(CachedTable.LINKIFIERS, CachedTable.ALERT_WORDS));
        }

        @Override
        protected void changed(List<RowsChanged.Seen> changes, long head) {
            batches.add(changes == null ? null : changes.stream().map(c -> c.table().entryName + c.ids()).toList());
        }

        long look() { return follow(); }
    }

    private static long append(Db db, EventLog log, Event e) {
        return db.write(tx -> log.append(tx, e, Recipients.nobody()));
    }

    private static long rows(Db db, EventLog log, CachedTable table, long id) {
        db.write(tx -> {
            log.rowsChanged(tx, table, List.of(id));
            return null;
        });
        return log.head(); // published on commit
    }

    @Test
    void handsOverOnlyItsTablesOnceInOrder() {
        Db db = server.stoa.db();
        EventLog log = new EventLog(db, Clock.systemUTC());
        Recording cache = new Recording(log);
        assertThat(cache.look()).isEqualTo(log.head());
        assertThat(cache.batches).isEmpty();
        rows(db, log, CachedTable.LINKIFIERS, 7);
        rows(db, log, CachedTable.USERS, 1);
        append(db, log, new MarkdownEvent.Linkifiers(Json.array())); // a client event: no cache follows it
        long last = rows(db, log, CachedTable.ALERT_WORDS, 3);
        assertThat(cache.look()).isEqualTo(last);
        assertThat(cache.batches).containsExactly(List.of("linkifiers[7]", "alert_words[3]"));
        rows(db, log, CachedTable.USERS, 2);
        cache.look();
        cache.look();
        assertThat(cache.batches).as("nothing of its tables since, nothing handed again").hasSize(1);
        assertThat(cache.follows()).containsExactlyInAnyOrder(CachedTable.LINKIFIERS, CachedTable.ALERT_WORDS);
    }

    @Test
    void entriesPrunedUnseenMeanReloadEverything() {
        Db db = server.stoa.db();
        EventLog log = new EventLog(db, Clock.systemUTC());
        Recording cache = new Recording(log);
        long id = rows(db, log, CachedTable.LINKIFIERS, 1);
        log.prune(id);
        cache.look();
        assertThat(cache.batches).containsExactly((List<String>) null);
    }
}

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

/** A cache sees each committed entry of the types it follows once, in order; missed (pruned) entries make it reload everything. */
class LogFollowerTest extends StoaTestBase {
    /** Records what it is handed; null stands for "reload everything". */
    static final class Recording extends LogFollower {
        final List<List<String>> batches = new ArrayList<>();

        Recording(EventLog log) {
            super(log, Set.of("realm_linkifiers", "alert_words"));
        }

        @Override
        protected void changed(List<LoggedEvent> entries, long head) {
            batches.add(entries == null ? null : entries.stream().map(LoggedEvent::type).toList());
        }

        long look() { return follow(); }
    }

    private static long append(Db db, EventLog log, Event e) {
        return db.write(tx -> log.append(tx, e, Recipients.nobody()));
    }

    @Test
    void handsOverOnlyItsTypesOnceInOrder() {
        Db db = server.stoa.db();
        EventLog log = new EventLog(db, Clock.systemUTC());
        Recording cache = new Recording(log);
        assertThat(cache.look()).isEqualTo(log.head());
        assertThat(cache.batches).isEmpty();
        append(db, log, new MarkdownEvent.Linkifiers(Json.array()));
        append(db, log, new RowsChanged("users", List.of(1L)));
        long last = append(db, log, new MiscEvent.AlertWords(List.of("x")));
        assertThat(cache.look()).isEqualTo(last);
        assertThat(cache.batches).containsExactly(List.of("realm_linkifiers", "alert_words"));
        append(db, log, new RowsChanged("users", List.of(2L)));
        cache.look();
        cache.look();
        assertThat(cache.batches).as("nothing of its types since, nothing handed again").hasSize(1);
        assertThat(cache.follows()).containsExactlyInAnyOrder("realm_linkifiers", "alert_words");
    }

    @Test
    void entriesPrunedUnseenMeanReloadEverything() {
        Db db = server.stoa.db();
        EventLog log = new EventLog(db, Clock.systemUTC());
        Recording cache = new Recording(log);
        long id = append(db, log, new MarkdownEvent.Linkifiers(Json.array()));
        log.prune(id);
        cache.look();
        assertThat(cache.batches).containsExactly((List<String>) null);
    }
}

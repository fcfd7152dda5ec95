package dev.stoa.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * `./stoa bench --quick` inside the suite, so that the harness never rots: every scenario runs end
 * to end at small sizes against a server process, on SQLite and (in the PostgreSQL pass) on
 * PostgreSQL. It checks that each produced its figures and that every measured request succeeded;
 * it holds no timing.
 */
class BenchQuickTest {
    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void everyScenarioRunsEndToEnd() throws Exception {
        Path out = Files.createTempDirectory("bench-quick");
        String db = TestDatabase.postgres() ? System.getenv("STOA_TEST_POSTGRES_URL") : null;
        Benchmark.Options o = new Benchmark.Options(Set.copyOf(Benchmark.SCENARIOS), db, true, out, null);
        JsonNode r = Json.MAPPER.readTree(Benchmark.run(o).toFile());

        assertThat(r.get("database").asText()).isEqualTo(db == null ? "sqlite" : "postgres");
        assertThat(r.get("hello_per_second").asDouble()).isPositive();
        Set<String> measured = new HashSet<>();
        for (JsonNode row : r.get("results")) {
            measured.add(row.get("scenario").asText());
            assertThat(row.get("count").asLong()).as(row.toString()).isPositive();
            assertThat(row.get("errors").asLong()).as(row.toString()).isZero();
        }
        r.get("notes").fieldNames().forEachRemaining(k -> measured.add(k.substring(0, k.indexOf(':'))));
        assertThat(measured).containsExactlyInAnyOrderElementsOf(Benchmark.SCENARIOS);
        assertThat(r.get("notes").toString()).contains("RSS idle after start", "most people held", "highest rate held");
        List<String> metrics = r.get("results").findValuesAsText("metric");
        assertThat(metrics).anyMatch(m -> m.startsWith("sent to the last of 100 receivers"));
        assertThat(metrics).anyMatch(m -> m.startsWith("sent to the last of 100 long-polls"));
        assertThat(metrics).anyMatch(m -> m.startsWith("first sign-in + register after start, empty database"));
        assertThat(metrics).anyMatch(m -> m.startsWith("first sign-in + register after start") && m.contains("messages"));
    }
}

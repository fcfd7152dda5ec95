package dev.stoa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ServerProcess;
import dev.stoa.testing.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** `stoa run --log-format json`: everything the server writes is one JSON object per line, the first start's credentials not among them. */
class JsonLogProcessTest {
    @Test
    void everyLineIsJsonAndNoCredentials() throws Exception {
        try (ServerProcess p = new ServerProcess(TestDatabase.freshPostgresUrl())) {
            p.start(List.of("-Xmx256m", "--enable-native-access=ALL-UNNAMED"), List.of("--log-format", "json"));
            ApiClient owner = p.owner();
            owner.get("/users/me").success();
            assertThat(p.stop()).isEqualTo(143); // SIGTERM: the shutdown hook ran
            List<JsonNode> lines = new ArrayList<>();
            for (String line : p.output().split("\n")) {
                if (line.isBlank()) continue;
                JsonNode j = Json.parseOrNull(line);
                assertThat(j).as("not a JSON line: " + line).isNotNull();
                assertThat(j.has("time") && j.has("level") && j.has("msg")).as(line).isTrue();
                lines.add(j);
            }
            assertThat(lines).anySatisfy(l -> assertThat(l.get("msg").asText()).startsWith("Stoa is listening on"));
            assertThat(lines).anySatisfy(l -> assertThat(l.get("msg").asText()).contains("the API key is in"));
            assertThat(lines).anySatisfy(l -> assertThat(l.get("msg").asText()).isEqualTo("Stoa is stopping"));
            assertThat(p.output()).doesNotContain(owner.apiKey).doesNotContain("password:");
        }
    }
}

package dev.stoa.queues;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.StoaTestBase;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A real client: the npm package zulip-js@2.1.0, installed into target/clients/zulip-js (Node 20
 * and npm are on CI machines), registers a queue from a zuliprc, long-polls an event another user
 * causes, lists users and deletes its queue.
 */
class QueueZulipJsClientTest extends StoaTestBase {
    private static final Path DIR = Path.of("target", "clients", "zulip-js");

    private static Path install() throws Exception {
        Files.createDirectories(DIR);
        if (!Files.exists(DIR.resolve("node_modules/zulip-js/package.json"))) {
            Process npm = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--no-save", "--prefix", DIR.toString(), "zulip-js@2.1.0")
                    .redirectErrorStream(true).redirectOutput(DIR.resolve("npm.log").toFile()).start();
            assertThat(npm.waitFor(5, TimeUnit.MINUTES)).as("npm install in time").isTrue();
            assertThat(npm.exitValue()).as("npm install: " + Files.readString(DIR.resolve("npm.log"))).isZero();
        }
        Path script = DIR.resolve("zulip-js-check.js");
        try (var in = QueueZulipJsClientTest.class.getResourceAsStream("/clients/zulip-js-check.js")) {
            Files.write(script, in.readAllBytes());
        }
        return script;
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // the first run installs zulip-js with npm (up to 5 minutes)
    void registerPollListUsersAndDeleteWithZulipJs() throws Exception {
        Path script = install();
        Path rc = DIR.resolve("zuliprc");
        Files.writeString(rc, "[api]\nemail=" + member.email + "\nkey=" + member.apiKey + "\nsite=" + server.baseUrl + "\n");
        Process node = new ProcessBuilder("node", script.toAbsolutePath().toString(), rc.toAbsolutePath().toString())
                .directory(DIR.toFile()).redirectErrorStream(true).start();
        // a client that never finishes is killed, which ends the read below instead of hanging the build
        Thread.ofVirtual().start(() -> {
            try {
                if (!node.waitFor(90, TimeUnit.SECONDS)) node.destroyForcibly();
            } catch (InterruptedException e) {
                node.destroyForcibly();
            }
        });
        List<String> lines = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                lines.add(line);
                if (line.startsWith("REGISTERED ")) {
                    admin.patch("/users/" + guest.userId, "full_name", "Seen By zulip-js").success();
                }
            }
        } finally {
            node.waitFor(60, TimeUnit.SECONDS);
            node.destroyForcibly();
        }
        String all = String.join("\n", lines);
        assertThat(node.exitValue()).as(all).isZero();
        JsonNode event = Json.parse(value(lines, "EVENT "));
        assertThat(event.get("type").asText()).isEqualTo("realm_user");
        assertThat(event.at("/person/full_name").asText()).isEqualTo("Seen By zulip-js");
        JsonNode users = Json.parse(value(lines, "USERS "));
        assertThat(users.toString()).contains(member.email, admin.email);
        JsonNode gone = Json.parse(value(lines, "AFTER_DELETE "));
        assertThat(gone.get("code").asText()).isEqualTo("BAD_EVENT_QUEUE_ID");
    }

    private static String value(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length())).findFirst()
                .orElseThrow(() -> new AssertionError("no " + prefix + "line in:\n" + String.join("\n", lines)));
    }
}

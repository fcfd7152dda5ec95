package dev.stoa.app;

import dev.stoa.config.Config;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ServerProcess;
import dev.stoa.testing.TestDatabase;
import dev.stoa.testing.WebClient;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Comparator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The first start creates the realm and writes <data>/zuliprc; later starts reuse everything. */
class FirstStartTest {
    @Test
    void firstStartWritesZuliprcAndSecondReusesTheRealm() throws Exception {
        Path data = Files.createTempDirectory("stoa-first");
        String pg = TestDatabase.freshPostgresUrl();
        Map<String, String> env = pg == null ? Map.of() : Map.of("STOA_DATABASE_URL", pg);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Config config = Config.parse(new String[] {"--port", String.valueOf(port), "--data-dir", data.toString()}, env);
        try {
            String email, key;
            try (Stoa first = Stoa.start(config, Clock.systemUTC())) {
                TestAccess.Owner o = TestAccess.createdOwner(first);
                Path rc = data.resolve("zuliprc");
                assertThat(rc).exists();
                String text = Files.readString(rc);
                assertThat(text).isEqualTo("[api]\nemail=" + o.email() + "\nkey=" + o.apiKey() + "\nsite=http://127.0.0.1:" + port + "\n");
                if (!System.getProperty("os.name").startsWith("Windows")) {
                    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(rc))).isEqualTo("rw-------");
                }
                email = o.email();
                key = o.apiKey();
                ApiClient owner = new ApiClient("http://127.0.0.1:" + port, email, key, o.userId());
                var me = owner.get("/users/me").success();
                assertThat(me.get("is_owner").asBoolean()).isTrue();
                owner.anonymous().post("/fetch_api_key", "username", email, "password", o.password()).success();
                assertThat(owner.post("/register").success().get("cross_realm_bots")).as("the notification bot and the Welcome Bot").hasSize(2);
            }
            Files.writeString(data.resolve("zuliprc"), "kept");
            try (Stoa second = Stoa.start(config, Clock.systemUTC())) {
                assertThat(second.createdOwner()).isNull();
                assertThat(Files.readString(data.resolve("zuliprc"))).isEqualTo("kept");
                ApiClient owner = new ApiClient("http://127.0.0.1:" + port, email, key, -1);
                var members = owner.get("/users").success().get("members");
                long owners = 0;
                for (var m : members) if (m.get("is_owner").asBoolean()) owners++;
                assertThat(owners).isEqualTo(1);
                assertThat(members).hasSize(1);
            }
        } finally {
            TestDatabase.dropPostgres(pg);
            try (var files = Files.walk(data)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void firstStartPrintsTheAddressToOpenWithTheOwnersLogin() throws Exception {
        try (ServerProcess p = new ServerProcess(TestDatabase.freshPostgresUrl())) {
            p.start();
            String out = p.output();
            Matcher email = Pattern.compile("email: +(\\S+)").matcher(out);
            Matcher password = Pattern.compile("password: +(\\S+)").matcher(out);
            assertThat(email.find() && password.find()).as(out).isTrue();
            assertThat(out).contains("Open " + p.baseUrl() + "/ in a browser and log in with this email and password.");
            // A clean start: no JVM warning (SQLite's native access is enabled explicitly), and one line with where it listens and its data.
            assertThat(out).doesNotContain("WARNING").contains("Stoa is listening on " + p.baseUrl() + " (port " + p.port + "); data: "
                    + (p.databaseUrl == null ? "SQLite database " + p.dataDir.resolve("data").resolve("stoa.db").toAbsolutePath() : "PostgreSQL ")
                    + "").contains(", files under " + p.dataDir.resolve("data").toAbsolutePath());
            // The phone case (issue 26, item 12): a loopback external URL would point the app at the phone itself
            assertThat(out).contains("Phones cannot reach " + p.baseUrl() + ": for Zulip's mobile app start with --host 0.0.0.0"
                    + " --external-url http://<this machine's address>:" + p.port);
            // What the newcomer does next: the page, then the printed login.
            WebClient web = new WebClient(p.baseUrl());
            assertThat(web.page("/").statusCode()).isEqualTo(200);
            web.login(email.group(1), password.group(1)).success();
            assertThat(web.get("/users/me").success().get("role").asInt()).isEqualTo(100);
            p.stop();
            p.start();
            assertThat(p.output()).doesNotContain("password", "Open ", "WARNING").contains("Stoa is listening on " + p.baseUrl());
            assertThat(web.get("/users/me").success().get("role").asInt()).as("the session outlived the restart").isEqualTo(100);
        }
    }
}

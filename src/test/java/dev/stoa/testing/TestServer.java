package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.app.Stoa;
import dev.stoa.app.TestAccess;
import dev.stoa.config.Config;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A real Stoa on a random port with a fresh database, and clients for an owner, an administrator,
 * a moderator, a member, a guest and a bot. Rate limits are raised so tests are not throttled
 * (the rate-limit test starts its own server with the defaults).
 */
public final class TestServer implements AutoCloseable {
    /** Replaced by {@link #restart}. */
    public volatile Stoa stoa;
    private final Clock clock;
    public final Path dataDir;
    private final String pgUrl;
    public final String baseUrl;
    public final ApiClient owner, admin, moderator, member, guest, bot;

    public TestServer() { this(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000)); }

    public TestServer(UnaryOperator<Config> tweak) { this(tweak, Clock.systemUTC()); }

    /** With a tweak of the configuration and the server's clock (a MutableClock for expiry tests). */
    public TestServer(UnaryOperator<Config> tweak, Clock clock) {
        try {
            dataDir = Files.createTempDirectory("stoa-test");
            pgUrl = TestDatabase.freshPostgresUrl();
            int port = freePort();
            Map<String, String> env = pgUrl == null ? Map.of() : Map.of("STOA_DATABASE_URL", pgUrl);
            Config config = tweak.apply(Config.parse(new String[] {"--port", String.valueOf(port), "--data-dir", dataDir.toString(),
                    // A bare organization: tests count channels and messages from zero (FirstStartTest checks the welcome).
                    "--welcome", "false"}, env));
            this.clock = clock;
            stoa = Stoa.start(config, clock);
            baseUrl = "http://127.0.0.1:" + stoa.port();
            var created = TestAccess.createdOwner(stoa);
            owner = new ApiClient(baseUrl, created.email(), created.apiKey(), created.userId());
            admin = createUser("admin@example.com", "Iago Admin", 200);
            moderator = createUser("moderator@example.com", "Mo Moderator", 300);
            member = createUser("member@example.com", "Hamlet Member", 400);
            guest = createUser("guest@example.com", "Polonius Guest", 600);
            JsonNode b = member.post("/bots", "full_name", "Test Bot", "short_name", "test").success();
            bot = new ApiClient(baseUrl, "test-bot@127.0.0.1", b.get("api_key").asText(), b.get("user_id").asLong());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (Exception e) {
            throw new IllegalStateException("test server failed to start", e);
        }
    }

    /** Creates a user through the API (as the owner) and sets its role. */
    public ApiClient createUser(String email, String fullName, int role) {
        long id = owner.post("/users", "email", email, "password", "secret-" + email, "full_name", fullName).success().get("user_id").asLong();
        if (role != 400) owner.patch("/users/" + id, "role", String.valueOf(role)).success();
        String key = owner.anonymous().post("/fetch_api_key", "username", email, "password", "secret-" + email).success().get("api_key").asText();
        return new ApiClient(baseUrl, email, key, id);
    }

    /**
     * Stops the server, runs whileDown (moving a MutableClock, say), and starts it again on the same data (directory and database), port and
     * clock, as after a shutdown or crash: the clients keep working against the new process.
     */
    public void restart(Runnable whileDown) throws Exception {
        var config = stoa.config();
        stoa.close();
        whileDown.run();
        stoa = Stoa.start(config, clock);
    }

    /** As {@link #restart}, with a changed configuration (another sign-in method, say); the clients keep working. */
    public void restartWith(UnaryOperator<Config> change) throws Exception {
        var config = change.apply(stoa.config());
        stoa.close();
        stoa = Stoa.start(config, clock);
    }

    public ApiClient client(String email, String apiKey, long userId) {
        return new ApiClient(baseUrl, email, apiKey, userId);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        stoa.close();
        TestDatabase.dropPostgres(pgUrl);
        try (var files = Files.walk(dataDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp directory left behind is harmless
        }
    }
}

package dev.stoa.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.users.ApiKeyCacheTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The ./stoa administration commands, run in-process against the test server's database. */
class AdminTest extends StoaTestBase {
    private Cli.Result stoa(String... args) {
        return Cli.run(server, args);
    }

    private static String group(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("'" + regex + "' in: " + text).isTrue();
        return m.group(1);
    }

    private void fails(Cli.Result r, String message) {
        assertThat(r.exit()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).startsWith("stoa: ").contains(message);
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void createUserThenLogIn() {
        Cli.Result r = stoa("create-user", "--email", "cli@example.com", "--full-name", "Cli User", "--password", "hunter22", "--role", "moderator");
        assertThat(r.exit()).as(r.err()).isZero();
        String key = group(r.out(), "API key: (\\w{32})");
        long id = Long.parseLong(group(r.out(), "created user (\\d+)"));
        ApiClient cli = server.client("cli@example.com", key, id);
        assertThat(cli.get("/users/me").success().get("role").asInt()).isEqualTo(300);
        assertThat(anonymous.post("/fetch_api_key", "username", "cli@example.com", "password", "hunter22").success().get("api_key").asText()).isEqualTo(key);
        // Without --password one is generated and printed.
        Cli.Result gen = stoa("create-user", "--email", "gen@example.com", "--full-name", "Gen User");
        String password = group(gen.out(), "password: (\\S+)");
        anonymous.post("/fetch_api_key", "username", "gen@example.com", "password", password).success();
    }

    @Test
    void createUserBadInput() {
        fails(stoa("create-user", "--full-name", "No Email"), "missing --email");
        fails(stoa("create-user", "--email", "x@example.com"), "missing --full-name");
        fails(stoa("create-user", "--email", "not-an-email", "--full-name", "X"), "invalid email address 'not-an-email'");
        fails(stoa("create-user", "--email", "x@example.com", "--full-name", "X", "--role", "king"), "unknown role 'king'");
        fails(stoa("create-user", "--email", "x@example.com", "--full-name", "Bad *name*"), "Invalid characters in name!");
        fails(stoa("create-user", "--email", member.email, "--full-name", "Dup"), "already in use");
        fails(stoa("create-user", "--email"), "expected --option value");
        fails(stoa("frobnicate", "--email", "x@example.com"), "unknown command 'frobnicate'");
        fails(stoa("create-user", "--email", "x@example.com", "--full-name", "X", "--port", "1"), "unknown option --port for create-user");
    }

    @Test
    void createBot() {
        Cli.Result r = stoa("create-bot", "--short-name", "Deploy", "--full-name", "Deploy Bot", "--owner", member.email, "--bot-type", "2");
        assertThat(r.exit()).as(r.err()).isZero();
        String key = group(r.out(), "API key: (\\w{32})");
        long id = Long.parseLong(group(r.out(), "created bot (\\d+)"));
        JsonNode me = server.client("deploy-bot@127.0.0.1", key, id).get("/users/me").success();
        assertThat(me.get("is_bot").asBoolean()).isTrue();
        JsonNode u = admin.get("/users/" + id).success().get("user");
        assertThat(u.get("bot_type").asInt()).isEqualTo(2);
        assertThat(u.get("bot_owner_id").asLong()).isEqualTo(member.userId);
        fails(stoa("create-bot", "--short-name", "x", "--full-name", "X", "--owner", "ghost@example.com"), "no user with email ghost@example.com");
        fails(stoa("create-bot", "--short-name", "x", "--full-name", "X", "--owner", member.email, "--bot-type", "seven"), "--bot-type must be 1, 2 or 3");
        fails(stoa("create-bot", "--short-name", "bad name", "--full-name", "X", "--owner", member.email), "--short-name may hold only");
        fails(stoa("create-bot", "--short-name", "deploy", "--full-name", "Again", "--owner", member.email), "already in use");
        fails(stoa("create-bot", "--full-name", "X", "--owner", member.email), "missing --short-name");
    }

    @Test
    void changeRoleResetPasswordDeactivateZuliprc() {
        ApiClient u = server.createUser("lifecycle@example.com", "Life Cycle", 400);
        assertThat(u.get("/users/me").success().get("is_admin").asBoolean()).isFalse(); // its row is in the server's key cache now
        assertThat(stoa("change-role", "--email", u.email, "--role", "administrator").exit()).isZero();
        assertThat(u.get("/users/me").success().get("is_admin").asBoolean()).isTrue();
        fails(stoa("change-role", "--email", u.email, "--role", "emperor"), "unknown role 'emperor'");
        fails(stoa("change-role", "--email", "ghost@example.com", "--role", "member"), "no user with email ghost@example.com");
        fails(stoa("change-role", "--email", owner.email, "--role", "member"), "The owner permission cannot be removed from the only organization owner.");
        fails(stoa("change-role", "--email", bot.email, "--role", "administrator"), "bots have no role");

        long entries = ApiKeyCacheTest.rowChangedEntries(server, u.userId);
        Cli.Result reset = stoa("reset-password", "--email", u.email, "--password", "new-secret");
        assertThat(reset.exit()).isZero();
        // no client hears of a password set: the internal entry tells the servers' key caches
        assertThat(ApiKeyCacheTest.rowChangedEntries(server, u.userId)).isEqualTo(entries + 1);
        anonymous.post("/fetch_api_key", "username", u.email, "password", "new-secret").success();
        anonymous.post("/fetch_api_key", "username", u.email, "password", "secret-" + u.email).error(401, "AUTHENTICATION_FAILED", null);
        fails(stoa("reset-password", "--email", bot.email), "bots have no password");
        fails(stoa("reset-password", "--email", "ghost@example.com"), "no user with email");

        Cli.Result rc = stoa("zuliprc", "--email", u.email);
        assertThat(rc.exit()).isZero();
        assertThat(rc.out()).isEqualTo("[api]\nemail=" + u.email + "\nkey=" + u.apiKey + "\nsite=" + server.stoa.config().externalUrl() + "\n");
        fails(stoa("zuliprc", "--email", "ghost@example.com"), "no user with email");
        fails(stoa("zuliprc"), "missing --email");

        assertThat(stoa("deactivate", "--email", u.email).exit()).isZero();
        u.get("/users/me").error(401, "USER_DEACTIVATED", "Account is deactivated");
        fails(stoa("deactivate", "--email", u.email), "User is already deactivated");
        fails(stoa("deactivate", "--email", owner.email), "Cannot deactivate the only organization owner");
    }

    @Test
    void createUserJoinsTheDefaultChannels() {
        long id = owner.post("/channels/create", "name", "cli-defaults", "subscribers", List.of(owner.userId)).success().get("id").asLong();
        owner.post("/default_streams", "stream_id", String.valueOf(id)).success();
        Cli.Result r = stoa("create-user", "--email", "joiner@example.com", "--full-name", "Joiner");
        assertThat(r.exit()).as(r.err()).isZero();
        long joiner = Long.parseLong(group(r.out(), "created user (\\d+)"));
        assertThat(owner.get("/streams/" + id + "/members").success().get("subscribers")).extracting(JsonNode::asLong).contains(joiner);
    }

    /** The CLI's deactivate and change-role send the same subscriber and stream events as the API. */
    @Test
    void deactivateAndChangeRoleSendTheApisEvents() {
        ApiClient leaver = server.createUser("leaver@example.com", "Leaver", 400);
        ApiClient visitor = server.createUser("visitor@example.com", "Visitor", 600);
        long id = owner.post("/channels/create", "name", "cli-events", "subscribers", List.of(owner.userId, leaver.userId))
                .success().get("id").asLong();
        JsonNode ownerQueue = owner.post("/register", "event_types", List.of("subscription")).success();
        JsonNode visitorQueue = visitor.post("/register", "event_types", List.of("stream")).success();

        assertThat(stoa("deactivate", "--email", leaver.email).exit()).isZero();
        JsonNode peerRemove = awaitEvent(owner, ownerQueue, "peer_remove");
        assertThat(peerRemove.get("stream_ids")).extracting(JsonNode::asLong).containsExactly(id);
        assertThat(peerRemove.get("user_ids")).extracting(JsonNode::asLong).containsExactly(leaver.userId);

        assertThat(stoa("change-role", "--email", visitor.email, "--role", "member").exit()).isZero();
        JsonNode create = awaitEvent(visitor, visitorQueue, "create");
        assertThat(create.get("streams")).extracting(s -> s.get("stream_id").asLong()).contains(id);
    }

    /** The first event with this op in the queue; the CLI's events reach the server through its log tailer. */
    private static JsonNode awaitEvent(ApiClient c, JsonNode queue, String op) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        long last = queue.get("last_event_id").asLong();
        while (System.nanoTime() < deadline) {
            JsonNode r = c.get("/events", "queue_id", queue.get("queue_id").asText(), "last_event_id", String.valueOf(last),
                    "dont_block", "true").success();
            for (JsonNode e : r.get("events")) {
                if (op.equals(e.path("op").asText())) return e;
                last = Math.max(last, e.get("id").asLong());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("no " + op + " event within 20 s");
    }

    @Test
    void helpAndNoDatabase() throws Exception {
        var empty = Files.createTempDirectory("stoa-empty");
        PrintStream oldErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            assertThat(Main.exec(new String[] {"zuliprc", "--email", "a@b.c", "--data-dir", empty.toString()})).isEqualTo(2);
        } finally {
            System.setErr(oldErr);
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("no database under").contains("./stoa run");
        assertThatThrownBy(() -> Admin.run("create-user", new String[] {"--data-dir", empty.toString()}))
                .isInstanceOf(Admin.AdminError.class);
    }
}

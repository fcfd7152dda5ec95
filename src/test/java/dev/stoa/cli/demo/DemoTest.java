package dev.stoa.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.app.Stoa;
import dev.stoa.cli.Cli;
import dev.stoa.config.Config;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.TestDatabase;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * `./stoa demo` into a fresh data directory (and PostgreSQL schema), then a server on it: what the
 * demo promises is there through the API (every answer contract-validated), Zulip's published API
 * examples run as written, and a second run is refused.
 */
class DemoTest {
    private static Path data;
    private static String pg;
    private static Stoa stoa;
    private static Cli.Result demo;
    private static String base, password;
    private static ApiClient iago;

    @BeforeAll
    static void runDemoThenStart() throws Exception {
        data = Files.createTempDirectory("stoa-demo");
        pg = TestDatabase.freshPostgresUrl();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        base = "http://127.0.0.1:" + port;
        demo = Cli.exec(args("demo", "--port", String.valueOf(port)));
        assertThat(demo.exit()).as(demo.err() + demo.out()).isZero();
        password = group(demo.out(), "Every demo user's password: (\\S+)");
        Config config = Config.parse(args("--port", String.valueOf(port)), Map.of());
        stoa = Stoa.start(config, Clock.systemUTC());
        iago = login("iago@zulip.com");
    }

    @AfterAll
    static void stop() throws Exception {
        if (stoa != null) stoa.close();
        TestDatabase.dropPostgres(pg);
        try (var files = Files.walk(data)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static String[] args(String... first) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of("--data-dir", data.toString()));
        if (pg != null) all.addAll(List.of("--database-url", pg));
        return all.toArray(String[]::new);
    }

    private static String group(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("'" + regex + "' in: " + text).isTrue();
        return m.group(1);
    }

    /** Logs in as Zulip's clients do: the printed password for an API key. */
    private static ApiClient login(String email) {
        ApiClient anon = new ApiClient(base, null, null, -1);
        JsonNode r = anon.post("/fetch_api_key", "username", email, "password", password).success();
        return new ApiClient(base, r.get("email").asText(), r.get("api_key").asText(), r.get("user_id").asLong());
    }

    @Test
    void printsHowToLogInAndWritesZuliprcs() throws Exception {
        assertThat(demo.out()).contains("desdemona@zulip.com", "iago@zulip.com", "polonius@zulip.com",
                data.toAbsolutePath().resolve("zuliprc").toString(), data.toAbsolutePath().resolve("zuliprc-iago").toString());
        String ownerEmail = group(demo.out(), "first owner: (\\S+), password");
        String ownerPassword = group(demo.out(), "first owner: \\S+, password: (\\S+)");
        new ApiClient(base, null, null, -1).post("/fetch_api_key", "username", ownerEmail, "password", ownerPassword).success();
        assertThat(Files.readString(data.resolve("zuliprc-iago")))
                .isEqualTo("[api]\nemail=iago@zulip.com\nkey=" + iago.apiKey + "\nsite=" + base + "\n");
        assertThat(Files.readString(data.resolve("zuliprc"))).contains("email=" + ownerEmail);
    }

    @Test
    void aSecondRunIsRefusedAndChangesNothing() {
        long before = iago.get("/users").success().get("members").size();
        Cli.Result again = Cli.exec(args("demo"));
        assertThat(again.exit()).isEqualTo(2);
        assertThat(again.err()).startsWith("stoa: ").contains("already holds an organization with")
                .contains("the demo only fills a new one").doesNotContain("Exception");
        assertThat(iago.get("/users").success().get("members").size()).isEqualTo(before);
    }

    @Test
    void peopleInEveryRoleAndBots() {
        Map<String, JsonNode> byEmail = new HashMap<>();
        for (JsonNode u : iago.get("/users").success().get("members")) byEmail.put(u.get("email").asText(), u);
        assertThat(byEmail.get("desdemona@zulip.com").get("role").asInt()).isEqualTo(100);
        assertThat(byEmail.get("iago@zulip.com").get("role").asInt()).isEqualTo(200);
        assertThat(byEmail.get("shiva@zulip.com").get("role").asInt()).isEqualTo(300);
        assertThat(byEmail.get("hamlet@zulip.com").get("full_name").asText()).isEqualTo("King Hamlet");
        assertThat(byEmail.get("polonius@zulip.com").get("role").asInt()).isEqualTo(600);
        assertThat(byEmail).containsKeys("othello@zulip.com", "cordelia@zulip.com", "prospero@zulip.com", "ZOE@zulip.com", "AARON@zulip.com");
        assertThat(byEmail.values().stream().filter(u -> !u.get("is_bot").asBoolean()).count()).isGreaterThanOrEqualTo(30);
        assertThat(byEmail.get("default-bot@zulip.com").get("is_bot").asBoolean()).isTrue();
        assertThat(byEmail.get("webhook-bot@zulip.com").get("bot_type").asInt()).isEqualTo(2);
        assertThat(byEmail.get("prospero@zulip.com").get("timezone").asText()).isEqualTo("America/Los_Angeles");
    }

    @Test
    void channelsTopicsHistoryReactionsMentionsEditsAndAnImage() {
        Map<String, JsonNode> channels = new HashMap<>();
        for (JsonNode c : iago.get("/streams").success().get("streams")) channels.put(c.get("name").asText(), c);
        assertThat(channels).containsKeys("Verona", "Denmark", "Scotland", "Venice", "Rome", "core team", "design", "social");
        assertThat(channels.get("core team").get("invite_only").asBoolean()).isTrue();
        assertThat(topics(channels.get("Denmark"))).contains("Castle", "Introduction", "security");
        assertThat(topics(channels.get("core team"))).contains("✔ deploy failure", "stand-up", "release planning");

        JsonNode all = iago.get("/messages", "anchor", "newest", "num_before", 1000, "num_after", 0).success().get("messages");
        assertThat(all.size()).isGreaterThan(150);
        long first = all.get(0).get("timestamp").asLong(), last = all.get(all.size() - 1).get("timestamp").asLong();
        long now = System.currentTimeMillis() / 1000;
        assertThat(last - first).as("weeks of history").isGreaterThan(21 * 86400L);
        assertThat(last).isLessThanOrEqualTo(now + 5);
        List<JsonNode> list = new ArrayList<>();
        all.forEach(list::add);
        assertThat(list).anyMatch(m -> m.get("reactions").toString().contains("\"reaction_type\":\"realm_emoji\""));
        assertThat(list.stream().filter(m -> !m.get("reactions").isEmpty()).count()).isGreaterThan(50);
        assertThat(list).anyMatch(m -> m.get("content").asText().contains("class=\"user-mention\""));
        assertThat(list).anyMatch(m -> m.get("content").asText().contains("class=\"user-group-mention\""));
        assertThat(list).anyMatch(m -> m.get("content").asText().contains("https://github.com/zulip/zulip/issues/2731"));
        assertThat(list).anyMatch(m -> m.get("content").asText().contains("class=\"codehilite\""));
        assertThat(list).anyMatch(m -> m.has("last_edit_timestamp"));
        assertThat(list).anyMatch(m -> m.get("type").asText().equals("private"));
        String image = list.stream().map(m -> m.get("content").asText()).filter(c -> c.contains("message_inline_image")).findFirst().orElseThrow();
        String url = group(image, "<img src=\"(/user_uploads/[^\"]+)\"");
        var got = iago.raw(iago.request(url).GET().build());
        assertThat(got.status()).isEqualTo(200);
        assertThat(got.headers().firstValue("Content-Type").orElse("")).startsWith("image/png");
        // The last day and a half is unread for the owner who logs in.
        assertThat(login("desdemona@zulip.com").post("/register", "fetch_event_types", "[\"message\"]").success()
                .get("unread_msgs").get("count").asInt()).isPositive();
    }

    private List<String> topics(JsonNode channel) {
        List<String> out = new ArrayList<>();
        iago.get("/users/me/" + channel.get("stream_id").asLong() + "/topics").success().get("topics").forEach(t -> out.add(t.get("name").asText()));
        return out;
    }

    @Test
    void groupsProfileFieldsLinkifiersAndCustomEmoji() {
        List<String> groups = new ArrayList<>();
        iago.get("/user_groups").success().get("user_groups").forEach(g -> groups.add(g.get("name").asText()));
        assertThat(groups).contains("hamletcharacters", "backend", "frontend", "engineering", "support");

        JsonNode fields = iago.get("/realm/profile_fields").success().get("custom_fields");
        assertThat(fields.size()).isEqualTo(9);
        long bio = -1;
        for (JsonNode f : fields) if (f.get("name").asText().equals("Biography")) bio = f.get("id").asLong();
        long hamlet = iago.get("/users/hamlet@zulip.com").success().get("user").get("user_id").asLong();
        JsonNode profile = iago.get("/users/" + hamlet, "include_custom_profile_fields", true).success().get("user").get("profile_data");
        assertThat(profile.get(String.valueOf(bio)).get("value").asText()).startsWith("I am:\n* The prince of Denmark");
        assertThat(profile.size()).isGreaterThanOrEqualTo(8);

        JsonNode linkifiers = iago.get("/realm/linkifiers").success().get("linkifiers");
        assertThat(linkifiers.toString()).contains("https://github.com/zulip/zulip/issues/{id}");

        JsonNode emoji = iago.get("/realm/emoji").success().get("emoji");
        JsonNode tick = emoji.valueStream().filter(e -> e.get("name").asText().equals("green_tick")).findFirst().orElseThrow();
        var png = iago.raw(iago.request(tick.get("source_url").asText()).GET().build());
        assertThat(png.status()).isEqualTo(200);
        assertThat(png.body()).startsWith("\uFFFDPNG");
    }

    /** Zulip's published examples (zulip.yaml, Zulip's python and curl examples), sent exactly as written. */
    @Test
    void zulipsApiExamplesRunAsWritten() {
        iago.post("/messages", "type", "stream", "to", "Denmark", "topic", "Castle",
                "content", "I come not, friends, to steal away your hearts.").success();
        JsonNode fromIago = iago.get("/messages", "anchor", "newest", "num_before", 100, "num_after", 0,
                "narrow", "[{\"operator\": \"sender\", \"operand\": \"iago@zulip.com\"}, {\"operator\": \"channel\", \"operand\": \"Verona\"}]")
                .success().get("messages");
        assertThat(fromIago.size()).isPositive();
        fromIago.forEach(m -> assertThat(m.get("display_recipient").asText()).isEqualTo("Verona"));
        JsonNode denmark = iago.get("/messages", "anchor", "newest", "num_before", 100, "num_after", 0,
                "narrow", "[{\"operand\": \"Denmark\", \"operator\": \"channel\"}]").success().get("messages");
        assertThat(denmark.get(denmark.size() - 1).get("subject").asText()).isEqualTo("Castle");
        iago.post("/users/me/subscriptions", "subscriptions", "[{\"name\": \"Verona\", \"description\": \"Italian city\"}]",
                "principals", "[\"ZOE@zulip.com\"]").success();
        iago.post("/messages", "type", "direct", "to", "[9]", "content", "With mirth and laughter let old wrinkles come.").success();
        // Zulip's curl example quotes the channel name as JSON.
        iago.post("/messages", "type", "stream", "to", "\"Denmark\"", "topic", "Castle",
                "content", "I come not, friends, to steal away your hearts.").success();
        // What README's zulip-send lines send (Zulip's Python client: legacy type and subject, `to` as a JSON list).
        iago.post("/messages", "type", "stream", "to", "Denmark", "subject", "Castle", "content", "I come not, friends, to steal away your hearts.")
                .success();
        String ownerEmail = group(demo.out(), "first owner: (\\S+), password");
        JsonNode key = new ApiClient(base, null, null, -1).post("/fetch_api_key", "username", ownerEmail,
                "password", group(demo.out(), "first owner: \\S+, password: (\\S+)")).success();
        new ApiClient(base, ownerEmail, key.get("api_key").asText(), key.get("user_id").asLong())
                .post("/messages", "type", "private", "to", "[\"" + ownerEmail + "\"]", "content", "hello").success();
    }
}

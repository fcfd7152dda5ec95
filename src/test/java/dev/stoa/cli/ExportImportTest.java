package dev.stoa.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.app.Stoa;
import dev.stoa.config.Config;
import dev.stoa.emoji.RealmEmojiTest;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.Exports;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestDatabase;
import dev.stoa.users.AvatarTest;
import java.net.ServerSocket;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole round trip, through the API and the command line: a busy organization (people of every
 * role, a bot, public and private channels, direct and group messages, reactions with a custom
 * emoji, an edit, an upload, flags, drafts, muting, settings) is exported with member consent,
 * downloaded, imported with `./stoa import` into a new data directory (or PostgreSQL schema), and a
 * server started there answers every user exactly as the old one did: register, messages,
 * subscriptions, drafts, attachments, the upload's and the emoji's bytes, logins, search.
 */
class ExportImportTest extends StoaTestBase {
    /** Keys of register that differ between two calls on the same server too. */
    private static final Set<String> VOLATILE = Set.of("queue_id", "last_event_id", "server_timestamp", "presences",
            "presence_last_update_id", "result", "msg");

    private final List<ApiClient> people = new ArrayList<>();
    private String uploadUrl;
    private String emojiUrl;
    private String avatarUrl;

    @Test
    void aBusyRealmSurvivesExportAndImport() throws Exception {
        busyRealm();
        Map<String, JsonNode> before = snapshot(people, owner);
        assertThat(before.get(member.email + " messages")).hasSizeGreaterThanOrEqualTo(7);
        assertThat(before.get(member.email + " register").get("realm_users")).hasSizeGreaterThanOrEqualTo(7);
        assertThat(before.get(member.email + " drafts")).hasSize(1);
        byte[] uploadBefore = Exports.fetch(member, server.baseUrl + uploadUrl).body();
        byte[] emojiBefore = Exports.fetch(member, server.baseUrl + emojiUrl).body();
        byte[] avatarBefore = Exports.fetch(member, server.baseUrl + avatarUrl).body();

        long id = owner.post("/export/realm", "export_type", "2").success().get("id").asLong();
        JsonNode done = Exports.awaitDone(owner, id, 120);
        assertThat(done.get("failed_timestamp").isNull()).as("the export failed").isTrue();
        var download = Exports.fetch(owner, done.get("export_url").asText());
        assertThat(download.statusCode()).isEqualTo(200);
        Path work = Files.createTempDirectory("stoa-import");
        Path file = work.resolve("export.zip");
        Files.write(file, download.body());

        Path dataDir = work.resolve("data");
        String pgUrl = TestDatabase.freshPostgresUrl();
        try {
            Cli.Result r = Cli.exec(importArgs(file, dataDir, pgUrl));
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out()).contains("imported");
            refusesAnOrganizationAlreadyThere(file, dataDir, pgUrl, work);
            try (Stoa imported = start(dataDir, pgUrl)) {
                assertThat(imported.createdOwner()).as("an imported organization needs no first-start owner").isNull();
                String base = "http://127.0.0.1:" + imported.port();
                List<ApiClient> there = people.stream().map(c -> new ApiClient(base, c.email, c.apiKey, c.userId)).toList();
                ApiClient ownerThere = there.get(0);
                Map<String, JsonNode> after = snapshot(there, ownerThere);
                for (String key : before.keySet()) requireEqual(key, before.get(key), after.get(key));
                ApiClient memberThere = there.get(people.indexOf(member));
                assertThat(Exports.fetch(memberThere, base + uploadUrl).body()).isEqualTo(uploadBefore);
                assertThat(Exports.fetch(memberThere, base + emojiUrl).body()).isEqualTo(emojiBefore);
                assertThat(Exports.fetch(memberThere, base + avatarUrl).body()).isEqualTo(avatarBefore);
                stillWorks(base, memberThere, before);
            }
        } finally {
            TestDatabase.dropPostgres(pgUrl);
            try (var all = Files.walk(work)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** `./stoa export`: the operator's full export (everything, without consent), in the same format; bad input is one clear line. */
    @Test
    void theCommandLineExportsEverything() throws Exception {
        long dm = member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "cli export word").success().get("id").asLong();
        Path work = Files.createTempDirectory("stoa-cli-export");
        try {
            Path file = work.resolve("full.zip");
            Cli.Result r = Cli.run(server, "export", "--file", file.toString());
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out()).contains("exported").contains(file.toAbsolutePath().toString());
            Map<String, byte[]> entries = Exports.entries(Files.readAllBytes(file));
            assertThat(Exports.rows(entries, "messages")).anyMatch(m -> m.get("id").asLong() == dm);
            assertThat(Json.parse(new String(entries.get("manifest.json"), StandardCharsets.UTF_8))
                    .get("export_type").asText()).isEqualTo("full");

            Cli.Result bad = Cli.run(server, "export", "--file", work.resolve("x.zip").toString(), "--export-type", "everything");
            assertThat(bad.exit()).isEqualTo(2);
            assertThat(bad.err()).contains("--export-type must be full, full_with_consent or public");
            Path notZip = Files.writeString(work.resolve("not.zip"), "hello");
            Cli.Result garbage = Cli.exec(importArgs(notZip, work.resolve("data"), null));
            assertThat(garbage.exit()).isEqualTo(2);
            assertThat(garbage.err()).contains("is not a Stoa export");
            assertThat(work.resolve("data")).doesNotExist();
        } finally {
            try (var all = Files.walk(work)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static String[] importArgs(Path file, Path dataDir, String pgUrl) {
        List<String> a = new ArrayList<>(List.of("import", "--file", file.toString(), "--data-dir", dataDir.toString()));
        if (pgUrl != null) a.addAll(List.of("--database-url", pgUrl));
        return a.toArray(String[]::new);
    }

    /** A second import into what now holds the organization is refused with one clear line, and changes nothing. */
    private static void refusesAnOrganizationAlreadyThere(Path file, Path dataDir, String pgUrl, Path work) {
        Cli.Result again = Cli.exec(importArgs(file, dataDir, pgUrl));
        assertThat(again.exit()).isEqualTo(2);
        assertThat(again.err()).startsWith("stoa: ").contains("is not empty: import only into a new, empty data directory")
                .doesNotContain("\tat ");
        if (pgUrl != null) {
            Cli.Result db = Cli.exec(importArgs(file, work.resolve("other-data"), pgUrl));
            assertThat(db.exit()).isEqualTo(2);
            assertThat(db.err()).contains("the database already holds an organization: import only into an empty database");
        }
        Cli.Result garbage = Cli.exec(importArgs(work.resolve("missing.zip"), work.resolve("third"), null));
        assertThat(garbage.exit()).isEqualTo(2);
        assertThat(garbage.err()).contains("no such file");
    }

    private Stoa start(Path dataDir, String pgUrl) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        // The old server's external URL, so that URLs in the state (avatars, realm_url) compare equal.
        Map<String, String> env = pgUrl == null ? Map.of() : Map.of("STOA_DATABASE_URL", pgUrl);
        Config config = Config.parse(new String[] {"--port", String.valueOf(port), "--data-dir", dataDir.toString(),
                "--external-url", server.stoa.config().externalUrl()}, env).withLimits(1_000_000, 1_000_000, 1_000_000);
        return Stoa.start(config, Clock.systemUTC());
    }

    private void busyRealm() throws Exception {
        ApiClient cordelia = server.createUser("cordelia@example.com", "Cordelia", 400);
        people.addAll(List.of(owner, admin, moderator, member, guest, cordelia, bot));
        for (ApiClient c : people) {
            if (c != bot) c.patch("/settings", "allow_private_data_export", true).success();
        }
        List<Long> humans = people.stream().filter(c -> c != bot).map(c -> c.userId).toList();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "Verona", "description", "Fair **Verona**")),
                "principals", humans).success();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "Scotland")), "invite_only", true,
                "principals", List.of(owner.userId, member.userId, cordelia.userId)).success();
        long lunch = send(member, "Verona", "lunch", "Who wants **pizza** today?");
        send(admin, "Verona", "lunch", "Me! @**Hamlet Member**");
        long secret = send(cordelia, "Scotland", "plans", "A private plan, tell nobody");
        send(member, "Scotland", "plans", "Agreed.");
        long dm = member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "a direct word").success().get("id").asLong();
        member.post("/messages", "type", "direct", "to", List.of(admin.userId, cordelia.userId), "content", "a group word").success();
        member.post("/messages", "type", "direct", "to", List.of(member.userId), "content", "a note to myself").success();
        bot.post("/messages", "type", "stream", "to", "Verona", "topic", "bots", "content", "beep").success();

        avatarUrl = AvatarTest.upload(member, Map.of("me.png", AvatarTest.image(30, 20, "png"))).success()
                .get("avatar_url").asText();
        byte[] image = RealmEmojiTest.png(0x336699);
        RealmEmojiTest.upload(admin, "stoaparrot", Map.of("file", image)).success();
        JsonNode emoji = emojiNamed(admin, "stoaparrot");
        emojiUrl = emoji.get("source_url").asText();
        admin.post("/messages/" + lunch + "/reactions", "emoji_name", "thumbs_up").success();
        member.post("/messages/" + lunch + "/reactions", "emoji_name", "stoaparrot", "emoji_code", emoji.get("id").asText(),
                "reaction_type", "realm_emoji").success();
        cordelia.post("/messages/" + secret + "/reactions", "emoji_name", "heart").success();

        member.patch("/messages/" + lunch, "content", "Who wants **pasta** today?", "topic", "lunch plans").success();
        uploadUrl = upload(member, "notes.txt", "the notes' bytes\n");
        send(member, "Verona", "files", "[notes](" + uploadUrl + ")");

        member.post("/messages/flags", "messages", List.of(dm), "op", "add", "flag", "starred").success();
        admin.post("/mark_all_as_read").success();
        member.post("/drafts", "drafts", List.of(Map.of("type", "stream", "to", List.of(channelId("Verona")), "topic", "later",
                "content", "a draft", "timestamp", 1_700_000_000))).success();
        cordelia.post("/user_topics", "stream_id", channelId("Verona"), "topic", "bots", "visibility_policy", 1).success();
        admin.post("/users/me/alert_words", "alert_words", List.of("pasta")).success();
        owner.post("/realm/filters", "pattern", "#(?P<id>[0-9]+)", "url_template", "https://tracker.example.com/{id}").success();
        guest.patch("/settings", "twenty_four_hour_time", true).success();
    }

    private long channelId(String name) {
        return owner.get("/get_stream_id", "stream", name).success().get("stream_id").asLong();
    }

    private static long send(ApiClient c, String channel, String topic, String content) {
        return c.post("/messages", "type", "stream", "to", channel, "topic", topic, "content", content).success().get("id").asLong();
    }

    private static JsonNode emojiNamed(ApiClient c, String name) {
        for (JsonNode e : c.get("/realm/emoji").success().get("emoji")) if (e.get("name").asText().equals(name)) return e;
        throw new AssertionError("no emoji " + name);
    }

    private static String upload(ApiClient c, String name, String body) {
        String boundary = "exportBoundary";
        String payload = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + name + "\"\r\n"
                + "Content-Type: text/plain\r\n\r\n" + body + "\r\n--" + boundary + "--\r\n";
        var req = c.request("/api/v1/user_uploads").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(payload)).build();
        return c.raw(req).success().get("url").asText();
    }

    /** What each person sees: register, their messages, subscriptions, drafts, uploads; and the organization's lists. */
    private static Map<String, JsonNode> snapshot(List<ApiClient> clients, ApiClient owner) {
        Map<String, JsonNode> s = new LinkedHashMap<>();
        for (ApiClient c : clients) {
            ObjectNode register = (ObjectNode) c.post("/register").success();
            register.remove(VOLATILE);
            s.put(c.email + " register", register);
            s.put(c.email + " messages", c.get("/messages", "anchor", "newest", "num_before", 500, "num_after", 0).success().get("messages"));
            s.put(c.email + " subscriptions", c.get("/users/me/subscriptions", "include_subscribers", true).success().get("subscriptions"));
            s.put(c.email + " drafts", c.get("/drafts").success().get("drafts"));
            s.put(c.email + " attachments", c.get("/attachments").success().get("attachments"));
        }
        s.put("users", owner.get("/users", "include_custom_profile_fields", true).success().get("members"));
        s.put("streams", owner.get("/streams", "include_all", true).success().get("streams"));
        s.put("user_groups", owner.get("/user_groups").success().get("user_groups"));
        s.put("emoji", owner.get("/realm/emoji").success().get("emoji"));
        return s;
    }

    private static void requireEqual(String what, JsonNode expected, JsonNode actual) {
        List<String> diff = new ArrayList<>();
        diff("", expected, actual, diff);
        assertThat(diff).as(what + " differs after the import").isEmpty();
    }

    private static void diff(String path, JsonNode a, JsonNode b, List<String> out) {
        if (out.size() > 20) return;
        if (a == null || b == null || a.getNodeType() != b.getNodeType() || a.isValueNode()) {
            if (a == null ? b != null : !a.equals(b)) out.add(path + ": " + a + " != " + b);
            return;
        }
        if (a.isArray() && a.size() != b.size()) {
            out.add(path + ": " + a.size() + " items != " + b.size());
            return;
        }
        if (a.isArray()) {
            for (int i = 0; i < a.size(); i++) diff(path + "[" + i + "]", a.get(i), b.get(i), out);
            return;
        }
        Set<String> keys = new TreeSet<>();
        a.fieldNames().forEachRemaining(keys::add);
        b.fieldNames().forEachRemaining(keys::add);
        for (String k : keys) diff(path + "." + k, a.get(k), b.get(k), out);
    }

    /** The imported server is a working one: passwords log in, search finds, new ids follow the imported ones. */
    private void stillWorks(String base, ApiClient memberThere, Map<String, JsonNode> before) {
        ApiClient anonymous = new ApiClient(base, null, null, 0);
        String key = anonymous.post("/fetch_api_key", "username", member.email, "password", "secret-" + member.email).success()
                .get("api_key").asText();
        assertThat(key).isEqualTo(member.apiKey);
        JsonNode found = memberThere.get("/messages", "anchor", "newest", "num_before", 10, "num_after", 0,
                "narrow", List.of(Map.of("operator", "search", "operand", "pasta"))).success().get("messages");
        assertThat(found).hasSize(1);
        long maxBefore = before.get(member.email + " register").get("max_message_id").asLong();
        long next = send(memberThere, "Verona", "after", "life goes on");
        assertThat(next).isGreaterThan(maxBefore);
        assertThat(upload(memberThere, "more.txt", "new bytes")).startsWith("/user_uploads/");
    }
}

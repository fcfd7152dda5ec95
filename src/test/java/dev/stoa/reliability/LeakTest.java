package dev.stoa.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Router;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Suite 4, leaks: unique tokens planted in private channels (shared and protected history), a
 * topic, a DM, a group DM, an upload's contents and name, a draft, a saved snippet, edit history
 * and a private channel's description; then every principal reads every GET route (path ids from
 * the fixture), POST /register, its event queue (registered before the planting), searches and
 * matches_narrow for each token, temporary upload URLs, and renders a mention of the private
 * channel. A token in an answer to a principal outside its audience is a leak. Every token must
 * also reach someone in its audience, so that the probe itself is shown to work.
 */
class LeakTest {
    private static final Set<String> INSIDERS = Set.of("member", "guest", "bot");
    private static final Set<String> ADMINS_AND_INSIDERS = Set.of("owner", "admin", "member", "guest", "bot");

    @Timeout(value = 5, unit = TimeUnit.MINUTES) // about 1,400 reads
    @Test
    void noPrincipalSeesWhatItMayNot() throws Exception {
        try (TestServer server = new TestServer()) {
            Fixture fx = new Fixture(server);
            Map<String, String> queues = new LinkedHashMap<>();
            for (var p : fx.principals.values()) {
                ApiResponse r = p.client().post("/register");
                if (r.ok()) queues.put(p.name(), r.json().get("queue_id").asText() + " " + r.json().get("last_event_id").asLong());
            }
            Map<String, Set<String>> audience = plant(fx);
            Map<String, List<String>> seenBy = new LinkedHashMap<>();
            audience.keySet().forEach(t -> seenBy.put(t, new ArrayList<>()));
            List<String> leaks = new ArrayList<>();
            int reads = 0;
            for (var p : fx.principals.values()) {
                List<String[]> answers = reads(server, fx, p.client());
                if (queues.containsKey(p.name())) {
                    String[] q = queues.get(p.name()).split(" ");
                    answers.add(new String[] {"GET /events", VerifyAction.drain(p.client(), q[0], Long.parseLong(q[1])).toString()});
                }
                reads += answers.size();
                for (String[] a : answers) {
                    for (var t : audience.entrySet()) {
                        if (!a[1].contains(t.getKey())) continue;
                        seenBy.get(t.getKey()).add(p.name());
                        if (!t.getValue().contains(p.name())) leaks.add(t.getKey() + " reached " + p.name() + " through " + a[0]);
                    }
                }
            }
            System.out.println("LEAKS principals=" + fx.principals.size() + " reads=" + reads + " tokens=" + audience.size() + " leaks=" + leaks.size());
            assertThat(leaks).isEmpty();
            seenBy.forEach((token, who) -> assertThat(who).as("the probe finds " + token + " for its audience " + audience.get(token)).isNotEmpty());
        }
    }

    private static String token(String what) {
        return "tok" + what + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    /** Plants the tokens; returns each with the principals who may see it. */
    /** The planted upload's URL (the fixture's own upload is read too). */
    private String plantedUpload;

    private Map<String, Set<String>> plant(Fixture fx) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        ApiClient member = fx.client("member");
        String shared = token("shared"), prot = token("protected"), topic = token("topic"), dm = token("dm"), gdm = token("gdm");
        String file = token("file"), fileName = token("filename"), draft = token("draft"), snippet = token("snippet"), edited = token("edited");
        String description = token("description");
        Fixture.send(member, "stream", "fz private", "the shared " + shared);
        Fixture.send(member, "stream", "fz protected", "the protected " + prot);
        member.post("/messages", "type", "stream", "to", "fz private", "topic", topic, "content", "in a secret topic").success();
        member.post("/messages", "type", "direct", "to", List.of(fx.client("guest").userId), "content", "dm " + dm).success();
        member.post("/messages", "type", "direct", "to", List.of(fx.client("guest").userId, fx.client("moderator").userId),
                "content", "group dm " + gdm).success();
        String url = Fixture.upload(member, fileName + ".txt", "file body " + file);
        plantedUpload = url;
        Fixture.send(member, "stream", "fz private", "[the file](" + url + ")");
        member.post("/drafts", "drafts", List.of(Map.of("type", "stream", "to", List.of(fx.publicChannel), "topic", "t",
                "content", "draft " + draft, "timestamp", 1_700_000_000))).success();
        member.post("/saved_snippets", "title", "s", "content", "snippet " + snippet).success();
        long id = Fixture.send(member, "stream", "fz private", "before the edit " + edited);
        member.patch("/messages/" + id, "content", "after the edit").success();
        fx.referee.patch("/streams/" + fx.privateChannel, "description", "secret " + description).success();
        for (String t : List.of(shared, prot, topic, file, fileName, edited)) out.put(t, INSIDERS);
        out.put(dm, Set.of("member", "guest"));
        out.put(gdm, Set.of("member", "guest", "moderator"));
        out.put(draft, Set.of("member"));
        out.put(snippet, Set.of("member"));
        out.put(description, ADMINS_AND_INSIDERS);
        // A mention of a private channel renders as a link with its id for any sender, as in Zulip (which
        // chose to allow linking private channels, zulip/zulip#6860): its existence is not a secret; its
        // description, topics and messages are, and the rendering must not carry those.
        out.put("data-stream-id=\\\"" + fx.privateChannel + "\\\"", Set.of("owner", "admin", "moderator", "member", "guest", "bot", "outsider"));
        return out;
    }

    /** Every read the principal can make: each GET route with each fitting fixture id, and the extras. */
    private List<String[]> reads(TestServer server, Fixture fx, ApiClient c) throws Exception {
        List<String[]> out = new ArrayList<>();
        List<Long> messages = allMessageIds(fx);
        Map<String, List<String>> ids = new LinkedHashMap<>();
        ids.put("stream_id", List.of(fx.publicChannel, fx.privateChannel, fx.protectedChannel).stream().map(String::valueOf).toList());
        ids.put("message_id", messages.stream().map(String::valueOf).toList());
        ids.put("user_id", fx.userIds.stream().map(String::valueOf).toList());
        ids.put("user_id_or_email", ids.get("user_id"));
        ids.put("user_group_id", List.of(String.valueOf(fx.groupId)));
        for (Router.Route r : server.stoa.router().routes()) {
            if (!r.method().equals("GET") || r.template().equals("/events") || r.template().startsWith("/user_uploads/")
                    || r.template().startsWith("/calls/")) continue;
            for (String path : expand(r.template(), ids)) out.add(read(c, path));
        }
        for (List<Map<String, Object>> narrow : narrows(fx)) {
            out.add(read(c, "/messages", "anchor", "newest", "num_before", "1000", "num_after", "0", "narrow", narrow));
            if (narrow.isEmpty() || narrow.get(0).get("operator").equals("search")) {
                out.add(read(c, "/messages/matches_narrow", "msg_ids", messages, "narrow", narrow));
            }
        }
        out.add(read(c, "/messages", "anchor", "newest", "num_before", "1000", "num_after", "0", "apply_markdown", false));
        out.add(new String[] {"POST /register", c.post("/register").body()});
        out.add(new String[] {"POST /messages/render", c.post("/messages/render", "content",
                "#**fz private** #**fz protected>fz** @**Hamlet Member** @*fz group*").body()});
        for (String upload : List.of(fx.uploadPath, plantedUpload)) {
            ApiResponse temporary = c.get(upload);
            out.add(new String[] {"GET /api/v1" + upload, temporary.body()});
            for (String path : List.of(upload, temporary.ok() ? temporary.json().get("url").asText() : "/user_uploads/temporary/x/y")) {
                var a = Wire.send(server.baseUrl, new Wire.Req("GET", path, c.email == null ? null : Wire.basic(c.email, c.apiKey), null, null, "file"));
                out.add(new String[] {"GET " + path, a.body()});
            }
        }
        return out;
    }

    private static String[] read(ApiClient c, String path, Object... kv) {
        return new String[] {"GET " + path + " " + List.of(kv), c.get(path, kv).body()};
    }

    private static List<String> expand(String template, Map<String, List<String>> ids) {
        List<String> paths = new ArrayList<>(List.of(template));
        for (var e : ids.entrySet()) {
            String param = "{" + e.getKey() + "}";
            List<String> next = new ArrayList<>();
            for (String p : paths) {
                if (!p.contains(param)) next.add(p);
                else for (String v : e.getValue()) next.add(p.replace(param, v));
            }
            paths = next;
        }
        return paths.stream().map(p -> p.replace("{fragment...}", "narrow/is/starred")).filter(p -> !p.contains("{")).toList();
    }

    private static List<List<Map<String, Object>>> narrows(Fixture fx) {
        List<List<Map<String, Object>>> out = new ArrayList<>();
        out.add(List.of());
        for (long ch : List.of(fx.publicChannel, fx.privateChannel, fx.protectedChannel)) out.add(List.of(Map.of("operator", "channel", "operand", ch)));
        out.add(List.of(Map.of("operator", "is", "operand", "dm")));
        out.add(List.of(Map.of("operator", "search", "operand", "tok*")));
        for (String w : List.of("shared", "protected", "dm", "the", "before", "edit", "file")) out.add(List.of(Map.of("operator", "search", "operand", w)));
        return out;
    }

    private static List<Long> allMessageIds(Fixture fx) {
        List<Long> out = new ArrayList<>();
        JsonNode all = fx.referee.get("/messages", "anchor", "newest", "num_before", "1000", "num_after", "0").success();
        all.get("messages").forEach(m -> out.add(m.get("id").asLong()));
        for (ApiClient c : List.of(fx.client("member"), fx.client("guest"), fx.client("moderator"))) {
            c.get("/messages", "anchor", "newest", "num_before", "1000", "num_after", "0").success().get("messages")
                    .forEach(m -> { if (!out.contains(m.get("id").asLong())) out.add(m.get("id").asLong()); });
        }
        return out;
    }
}

package dev.stoa.reliability;

import dev.stoa.http.Router;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.Await;
import dev.stoa.testing.TestServer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Suite 4, permissions: a generated matrix of operations × principals. Every route the router
 * serves × the three principals without a usable identity (deactivated, wrong key, unauthenticated)
 * must be refused by authentication with Zulip's exact code and message; and the operations whose
 * rule depends on role or channel access × the seven active principals, allowed or denied as
 * zulip.yaml and the seed say (Zulip's default realm settings). A denial is a Zulip error, never
 * 401 or 5xx, and changes nothing. The leak half is {@link LeakTest}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PermissionMatrixTest {
    private static final List<String> ACTIVE = List.of("owner", "admin", "moderator", "member", "guest", "bot", "outsider");
    private static final Set<String> ADMINS = Set.of("owner", "admin");
    /** Members of role:members (Zulip's default for creating things): not guests. */
    private static final Set<String> MEMBERS = Set.of("owner", "admin", "moderator", "member", "bot", "outsider");
    private static final Set<String> EVERYONE = Set.copyOf(ACTIVE);
    /** Subscribers of the private channels (member, guest, bot). */
    private static final Set<String> INSIDERS = Set.of("member", "guest", "bot");

    private TestServer server;
    private Fixture fx;
    private DbFingerprint fp;
    private final AtomicInteger unique = new AtomicInteger();
    private int cells;

    @BeforeAll
    void start() {
        server = new TestServer();
        fx = new Fixture(server);
        fp = new DbFingerprint(server.stoa.db());
    }

    @AfterAll
    void stop() {
        System.out.println("MATRIX cells=" + cells);
        server.close();
    }

    @Test
    void everyRouteRefusesPrincipalsWithoutAUsableIdentity() {
        List<String> problems = new ArrayList<>();
        for (Router.Route r : server.stoa.router().routes()) {
            String path = r.template().replaceAll("\\{[^}]+}", "1");
            for (String who : List.of("deactivated", "wrong key", "unauthenticated")) {
                cells++;
                ApiResponse resp = fx.client(who).call(r.method(), path, Map.of(), ApiClient.Encoding.FORM);
                boolean needsUser = r.auth() == Router.Auth.USER || (r.auth() == Router.Auth.OPTIONAL && who.equals("unauthenticated"));
                String[] expected = switch (who) {
                    case "deactivated" -> new String[] {"USER_DEACTIVATED", "Account is deactivated"};
                    case "wrong key" -> new String[] {"UNAUTHORIZED", "Invalid API key"};
                    default -> new String[] {"UNAUTHORIZED", "Not logged in: API authentication or user session required"};
                };
                if (r.auth() == Router.Auth.NONE) {
                    if (resp.status() == 401 || resp.status() >= 500) problems.add(r.method() + " " + r.template() + " as " + who + ": " + resp.body());
                } else if (needsUser && (resp.status() != 401 || !expected[0].equals(resp.code()) || !expected[1].equals(resp.msg()))) {
                    problems.add(r.method() + " " + r.template() + " as " + who + ": " + resp.status() + " " + resp.body());
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void roleAndAccessRules() {
        Map<String, Rule> rules = new LinkedHashMap<>();
        rules.put("POST /realm/filters", new Rule(ADMINS, (c, t) -> c.post("/realm/filters", "pattern", "#m" + t.n() + "(?P<id>[0-9]+)",
                "url_template", "https://example.com/{id}")));
        rules.put("PATCH /realm", new Rule(ADMINS, (c, t) -> c.patch("/realm", "description", "matrix " + t.n())));
        rules.put("POST /realm/profile_fields", new Rule(ADMINS, (c, t) -> c.post("/realm/profile_fields", "name", "F" + t.n(), "field_type", "1")));
        rules.put("POST /default_streams", new Rule(ADMINS, (c, t) -> c.post("/default_streams", "stream_id", String.valueOf(fx.publicChannel))));
        rules.put("DELETE /users/{id}", new Rule(ADMINS, (c, t) -> c.delete("/users/" + t.user())));
        rules.put("PATCH /users/{id} role", new Rule(ADMINS, (c, t) -> c.patch("/users/" + t.user(), "role", "300")));
        rules.put("PATCH /users/{id} full_name", new Rule(ADMINS, (c, t) -> c.patch("/users/" + t.user(), "full_name", "Renamed " + t.n())));
        // Bots are refused: "This endpoint does not accept bot requests." (Zulip's human_users_only).
        rules.put("POST /bots", new Rule(minus(MEMBERS, "bot"), (c, t) -> c.post("/bots", "full_name", "Bot " + t.n(), "short_name", "mbot" + t.n())));
        rules.put("POST /user_groups/create", new Rule(MEMBERS, (c, t) -> c.post("/user_groups/create", "name", "mg" + t.n(), "description", "d",
                "members", List.of())));
        rules.put("POST /channels/create public", new Rule(MEMBERS, (c, t) -> c.post("/channels/create", "name", "mc" + t.n(),
                "subscribers", List.of())));
        rules.put("GET /messages/{private}", new Rule(INSIDERS, (c, t) -> c.get("/messages/" + fx.privateMessage)));
        rules.put("GET /messages/{protected}", new Rule(INSIDERS, (c, t) -> c.get("/messages/" + fx.protectedMessage)));
        rules.put("GET /messages/{dm}", new Rule(Set.of("member", "guest"), (c, t) -> c.get("/messages/" + fx.dmMessage)));
        rules.put("GET /messages/{group dm}", new Rule(Set.of("member", "guest", "moderator"), (c, t) -> c.get("/messages/" + fx.groupDmMessage)));
        rules.put("POST /messages private channel", new Rule(INSIDERS, (c, t) -> c.post("/messages", "type", "stream",
                "to", String.valueOf(fx.privateChannel), "topic", "matrix", "content", "m" + t.n())));
        rules.put("GET /streams/{private}/members", new Rule(union(ADMINS, INSIDERS), (c, t) -> c.get("/streams/" + fx.privateChannel + "/members")));
        rules.put("GET /streams/{private}", new Rule(union(ADMINS, INSIDERS), (c, t) -> c.get("/streams/" + fx.privateChannel)));
        rules.put("PATCH /streams/{private} description", new Rule(ADMINS, (c, t) -> c.patch("/streams/" + fx.privateChannel,
                "description", "matrix " + t.n())));
        rules.put("subscribe another user to a private channel", new Rule(Set.of("member", "bot"), (c, t) -> c.post("/users/me/subscriptions",
                "subscriptions", List.of(Map.of("name", "fz private")), "principals", List.of(t.user()))));
        rules.put("subscribe oneself to a private channel", new Rule(INSIDERS, (c, t) -> c.post("/users/me/subscriptions",
                "subscriptions", List.of(Map.of("name", "fz protected")))));
        rules.put("GET /user_uploads/{private file}", new Rule(union(INSIDERS, Set.of()), (c, t) -> c.get(fx.uploadPath)));
        rules.put("PATCH /drafts/{another's}", new Rule(Set.of("member"), (c, t) -> c.patch("/drafts/" + fx.draftId, "draft",
                Map.of("type", "stream", "to", List.of(fx.publicChannel), "topic", "t", "content", "edited " + t.n(), "timestamp", 1_700_000_000))));
        rules.put("DELETE /saved_snippets/{another's}", new Rule(Set.of("member"), (c, t) -> c.delete("/saved_snippets/" + fx.snippetId)));
        rules.put("DELETE /attachments/{another's}", new Rule(Set.of("member"), (c, t) -> c.delete("/attachments/" + fx.attachmentId)));
        List<String> problems = new ArrayList<>();
        for (var e : rules.entrySet()) {
            for (String who : ACTIVE) {
                cells++;
                int n = unique.incrementAndGet();
                Target target = new Target(n, e.getKey().contains("{id}") || e.getKey().contains("another user") ? freshUser(n) : -1);
                // A data export an earlier request started finishes in the background: wait, so that its writes are not this request's.
                Await.until("background exports to finish", 60, server.stoa::backgroundIdle);
                String before = fp.quick();
                ApiResponse r = e.getValue().action().apply(fx.client(who), target);
                boolean allowed = e.getValue().allowed().contains(who);
                if (allowed && !r.ok()) problems.add(e.getKey() + " by " + who + " should be allowed: " + r.status() + " " + r.body());
                if (!allowed && (r.status() < 400 || r.status() >= 500 || r.status() == 401 || r.code() == null)) {
                    problems.add(e.getKey() + " by " + who + " should be denied with a Zulip error: " + r.status() + " " + r.body());
                }
                if (!allowed && r.status() >= 400 && !before.equals(fp.quick())) problems.add(e.getKey() + " by " + who + ": the denial changed the database");
            }
        }
        assertThat(problems).isEmpty();
    }

    private record Rule(Set<String> allowed, BiFunction<ApiClient, Target, ApiResponse> action) {}

    /** A unique number for names, and a user made for this cell alone (before the database is fingerprinted). */
    private record Target(int n, long user) {}

    private long freshUser(int n) {
        return fx.referee.post("/users", "email", "matrix" + n + "@example.com", "password", "pw-matrix-" + n, "full_name", "Matrix " + n)
                .success().get("user_id").asLong();
    }

    private static Set<String> minus(Set<String> a, String b) {
        Set<String> out = new HashSet<>(a);
        out.remove(b);
        return out;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> out = new HashSet<>(a);
        out.addAll(b);
        return out;
    }
}

package dev.stoa.scim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.config.ScimConfig;
import dev.stoa.http.Json;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SCIM 2.0 Groups as Zulip's ZulipSCIMGroup answers Okta's group push (test_scim.py's group cases):
 * a group is created with its members (only the provider manages it: can_add_members_group and
 * can_manage_group are role:nobody), found by displayName, renamed, its members set by PUT or PATCH
 * replace, added and removed by PATCH (also Okta's members[value eq "…"] path), deactivated by
 * DELETE; system groups are listed but not managed; unknown members, taken names and unknown groups
 * are refused in SCIM's shape with nothing changed; every change reaches clients as the user-group
 * API's events (register + events = a fresh register).
 */
class ScimGroupTest extends StoaTestBase {
    static final String GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";

    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000)
                .withSignIn(c.signIn().withScim(new ScimConfig(ScimTest.TOKEN, "okta", true))));
    }

    private ScimTest.Answer scim(String method, String path, Object body) {
        return scim(method, path, body, ScimTest.TOKEN);
    }

    private ScimTest.Answer scim(String method, String path, Object body, String token) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.baseUrl + "/scim/v2" + path)).timeout(Duration.ofSeconds(60))
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(Json.write(body)));
            if (body != null) b.header("Content-Type", "application/scim+json");
            b.header("Authorization", "Bearer " + token);
            HttpResponse<String> r = ScimTest.HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new ScimTest.Answer(r.statusCode(), Json.parseOrNull(r.body()), r.headers());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static ObjectNode members(long... ids) {
        ObjectNode o = Json.object();
        var a = o.putArray("members");
        for (long id : ids) a.addObject().put("value", String.valueOf(id));
        return o;
    }

    private static ObjectNode patch(Object... ops) {
        ObjectNode o = Json.object();
        o.putArray("schemas").add(ScimTest.PATCH);
        var a = o.putArray("Operations");
        for (Object op : ops) a.add(Json.tree(op));
        return o;
    }

    private JsonNode zulipGroup(long id) {
        for (JsonNode g : owner.get("/user_groups", "include_deactivated_groups", "true").success().get("user_groups")) if (g.get("id").asLong() == id) return g;
        throw new AssertionError("no group " + id);
    }

    private List<Long> memberIds(JsonNode scimGroup) {
        List<Long> out = new ArrayList<>();
        scimGroup.get("members").forEach(m -> out.add(Long.parseLong(m.get("value").asText())));
        return out;
    }

    private String groupsUrl() { return server.stoa.config().externalUrl().replaceAll("/+$", "") + "/scim/v2/Groups/"; }

    @Test
    void createFindRenameAndSetMembers() {
        ObjectNode body = members(member.userId, guest.userId).put("displayName", "Engineering");
        body.putArray("schemas").add(GROUP);
        var created = new ScimTest.Answer[1];
        VerifyAction.as(admin).events(1).run(() -> created[0] = scim("POST", "/Groups", body));
        assertThat(created[0].status()).isEqualTo(201);
        JsonNode g = created[0].json();
        long id = Long.parseLong(g.get("id").asText());
        assertThat(created[0].headers().firstValue("Location")).hasValue(groupsUrl() + id);
        assertThat(g.get("schemas").toString()).isEqualTo("[\"" + GROUP + "\"]");
        assertThat(g.get("displayName").asText()).isEqualTo("Engineering");
        assertThat(memberIds(g)).containsExactly(member.userId, guest.userId);
        assertThat(g.get("members").get(0).get("display").asText()).isEqualTo("Hamlet Member");
        assertThat(g.get("members").get(0).get("type").asText()).isEqualTo("User");
        assertThat(g.get("meta").get("resourceType").asText()).isEqualTo("Group");
        JsonNode z = zulipGroup(id);
        assertThat(z.get("description").asText()).isEqualTo("Created from SCIM");
        long nobody = groupId("role:nobody");
        assertThat(z.get("can_manage_group").asLong()).isEqualTo(nobody);
        assertThat(z.get("can_add_members_group").asLong()).isEqualTo(nobody);

        // Okta's look-up before pushing, then a GET
        JsonNode found = scim("GET", "/Groups?filter=" + ScimTest.q("displayName eq \"Engineering\""), null).json();
        assertThat(found.get("totalResults").asInt()).isEqualTo(1);
        assertThat(found.get("Resources").get(0)).isEqualTo(g);
        assertThat(scim("GET", "/Groups/" + id, null).json()).isEqualTo(g);
        assertThat(scim("GET", "/Groups?filter=" + ScimTest.q("displayName eq \"Nobody here\""), null).json().get("totalResults").asInt()).isZero();

        // PUT: the name and the whole membership
        ObjectNode put = members(member.userId, moderator.userId).put("displayName", "Platform");
        VerifyAction.as(admin).events(3).run(() -> assertThat(scim("PUT", "/Groups/" + id, put).status()).isEqualTo(200));
        assertThat(memberIds(scim("GET", "/Groups/" + id, null).json())).containsExactly(moderator.userId, member.userId);
        assertThat(zulipGroup(id).get("name").asText()).isEqualTo("Platform");

        // PATCH replace without a path (Azure's shape), then with paths
        ObjectNode value = members(admin.userId).put("displayName", "Platform team");
        VerifyAction.as(admin).events(3).run(() -> assertThat(scim("PATCH", "/Groups/" + id,
                patch(Map.of("op", "Replace", "value", value))).status()).isEqualTo(200));
        assertThat(memberIds(scim("GET", "/Groups/" + id, null).json())).containsExactly(admin.userId);
        assertThat(scim("PATCH", "/Groups/" + id, patch(Map.of("op", "replace", "path", "displayName", "value", "Platform")))
                .json().get("displayName").asText()).isEqualTo("Platform");
    }

    @Test
    void addAndRemoveMembers() {
        ObjectNode body = members(member.userId).put("displayName", "Support");
        long id = Long.parseLong(scim("POST", "/Groups", body).json().get("id").asText());
        List<Object> add = List.of(Map.of("value", String.valueOf(guest.userId)), Map.of("value", String.valueOf(member.userId)));
        VerifyAction.as(admin).events(1).run(() -> assertThat(scim("PATCH", "/Groups/" + id,
                patch(Map.of("op", "add", "path", "members", "value", add))).status()).isEqualTo(200));
        assertThat(memberIds(scim("GET", "/Groups/" + id, null).json())).containsExactly(member.userId, guest.userId);
        // Okta removes one member by a filter in the path
        VerifyAction.as(admin).events(1).run(() -> assertThat(scim("PATCH", "/Groups/" + id,
                patch(Map.of("op", "remove", "path", "members[value eq \"" + guest.userId + "\"]"))).status()).isEqualTo(200));
        // several operations apply in order, in one transaction
        JsonNode after = scim("PATCH", "/Groups/" + id, patch(
                Map.of("op", "add", "path", "members", "value", List.of(Map.of("value", String.valueOf(admin.userId)))),
                Map.of("op", "remove", "path", "members", "value", List.of(Map.of("value", String.valueOf(member.userId)))))).json();
        assertThat(memberIds(after)).containsExactly(admin.userId);
        // bots are members in Zulip's API, not in SCIM's answer
        scim("PATCH", "/Groups/" + id, patch(Map.of("op", "add", "path", "members", "value", List.of(Map.of("value", String.valueOf(bot.userId))))));
        assertThat(memberIds(scim("GET", "/Groups/" + id, null).json())).containsExactly(admin.userId);
        assertThat(zulipGroup(id).get("members").toString()).contains(String.valueOf(bot.userId));
    }

    @Test
    void refusalsChangeNothing() {
        long id = Long.parseLong(scim("POST", "/Groups", members(member.userId).put("displayName", "Legal")).json().get("id").asText());
        scim("POST", "/Groups", Json.object().put("displayName", "Finance"));

        ScimTest.Answer r = scim("POST", "/Groups", members(member.userId, 99_999).put("displayName", "Ghosts"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("detail").asText()).isEqualTo("Invalid user ids found in the request: {99999}");
        assertThat(scim("GET", "/Groups?filter=" + ScimTest.q("displayName eq \"Ghosts\""), null).json().get("totalResults").asInt()).isZero();

        r = scim("POST", "/Groups", Json.object().put("displayName", "Legal"));
        assertThat(r.status()).isEqualTo(409);
        assertThat(r.json().get("scimType").asText()).isEqualTo("uniqueness");
        assertThat(r.json().get("detail").asText()).isEqualTo("Group name already in use: Legal");

        // a rename to a taken name in the same request as a membership change: neither happens
        r = scim("PATCH", "/Groups/" + id, patch(Map.of("op", "add", "path", "members", "value", List.of(Map.of("value", String.valueOf(guest.userId)))),
                Map.of("op", "replace", "path", "displayName", "value", "Finance")));
        assertThat(r.status()).isEqualTo(409);
        assertThat(memberIds(scim("GET", "/Groups/" + id, null).json())).containsExactly(member.userId);

        r = scim("POST", "/Groups", Json.object().put("displayName", "role:sneaky"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("detail").asText()).isEqualTo("User group name cannot start with 'role:'.");

        long members = groupId("role:members");
        assertThat(scim("GET", "/Groups?filter=" + ScimTest.q("displayName eq \"role:members\""), null).json().get("totalResults").asInt()).isEqualTo(1);
        r = scim("PATCH", "/Groups/" + members, patch(Map.of("op", "add", "path", "members", "value", List.of(Map.of("value", String.valueOf(guest.userId))))));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("detail").asText()).isEqualTo("Group role:members can't be managed by SCIM.");
        assertThat(scim("DELETE", "/Groups/" + members, null).status()).isEqualTo(400);

        assertThat(scim("GET", "/Groups/424242", null).status()).isEqualTo(404);
        assertThat(scim("GET", "/Groups/abc", null).json().get("detail").asText()).isEqualTo("Resource abc not found");
        assertThat(scim("GET", "/Groups?filter=" + ScimTest.q("members eq \"1\""), null).status()).isEqualTo(400);
        assertThat(scim("PATCH", "/Groups/" + id, patch(Map.of("op", "add", "path", "displayName", "value", "x"))).status()).isEqualTo(501);
        assertThat(scim("GET", "/Groups", null, "wrong-token-0123456789").status()).isEqualTo(401);
    }

    @Test
    void deleteDeactivatesTheGroup() {
        long id = Long.parseLong(scim("POST", "/Groups", members(member.userId).put("displayName", "Temporary")).json().get("id").asText());
        VerifyAction.as(admin).events(1).run(() -> assertThat(scim("DELETE", "/Groups/" + id, null).status()).isEqualTo(204));
        assertThat(zulipGroup(id).get("deactivated").asBoolean()).isTrue();
        assertThat(scim("GET", "/Groups/" + id, null).status()).isEqualTo(404);
        // the name is free for a new group only once Zulip's rule allows it: a deactivated group keeps its name
        assertThat(scim("POST", "/Groups", Json.object().put("displayName", "Temporary")).status()).isEqualTo(409);

        // a group an organization permission names is in use
        long used = Long.parseLong(scim("POST", "/Groups", members(member.userId).put("displayName", "Resolvers")).json().get("id").asText());
        owner.patch("/realm", "can_resolve_topics_group", Map.of("new", used)).success();
        ScimTest.Answer r = scim("DELETE", "/Groups/" + used, null);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("detail").asText()).isEqualTo("Cannot deactivate user group in use.");
        assertThat(zulipGroup(used).get("deactivated").asBoolean()).isFalse();
    }
}

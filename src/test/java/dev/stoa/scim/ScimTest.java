package dev.stoa.scim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.config.ScimConfig;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SCIM 2.0 provisioning end to end over HTTP, as Zulip's test_scim.py exercises its endpoint and as
 * Okta drives it: the bearer token, the User representation, userName filters and pagination,
 * creation, PUT and PATCH updates (name, address, role, deactivation and back), and Zulip's errors
 * (status, detail, scimType). The changes reach clients as the usual events (register + events =
 * a fresh register), and a refused request changes nothing.
 */
class ScimTest extends StoaTestBase {
    static final String TOKEN = "scim-test-token-0123456789abcdef";
    static final String USER = "urn:ietf:params:scim:schemas:core:2.0:User";
    static final String PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

    record Answer(int status, JsonNode json, HttpHeaders headers) {}

    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000)
                .withSignIn(c.signIn().withScim(new ScimConfig(TOKEN, "okta", true))));
    }

    Answer scim(String method, String path, Object body, String token) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.baseUrl + "/scim/v2" + path)).timeout(Duration.ofSeconds(60))
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(
                            body instanceof String s ? s : Json.write(body)));
            if (body != null) b.header("Content-Type", "application/scim+json");
            if (token != null) b.header("Authorization", "Bearer " + token);
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 204 && r.statusCode() != 401) {
                assertThat(r.headers().firstValue("Content-Type")).hasValue("application/scim+json");
            }
            return new Answer(r.statusCode(), Json.parseOrNull(r.body()), r.headers());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    Answer scim(String method, String path, Object body) { return scim(method, path, body, TOKEN); }

    static String q(String s) { return URLEncoder.encode(s, StandardCharsets.UTF_8); }

    String location(long id) { return server.stoa.config().externalUrl().replaceAll("/+$", "") + "/scim/v2/Users/" + id; }

    /** The representation Zulip's generate_user_schema expects, from the Zulip API's view of the person. */
    ObjectNode expected(long id) {
        JsonNode u = owner.get("/users/" + id).success().get("user");
        String joined = u.get("date_joined").asText().replaceAll("\\.\\d+", "");
        ObjectNode d = Json.object();
        d.putArray("schemas").add(USER);
        d.put("id", String.valueOf(id)).put("userName", u.get("delivery_email").asText());
        d.putObject("name").put("formatted", u.get("full_name").asText());
        d.put("displayName", u.get("full_name").asText()).put("active", u.get("is_active").asBoolean());
        d.put("role", switch (u.get("role").asInt()) {
            case 100 -> "owner";
            case 200 -> "administrator";
            case 300 -> "moderator";
            case 400 -> "member";
            default -> "guest";
        });
        d.putObject("meta").put("resourceType", "User").put("created", joined).put("lastModified", joined).put("location", location(id));
        return d;
    }

    static ObjectNode error(int status, String detail) {
        ObjectNode e = Json.object();
        e.putArray("schemas").add("urn:ietf:params:scim:api:messages:2.0:Error");
        return e.put("detail", detail).put("status", status);
    }

    static ObjectNode newUser(String email, String name) {
        ObjectNode d = Json.object();
        d.putArray("schemas").add(USER);
        d.put("userName", email);
        if (name != null) d.putObject("name").put("formatted", name);
        return d.put("active", true);
    }

    static ObjectNode patch(Object... opPathValue) {
        ObjectNode d = Json.object();
        d.putArray("schemas").add(PATCH);
        var ops = d.putArray("Operations");
        for (int i = 0; i < opPathValue.length; i += 3) {
            ObjectNode op = ops.addObject().put("op", (String) opPathValue[i]);
            if (opPathValue[i + 1] != null) op.put("path", (String) opPathValue[i + 1]);
            op.set("value", Json.tree(opPathValue[i + 2]));
        }
        return d;
    }

    @Test
    void theBearerTokenIsRequiredAndOpensNothingElse() {
        Answer none = scim("GET", "/Users/" + member.userId, null, null);
        assertThat(none.status()).isEqualTo(401);
        assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Basic realm=\"django-scim2\"");
        assertThat(scim("GET", "/Users/" + member.userId, null, "wrong").status()).isEqualTo(401);
        assertThat(scim("GET", "/Users/" + member.userId, null, TOKEN.substring(1)).status()).isEqualTo(401);
        // The SCIM credential is no key to Zulip's API
        var api = HttpRequest.newBuilder(URI.create(server.baseUrl + "/api/v1/users/" + member.userId)).header("Authorization", "Bearer " + TOKEN).GET();
        anonymous.raw(api.build()).error(401, "UNAUTHORIZED", "This endpoint requires HTTP basic authentication.");
    }

    @Test
    void getByIdIsZulipsRepresentation() {
        Answer a = scim("GET", "/Users/" + member.userId, null);
        assertThat(a.status()).isEqualTo(200);
        assertThat(a.json()).isEqualTo(expected(member.userId));
        assertThat(a.headers().firstValue("Location")).hasValue(location(member.userId));
        assertThat(scim("GET", "/Users/999999", null).json()).isEqualTo(error(404, "Resource 999999 not found"));
        assertThat(scim("GET", "/Users/" + bot.userId, null).json()).isEqualTo(error(404, "Resource " + bot.userId + " not found"));
        assertThat(scim("GET", "/Users/abc", null).status()).isEqualTo(404);
    }

    @Test
    void filtersAndPages() {
        ObjectNode one = Json.object();
        one.putArray("schemas").add("urn:ietf:params:scim:api:messages:2.0:ListResponse");
        one.put("totalResults", 1).put("itemsPerPage", 50).put("startIndex", 1).putArray("Resources").add(expected(member.userId));
        assertThat(scim("GET", "/Users?filter=" + q("userName eq \"member@example.com\""), null).json()).isEqualTo(one);
        assertThat(scim("GET", "/Users?filter=" + q("userName eq \"MEMBER@EXAMPLE.COM\""), null).json()).isEqualTo(one);
        assertThat(scim("GET", "/Users?filter=" + q("userName eq \"nobody@example.com\""), null).json().get("totalResults").asInt()).isZero();

        JsonNode all = scim("GET", "/Users", null).json();
        List<Long> people = new ArrayList<>();
        for (JsonNode u : owner.get("/users").success().get("members")) if (!u.get("is_bot").asBoolean()) people.add(u.get("user_id").asLong());
        people.sort(null);
        assertThat(all.get("totalResults").asInt()).isEqualTo(people.size()); // bots are not SCIM's
        assertThat(all.get("Resources").valueStream().map(r -> Long.parseLong(r.get("id").asText())).toList()).isEqualTo(people);
        JsonNode page = scim("GET", "/Users?startIndex=2&count=2", null).json();
        assertThat(page.get("itemsPerPage").asInt()).isEqualTo(2);
        assertThat(page.get("startIndex").asInt()).isEqualTo(2);
        assertThat(page.get("totalResults")).isEqualTo(all.get("totalResults"));
        assertThat(page.get("Resources")).containsExactly(all.get("Resources").get(1), all.get("Resources").get(2));

        ObjectNode search = Json.object();
        search.putArray("schemas").add("urn:ietf:params:scim:api:messages:2.0:SearchRequest");
        search.put("filter", "userName ew \"@example.com\" and not (name.formatted co \"admin\")");
        Answer s = scim("POST", "/Users/.search", search);
        assertThat(s.status()).isEqualTo(200);
        assertThat(s.json().get("Resources").valueStream().map(r -> r.get("userName").asText()))
                .contains("member@example.com").doesNotContain("admin@example.com");
        assertThat(scim("GET", "/Users?startIndex=0", null).json()).isEqualTo(error(400, "Invalid startIndex (must be >= 1)"));
        assertThat(scim("GET", "/Users?filter=" + q("userName eq"), null).json().get("detail").asText()).startsWith("Invalid filter/search query: ");
        assertThat(scim("GET", "/Users?filter=" + q("password eq \"x\""), null).status()).isEqualTo(400);
    }

    @Test
    void createsAPersonAsOktaDoes() {
        ObjectNode body = newUser("newuser@example.com", "New User");
        body.with("name").put("givenName", "New").put("familyName", "User");
        List<JsonNode> events = VerifyAction.as(admin).events(3).run(() -> assertThat(scim("POST", "/Users", body).status()).isEqualTo(201));
        assertThat(events.getFirst().get("type").asText()).isEqualTo("realm_user");
        JsonNode created = scim("GET", "/Users?filter=" + q("userName eq \"newuser@example.com\""), null).json().get("Resources").get(0);
        long id = Long.parseLong(created.get("id").asText());
        assertThat(created).isEqualTo(expected(id));
        JsonNode u = owner.get("/users/" + id).success().get("user");
        assertThat(u.get("full_name").asText()).isEqualTo("New User");
        assertThat(u.get("role").asInt()).isEqualTo(400);

        ObjectNode admin2 = newUser("newadmin@example.com", "New Admin");
        admin2.put("role", "wrongrole");
        assertThat(scim("POST", "/Users", admin2).json()).isEqualTo(error(400,
                "Invalid role: wrongrole. Valid values are: ['owner', 'administrator', 'moderator', 'member', 'guest']"));
        admin2.put("role", "administrator");
        Answer a = scim("POST", "/Users", admin2);
        assertThat(a.status()).isEqualTo(201);
        assertThat(a.json().get("role").asText()).isEqualTo("administrator");
        assertThat(a.headers().firstValue("Location")).hasValue(location(Long.parseLong(a.json().get("id").asText())));
    }

    @Test
    void creationRefusalsCreateNothing() {
        int before = owner.get("/users").success().get("members").size();
        ObjectNode exists = newUser("member@example.com", "Someone Else");
        Answer dup = scim("POST", "/Users", exists);
        assertThat(dup.status()).isEqualTo(409);
        assertThat(dup.json()).isEqualTo(error(409, "Email address already in use: ['member@example.com already has an account']").put("scimType", "uniqueness"));
        assertThat(scim("POST", "/Users", newUser("noname@example.com", null)).json())
                .isEqualTo(error(400, "Must specify name.formatted, name.givenName or name.familyName when creating a new user"));
        assertThat(scim("POST", "/Users", newUser("inactive@example.com", "Inactive").put("active", false)).json())
                .isEqualTo(error(400, "New user must have active=True"));
        assertThat(scim("POST", "/Users", newUser("not an address", "Bad Address")).json()).isEqualTo(error(400, "Invalid email value"));
        assertThat(scim("POST", "/Users", "{not json").json().get("detail").asText()).startsWith("Could not decode JSON body: ");
        assertThat(scim("POST", "/Users", "").json()).isEqualTo(error(400, "POST call made with empty body"));
        owner.post("/realm/domains", "domain", "example.com", "allow_subdomains", false).success();
        owner.patch("/realm", "emails_restricted_to_domains", true).success();
        try {
            assertThat(scim("POST", "/Users", newUser("newuser@acme.com", "New User")).json())
                    .isEqualTo(error(400, "This email domain isn't allowed in this organization."));
        } finally {
            owner.patch("/realm", "emails_restricted_to_domains", false).success();
        }
        assertThat(owner.get("/users").success().get("members").size()).isEqualTo(before);
    }

    @Test
    void putReplacesNameAddressAndRole() {
        ApiClient hamlet = server.createUser("hamlet@example.com", "Hamlet", 400);
        ObjectNode body = Json.object();
        body.putArray("schemas").add(USER);
        body.put("id", hamlet.userId).put("userName", "bjensen@example.com");
        body.putObject("name").put("formatted", "Ms. Barbara J Jensen III").put("familyName", "Jensen").put("givenName", "Barbara");
        // full_name, delivery_email, new_email (addresses are visible to everyone here), the Gravatar's new URL
        VerifyAction.as(admin).events(4).run(() -> assertThat(scim("PUT", "/Users/" + hamlet.userId, body).status()).isEqualTo(200));
        JsonNode u = owner.get("/users/" + hamlet.userId).success().get("user");
        assertThat(u.get("delivery_email").asText()).isEqualTo("bjensen@example.com");
        assertThat(u.get("full_name").asText()).isEqualTo("Ms. Barbara J Jensen III");
        assertThat(scim("GET", "/Users/" + hamlet.userId, null).json()).isEqualTo(expected(hamlet.userId));
        // the person signs in with the new address
        anonymous.post("/fetch_api_key", "username", "bjensen@example.com", "password", "secret-hamlet@example.com").success();

        body.put("userName", "member@example.com");
        assertThat(scim("PUT", "/Users/" + hamlet.userId, body).json())
                .isEqualTo(error(409, "Email address already in use: ['member@example.com already has an account']").put("scimType", "uniqueness"));
        body.put("userName", "bjensen@example.com").put("role", "administrator");
        VerifyAction.as(member).events("realm_user/update", "user_group/remove_members", "user_group/add_members", "user_group/remove_members")
                .run(() -> assertThat(scim("PUT", "/Users/" + hamlet.userId, body).status()).isEqualTo(200));
        assertThat(owner.get("/users/" + hamlet.userId).success().get("user").get("role").asInt()).isEqualTo(200);
    }

    @Test
    void deactivationAndReactivationByPutAndPatch() {
        ApiClient ophelia = server.createUser("ophelia@example.com", "Ophelia", 400);
        ObjectNode body = Json.object();
        body.putArray("schemas").add(USER);
        body.put("id", ophelia.userId).put("userName", "ophelia@example.com").put("active", false);
        assertThat(scim("PUT", "/Users/" + ophelia.userId, body).json().get("active").asBoolean()).isFalse();
        ophelia.get("/users/me").error(401, "USER_DEACTIVATED", "Account is deactivated");
        body.put("active", true);
        assertThat(scim("PUT", "/Users/" + ophelia.userId, body).json().get("active").asBoolean()).isTrue();
        ophelia.get("/users/me").success();

        // Okta's deactivation: a replace without path, the attribute in the value
        VerifyAction.as(admin).events("realm_user/update").run(() ->
                assertThat(scim("PATCH", "/Users/" + ophelia.userId, patch("replace", null, Map.of("active", false))).status()).isEqualTo(200));
        assertThat(owner.get("/users/" + ophelia.userId).success().get("user").get("is_active").asBoolean()).isFalse();
        assertThat(scim("PATCH", "/Users/" + ophelia.userId, patch("Replace", "active", "True")).json().get("active").asBoolean()).isTrue();
        assertThat(scim("DELETE", "/Users/" + ophelia.userId, null).json())
                .isEqualTo(error(400, "DELETE operation not supported. Use PUT or PATCH to modify the \"active\" attribute instead."));
        assertThat(owner.get("/users/" + ophelia.userId).success().get("user").get("is_active").asBoolean()).isTrue();
    }

    @Test
    void patchWithAndWithoutPath() {
        ApiClient laertes = server.createUser("laertes@example.com", "Laertes", 400);
        Answer a = scim("PATCH", "/Users/" + laertes.userId, patch("replace", "userName", "laertes_new@example.com",
                "replace", "name.formatted", "New Name"));
        assertThat(a.status()).isEqualTo(200);
        assertThat(a.json()).isEqualTo(expected(laertes.userId));
        assertThat(a.json().get("userName").asText()).isEqualTo("laertes_new@example.com");
        assertThat(a.json().get("displayName").asText()).isEqualTo("New Name");
        assertThat(scim("PATCH", "/Users/" + laertes.userId, patch("replace", null, Map.of("role", "moderator"))).json()
                .get("role").asText()).isEqualTo("moderator");
        assertThat(scim("PATCH", "/Users/" + laertes.userId, patch("replace", "name.middleName", "John")).json()).isEqualTo(error(501, "Not Implemented"));
        assertThat(scim("PATCH", "/Users/" + laertes.userId, patch("frobnicate", "active", false)).json()).isEqualTo(error(400, "Unknown PATCH op \"frobnicate\""));
        assertThat(scim("PATCH", "/Users/" + laertes.userId, patch("remove", null, "x")).json())
                .isEqualTo(error(400, "\"path\" must be specified during \"remove\" PATCH calls").put("scimType", "noTarget"));
        ObjectNode empty = Json.object();
        empty.putArray("schemas").add(PATCH);
        empty.putArray("Operations");
        assertThat(scim("PATCH", "/Users/" + laertes.userId, empty).json()).isEqualTo(error(400, "PATCH call made without operations array"));
    }

    @Test
    void aRefusedRequestChangesNothing() {
        // the owner's rename and deactivation in one request: the last owner cannot go, so the name stays too
        String name = owner.get("/users/me").success().get("full_name").asText();
        ObjectNode body = Json.object();
        body.putArray("schemas").add(USER);
        body.put("userName", owner.email).put("active", false);
        body.putObject("name").put("formatted", "Renamed Owner");
        Answer a = scim("PUT", "/Users/" + owner.userId, body);
        assertThat(a.status()).isEqualTo(400);
        assertThat(owner.get("/users/me").success().get("full_name").asText()).isEqualTo(name);
    }

    @Test
    void wrongTokensAreThrottledPerAddress() throws Exception {
        try (TestServer strict = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 3).withSignIn(c.signIn().withScim(new ScimConfig(TOKEN, "okta", true))))) {
            HttpRequest wrong = HttpRequest.newBuilder(URI.create(strict.baseUrl + "/scim/v2/Users")).header("Authorization", "Bearer nope").build();
            HttpRequest right = HttpRequest.newBuilder(URI.create(strict.baseUrl + "/scim/v2/Users")).header("Authorization", "Bearer " + TOKEN).build();
            assertThat(HTTP.send(right, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
            for (int i = 0; i < 3; i++) assertThat(HTTP.send(wrong, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
            // the throttle holds even for the right token until the window passes
            assertThat(HTTP.send(right, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(429);
        }
    }

    @Test
    void givenAndFamilyNamesForProvidersWithoutFormatted() throws Exception {
        try (TestServer okta = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withSignIn(c.signIn().withScim(new ScimConfig(TOKEN, "okta", false))))) {
            ObjectNode body = Json.object();
            body.putArray("schemas").add(USER);
            body.put("userName", "firstname@example.com").put("active", true);
            body.putObject("name").put("givenName", "Firstname").put("familyName", "Lastname");
            HttpRequest post = HttpRequest.newBuilder(URI.create(okta.baseUrl + "/scim/v2/Users")).header("Authorization", "Bearer " + TOKEN)
                    .header("Content-Type", "application/scim+json").POST(HttpRequest.BodyPublishers.ofString(Json.write(body))).build();
            HttpResponse<String> r = HTTP.send(post, HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(201);
            JsonNode created = Json.parse(r.body());
            assertThat(created.get("name").toString()).isEqualTo("{\"givenName\":\"Firstname\",\"familyName\":\"Lastname\"}");
            assertThat(okta.owner.get("/users/" + created.get("id").asText()).success().get("user").get("full_name").asText()).isEqualTo("Firstname Lastname");
            HttpRequest get = HttpRequest.newBuilder(URI.create(okta.baseUrl + "/scim/v2/Users/" + okta.member.userId)).header("Authorization", "Bearer " + TOKEN).build();
            assertThat(Json.parse(HTTP.send(get, HttpResponse.BodyHandlers.ofString()).body()).get("name").toString())
                    .isEqualTo("{\"givenName\":\"Hamlet\",\"familyName\":\"Member\"}");
        }
    }
}

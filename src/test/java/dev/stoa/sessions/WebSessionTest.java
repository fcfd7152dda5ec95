package dev.stoa.sessions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.http.Router;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.WebClient;
import dev.stoa.users.Passwords;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web client's way in: sign-in at /accounts/login/ (a session cookie and a CSRF token), the API
 * under /json with the cookie and X-CSRFToken, sign-out; /api/v1 stays HTTP Basic only.
 */
class WebSessionTest extends StoaTestBase {
    private static final String MISSING = "CSRF error: CSRF token missing.";
    private static final String INCORRECT = "CSRF error: CSRF token from the 'X-Csrftoken' HTTP header incorrect.";

    private WebClient signedIn(ApiClient who) {
        return WebClient.signedIn(server.baseUrl, who.email, "secret-" + who.email);
    }

    @Test
    void signInSetsAnHttpOnlySessionCookieAndAReadableCsrfToken() {
        WebClient web = new WebClient(server.baseUrl);
        HttpResponse<byte[]> page = web.page("/");
        String pageToken = web.cookie("csrftoken");
        assertThat(pageToken).as("the page hands out a CSRF token for the sign-in form").isNotBlank();
        assertThat(page.headers().allValues("Set-Cookie")).singleElement().asString()
                .startsWith("csrftoken=").contains("; Path=/", "; SameSite=Lax").doesNotContain("HttpOnly", "Secure");

        ApiResponse r = web.login(member.email, "secret-" + member.email);
        JsonNode body = r.success();
        assertThat(body.get("user_id").asLong()).isEqualTo(member.userId);
        assertThat(body.get("email").asText()).isEqualTo(member.get("/users/me").success().get("email").asText());
        assertThat(body.has("api_key")).as("a browser never sees the API key").isFalse();
        List<String> set = r.headers().allValues("Set-Cookie");
        assertThat(set).hasSize(2);
        assertThat(set.get(0)).startsWith("sessionid=").contains("; Path=/", "; HttpOnly", "; SameSite=Lax", "; Max-Age=1209600").doesNotContain("Secure");
        assertThat(set.get(1)).startsWith("csrftoken=").contains("; SameSite=Lax").doesNotContain("HttpOnly");
        assertThat(web.cookie("csrftoken")).as("a new token with the session").isEqualTo(body.get("csrf_token").asText()).isNotEqualTo(pageToken);

        // The client learns who it is from the API itself.
        assertThat(web.get("/users/me").success().get("user_id").asLong()).isEqualTo(member.userId);
        assertThat(web.get("/users/me").json()).isEqualTo(member.get("/users/me").json());
    }

    @Test
    void jsonServesTheSameHandlersAndAnswersAsApiV1() {
        WebClient web = signedIn(member);
        assertThat(web.get("/streams").json()).isEqualTo(member.get("/streams").json());
        long channel = owner.post("/channels/create", "name", "web-json", "subscribers", List.of(member.userId)).success().get("id").asLong();
        JsonNode sent = web.post("/messages", "type", "stream", "to", channel, "topic", "from the browser", "content", "**hi** from /json").success();
        JsonNode m = member.get("/messages/" + sent.get("id").asLong()).success().get("message");
        assertThat(m.get("content").asText()).isEqualTo("<p><strong>hi</strong> from /json</p>");
        assertThat(m.get("sender_id").asLong()).isEqualTo(member.userId);
        assertThat(m.get("client").asText()).as("Zulip names the web app's requests so").isEqualTo("website");
        web.patch("/messages/" + sent.get("id").asLong(), "content", "edited in the browser").success();
        web.post("/messages/" + sent.get("id").asLong() + "/reactions", "emoji_name", "tada").success();
        web.delete("/messages/" + sent.get("id").asLong() + "/reactions", "emoji_name", "tada").success();
        JsonNode reg = web.post("/register", "event_types", List.of("message")).success();
        owner.post("/messages", "type", "stream", "to", channel, "topic", "t", "content", "to the queue").success();
        JsonNode events = web.get("/events", "queue_id", reg.get("queue_id").asText(), "last_event_id", -1).success().get("events");
        assertThat(events).anySatisfy(e -> assertThat(e.path("message").path("content").asText()).contains("to the queue"));
        web.delete("/events", "queue_id", reg.get("queue_id").asText()).success();
        // Errors are the same too.
        web.get("/messages/999999").error(400, "BAD_REQUEST", "Invalid message(s)");
        web.get("/no/such/route").error(404, "BAD_REQUEST", "Not Found");
    }

    @Test
    void everyUnsafeJsonRequestNeedsTheSessionsCsrfToken() {
        WebClient web = signedIn(member);
        String dm = Json.write(List.of(admin.userId));
        ApiResponse refused = web.csrf(null).post("/messages", "type", "private", "to", dm, "content", "forged").error(403, "CSRF_FAILED", MISSING);
        assertThat(refused.json().get("reason").asText()).isEqualTo("CSRF token missing.");
        web.csrf("x".repeat(43)).post("/messages", "type", "private", "to", dm, "content", "forged").error(403, "CSRF_FAILED", INCORRECT);
        // Another session's token is not this one's.
        WebClient other = signedIn(admin);
        web.csrf(other.cookie("csrftoken")).post("/messages", "type", "private", "to", dm, "content", "forged").error(403, "CSRF_FAILED", INCORRECT);
        web.csrf(null).patch("/settings", "full_name", "Forged Name").error(403, "CSRF_FAILED", MISSING);
        web.csrf(null).delete("/users/me").error(403, "CSRF_FAILED", MISSING);
        web.csrf(null).post("/register").error(403, "CSRF_FAILED", MISSING);
        assertThat(member.get("/users/me").success().get("full_name").asText()).isEqualTo("Hamlet Member");
        assertThat(member.get("/users/me").success().get("is_active").asBoolean()).isTrue();
        assertThat(admin.get("/messages", "anchor", "newest", "num_before", 10, "num_after", 0, "narrow", List.of(Map.of("operator", "search", "operand", "forged")))
                .success().get("messages")).isEmpty();
        // GET needs no token; with it, everything goes through.
        web.csrf(null).get("/users/me").success();
        web.csrfFromCookie().post("/messages", "type", "private", "to", dm, "content", "genuine").success();
        assertThat(admin.get("/messages", "anchor", "newest", "num_before", 10, "num_after", 0, "narrow", List.of(Map.of("operator", "search", "operand", "genuine")))
                .success().get("messages")).hasSize(1);
    }

    @Test
    void everyRouteUnderJsonIsGuardedSo() {
        WebClient web = signedIn(moderator).csrf(null);
        WebClient nobody = new WebClient(server.baseUrl);
        // Webhook routes take only an API key (parameter or Basic), never the session cookie, so there is nothing to forge.
        List<Router.Route> routes = server.stoa.router().routes().stream()
                .filter(r -> r.auth() != Router.Auth.NONE && r.auth() != Router.Auth.WEBHOOK).toList();
        assertThat(routes).hasSizeGreaterThan(100);
        for (Router.Route r : routes) {
            String path = "/json" + r.template().replaceAll("\\{[^}]+}", "1");
            if (!r.method().equals("GET")) web.call(r.method(), path, Map.of()).error(403, "CSRF_FAILED", MISSING);
            ApiResponse anon = nobody.call(r.method(), path, Map.of());
            if (r.auth() == Router.Auth.USER) {
                anon.error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
                assertThat(anon.headers().firstValue("WWW-Authenticate")).as(path).contains("Session realm=\"zulip\"");
            }
        }
        moderator.get("/users/me").success();
    }

    @Test
    void aCookieNeverAuthenticatesApiV1() {
        WebClient web = signedIn(member);
        ApiResponse r = web.call("GET", "/api/v1/users/me", Map.of());
        r.error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        assertThat(r.headers().firstValue("WWW-Authenticate")).contains("Basic realm=\"zulip\"");
        web.call("POST", "/api/v1/messages", ApiClient.params("type", "private", "to", List.of(admin.userId), "content", "cookie only"))
                .error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        // HTTP Basic keeps working there, whatever cookies come along.
        member.get("/users/me").success();
    }

    @Test
    void withoutASessionJsonAnswersZulipsSessionChallenge() {
        WebClient nobody = new WebClient(server.baseUrl);
        nobody.page("/");
        ApiResponse r = nobody.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        assertThat(r.headers().firstValue("WWW-Authenticate")).as("no browser login dialog").contains("Session realm=\"zulip\"");
        nobody.cookies.put("sessionid", "not-a-session-" + "x".repeat(30));
        nobody.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        nobody.cookies.put("sessionid", "y".repeat(5000));
        nobody.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
    }

    @Test
    void signOutEndsTheSessionForGood() {
        WebClient web = signedIn(member);
        String key = web.cookie("sessionid");
        web.csrf(null).logout().error(403, "CSRF_FAILED", MISSING);
        web.get("/users/me").success();
        web.csrfFromCookie().logout().success();
        assertThat(web.cookie("sessionid")).as("the cookie is cleared").isNull();
        web.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        web.cookies.put("sessionid", key); // replayed: the server forgot it
        web.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
    }

    @Test
    void signInIsCsrfCheckedAgainstThePagesCookie() {
        WebClient web = new WebClient(server.baseUrl);
        String password = "secret-" + member.email;
        web.login(member.email, password).error(403, "CSRF_FAILED", "CSRF error: CSRF cookie not set.");
        web.page("/");
        web.csrf(null).login(member.email, password).error(403, "CSRF_FAILED", MISSING);
        web.csrf("z".repeat(43)).login(member.email, password).error(403, "CSRF_FAILED", INCORRECT);
        assertThat(web.cookie("sessionid")).isNull();
        web.csrfFromCookie().login(member.email, password).success();
        // The sign-in page of Zulip's URL is the client too.
        assertThat(new WebClient(server.baseUrl).page("/accounts/login/").statusCode()).isEqualTo(200);
    }

    @Test
    void wrongPasswordsAreRefusedAsByFetchApiKey() {
        WebClient web = new WebClient(server.baseUrl);
        web.page("/");
        web.login(member.email, "wrong").error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        web.login("nobody@example.com", "wrong").error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        web.login(bot.email, bot.apiKey).error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        web.login(member.email, "").error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        web.call("POST", "/accounts/login/", ApiClient.params("username", member.email)).missing("password");
        assertThat(web.cookie("sessionid")).isNull();
    }

    @Test
    void aDeactivatedUsersSessionIsRefusedAndAPasswordChangeEndsSessions() {
        ApiClient gone = server.createUser("web-gone@example.com", "Web Gone", 400);
        WebClient goneWeb = signedIn(gone);
        admin.delete("/users/" + gone.userId).success();
        // Deactivation ended the session (Zulip's delete_user_sessions), so the cookie names no one now.
        goneWeb.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        assertThat(goneWeb.page("/").statusCode()).as("the page still loads, showing the sign-in form").isEqualTo(200);

        ApiClient changing = server.createUser("web-pw@example.com", "Web Password", 400);
        WebClient a = signedIn(changing);
        WebClient b = signedIn(changing);
        a.get("/users/me").success();
        // As `stoa reset-password` does it (UserActions.doSetPassword).
        String hash = Passwords.hash("a-new-password-1");
        server.stoa.db().write(tx -> {
            server.stoa.core().users().set(tx, changing.userId, "password_hash", hash);
            return null;
        });
        a.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        b.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        WebClient.signedIn(server.baseUrl, changing.email, "a-new-password-1").get("/users/me").success();
    }

    @Test
    void uploadsOpenWithTheSessionCookie() {
        WebClient web = signedIn(member);
        String uri = web.upload("/user_uploads", "notes.txt", "ship it".getBytes(StandardCharsets.UTF_8)).success().get("url").asText();
        assertThat(uri).startsWith("/user_uploads/");
        HttpResponse<byte[]> file = web.page(uri);
        assertThat(file.statusCode()).isEqualTo(200);
        assertThat(new String(file.body(), StandardCharsets.UTF_8)).isEqualTo("ship it");
        assertThat(new WebClient(server.baseUrl).page(uri).statusCode()).as("not without the session").isEqualTo(401);
    }

    @Test
    void signingInAgainEndsTheBrowsersPreviousSession() {
        WebClient web = signedIn(member);
        String first = web.cookie("sessionid");
        web.login(admin.email, "secret-" + admin.email).success();
        assertThat(web.get("/users/me").success().get("user_id").asLong()).isEqualTo(admin.userId);
        WebClient replay = new WebClient(server.baseUrl);
        replay.cookies.put("sessionid", first);
        replay.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
    }

    @Test
    void theBrowserSessionIsStoredAsADigestOnly() {
        WebClient web = signedIn(member);
        String key = web.cookie("sessionid");
        List<String> stored = server.stoa.db().read(h -> h.createQuery("SELECT key_hash FROM web_sessions").mapTo(String.class).list());
        assertThat(stored).doesNotContain(key).contains(SessionKeys.sha256(key));
    }
}

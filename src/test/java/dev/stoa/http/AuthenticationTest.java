package dev.stoa.http;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.util.Base64;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** HTTP Basic with email and API key, answered as Zulip answers. */
class AuthenticationTest extends StoaTestBase {
    @Test
    void noCredentialsIs401WithBasicChallenge() {
        ApiResponse r = anonymous.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        assertThat(r.headers().firstValue("WWW-Authenticate").orElse("")).startsWith("Basic");
        anonymous.post("/users", "email", "a@b.c").error(401, "UNAUTHORIZED", null);
        anonymous.get("/bots").error(401, "UNAUTHORIZED", null);
    }

    @Test
    void wrongKeyIsInvalidApiKey() {
        String other = "A".repeat(32);
        member.withCredentials(member.email, other).get("/users/me").error(401, "UNAUTHORIZED", "Invalid API key");
        // Someone else's key with my email: also invalid.
        member.withCredentials(member.email, admin.apiKey).get("/users/me").error(401, "UNAUTHORIZED", "Invalid API key");
        member.withCredentials("nobody@example.com", member.apiKey).get("/users/me").error(401, "UNAUTHORIZED", "Invalid API key");
    }

    @Test
    void malformedKey() {
        for (String key : new String[] {"short", "", "x".repeat(33), "é".repeat(32), "!".repeat(32)}) {
            member.withCredentials(member.email, key).get("/users/me").error(401, "UNAUTHORIZED", "Malformed API key");
        }
    }

    @Test
    void emailIsCaseInsensitive() {
        member.withCredentials(member.email.toUpperCase(), member.apiKey).get("/users/me").success();
    }

    @Test
    void malformedAuthorizationHeader() {
        var req = member.request("/api/v1/users/me").header("Authorization", "Basic !!!notbase64").GET().build();
        // HttpClient adds our own Authorization too; send a fresh builder instead.
        var bare = anonymous.request("/api/v1/users/me").header("Authorization", "Basic !!!notbase64").GET().build();
        anonymous.raw(bare).error(401, "UNAUTHORIZED", "Invalid authorization header for basic auth");
        var noColon = anonymous.request("/api/v1/users/me")
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("nocolon".getBytes())).GET().build();
        anonymous.raw(noColon).error(401, "UNAUTHORIZED", "Invalid authorization header for basic auth");
        assertThat(req).isNotNull();
    }

    @Test
    void deactivatedUserIs401() {
        ApiClient temp = server.createUser("leaving@example.com", "Leaving User", 400);
        temp.get("/users/me").success();
        admin.delete("/users/" + temp.userId).success();
        temp.get("/users/me").error(401, "USER_DEACTIVATED", "Account is deactivated");
        anonymous.post("/fetch_api_key", "username", temp.email, "password", "secret-" + temp.email)
                .error(401, "USER_DEACTIVATED", "Account is deactivated");
        admin.post("/users/" + temp.userId + "/reactivate").success();
        temp.get("/users/me").success();
    }

    @Test
    void fetchApiKey() {
        var r = anonymous.post("/fetch_api_key", "username", member.email, "password", "secret-" + member.email).success();
        assertThat(r.get("api_key").asText()).isEqualTo(member.apiKey);
        assertThat(r.get("user_id").asLong()).isEqualTo(member.userId);
        anonymous.post("/fetch_api_key", "username", member.email, "password", "wrong")
                .error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        anonymous.post("/fetch_api_key", "username", "ghost@example.com", "password", "x")
                .error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        anonymous.post("/fetch_api_key", "password", "x").missing("username");
        anonymous.post("/fetch_api_key", "username", member.email).missing("password");
        // Bots have no password.
        anonymous.post("/fetch_api_key", "username", bot.email, "password", "")
                .error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
    }

    @Test
    void serverSettingsNeedsNoAuth() {
        var s = anonymous.get("/server_settings").success();
        assertThat(s.get("zulip_feature_level").asInt()).isEqualTo(496);
        assertThat(s.get("zulip_version").asText()).isNotEmpty();
        assertThat(s.get("require_email_format_usernames").asBoolean()).isTrue();
        // Credentials, even wrong ones, are not checked on an unauthenticated endpoint.
        member.withCredentials(member.email, "A".repeat(32)).get("/server_settings").success();
    }
}

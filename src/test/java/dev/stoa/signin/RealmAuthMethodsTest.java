package dev.stoa.signin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.config.OidcConfig;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The organization's choice among the configured methods (PATCH /realm authentication_methods, as
 * Zulip's update_realm): owners only, known names only, never all off; the change reaches every
 * client (realm update_dict), /server_settings and register, and a method turned off signs nobody in.
 * Configured here: Stoa's passwords and an OpenID Connect provider (its discovery document is read
 * only at a sign-in, which these tests never reach).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RealmAuthMethodsTest extends StoaTestBase {
    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withSignIn(c.signIn().withOidc(
                new OidcConfig(URI.create("https://idp.example.invalid/realms/example"), "stoa", "client-secret", "Example SSO", null))));
    }

    JsonNode realmMethods() {
        return member.post("/register", "fetch_event_types", List.of("realm")).success().get("realm_authentication_methods");
    }

    int oidcStart() throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create(server.baseUrl + "/accounts/login/social/oidc")).build();
        return HttpClient.newHttpClient().send(r, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    @Order(1)
    void everyConfiguredMethodStartsOn() {
        assertThat(realmMethods().toString())
                .isEqualTo("{\"Email\":{\"enabled\":true,\"available\":true},\"OpenID Connect\":{\"enabled\":true,\"available\":true}}");
        JsonNode s = anonymous.get("/server_settings").success();
        assertThat(s.get("authentication_methods").get("openid connect").asBoolean()).isTrue();
        assertThat(s.get("external_authentication_methods")).hasSize(1);
    }

    @Test
    @Order(2)
    void onlyOwnersWithKnownNamesAndNeverAllOff() {
        member.patch("/realm", "authentication_methods", "{\"Email\":true}").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        admin.patch("/realm", "authentication_methods", "{\"Email\":true}").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
        owner.patch("/realm", "authentication_methods", "{\"Email\":false,\"OpenID Connect\":false}")
                .badRequest("At least one authentication method must be enabled.");
        owner.patch("/realm", "authentication_methods", "{\"SAML\":true}")
                .badRequest("Invalid authentication method: SAML. Valid methods are: ['Email', 'OpenID Connect']");
        // a refused request changes nothing else either
        String name = owner.get("/server_settings").success().get("realm_name").asText();
        owner.patch("/realm", "name", "Renamed", "authentication_methods", "{}").badRequest("At least one authentication method must be enabled.");
        assertThat(anonymous.get("/server_settings").success().get("realm_name").asText()).isEqualTo(name);
    }

    @Test
    @Order(3)
    void turningAMethodOffReachesClientsAndStopsItsSignIns() throws Exception {
        // as Zulip, a request must itself turn one method on: clients send the whole dict
        owner.patch("/realm", "authentication_methods", "{\"OpenID Connect\":false}").badRequest("At least one authentication method must be enabled.");
        List<JsonNode> events = VerifyAction.verify(member,
                () -> owner.patch("/realm", "authentication_methods", "{\"Email\":true,\"OpenID Connect\":false}").success());
        assertThat(events.getFirst().get("op").asText()).isEqualTo("update_dict");
        assertThat(realmMethods().get("OpenID Connect").get("enabled").asBoolean()).isFalse();
        JsonNode s = anonymous.get("/server_settings").success();
        assertThat(s.get("authentication_methods").get("openid connect").asBoolean()).isFalse();
        assertThat(s.get("external_authentication_methods")).isEmpty();
        assertThat(oidcStart()).isEqualTo(403);
        // the same choice again changes nothing and tells nobody
        VerifyAction.as(member).events(0).noStateChange().run(() ->
                assertThat(owner.patch("/realm", "authentication_methods", "{\"OpenID Connect\":false,\"Email\":true}").success().has("authentication_methods")).isFalse());
    }

    @Test
    @Order(4)
    void passwordsOffAndOnAgain() throws Exception {
        VerifyAction.verify(member, () -> owner.patch("/realm", "authentication_methods", "{\"Email\":false,\"OpenID Connect\":true}").success());
        anonymous.post("/fetch_api_key", "username", "member@example.com", "password", "secret-member@example.com")
                .error(401, "PASSWORD_AUTH_DISABLED", "Password authentication is disabled in this organization.");
        JsonNode s = anonymous.get("/server_settings").success();
        assertThat(s.get("email_auth_enabled").asBoolean()).isFalse();
        assertThat(s.get("authentication_methods").get("password").asBoolean()).isFalse();
        JsonNode r = member.post("/register", "fetch_event_types", List.of("realm")).success();
        assertThat(r.get("realm_password_auth_enabled").asBoolean()).isFalse();
        assertThat(r.get("realm_email_auth_enabled").asBoolean()).isFalse();
        member.get("/users/me").success(); // API keys go on working
        owner.patch("/realm", "authentication_methods", "{\"Email\":true}").success();
        anonymous.post("/fetch_api_key", "username", "member@example.com", "password", "secret-member@example.com").success();
    }
}

package dev.stoa.signin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.WebClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.MethodOrderer;

/**
 * /server_settings and register say what the configuration enables, in Zulip's shapes: every
 * authentication_methods key present, external_authentication_methods listing the buttons, the
 * email / password / username flags; with Stoa's own passwords turned off (--email-auth false and no
 * directory), a password sign-in answers Zulip's PASSWORD_AUTH_DISABLED.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SignInMethodsTest extends StoaTestBase {
    static final List<String> ZULIP_KEYS = List.of("password", "dev", "email", "ldap", "remoteuser", "github", "azuread", "gitlab", "google",
            "apple", "saml", "openid connect");

    static List<String> enabled(JsonNode methods) {
        List<String> on = new ArrayList<>();
        methods.properties().forEach(e -> { if (e.getValue().asBoolean()) on.add(e.getKey()); });
        return on;
    }

    @Test
    @Order(1)
    void passwordsByDefault() {
        JsonNode s = anonymous.get("/server_settings").success();
        assertThat(s.get("authentication_methods").properties().stream().map(Map.Entry::getKey).toList()).containsExactlyElementsOf(ZULIP_KEYS);
        assertThat(enabled(s.get("authentication_methods"))).containsExactly("password", "email");
        assertThat(s.get("external_authentication_methods")).isEmpty();
        assertThat(s.get("email_auth_enabled").asBoolean()).isTrue();
        assertThat(s.get("require_email_format_usernames").asBoolean()).isTrue();
        JsonNode r = member.post("/register", "fetch_event_types", List.of("realm")).success();
        assertThat(r.get("realm_authentication_methods").toString()).isEqualTo("{\"Email\":{\"enabled\":true,\"available\":true}}");
        assertThat(r.get("realm_email_auth_enabled").asBoolean()).isTrue();
        assertThat(r.get("realm_password_auth_enabled").asBoolean()).isTrue();
    }

    @Test
    @Order(2)
    void withoutStoasPasswords() throws Exception {
        server.restartWith(c -> c.withSignIn(c.signIn().withEmailAuth(false)));
        JsonNode s = anonymous.get("/server_settings").success();
        assertThat(enabled(s.get("authentication_methods"))).isEmpty();
        assertThat(s.get("email_auth_enabled").asBoolean()).isFalse();
        JsonNode r = member.post("/register", "fetch_event_types", List.of("realm")).success();
        assertThat(r.get("realm_authentication_methods")).isEmpty();
        assertThat(r.get("realm_email_auth_enabled").asBoolean()).isFalse();
        assertThat(r.get("realm_password_auth_enabled").asBoolean()).isFalse();
        anonymous.post("/fetch_api_key", "username", "member@example.com", "password", "secret-member@example.com")
                .error(401, "PASSWORD_AUTH_DISABLED", "Password authentication is disabled in this organization.");
        WebClient web = new WebClient(server.baseUrl);
        web.page("/login/");
        web.login("member@example.com", "secret-member@example.com")
                .error(401, "PASSWORD_AUTH_DISABLED", "Password authentication is disabled in this organization.");
        member.get("/users/me").success(); // API keys go on working
    }
}

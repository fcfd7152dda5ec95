package dev.stoa.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Authentication is checked before anything else on every authenticated route: no credentials,
 * a wrong key, a deactivated user and a deactivated organization are refused the same way everywhere.
 */
class AuthEveryRouteTest extends StoaTestBase {
    private static String concrete(String template) {
        return template.replaceAll("\\{[^}]+}", "1");
    }

    private List<Router.Route> authenticated() {
        return server.stoa.router().routes().stream().filter(r -> r.auth() == Router.Auth.USER).toList();
    }

    private static ApiResponse call(ApiClient c, Router.Route r) {
        return c.call(r.method(), concrete(r.template()), Map.of(), ApiClient.Encoding.FORM);
    }

    @Test
    void anonymous() {
        assertThat(authenticated()).hasSizeGreaterThan(10);
        for (Router.Route r : authenticated()) {
            ApiResponse resp = call(anonymous, r).error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
            assertThat(resp.headers().firstValue("WWW-Authenticate")).as(r.template()).isPresent();
        }
    }

    @Test
    void wrongAndMalformedKeys() {
        for (Router.Route r : authenticated()) {
            call(member.withCredentials(member.email, "B".repeat(32)), r).error(401, "UNAUTHORIZED", "Invalid API key");
            call(member.withCredentials(member.email, "nope"), r).error(401, "UNAUTHORIZED", "Malformed API key");
        }
    }

    @Test
    void deactivatedUser() {
        ApiClient gone = server.createUser("gone-everywhere@example.com", "Gone Everywhere", 400);
        admin.delete("/users/" + gone.userId).success();
        for (Router.Route r : authenticated()) call(gone, r).error(401, "USER_DEACTIVATED", "Account is deactivated");
    }

    @Test
    void deactivatedOrganization() {
        setRealmDeactivated(true);
        try {
            for (Router.Route r : authenticated()) {
                call(member, r).error(401, "REALM_DEACTIVATED", "This organization has been deactivated");
            }
            anonymous.post("/fetch_api_key", "username", member.email, "password", "secret-" + member.email)
                    .error(401, "REALM_DEACTIVATED", "This organization has been deactivated");
        } finally {
            setRealmDeactivated(false);
        }
        member.get("/users/me").success();
    }

    private void setRealmDeactivated(boolean value) {
        // through the store, as RealmDeactivation writes: its RowsChanged entry reaches the realm holder
        server.stoa.db().write(tx -> {
            server.stoa.core().realmStore().setDeactivated(tx, value);
            return null;
        });
    }
}

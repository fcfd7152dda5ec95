package dev.stoa.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.WebClient;
import org.junit.jupiter.api.Test;

/**
 * Who may act once credentials check out (issue 14, gap 10): one rule (users.UserRules.checkCanSignIn)
 * for HTTP Basic, the web session and password sign-in, in Zulip's order — a deactivated
 * organization before a deactivated account — and a wrong key answered as Zulip's server does.
 */
class SignInRulesTest extends StoaTestBase {
    @Test
    void wrongOrMalformedKeyIsUnauthorizedWithBasicChallenge() {
        for (String key : new String[] {"Q".repeat(32), "short"}) {
            ApiResponse r = member.withCredentials(member.email, key).get("/users/me");
            r.error(401, "UNAUTHORIZED", key.length() == 32 ? "Invalid API key" : "Malformed API key");
            assertThat(r.headers().firstValue("WWW-Authenticate")).hasValue("Basic realm=\"zulip\"");
        }
    }

    @Test
    void deactivatedOrganizationComesBeforeDeactivatedAccountEverywhere() {
        ApiClient gone = server.createUser("gone-both@example.com", "Gone Both", 400);
        String password = "secret-" + gone.email;
        WebClient web = WebClient.signedIn(server.baseUrl, gone.email, password);
        web.get("/users/me").success();
        admin.delete("/users/" + gone.userId).success();
        // the account alone: USER_DEACTIVATED by key and password; its web sessions ended with it (Zulip's delete_user_sessions)
        gone.get("/users/me").error(401, "USER_DEACTIVATED", "Account is deactivated");
        web.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        anonymous.post("/fetch_api_key", "username", gone.email, "password", password).error(401, "USER_DEACTIVATED", "Account is deactivated");
        ApiClient stays = server.createUser("stays@example.com", "Stays", 400);
        WebClient live = WebClient.signedIn(server.baseUrl, stays.email, "secret-" + stays.email);
        setRealmDeactivated(true);
        try {
            String msg = "This organization has been deactivated";
            gone.get("/users/me").error(401, "REALM_DEACTIVATED", msg);
            live.get("/users/me").error(401, "REALM_DEACTIVATED", msg);
            // password sign-in checked the account first before: now the organization, as Basic and sessions do
            anonymous.post("/fetch_api_key", "username", gone.email, "password", password).error(401, "REALM_DEACTIVATED", msg);
        } finally {
            setRealmDeactivated(false);
        }
    }

    private void setRealmDeactivated(boolean value) {
        // through the store, as RealmDeactivation writes: its RowsChanged entry reaches the realm holder
        server.stoa.db().write(tx -> {
            server.stoa.core().realmStore().setDeactivated(tx, value);
            return null;
        });
    }
}

package dev.stoa.oidc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.config.OidcConfig;
import dev.stoa.signin.AppFlowTest;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestOidcProvider;
import dev.stoa.testing.TestServer;
import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * OpenID Connect sign-in against a real provider (npm oidc-provider, started once for the class):
 * the authorization code flow with PKCE and nonce, walked by a cookie-keeping HTTP "browser" through
 * the provider's login and consent pages; accounts linked by verified email or created when the
 * organization allows it; the mobile app's flow through the provider; and the hostile cases: a
 * replayed or unknown state, another browser, a forged code, an unverified email, an organization
 * that requires invitations — each refused with a page saying why, nothing created.
 */
class OidcSignInTest extends StoaTestBase {
    private final TestOidcProvider idp = new TestOidcProvider();

    @Override
    protected TestServer newServer() {
        OidcConfig config = new OidcConfig(URI.create(idp.issuer()), "stoa", "client-secret-for-tests", "Example SSO", null);
        TestServer s = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withSignIn(c.signIn().withOidc(config)));
        idp.start("stoa", "client-secret-for-tests", s.baseUrl + "/complete/oidc/", """
                {"hamlet": {"email": "member@example.com", "email_verified": true, "name": "Hamlet at the IdP"},
                 "olivia": {"email": "olivia@example.com", "email_verified": true, "name": "Olivia Newcomer"},
                 "ursula": {"email": "ursula@example.com", "email_verified": false, "name": "Ursula Unverified"}}""");
        return s;
    }

    @AfterAll
    void stopIdp() {
        idp.close();
    }

    /** A browser: one cookie jar for both sites, redirects followed by hand. */
    final class Browser {
        final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
        final HttpClient http = HttpClient.newBuilder().cookieHandler(cookies).followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(10)).build();

        HttpResponse<String> get(String url) throws IOException, InterruptedException {
            return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        }

        HttpResponse<String> post(String url, String form) throws IOException, InterruptedException {
            return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        }

        /**
         * From the login button to the provider's redirect back to Stoa: signs in at the provider as
         * {@code account} and consents. Returns the callback URL (not yet followed).
         */
        String throughProvider(String startPath, String account) throws Exception {
            HttpResponse<String> r = get(server.baseUrl + startPath);
            assertThat(r.statusCode()).isEqualTo(302);
            String url = r.headers().firstValue("Location").orElseThrow();
            assertThat(url).startsWith(idp.issuer() + "/auth?").contains("code_challenge_method=S256").contains("nonce=").contains("state=");
            for (int i = 0; i < 20; i++) {
                if (url.startsWith(server.baseUrl)) return url;
                r = url.startsWith("/") ? get(idp.issuer() + url) : get(url);
                if (r.statusCode() / 100 == 3) {
                    url = r.headers().firstValue("Location").orElseThrow();
                    continue;
                }
                // the provider's development pages: one form each, login then consent
                Matcher action = Pattern.compile("<form[^>]*action=\"([^\"]+)\"").matcher(r.body());
                assertThat(action.find()).as("a provider page with a form: " + r.body()).isTrue();
                String form = r.body().contains("name=\"login\"") ? "prompt=login&login=" + account + "&password=any" : "prompt=consent";
                String target = action.group(1).startsWith("/") ? idp.issuer() + action.group(1) : action.group(1);
                r = post(target, form);
                url = r.headers().firstValue("Location").orElseThrow();
            }
            throw new AssertionError("no way back to Stoa");
        }
    }

    private int people() {
        return owner.get("/users").success().get("members").size();
    }

    private String sessionCookie(Browser b) {
        return b.cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals("sessionid")).map(c -> c.getValue())
                .findFirst().orElse(null);
    }

    @Test
    void theButtonIsListed() {
        JsonNode s = anonymous.get("/server_settings").success();
        assertThat(s.get("authentication_methods").get("openid connect").asBoolean()).isTrue();
        assertThat(s.get("external_authentication_methods").toString()).isEqualTo(
                "[{\"name\":\"oidc\",\"display_name\":\"Example SSO\",\"display_icon\":null,\"login_url\":\"/accounts/login/social/oidc\","
                        + "\"signup_url\":\"/accounts/register/social/oidc\"}]");
    }

    @Test
    void anExistingAccountIsLinkedByVerifiedEmail() throws Exception {
        Browser b = new Browser();
        String back = b.throughProvider("/accounts/login/social/oidc?next=/%23narrow/channel/1-general", "hamlet");
        HttpResponse<String> r = b.get(back);
        assertThat(r.statusCode()).isEqualTo(302);
        assertThat(r.headers().firstValue("Location")).hasValue("/#narrow/channel/1-general");
        String session = sessionCookie(b);
        assertThat(session).isNotNull();
        HttpResponse<String> me = b.get(server.baseUrl + "/json/users/me");
        assertThat(me.body()).contains("\"user_id\":" + member.userId);
        // replayed: the state is spent
        HttpResponse<String> again = b.get(back);
        assertThat(again.statusCode()).isEqualTo(400);
        assertThat(again.body()).contains("unknown, expired or already used state");
    }

    @Test
    void theMobileAppGetsItsKeyThroughTheProvider() throws Exception {
        String otp = AppFlowTest.newOtp();
        Browser b = new Browser();
        HttpResponse<String> r = b.get(b.throughProvider("/accounts/login/social/oidc?mobile_flow_otp=" + otp, "hamlet"));
        assertThat(r.statusCode()).isEqualTo(302);
        String url = r.headers().firstValue("Location").orElseThrow();
        Map<String, String> q = AppFlowTest.query(url);
        assertThat(url).startsWith("zulip://login?");
        assertThat(AppFlowTest.decodeApiKey(q.get("otp_encrypted_api_key"), otp)).isEqualTo(member.apiKey);
        assertThat(sessionCookie(b)).isNull();
    }

    @Test
    void newPeopleJoinOnlyWhereTheOrganizationAllows() throws Exception {
        int before = people();
        HttpResponse<String> refused = new Browser().get(new Browser().throughProvider("/accounts/login/social/oidc", "olivia"));
        // a fresh browser for the callback is another browser: refused before anything else
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("the sign-in was started in another browser");
        Browser b = new Browser();
        HttpResponse<String> invite = b.get(b.throughProvider("/accounts/login/social/oidc", "olivia"));
        assertThat(invite.statusCode()).isEqualTo(400);
        assertThat(invite.body()).contains("Please request an invite for olivia@example.com from the organization administrator.");
        assertThat(people()).isEqualTo(before);
        owner.patch("/realm", "invite_required", false).success();
        try {
            Browser c = new Browser();
            assertThat(c.get(c.throughProvider("/accounts/login/social/oidc", "olivia")).statusCode()).isEqualTo(302);
            assertThat(owner.get("/users/olivia@example.com").success().get("user").get("full_name").asText()).isEqualTo("Olivia Newcomer");
            // an address the provider has not verified is never linked or created
            Browser d = new Browser();
            HttpResponse<String> unverified = d.get(d.throughProvider("/accounts/login/social/oidc", "ursula"));
            assertThat(unverified.statusCode()).isEqualTo(400);
            assertThat(unverified.body()).contains("has not verified the email address ursula@example.com");
            assertThat(people()).isEqualTo(before + 1);
        } finally {
            owner.patch("/realm", "invite_required", true).success();
        }
    }

    @Test
    void forgedCodesAndUnknownStatesAreRefused() throws Exception {
        Browser b = new Browser();
        String back = b.throughProvider("/accounts/login/social/oidc", "hamlet");
        String forged = back.replaceAll("code=[^&]+", "code=forged-code");
        HttpResponse<String> r = b.get(forged);
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("the identity provider refused the code: invalid_grant");
        assertThat(sessionCookie(b)).isNull();
        HttpResponse<String> unknown = b.get(server.baseUrl + "/complete/oidc/?code=x&state=made-up");
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(unknown.body()).contains("unknown, expired or already used state");
        HttpResponse<String> denied = b.get(server.baseUrl + "/complete/oidc/?error=access_denied&state=x");
        assertThat(denied.body()).contains("the identity provider answered access_denied");
        // the client secret never reaches a page or the provider's front channel
        assertThat(back).doesNotContain("client-secret-for-tests");
    }

    @Test
    void failedSignInsAreThrottledPerAddress() throws Exception {
        server.restartWith(c -> c.withLimits(1_000_000, 1_000_000, 5));
        try {
            Browser b = new Browser();
            for (int i = 0; i < 5; i++) assertThat(b.get(server.baseUrl + "/complete/oidc/?code=x&state=guess-" + i).statusCode()).isEqualTo(400);
            HttpResponse<String> r = b.get(server.baseUrl + "/accounts/login/social/oidc");
            assertThat(r.statusCode()).isEqualTo(429);
            assertThat(r.body()).contains("too many failed sign-ins from this address");
        } finally {
            server.restartWith(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000));
        }
    }
}

package dev.stoa.github;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.config.GithubConfig;
import dev.stoa.signin.AppFlowTest;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestGithub;
import dev.stoa.testing.TestServer;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Sign-in with GitHub end to end over HTTP: a cookie-keeping "browser" walks from the button to
 * GitHub (a stand-in checking every request against GitHub's documented OAuth web flow and REST API,
 * TestGithub) and back. GitHub's verified primary address links the account, or makes one where the
 * organization allows; unverified addresses, forged codes, replayed or foreign states are refused
 * with nothing created; the mobile app gets its key; the login throttle counts the failures.
 */
class GithubSignInTest extends StoaTestBase {
    static final String SECRET = "github-client-secret-for-tests";
    private final TestGithub github = new TestGithub("Iv1.stoa-test", SECRET);

    @Override
    protected TestServer newServer() {
        GithubConfig config = new GithubConfig("Iv1.stoa-test", SECRET, URI.create(github.webUrl()), URI.create(github.apiUrl()));
        TestServer s = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withSignIn(c.signIn().withGithub(config)));
        github.registerCallback(s.stoa.config().externalUrl().replaceAll("/+$", "") + "/complete/github/");
        github.add(new TestGithub.Account(101, "hamlet", "Hamlet at GitHub", List.of(
                new Object[] {"hamlet@users.noreply.github.com", true, false}, new Object[] {"member@example.com", true, true})));
        github.add(new TestGithub.Account(102, "olivia", "Olivia Newcomer", List.<Object[]>of(new Object[] {"olivia@example.com", true, true})));
        github.add(new TestGithub.Account(103, "ursula", null, List.of(new Object[] {"ursula@example.com", false, true},
                new Object[] {"ursula@example.org", true, false})));
        return s;
    }

    @AfterAll
    void stopGithub() {
        assertThat(github.violations()).as("requests GitHub's documentation does not allow").isEmpty();
        github.close();
    }

    /** A browser: one cookie jar for both sites, redirects followed by hand. */
    final class Browser {
        final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
        final HttpClient http = HttpClient.newBuilder().cookieHandler(cookies).followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(10)).build();

        HttpResponse<String> get(String url) throws Exception {
            return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        }

        /** From the button through GitHub, signed in there as {@code login}: the callback URL, not yet followed. */
        String throughGithub(String startPath, String login) throws Exception {
            github.signedIn = login;
            HttpResponse<String> r = get(server.baseUrl + startPath);
            assertThat(r.statusCode()).isEqualTo(302);
            String authorize = r.headers().firstValue("Location").orElseThrow();
            assertThat(authorize).startsWith(github.webUrl() + "/login/oauth/authorize?").contains("code_challenge_method=S256")
                    .doesNotContain(SECRET);
            HttpResponse<String> back = get(authorize);
            assertThat(back.statusCode()).isEqualTo(302);
            return back.headers().firstValue("Location").orElseThrow();
        }

        String session() {
            return cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals("sessionid")).map(c -> c.getValue())
                    .findFirst().orElse(null);
        }
    }

    private int people() {
        return owner.get("/users").success().get("members").size();
    }

    @Test
    void theButtonIsListed() {
        JsonNode s = anonymous.get("/server_settings").success();
        assertThat(s.get("authentication_methods").get("github").asBoolean()).isTrue();
        assertThat(s.get("external_authentication_methods").toString()).isEqualTo(
                "[{\"name\":\"github\",\"display_name\":\"GitHub\",\"display_icon\":null,\"login_url\":\"/accounts/login/social/github\","
                        + "\"signup_url\":\"/accounts/register/social/github\"}]");
        JsonNode r = member.post("/register", "fetch_event_types", List.of("realm")).success();
        assertThat(r.get("realm_authentication_methods").get("GitHub").get("enabled").asBoolean()).isTrue();
    }

    @Test
    void theVerifiedPrimaryAddressLinksTheAccount() throws Exception {
        Browser b = new Browser();
        String back = b.throughGithub("/accounts/login/social/github?next=/%23inbox", "hamlet");
        assertThat(back).startsWith(server.stoa.config().externalUrl().replaceAll("/+$", "") + "/complete/github/?code=");
        HttpResponse<String> r = b.get(back);
        assertThat(r.statusCode()).isEqualTo(302);
        assertThat(r.headers().firstValue("Location")).hasValue("/#inbox");
        assertThat(b.session()).isNotNull();
        assertThat(b.get(server.baseUrl + "/json/users/me").body()).contains("\"user_id\":" + member.userId);
        // replayed: the state is spent, and GitHub's code too
        HttpResponse<String> again = b.get(back);
        assertThat(again.statusCode()).isEqualTo(400);
        assertThat(again.body()).contains("unknown, expired or already used state");
    }

    @Test
    void theMobileAppGetsItsKey() throws Exception {
        String otp = AppFlowTest.newOtp();
        Browser b = new Browser();
        HttpResponse<String> r = b.get(b.throughGithub("/accounts/login/social/github?mobile_flow_otp=" + otp, "hamlet"));
        assertThat(r.statusCode()).isEqualTo(302);
        String url = r.headers().firstValue("Location").orElseThrow();
        assertThat(url).startsWith("zulip://login?");
        Map<String, String> q = AppFlowTest.query(url);
        assertThat(AppFlowTest.decodeApiKey(q.get("otp_encrypted_api_key"), otp)).isEqualTo(member.apiKey);
        assertThat(b.session()).isNull();
    }

    @Test
    void newPeopleJoinOnlyWhereTheOrganizationAllowsAndOnlyWithAVerifiedPrimary() throws Exception {
        int before = people();
        Browser b = new Browser();
        HttpResponse<String> invite = b.get(b.throughGithub("/accounts/login/social/github", "olivia"));
        assertThat(invite.statusCode()).isEqualTo(400);
        assertThat(invite.body()).contains("Please request an invite for olivia@example.com from the organization administrator.");
        assertThat(people()).isEqualTo(before);
        owner.patch("/realm", "invite_required", false).success();
        try {
            Browser c = new Browser();
            assertThat(c.get(c.throughGithub("/accounts/register/social/github", "olivia")).statusCode()).isEqualTo(302);
            assertThat(owner.get("/users/olivia@example.com").success().get("user").get("full_name").asText()).isEqualTo("Olivia Newcomer");
            // the primary address is unverified (another, verified one is not the primary): refused
            Browser d = new Browser();
            HttpResponse<String> unverified = d.get(d.throughGithub("/accounts/login/social/github", "ursula"));
            assertThat(unverified.statusCode()).isEqualTo(400);
            assertThat(unverified.body()).contains("has not verified the email address ursula@example.com");
            assertThat(people()).isEqualTo(before + 1);
        } finally {
            owner.patch("/realm", "invite_required", true).success();
        }
    }

    @Test
    void forgedCodesForeignStatesAndDenialsAreRefused() throws Exception {
        Browser b = new Browser();
        String back = b.throughGithub("/accounts/login/social/github", "hamlet");
        HttpResponse<String> forged = b.get(back.replaceAll("code=[^&]+", "code=forged-code"));
        assertThat(forged.statusCode()).isEqualTo(400);
        assertThat(forged.body()).contains("GitHub refused the code: bad_verification_code");
        assertThat(b.session()).isNull();
        // a callback in another browser than the one that started
        Browser other = new Browser();
        HttpResponse<String> foreign = other.get(new Browser().throughGithub("/accounts/login/social/github", "hamlet"));
        assertThat(foreign.body()).contains("the sign-in was started in another browser");
        HttpResponse<String> unknown = b.get(server.baseUrl + "/complete/github/?code=x&state=made-up");
        assertThat(unknown.body()).contains("unknown, expired or already used state");
        // the person presses Cancel at GitHub
        HttpResponse<String> denied = b.get(b.throughGithub("/accounts/login/social/github", null));
        assertThat(denied.statusCode()).isEqualTo(400);
        assertThat(denied.body()).contains("Signing in with GitHub failed: the identity provider answered access_denied");
    }

    @Test
    void turnedOffAndThrottled() throws Exception {
        owner.patch("/realm", "authentication_methods", "{\"Email\":true,\"GitHub\":false}").success();
        try {
            assertThat(new Browser().get(server.baseUrl + "/accounts/login/social/github").statusCode()).isEqualTo(403);
            assertThat(anonymous.get("/server_settings").success().get("external_authentication_methods")).isEmpty();
        } finally {
            owner.patch("/realm", "authentication_methods", "{\"Email\":true,\"GitHub\":true}").success();
        }
        server.restartWith(c -> c.withLimits(1_000_000, 1_000_000, 5));
        try {
            Browser b = new Browser();
            for (int i = 0; i < 5; i++) assertThat(b.get(server.baseUrl + "/complete/github/?code=x&state=guess-" + i).statusCode()).isEqualTo(400);
            HttpResponse<String> r = b.get(server.baseUrl + "/accounts/login/social/github");
            assertThat(r.statusCode()).isEqualTo(429);
            assertThat(r.body()).contains("too many failed sign-ins from this address");
        } finally {
            server.restartWith(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000));
        }
    }
}

package dev.stoa.signin;

import static org.assertj.core.api.Assertions.assertThat;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.config.Config;
import dev.stoa.config.GithubConfig;
import dev.stoa.config.OidcConfig;
import dev.stoa.config.SamlConfig;
import dev.stoa.http.Json;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestGithub;
import dev.stoa.testing.TestLdap;
import dev.stoa.testing.TestOidcProvider;
import dev.stoa.testing.TestSamlIdp;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.WebClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every sign-in method end to end in a real browser (issue 28's "done when"): one Stoa with all of
 * them configured at once, the real providers this machine runs (Debian's slapd, npm oidc-provider,
 * npm samlp; GitHub's stand-in, as GitHub cannot run here), and one headless Chromium driven by
 * src/test/idp/browser-signin.mjs through the web client's login page and the providers' own pages:
 * password with a two-factor code, LDAP, OpenID Connect, GitHub and SAML, each once landing in the web
 * client signed in and once through the mobile app's flow, ending at zulip://login, whose API key
 * (decrypted with the app's pad) must work. Runs in both database passes; needs the built client and
 * the client's node_modules (skipped without them, e.g. after -Dstoa.web.skip=true on a clean tree).
 * Screenshots: target/signin-browser/{sqlite,postgres}/.
 */
class SignInBrowserTest extends StoaTestBase {
    private static final String CLAIMS = "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/";
    private final TestLdap ldap = new TestLdap();
    private final TestOidcProvider oidc = new TestOidcProvider();
    private final TestSamlIdp saml = new TestSamlIdp();
    private final TestSamlIdp saml2 = new TestSamlIdp("https://second-idp.example.com/saml");
    private final TestGithub github = new TestGithub("Iv1.stoa-browser", "github-secret-for-browser-tests");

    @Override
    protected TestServer newServer() {
        ldap.addPerson("ada", "Ada Lovelace", "ada-directory-pw", Map.of());
        ldap.addPerson("alan", "Alan Turing", "alan-directory-pw", Map.of());
        String[] ldapFlags = {"--ldap-url", ldap.url(), "--ldap-bind-dn", TestLdap.ADMIN, "--ldap-bind-password", TestLdap.ADMIN_PASSWORD,
                "--ldap-user-search-base", TestLdap.PEOPLE, "--ldap-user-filter", "(uid=%(user)s)", "--ldap-append-domain", "corp.example"};
        // two SAML identity providers at once, each with its own button, entity ID and signing key
        SamlConfig samlConfig = samlConfig("idp", saml, "Example SAML"), saml2Config = samlConfig("second", saml2, "Second SAML");
        TestServer s = new TestServer(c -> {
            List<String> flags = new ArrayList<>(List.of(ldapFlags));
            flags.addAll(List.of("--data-dir", c.dataDir().toString()));
            var signIn = Config.parse(flags.toArray(String[]::new), Map.of()).signIn().withTwoFactor(true)
                    .withOidc(new OidcConfig(URI.create(oidc.issuer()), "stoa", "oidc-secret-for-browser-tests", "Example SSO", null))
                    .withGithub(new GithubConfig("Iv1.stoa-browser", "github-secret-for-browser-tests", URI.create(github.webUrl()),
                            URI.create(github.apiUrl())))
                    .withSaml(samlConfig, saml2Config);
            return c.withLimits(1_000_000, 1_000_000, 1_000_000).withSignIn(signIn);
        });
        oidc.start("stoa", "oidc-secret-for-browser-tests", s.baseUrl + "/complete/oidc/", """
                {"olivia": {"email": "olivia@example.com", "email_verified": true, "name": "Olivia Newcomer"},
                 "hamlet": {"email": "member@example.com", "email_verified": true, "name": "Hamlet at the IdP"}}""");
        saml.start(s.baseUrl + "/complete/saml/", """
                {"sam": {"password": "pw-sam", "email": "sam@example.com", "first_name": "Sam", "last_name": "Newcomer"},
                 "mo": {"password": "pw-mo", "email": "moderator@example.com", "first_name": "Mo", "last_name": "at the IdP"}}""");
        saml2.start(s.baseUrl + "/complete/saml/", """
                {"kim": {"password": "pw-kim", "email": "kim@example.com", "first_name": "Kim", "last_name": "Second"},
                 "iago": {"password": "pw-iago", "email": "admin@example.com", "first_name": "Iago", "last_name": "Second"},
                 "eve": {"password": "pw-eve", "email": "eve@example.com", "first_name": "Eve", "last_name": "Crossed"}}""");
        github.registerCallback(s.stoa.config().externalUrl().replaceAll("/+$", "") + "/complete/github/");
        github.add(new TestGithub.Account(201, "gwen", "Gwen Hub", List.<Object[]>of(new Object[] {"gwen@example.com", true, true})));
        github.signedIn = "gwen";
        return s;
    }

    private static SamlConfig samlConfig(String name, TestSamlIdp idp, String displayName) {
        try {
            return new SamlConfig(name, idp.entityId, URI.create(idp.ssoUrl()), Files.readString(idp.certFile()), null, displayName, null,
                    CLAIMS + "emailaddress", CLAIMS + "givenname", CLAIMS + "surname", Map.of());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterAll
    void stopProviders() {
        saml2.close();
        ldap.close();
        oidc.close();
        saml.close();
        github.close();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void eachMethodSignsInInTheBrowserAndThroughTheMobileFlow() throws Exception {
        Path playwright = Path.of("web/node_modules/playwright-core").toAbsolutePath();
        Path chromium = Path.of(System.getenv().getOrDefault("CHROMIUM_PATH", "/usr/bin/chromium"));
        Assumptions.assumeTrue(getClass().getResource("/web/index.html") != null && Files.isDirectory(playwright),
                "the web client is not built (web/dist, web/node_modules)");
        assertThat(chromium).as("Debian's chromium package").exists();
        JsonNode settings = anonymous.get("/server_settings").success();
        assertThat(settings.get("external_authentication_methods").findValuesAsText("name")).containsExactly("oidc", "github", "saml:idp", "saml:second");
        assertThat(settings.get("external_authentication_methods").findValuesAsText("login_url"))
                .contains("/accounts/login/social/saml/idp", "/accounts/login/social/saml/second");
        owner.patch("/realm", "invite_required", false).success(); // OIDC, SAML and GitHub create accounts on the first sign-in
        String tessSecret = enrolTotp("tess@example.com"), tomSecret = enrolTotp("tom@example.com");

        Map<String, String> pads = new HashMap<>();
        ArrayNode scenarios = Json.MAPPER.createArrayNode();
        // name, method, username, password, expected email, mobile?
        Object[][] rows = {
            {"password-totp", "password", "tess@example.com", "secret-tess@example.com", "tess@example.com", false},
            {"password-totp", "password", "tom@example.com", "secret-tom@example.com", "tom@example.com", true},
            {"ldap", "password", "ada", "ada-directory-pw", "ada@corp.example", false},
            {"ldap", "password", "alan", "alan-directory-pw", "alan@corp.example", true},
            {"oidc", "oidc", "olivia", "any", "olivia@example.com", false},
            {"oidc", "oidc", "hamlet", "any", "member@example.com", true},
            {"github", "github", "gwen", "", "gwen@example.com", false},
            {"github", "github", "gwen", "", "gwen@example.com", true},
            {"saml", "saml", "sam", "pw-sam", "sam@example.com", false},
            {"saml", "saml", "mo", "pw-mo", "moderator@example.com", true},
            {"saml-second", "saml", "kim", "pw-kim", "kim@example.com", false},
            {"saml-second", "saml", "iago", "pw-iago", "admin@example.com", true},
        };
        Map<String, String> buttons = Map.of("oidc", "Log in with Example SSO", "github", "Log in with GitHub", "saml", "Log in with Example SAML",
                "saml-second", "Log in with Second SAML");
        for (Object[] r : rows) {
            ObjectNode s = scenarios.addObject().put("name", (String) r[0]).put("method", (String) r[1]).put("username", (String) r[2])
                    .put("password", (String) r[3]).put("button", buttons.getOrDefault((String) r[0], buttons.get((String) r[1])));
            if (r[2].equals("tess@example.com")) s.put("totpSecret", tessSecret);
            if (r[2].equals("tom@example.com")) s.put("totpSecret", tomSecret);
            if ((Boolean) r[5]) {
                String pad = AppFlowTest.newOtp();
                pads.put(r[0] + "/" + r[4], pad);
                s.put("mobileOtp", pad);
            }
        }
        // hostile: the sign-in started at the first provider, answered by the second (its own valid, signed Response)
        scenarios.addObject().put("name", "saml-crossed").put("method", "samlCrossed").put("username", "eve").put("password", "pw-eve")
                .put("button", buttons.get("saml")).put("from", saml.base()).put("to", saml2.base());
        List<JsonNode> results = runBrowser(scenarios);

        assertThat(results).hasSize(rows.length + 1);
        JsonNode crossed = results.get(rows.length);
        assertThat(crossed.path("error").asText(null)).isNull();
        assertThat(crossed.get("refused").asText()).contains("Signing in with SAML failed: the SAML response is not valid");
        assertThat(owner.get("/users").success().get("members").findValuesAsText("email")).as("nothing created").doesNotContain("eve@example.com");
        for (int i = 0; i < rows.length; i++) {
            Object[] r = rows[i];
            JsonNode got = results.get(i);
            assertThat(got.path("error").asText(null)).as(r[0] + (((Boolean) r[5]) ? " (mobile)" : "")).isNull();
            if (!(Boolean) r[5]) {
                assertThat(got.get("email").asText()).as(r[0] + " in the web client").isEqualTo(r[4]);
                continue;
            }
            String redirect = got.get("redirect").asText();
            assertThat(redirect).as(r[0] + " (mobile)").startsWith("zulip://login?");
            Map<String, String> q = AppFlowTest.query(redirect);
            assertThat(q.get("email")).isEqualTo(r[4]);
            assertThat(q.get("realm")).isEqualTo(server.baseUrl);
            String apiKey = AppFlowTest.decodeApiKey(q.get("otp_encrypted_api_key"), pads.get(r[0] + "/" + r[4]));
            JsonNode me = owner.withCredentials((String) r[4], apiKey).get("/users/me").success();
            assertThat(me.get("email").asText()).as(r[0] + ": the app's API key works").isEqualTo(r[4]);
            assertThat(me.get("user_id").asText()).isEqualTo(q.get("user_id"));
        }
        assertThat(github.violations()).isEmpty();
    }

    /** Creates the person and turns two-factor on for them with their first code; the next sign-in needs the next step's. */
    private String enrolTotp(String email) throws Exception {
        server.createUser(email, "Two Factor " + email.substring(0, 3), 400);
        WebClient web = WebClient.signedIn(server.baseUrl, email, "secret-" + email);
        String secret = web.call("POST", "/accounts/two_factor/begin", Map.of("password", "secret-" + email)).success().get("secret").asText();
        web.call("POST", "/accounts/two_factor/confirm", Map.of("otp_token", totp(secret, Instant.now()))).success();
        return secret;
    }

    private static String totp(String base32, Instant at) throws Exception {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
        ByteArrayOutputStream key = new ByteArrayOutputStream();
        int buffer = 0, bits = 0;
        for (char c : base32.toCharArray()) {
            buffer = (buffer << 5) | alphabet.indexOf(c);
            bits += 5;
            if (bits >= 8) {
                key.write((buffer >> (bits - 8)) & 0xff);
                bits -= 8;
            }
        }
        int code = new TimeBasedOneTimePasswordGenerator().generateOneTimePassword(new SecretKeySpec(key.toByteArray(), "HmacSHA1"), at);
        return String.format("%06d", code);
    }

    /** Runs the scenarios in one Chromium; their results in order. */
    private List<JsonNode> runBrowser(ArrayNode scenarios) throws Exception {
        Path out = Path.of("target", "signin-browser", System.getProperty("stoa.test.db", "sqlite")).toAbsolutePath();
        Files.createDirectories(out);
        Path plan = out.resolve("plan.json"), log = out.resolve("run.log");
        Files.writeString(plan, Json.MAPPER.writeValueAsString(Json.MAPPER.createObjectNode().put("stoa", server.baseUrl).set("scenarios", scenarios)));
        ProcessBuilder pb = new ProcessBuilder("node", "browser-signin.mjs", plan.toString()).directory(Path.of("src/test/idp").toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("PLAYWRIGHT_CORE", Path.of("web/node_modules/playwright-core").toAbsolutePath().toString());
        pb.environment().put("CHROMIUM_PATH", System.getenv().getOrDefault("CHROMIUM_PATH", "/usr/bin/chromium"));
        pb.environment().put("SHOTS_DIR", out.toString());
        Process p = pb.start();
        try {
            assertThat(p.waitFor(8, TimeUnit.MINUTES)).as("the browser run ended:\n" + Files.readString(log)).isTrue();
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly); // Chromium outlives no failure
            p.destroyForcibly();
        }
        String output = Files.readString(log);
        assertThat(p.exitValue()).as(output).isZero();
        List<JsonNode> results = new ArrayList<>();
        for (String line : output.split("\n")) if (line.startsWith("RESULT ")) results.add(Json.MAPPER.readTree(line.substring(7)));
        return results;
    }
}

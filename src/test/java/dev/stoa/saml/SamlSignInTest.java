package dev.stoa.saml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.config.SamlConfig;
import dev.stoa.signin.AppFlowTest;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestSamlIdp;
import dev.stoa.testing.TestServer;
import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * SAML 2.0 sign-in against a real identity provider (npm samlp behind src/test/idp/saml-idp.mjs,
 * started once for the class), walked by a cookie-keeping HTTP "browser": the AuthnRequest by
 * redirect, the provider's login form, its signed Response POSTed back, the same-site step that
 * checks the browser; accounts linked by email or created where the organization allows; the mobile
 * app's flow; the SP metadata. And the hostile cases, each refused with a page saying why and nothing
 * created: a signature by another key, no signature, an assertion altered after signing, a wrapped
 * (second, unsigned) assertion, an expired one, a wrong audience, a replayed response (same flow, or
 * a new flow's RelayState), another browser, a DTD.
 */
class SamlSignInTest extends StoaTestBase {
    private static final String CLAIMS = "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/";
    private final TestSamlIdp idp = new TestSamlIdp();

    @Override
    protected TestServer newServer() {
        SamlConfig config;
        try {
            config = new SamlConfig("idp", TestSamlIdp.ENTITY_ID, URI.create(idp.ssoUrl()), Files.readString(idp.certFile()), null, "Example SAML",
                    null, CLAIMS + "emailaddress", CLAIMS + "givenname", CLAIMS + "surname");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        TestServer s = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withSignIn(c.signIn().withSaml(config)));
        idp.start(s.baseUrl + "/complete/saml/", """
                {"hamlet": {"password": "pw-hamlet", "email": "member@example.com", "first_name": "Hamlet", "last_name": "at the IdP"},
                 "olivia": {"password": "pw-olivia", "email": "olivia@example.com", "first_name": "Olivia", "last_name": "Newcomer"}}""");
        return s;
    }

    @AfterAll
    void stopIdp() {
        idp.close();
    }

    /** The provider's answer as its auto-submitting form carries it. */
    record Answer(String action, String samlResponse, String relayState) {
        String xml() { return new String(Base64.getMimeDecoder().decode(samlResponse), StandardCharsets.UTF_8); }

        Answer withXml(String xml) {
            return new Answer(action, Base64.getEncoder().encodeToString(xml.getBytes(StandardCharsets.UTF_8)), relayState);
        }

        Answer withRelayState(String r) { return new Answer(action, samlResponse, r); }
    }

    /** A browser: one cookie jar for both sites, redirects followed by hand. */
    final class Browser {
        final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
        final HttpClient http = HttpClient.newBuilder().cookieHandler(cookies).followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(10)).build();

        HttpResponse<String> get(String url) throws IOException, InterruptedException {
            return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        }

        HttpResponse<String> post(String url, Map<String, String> form) throws IOException, InterruptedException {
            String body = form.entrySet().stream().map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                    .collect(Collectors.joining("&"));
            return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        }

        /** From the button through the provider's login form to its answer ({@code variant}: the provider's settings, "" as registered). */
        Answer throughIdp(String startPath, String login, String variant) throws Exception {
            HttpResponse<String> r = get(server.baseUrl + startPath);
            assertThat(r.statusCode()).isEqualTo(302);
            String url = r.headers().firstValue("Location").orElseThrow();
            assertThat(url).startsWith(idp.ssoUrl() + "?SAMLRequest=").contains("&RelayState=");
            if (!variant.isEmpty()) url = url.replace("/sso?", "/sso/" + variant + "?");
            Document loginPage = Jsoup.parse(get(url).body());
            Map<String, String> form = hidden(loginPage);
            form.put("login", login);
            form.put("password", "pw-" + login);
            HttpResponse<String> answered = post(idp.base() + "/login", form);
            assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
            Document page = Jsoup.parse(answered.body());
            Map<String, String> fields = hidden(page);
            return new Answer(page.selectFirst("form").attr("action"), fields.get("SAMLResponse"), fields.get("RelayState"));
        }

        /** The provider's POST to Stoa; on success Stoa sends the browser on to the same-site step. */
        HttpResponse<String> deliver(Answer a) throws Exception {
            return post(a.action(), Map.of("SAMLResponse", a.samlResponse(), "RelayState", a.relayState()));
        }

        /** Delivers the answer and follows Stoa's redirect to the step that checks the browser. */
        HttpResponse<String> complete(Answer a) throws Exception {
            HttpResponse<String> r = deliver(a);
            assertThat(r.statusCode()).as(r.body()).isEqualTo(303);
            return get(server.baseUrl + r.headers().firstValue("Location").orElseThrow());
        }
    }

    private static Map<String, String> hidden(Document d) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Element e : d.select("input[type=hidden]")) out.put(e.attr("name"), e.attr("value"));
        return out;
    }

    private int people() {
        return owner.get("/users").success().get("members").size();
    }

    private String sessionCookie(Browser b) {
        return b.cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals("sessionid")).map(c -> c.getValue())
                .findFirst().orElse(null);
    }

    @Test
    void theButtonAndTheMetadataAreServed() throws Exception {
        JsonNode s = anonymous.get("/server_settings").success();
        assertThat(s.get("authentication_methods").get("saml").asBoolean()).isTrue();
        assertThat(s.get("external_authentication_methods").toString()).isEqualTo(
                "[{\"name\":\"saml:idp\",\"display_name\":\"Example SAML\",\"display_icon\":null,\"login_url\":\"/accounts/login/social/saml/idp\","
                        + "\"signup_url\":\"/accounts/register/social/saml/idp\"}]");
        HttpResponse<String> m = new Browser().get(server.baseUrl + "/saml/metadata.xml");
        assertThat(m.statusCode()).isEqualTo(200);
        assertThat(m.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/xml");
        assertThat(m.body()).contains("entityID=\"" + server.baseUrl + "\"").contains("urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST")
                .contains("Location=\"" + server.baseUrl + "/complete/saml/\"");
        HttpResponse<String> unknown = new Browser().get(server.baseUrl + "/accounts/login/social/saml/elsewhere");
        assertThat(unknown.statusCode()).isEqualTo(404);
    }

    @Test
    void anExistingAccountIsLinkedByEmailAndTheResponseWorksOnce() throws Exception {
        Browser b = new Browser();
        Answer a = b.throughIdp("/accounts/login/social/saml/idp?next=/%23narrow/channel/1-general", "hamlet", "");
        assertThat(a.action()).isEqualTo(server.baseUrl + "/complete/saml/");
        HttpResponse<String> r = b.complete(a);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(302);
        assertThat(r.headers().firstValue("Location")).hasValue("/#narrow/channel/1-general");
        assertThat(sessionCookie(b)).isNotNull();
        assertThat(b.get(server.baseUrl + "/json/users/me").body()).contains("\"user_id\":" + member.userId);
        // replayed, as it was and with a new sign-in's RelayState
        Browser attacker = new Browser();
        HttpResponse<String> again = attacker.deliver(a);
        assertThat(again.statusCode()).isEqualTo(400);
        assertThat(again.body()).contains("unknown, expired or already used state");
        Answer fresh = attacker.throughIdp("/accounts/login/social/saml/idp", "olivia", "");
        HttpResponse<String> swapped = attacker.deliver(a.withRelayState(fresh.relayState()));
        assertThat(swapped.statusCode()).isEqualTo(400);
        assertThat(swapped.body()).contains("does not match the ID of the AuthNRequest sent by the SP");
        assertThat(sessionCookie(attacker)).isNull();
    }

    @Test
    void aSignatureOverTheResponseAloneWillDo() throws Exception {
        Browser b = new Browser();
        Answer a = b.throughIdp("/accounts/login/social/saml/idp", "hamlet", "unsigned-response");
        String xml = a.xml();
        assertThat(xml.substring(xml.indexOf("<saml:Assertion"), xml.indexOf("</saml:Assertion>"))).doesNotContain("<Signature");
        assertThat(xml).contains("<Signature");
        assertThat(b.complete(a).statusCode()).isEqualTo(302);
        assertThat(sessionCookie(b)).isNotNull();
    }

    @Test
    void theMobileAppGetsItsKeyThroughTheProvider() throws Exception {
        String otp = AppFlowTest.newOtp();
        Browser b = new Browser();
        HttpResponse<String> r = b.complete(b.throughIdp("/accounts/login/social/saml/idp?mobile_flow_otp=" + otp, "hamlet", ""));
        assertThat(r.statusCode()).isEqualTo(302);
        String url = r.headers().firstValue("Location").orElseThrow();
        assertThat(url).startsWith("zulip://login?");
        assertThat(AppFlowTest.decodeApiKey(AppFlowTest.query(url).get("otp_encrypted_api_key"), otp)).isEqualTo(member.apiKey);
        assertThat(sessionCookie(b)).isNull();
    }

    @Test
    void newPeopleJoinOnlyWhereTheOrganizationAllowsAndOnlyFromTheirBrowser() throws Exception {
        int before = people();
        Browser b = new Browser();
        Answer a = b.throughIdp("/accounts/login/social/saml/idp", "olivia", "");
        // the answer delivered to another browser (the provider's POST carried by someone else's page)
        Browser victim = new Browser();
        HttpResponse<String> foreign = victim.complete(a);
        assertThat(foreign.statusCode()).isEqualTo(400);
        assertThat(foreign.body()).contains("the sign-in was started in another browser");
        HttpResponse<String> invite = b.complete(b.throughIdp("/accounts/login/social/saml/idp", "olivia", ""));
        assertThat(invite.statusCode()).isEqualTo(400);
        assertThat(invite.body()).contains("Please request an invite for olivia@example.com from the organization administrator.");
        assertThat(people()).isEqualTo(before);
        owner.patch("/realm", "invite_required", false).success();
        try {
            assertThat(b.complete(b.throughIdp("/accounts/register/social/saml/idp", "olivia", "")).statusCode()).isEqualTo(302);
            assertThat(owner.get("/users/olivia@example.com").success().get("user").get("full_name").asText()).isEqualTo("Olivia Newcomer");
        } finally {
            owner.patch("/realm", "invite_required", true).success();
        }
    }

    /** Delivers a hostile answer from a browser that started the sign-in: refused with {@code reason}, no session, nobody new. */
    private void refused(Browser b, Answer a, String reason) throws Exception {
        int before = people();
        HttpResponse<String> r = b.deliver(a);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(r.body()).contains("Signing in with SAML failed").contains(reason);
        assertThat(sessionCookie(b)).isNull();
        assertThat(people()).isEqualTo(before);
    }

    @Test
    void forgedAlteredAndStaleAnswersAreRefused() throws Exception {
        owner.patch("/realm", "invite_required", false).success(); // so that a forged newcomer would be created if accepted
        try {
            String start = "/accounts/login/social/saml/idp";
            Browser b = new Browser();
            refused(b, b.throughIdp(start, "hamlet", "other-key"), "Signature validation failed");
            refused(b, b.throughIdp(start, "hamlet", "wrong-audience"), "is not a valid audience for this Response");
            refused(b, b.throughIdp(start, "hamlet", "expired"), "expired");
            Answer unsigned = b.throughIdp(start, "olivia", "");
            refused(b, unsigned.withXml(unsigned.xml().replaceAll("<Signature xmlns=.*?</Signature>", "")), "No Signature found");
            Answer altered = b.throughIdp(start, "olivia", "");
            refused(b, altered.withXml(altered.xml().replace("olivia@example.com", "mallory@example.com")), "Signature validation failed");
            // signature wrapping: the signed assertion kept, a forged one (another ID, another address) beside it
            Answer wrapped = b.throughIdp(start, "olivia", "");
            String xml = wrapped.xml();
            String assertion = xml.substring(xml.indexOf("<saml:Assertion"), xml.indexOf("</saml:Assertion>") + "</saml:Assertion>".length());
            String forged = assertion.replaceAll("<Signature xmlns=.*?</Signature>", "").replaceFirst("ID=\"[^\"]+\"", "ID=\"_forged\"")
                    .replace("olivia@example.com", "mallory@example.com");
            refused(b, wrapped.withXml(xml.replace(assertion, forged + assertion)), "SAML Response must contain 1 Assertion");
            Answer dtd = b.throughIdp(start, "olivia", "");
            refused(b, dtd.withXml("<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>" + dtd.xml()), "could not be read");
            HttpResponse<String> none = b.post(server.baseUrl + "/complete/saml/", Map.of("SAMLResponse", "x", "RelayState", "{}"));
            assertThat(none.statusCode()).isEqualTo(400);
            assertThat(none.body()).contains("IdP-initiated sign-in is not supported");
            assertThat(owner.get("/users").success().toString()).doesNotContain("mallory@example.com");
        } finally {
            owner.patch("/realm", "invite_required", true).success();
        }
    }
}

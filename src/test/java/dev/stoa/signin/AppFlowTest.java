package dev.stoa.signin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.WebClient;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The apps' sign-in flows through the login page (/login/?mobile_flow_otp=…): the mobile app's
 * zulip://login redirect with the API key XORed with its pad, decrypted here as zulip-flutter's
 * WebAuthPayload does; the desktop app's AES-GCM-encrypted one-time token, decrypted as Zulip's
 * desktop app does, redeemed once within 15 seconds at /accounts/login/subdomain/{token}.
 */
public class AppFlowTest extends StoaTestBase {
    private final MutableClock clock = new MutableClock();

    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000), clock);
    }

    public static String newOtp() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** The login page as the app's browser opens it, then the password form posted with the pad. */
    private ApiResponse signIn(String email, String password, String otpName, String otp) {
        WebClient browser = new WebClient(server.baseUrl);
        assertThat(browser.page("/login/?" + otpName + "=" + otp).statusCode()).isEqualTo(200);
        ApiResponse r = browser.call("POST", "/accounts/login/", Map.of("username", email, "password", password, otpName, otp));
        assertThat(browser.cookie("sessionid")).as("the app flows open no browser session").isNull();
        return r;
    }

    public static Map<String, String> query(String url) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String kv : URI.create(url).getRawQuery().split("&")) {
            String[] p = kv.split("=", 2);
            out.put(p[0], URLDecoder.decode(p[1], StandardCharsets.UTF_8));
        }
        return out;
    }

    /** zulip-flutter's WebAuthPayload.decodeApiKey: the pad XOR the hex. */
    public static String decodeApiKey(String encrypted, String otp) {
        byte[] a = HexFormat.of().parseHex(encrypted), b = HexFormat.of().parseHex(otp);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < a.length; i++) s.append((char) (a[i] ^ b[i]));
        return s.toString();
    }

    @Test
    void mobileFlowWithAPassword() {
        String otp = newOtp();
        String url = signIn("member@example.com", "secret-member@example.com", "mobile_flow_otp", otp).success().get("redirect_to").asText();
        assertThat(url).startsWith("zulip://login?otp_encrypted_api_key=");
        Map<String, String> q = query(url);
        assertThat(q.keySet()).containsExactly("otp_encrypted_api_key", "email", "user_id", "realm");
        assertThat(q.get("otp_encrypted_api_key")).matches("[0-9a-f]{64}");
        assertThat(decodeApiKey(q.get("otp_encrypted_api_key"), otp)).isEqualTo(member.apiKey);
        assertThat(q.get("email")).isEqualTo("member@example.com");
        assertThat(q.get("user_id")).isEqualTo(String.valueOf(member.userId));
        assertThat(q.get("realm")).isEqualTo(server.baseUrl);
    }

    @Test
    void desktopFlowTokenWorksOnceWithinSeconds() throws Exception {
        String otp = newOtp();
        String data = signIn("member@example.com", "secret-member@example.com", "desktop_flow_otp", otp).success().get("desktop_data").asText();
        String token = decryptDesktop(data, otp);
        assertThat(token).matches("[A-Za-z0-9]{32}");
        WebClient desktop = new WebClient(server.baseUrl);
        var r = desktop.page("/accounts/login/subdomain/" + token);
        assertThat(r.statusCode()).isEqualTo(302);
        assertThat(r.headers().firstValue("Location")).hasValue("/");
        assertThat(desktop.get("/users/me").success().get("user_id").asLong()).isEqualTo(member.userId);
        // spent
        assertThat(new WebClient(server.baseUrl).call("GET", "/accounts/login/subdomain/" + token, Map.of()).code()).isEqualTo("BAD_REQUEST");
        // a second token, too late
        String late = decryptDesktop(signIn("member@example.com", "secret-member@example.com", "desktop_flow_otp", otp)
                .success().get("desktop_data").asText(), otp);
        clock.advance(Duration.ofSeconds(16));
        new WebClient(server.baseUrl).call("GET", "/accounts/login/subdomain/" + late, Map.of())
                .error(400, "BAD_REQUEST", "Invalid or expired login token");
        new WebClient(server.baseUrl).call("GET", "/accounts/login/subdomain/not-a-token", Map.of())
                .error(400, "BAD_REQUEST", "Malformed login token");
    }

    /** What Zulip's desktop app does with desktop_data: iv = first 12 bytes, AES-GCM with the pad as key. */
    static String decryptDesktop(String hex, String otp) throws Exception {
        byte[] all = HexFormat.of().parseHex(hex);
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
        c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(HexFormat.of().parseHex(otp), "AES"), new GCMParameterSpec(128, all, 0, 12));
        return new String(c.doFinal(all, 12, all.length - 12), StandardCharsets.US_ASCII);
    }

    @Test
    void badPadsAndBadPasswordsAreRefused() {
        String otp = newOtp();
        WebClient browser = new WebClient(server.baseUrl);
        browser.page("/login/");
        var creds = Map.of("username", "member@example.com", "password", "secret-member@example.com");
        browser.call("POST", "/accounts/login/", with(creds, "mobile_flow_otp", "abc")).error(400, "BAD_REQUEST", "Invalid OTP");
        browser.call("POST", "/accounts/login/", with(creds, "mobile_flow_otp", otp.replace(otp.charAt(0), 'g')))
                .error(400, "BAD_REQUEST", "Invalid OTP");
        Map<String, String> both = with(with(creds, "mobile_flow_otp", otp), "desktop_flow_otp", otp);
        browser.call("POST", "/accounts/login/", both).error(400, "BAD_REQUEST", "Can't use both mobile_flow_otp and desktop_flow_otp together.");
        browser.call("POST", "/accounts/login/", Map.of("username", "member@example.com", "password", "wrong", "mobile_flow_otp", otp))
                .error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
    }

    @Test
    void aDeactivatedAccountGetsNoKey() {
        ApiClient gone = server.createUser("gone@example.com", "Gone Person", 400);
        owner.delete("/users/" + gone.userId).success();
        signIn("gone@example.com", "secret-gone@example.com", "mobile_flow_otp", newOtp()).error(401, "USER_DEACTIVATED", "Account is deactivated");
    }

    private static Map<String, String> with(Map<String, String> m, String k, String v) {
        Map<String, String> out = new LinkedHashMap<>(m);
        out.put(k, v);
        return out;
    }
}

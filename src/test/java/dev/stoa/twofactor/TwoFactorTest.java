package dev.stoa.twofactor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.WebClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TOTP two-factor sign-in (--two-factor true): set-up with the password and a first code from the
 * "app" (RFC 6238 codes computed here from the otpauth secret), then every password sign-in — the
 * login page and fetch_api_key — asks for a code; a code works once, recovery codes once each, a
 * wrong code counts against the login throttle, and turning it off takes a code.
 */
class TwoFactorTest extends StoaTestBase {
    private final MutableClock clock = new MutableClock();

    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withSignIn(c.signIn().withTwoFactor(true)), clock);
    }

    private String now(String secret) {
        return Totp.code(secret, clock.instant().getEpochSecond() / Totp.STEP_SECONDS);
    }

    private record Enrolled(WebClient web, String secret, List<String> recovery) {}

    private Enrolled enroll(String email) {
        server.createUser(email, "Careful Person", 400);
        WebClient web = WebClient.signedIn(server.baseUrl, email, "secret-" + email);
        web.call("POST", "/accounts/two_factor/begin", Map.of("password", "wrong")).error(400, "BAD_REQUEST", "Wrong password!");
        JsonNode begun = web.call("POST", "/accounts/two_factor/begin", Map.of("password", "secret-" + email)).success();
        String secret = begun.get("secret").asText();
        assertThat(begun.get("otpauth_url").asText()).startsWith("otpauth://totp/127.0.0.1:" + email.replace("@", "%40") + "?secret=" + secret);
        web.call("POST", "/accounts/two_factor/confirm", Map.of("otp_token", "000000".equals(now(secret)) ? "111111" : "000000"))
                .error(400, "BAD_REQUEST", "Invalid two-factor authentication code.");
        JsonNode confirmed = web.call("POST", "/accounts/two_factor/confirm", Map.of("otp_token", now(secret))).success();
        List<String> codes = new ArrayList<>();
        confirmed.get("recovery_codes").forEach(c -> codes.add(c.asText()));
        assertThat(codes).hasSize(10).doesNotHaveDuplicates();
        assertThat(web.call("GET", "/accounts/two_factor", Map.of()).success().get("enabled").asBoolean()).isTrue();
        clock.advance(Duration.ofSeconds(30)); // the confirming code is spent: the next sign-in needs the next one
        return new Enrolled(web, secret, codes);
    }

    private ApiResponse fetch(String email, String otp) {
        return otp == null ? anonymous.post("/fetch_api_key", "username", email, "password", "secret-" + email)
                : anonymous.post("/fetch_api_key", "username", email, "password", "secret-" + email, "otp_token", otp);
    }

    @Test
    void passwordSignInsAskForACodeThatWorksOnce() {
        String email = "careful@example.com";
        Enrolled e = enroll(email);
        ApiResponse asked = fetch(email, null).error(401, "AUTHENTICATION_FAILED", "Enter the code from your two-factor authentication app.");
        assertThat(asked.get("two_factor_required").asBoolean()).isTrue();
        String code = now(e.secret());
        fetch(email, code).success();
        fetch(email, code).error(401, "AUTHENTICATION_FAILED", "Invalid two-factor authentication code."); // replayed
        clock.advance(Duration.ofSeconds(30));
        // the login page: the same question, then a session
        WebClient web = new WebClient(server.baseUrl);
        web.page("/login/");
        web.login(email, "secret-" + email).error(401, "AUTHENTICATION_FAILED", "Enter the code from your two-factor authentication app.");
        web.call("POST", "/accounts/login/", Map.of("username", email, "password", "secret-" + email, "otp_token", now(e.secret()))).success();
        web.get("/users/me").success();
        // a recovery code, once
        fetch(email, e.recovery().getFirst()).success();
        fetch(email, e.recovery().getFirst()).error(401, "AUTHENTICATION_FAILED", "Invalid two-factor authentication code.");
        assertThat(e.web().call("GET", "/accounts/two_factor", Map.of()).success().get("recovery_codes_left").asInt()).isEqualTo(9);
        // the wrong password still says nothing about the second factor
        anonymous.post("/fetch_api_key", "username", email, "password", "wrong", "otp_token", now(e.secret()))
                .error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        // people without two-factor sign in as before
        fetch("member@example.com", null).success();
    }

    @Test
    void turningItOffTakesACode() {
        String email = "leaving@example.com";
        Enrolled e = enroll(email);
        e.web().call("POST", "/accounts/two_factor/disable", Map.of("otp_token", "123")).error(400, "BAD_REQUEST", "Invalid two-factor authentication code.");
        e.web().call("POST", "/accounts/two_factor/disable", Map.of("otp_token", e.recovery().get(3))).success();
        fetch(email, null).success();
    }

    @Test
    void wrongCodesAreThrottledLikeWrongPasswords() throws Exception {
        String email = "guessing@example.com";
        enroll(email);
        server.restartWith(c -> c.withLimits(1_000_000, 1_000_000, 5));
        try {
            for (int i = 0; i < 5; i++) fetch(email, String.format("%06d", i)).error(401, "AUTHENTICATION_FAILED", "Invalid two-factor authentication code.");
            fetch(email, "123456").error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
        } finally {
            server.restartWith(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000));
        }
    }

    @Test
    void offWhenTheServerDoesNotOfferIt() throws Exception {
        ApiClient someone = server.createUser("plain@example.com", "Plain Person", 400);
        WebClient web = WebClient.signedIn(server.baseUrl, "plain@example.com", "secret-plain@example.com");
        server.restartWith(c -> c.withSignIn(c.signIn().withTwoFactor(false)));
        try {
            web.call("POST", "/accounts/two_factor/begin", Map.of("password", "secret-plain@example.com"))
                    .error(400, "BAD_REQUEST", "Two-factor authentication is not enabled on this server.");
            someone.get("/users/me").success();
        } finally {
            server.restartWith(c -> c.withSignIn(c.signIn().withTwoFactor(true)));
        }
    }
}

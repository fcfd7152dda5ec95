package dev.stoa.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestMail;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.WebClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * PATCH /settings with old_password and new_password: Zulip's errors (zerver/views/user_settings.py,
 * json_change_settings), nothing changed on a refusal, the person's other web sessions ended, the one
 * that made the change kept, a notice mailed. The login throttle is the default (5 failures).
 */
class PasswordChangeTest extends StoaTestBase {
    private TestMail mail;

    @Override
    protected TestServer newServer() {
        mail = new TestMail();
        return new TestServer(c -> mail.configure(c.withLimits(1_000_000, 1_000_000, 5)));
    }

    @AfterAll
    void stopMail() {
        if (mail != null) mail.close();
    }

    private ApiClient person(String email) {
        return server.createUser(email, "Person " + email.charAt(0), 400);
    }

    private static String pw(String email) {
        return "secret-" + email;
    }

    @Test
    void refusalsChangeNothing() {
        String email = "refused@example.com";
        ApiClient me = person(email);
        me.patch("/settings", "old_password", "not it", "new_password", "a new secret", "full_name", "Other Name")
                .error(400, "BAD_REQUEST", "Wrong password!");
        me.patch("/settings", "new_password", "a new secret").error(400, "BAD_REQUEST", "Wrong password!");
        me.patch("/settings", "old_password", pw(email), "new_password", "short").error(400, "BAD_REQUEST", "New password is too weak!");
        assertThat(me.get("/users/me").success().get("full_name").asText()).isEqualTo("Person r");
        anonymous.post("/fetch_api_key", "username", email, "password", pw(email)).success();
        bot.patch("/settings", "old_password", "x", "new_password", "a new secret")
                .error(400, "BAD_REQUEST", "This endpoint does not accept bot requests.");
    }

    @Test
    void aChangeEndsTheOtherSessionsAndMailsANotice() {
        String email = "changer@example.com";
        ApiClient me = person(email);
        WebClient here = WebClient.signedIn(server.baseUrl, email, pw(email));
        WebClient elsewhere = WebClient.signedIn(server.baseUrl, email, pw(email));
        WebClient someoneElse = WebClient.signedIn(server.baseUrl, "member@example.com", pw("member@example.com"));
        here.patch("/settings", "old_password", pw(email), "new_password", "correct horse battery").success();

        here.get("/users/me").success();
        elsewhere.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
        someoneElse.get("/users/me").success();
        me.get("/users/me").success(); // the API key stays what it was, as in Zulip
        anonymous.post("/fetch_api_key", "username", email, "password", pw(email))
                .error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        anonymous.post("/fetch_api_key", "username", email, "password", "correct horse battery").success();
        TestMail.Mail notice = mail.awaitTo(email, 1).getFirst();
        assertThat(notice.subject()).isEqualTo("Your password for Stoa was changed");
        assertThat(notice.body()).contains("Every other browser signed in to the account has been signed out")
                .doesNotContain("correct horse battery");
        // the API can change it too (no session to keep), and the old one no longer works as old_password
        me.patch("/settings", "old_password", pw(email), "new_password", "another new one").error(400, "BAD_REQUEST", "Wrong password!");
        me.patch("/settings", "old_password", "correct horse battery", "new_password", "another new one").success();
        here.get("/users/me").error(401, "UNAUTHORIZED", "Not logged in: API authentication or user session required");
    }

    @Test
    void wrongOldPasswordsAreThrottledLikeSignIns() {
        String email = "guesser@example.com";
        ApiClient me = person(email);
        for (int i = 0; i < 5; i++) me.patch("/settings", "old_password", "guess " + i, "new_password", "a new secret").error(400, "BAD_REQUEST", "Wrong password!");
        var r = me.patch("/settings", "old_password", pw(email), "new_password", "a new secret");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.code()).isEqualTo("BAD_REQUEST");
        assertThat(r.msg()).matches("You're making too many attempts! Try again in \\d+ seconds\\.");
        // the same throttle as the sign-in: the username is locked out of password logins too
        anonymous.post("/fetch_api_key", "username", email, "password", pw(email)).error(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit");
    }
}

package dev.stoa.invites;

import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestMail;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.WebClient;
import dev.stoa.users.ApiKeyCacheTest;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Password reset by mail (signed, expiring, single-use links) and new-login notices. */
class AccountMailTest extends StoaTestBase {
    private final MutableClock clock = new MutableClock();
    private TestMail mail;

    @Override
    protected TestServer newServer() {
        mail = new TestMail();
        TestServer s = new TestServer(c -> mail.configure(c.withLimits(1_000_000, 1_000_000, 1_000_000)), clock);
        clock.advance(Duration.ofMinutes(2)); // past the first minute of the test accounts, which sends no notice
        return s;
    }

    @AfterAll
    void stopMail() {
        if (mail != null) mail.close();
    }

    @Test
    void passwordResetByMail() {
        String url = server.baseUrl + "/accounts/password/reset/";
        long forgetful = server.createUser("forgetful@example.com", "Forgetful Person", 400).userId;
        long entriesBefore = ApiKeyCacheTest.rowChangedEntries(server, forgetful);
        assertThat(JoinPage.get(url).html()).contains("name=\"email\"");
        JoinPage.Page asked = JoinPage.post(url, "email", "Forgetful@example.com");
        assertThat(asked.status()).isEqualTo(200);
        assertThat(asked.html()).contains("we have sent it a link").doesNotContain("no outgoing email");
        // an unknown address gets the same answer and no mail
        assertThat(JoinPage.post(url, "email", "nobody@example.com").html()).contains("If nobody@example.com has an account here");
        TestMail.Mail m = mail.awaitTo("forgetful@example.com", 1).getFirst();
        assertThat(m.subject()).isEqualTo("Reset your password for Stoa");
        String link = m.link("/accounts/password/reset/");
        assertThat(JoinPage.get(link).html()).contains("new_password1");
        assertThat(JoinPage.post(link, "new_password1", "brand new secret", "new_password2", "other").html())
                .contains("The two password fields didn&#39;t match.");
        // a forged signature is refused
        assertThat(JoinPage.get(link.substring(0, link.length() - 3) + "x/").status()).isEqualTo(404);
        JoinPage.Page done = JoinPage.post(link, "new_password1", "brand new secret", "new_password2", "brand new secret");
        assertThat(done.html()).contains("Your password has been changed.");
        // no client hears of it: the internal entry tells the servers' key caches
        assertThat(ApiKeyCacheTest.rowChangedEntries(server, forgetful)).isEqualTo(entriesBefore + 1);
        anonymous.post("/fetch_api_key", "username", "forgetful@example.com", "password", "secret-forgetful@example.com")
                .error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        anonymous.post("/fetch_api_key", "username", "forgetful@example.com", "password", "brand new secret").success();
        // single use
        assertThat(JoinPage.get(link).status()).isEqualTo(404);
        assertThat(JoinPage.post(link, "new_password1", "third secret", "new_password2", "third secret").html())
                .contains("has expired or has already been used");
    }

    /**
     * Issue 26, item 12: a mail's links come from the server's own URL, never from the request's Host (or
     * X-Forwarded-Host): otherwise anyone could ask for a reset mail to a victim whose link points at their site.
     */
    @Test
    void mailLinksIgnoreTheRequestsHost() throws Exception {
        server.createUser("hosted@example.com", "Hosted Person", 400);
        String body = "email=hosted%40example.com";
        URI base = URI.create(server.baseUrl);
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.getOutputStream().write(("POST /accounts/password/reset/ HTTP/1.1\r\nHost: attacker.example\r\n"
                    + "X-Forwarded-Host: attacker.example\r\nX-Forwarded-Proto: https\r\nForwarded: host=attacker.example\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + body.length()
                    + "\r\nConnection: close\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 200").contains("we have sent it a link");
        }
        TestMail.Mail m = mail.awaitTo("hosted@example.com", 1).getFirst();
        assertThat(m.body()).doesNotContain("attacker.example");
        assertThat(m.link("/accounts/password/reset/")).startsWith(server.baseUrl + "/accounts/password/reset/");
    }

    /** Issue 30, finding 5: as Zulip, at most 2 reset mails an hour and 5 a day to one address; past them the same page, no mail. */
    @Test
    void passwordResetMailIsLimitedPerAddress() {
        String url = server.baseUrl + "/accounts/password/reset/";
        server.createUser("flooded@example.com", "Flooded Person", 400);
        IntSupplier queued = () -> server.stoa.db().read(h -> h.createQuery(
                "SELECT count(*) FROM outbox_mail WHERE kind = 'password_reset' AND to_address = 'flooded@example.com'").mapTo(Integer.class).one());
        for (int i = 0; i < 18; i++) {
            JoinPage.Page p = JoinPage.post(url, "email", "flooded@example.com");
            assertThat(p.status()).isEqualTo(200);
            assertThat(p.html()).contains("we have sent it a link");
        }
        assertThat(queued.getAsInt()).as("within the first hour").isEqualTo(2);
        for (int hour = 1; hour <= 3; hour++) {
            clock.advance(Duration.ofMinutes(61));
            for (int i = 0; i < 3; i++) JoinPage.post(url, "email", "flooded@example.com");
        }
        assertThat(queued.getAsInt()).as("within the day").isEqualTo(5);
        clock.advance(Duration.ofHours(21));
        JoinPage.post(url, "email", "flooded@example.com");
        assertThat(queued.getAsInt()).as("a day after the first").isEqualTo(6);
    }

    @Test
    void resetLinksExpireAfterADay() {
        String url = server.baseUrl + "/accounts/password/reset/";
        JoinPage.post(url, "email", "moderator@example.com");
        String link = mail.awaitTo("moderator@example.com", 1).getFirst().link("/accounts/password/reset/");
        clock.advance(Duration.ofHours(25));
        assertThat(JoinPage.get(link).status()).isEqualTo(404);
    }

    @Test
    void newLoginNotices() {
        anonymous.post("/fetch_api_key", "username", "member@example.com", "password", "secret-member@example.com").success();
        TestMail.Mail m = mail.awaitTo("member@example.com", 1).getFirst();
        assertThat(m.subject()).isEqualTo("New login to Stoa");
        assertThat(m.body()).contains("the API (fetch_api_key)");
        WebClient.signedIn(server.baseUrl, "member@example.com", "secret-member@example.com");
        assertThat(mail.awaitTo("member@example.com", 2).get(1).body()).contains("the web client");
        // turned off: no more notices
        member.patch("/settings", "enable_login_emails", false).success();
        anonymous.post("/fetch_api_key", "username", "member@example.com", "password", "secret-member@example.com").success();
        anonymous.post("/fetch_api_key", "username", "member@example.com", "password", "wrong").error(401, "AUTHENTICATION_FAILED",
                "Your username or password is incorrect");
        // a later notice for another user shows that the outbox moved on without member's
        anonymous.post("/fetch_api_key", "username", "admin@example.com", "password", "secret-admin@example.com").success();
        mail.awaitTo("admin@example.com", 1);
        assertThat(mail.to("member@example.com").stream().filter(x -> x.subject().startsWith("New login"))).hasSize(2);
    }
}

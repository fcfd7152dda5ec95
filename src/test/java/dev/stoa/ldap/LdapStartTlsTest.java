package dev.stoa.ldap;

import dev.stoa.config.Config;
import dev.stoa.config.SignInConfig;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestLdap;
import dev.stoa.testing.TestServer;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * LDAP over StartTLS against Debian's slapd with a certificate made for the test: with
 * --ldap-start-tls and --ldap-ca-file the directory password signs the person in; a certificate the
 * configured trust does not cover is refused, and so is a directory that cannot start TLS: the
 * password never crosses in the clear.
 */
class LdapStartTlsTest extends StoaTestBase {
    private TestLdap ldap, plain;

    @Override
    protected TestServer newServer() {
        ldap = new TestLdap(true);
        ldap.addPerson("ada", "Ada Lovelace", "ada-directory-pw", Map.of());
        plain = new TestLdap(false);
        plain.addPerson("ada", "Ada Lovelace", "ada-directory-pw", Map.of());
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withSignIn(signIn(c, ldap.url(), ldap.caFile().toString())));
    }

    static SignInConfig signIn(Config c, String url, String caFile) {
        String[] flags = {"--ldap-url", url, "--ldap-start-tls", "true", "--ldap-bind-dn", TestLdap.ADMIN, "--ldap-bind-password",
                TestLdap.ADMIN_PASSWORD, "--ldap-user-search-base", TestLdap.PEOPLE, "--ldap-user-filter", "(uid=%(user)s)", "--ldap-append-domain",
                "corp.example", "--data-dir", c.dataDir().toString()};
        if (caFile != null) flags = LdapSignInTest.concat(flags, "--ldap-ca-file", caFile);
        return Config.parse(flags, Map.of()).signIn();
    }

    @AfterAll
    void stopLdap() {
        if (ldap != null) ldap.close();
        if (plain != null) plain.close();
    }

    @Test
    void startTlsWithTheConfiguredCaSignsIn() throws Exception {
        var key = anonymous.post("/fetch_api_key", "username", "ada", "password", "ada-directory-pw").success();
        assertThat(key.get("email").asText()).isEqualTo("ada@corp.example");
        // the JVM's trust store does not cover the directory's certificate: no sign-in
        server.restartWith(c -> c.withSignIn(signIn(c, ldap.url(), null)));
        anonymous.post("/fetch_api_key", "username", "ada", "password", "ada-directory-pw").error(401, "AUTHENTICATION_FAILED",
                "Your username or password is incorrect");
        // a directory that cannot start TLS: refused before the password is sent
        server.restartWith(c -> c.withSignIn(signIn(c, plain.url(), ldap.caFile().toString())));
        anonymous.post("/fetch_api_key", "username", "ada", "password", "ada-directory-pw").error(401, "AUTHENTICATION_FAILED",
                "Your username or password is incorrect");
    }
}

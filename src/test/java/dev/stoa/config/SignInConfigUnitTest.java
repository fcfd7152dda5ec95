package dev.stoa.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The sign-in flags: secrets from a flag, the environment or a file, never in a printed configuration; one clear line for a mistake. */
class SignInConfigUnitTest {
    private static final String[] LDAP = {"--ldap-url", "ldap://127.0.0.1:389", "--ldap-user-search-base", "ou=people,dc=example,dc=com",
            "--ldap-append-domain", "example.com", "--ldap-bind-dn", "cn=stoa,dc=example,dc=com"};

    @Test
    void secretsComeFromAFileOrTheEnvironmentAndAreNeverPrinted() throws Exception {
        Path file = Files.createTempFile("ldap-bind", ".txt");
        Files.writeString(file, "file-secret-123\n");
        String[] args = Stream.concat(Arrays.stream(LDAP),
                Stream.of("--ldap-bind-password-file", file.toString())).toArray(String[]::new);
        Config c = Config.parse(args, Map.of("STOA_OIDC_ISSUER", "https://idp.example.com", "STOA_OIDC_CLIENT_ID", "stoa",
                "STOA_OIDC_CLIENT_SECRET", "env-secret-456"));
        assertThat(c.signIn().ldap().bindPassword()).isEqualTo("file-secret-123");
        assertThat(c.signIn().oidc().clientSecret()).isEqualTo("env-secret-456");
        assertThat(c.toString()).doesNotContain("file-secret-123").doesNotContain("env-secret-456");
        Files.delete(file);
        Config scim = Config.parse(new String[] {"--scim-client-name", "okta", "--scim-name-formatted-included", "false"},
                Map.of("STOA_SCIM_BEARER_TOKEN", "scim-env-token-0123456789"));
        assertThat(scim.signIn().scim()).isEqualTo(new ScimConfig("scim-env-token-0123456789", "okta", false));
        assertThat(scim.toString()).doesNotContain("scim-env-token-0123456789");
    }

    @Test
    void mistakesAreOneClearLine() {
        assertThatThrownBy(() -> Config.parse(new String[] {"--ldap-url", "http://x"}, Map.of()))
                .hasMessage("--ldap-url must look like ldap://host:389 or ldaps://host:636, got 'http://x'");
        assertThatThrownBy(() -> Config.parse(new String[] {"--ldap-url", "ldap://x"}, Map.of()))
                .hasMessageContaining("exactly one of --ldap-user-dn-template (direct bind) and --ldap-user-search-base");
        assertThatThrownBy(() -> Config.parse(new String[] {"--oidc-issuer", "https://idp.example.com"}, Map.of()))
                .hasMessage("OpenID Connect needs --oidc-client-id and --oidc-client-secret (or -file)");
        assertThatThrownBy(() -> Config.parse(new String[] {"--scim-bearer-token", "short"}, Map.of()))
                .hasMessage("--scim-bearer-token must be at least 20 characters long");
        assertThatThrownBy(() -> Config.parse(new String[] {"--two-factor", "maybe"}, Map.of())).hasMessage("--two-factor must be true or false, got 'maybe'");
        String[] missingFile = Stream.concat(Arrays.stream(LDAP), Stream.of("--ldap-bind-password-file",
                "/no/such/file")).toArray(String[]::new);
        assertThatThrownBy(() -> Config.parse(missingFile, Map.of()))
                .hasMessage("--ldap-bind-password-file: cannot read /no/such/file");
    }
}

package dev.stoa.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    /**
     * README's "Sign-in" section: each ```toml block is a working configuration (the files it names made here: a real
     * certificate for the .pem ones, a secret for the rest), and the SAML providers' file adds a provider beside the flags' one.
     */
    @Test
    void theReadmeSignInConfigurationsAreAccepted() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf("\n## Sign-in\n");
        String section = readme.substring(start, readme.indexOf("\n## ", start + 5));
        Path dir = Files.createTempDirectory("readme-signin");
        Path cert = certificate(dir);
        Matcher block = Pattern.compile("```toml\n(.*?)```", Pattern.DOTALL).matcher(section);
        List<Path> configs = new ArrayList<>();
        Path idps = null;
        for (int n = 0; block.find(); n++) {
            StringBuilder text = new StringBuilder();
            Matcher file = Pattern.compile("\"/etc/stoa/([^\"]+)\"").matcher(block.group(1));
            while (file.find()) {
                Path f = dir.resolve(file.group(1));
                if (f.toString().endsWith(".pem")) Files.copy(cert, f, StandardCopyOption.REPLACE_EXISTING);
                else if (!f.toString().endsWith(".toml")) Files.writeString(f, "readme-secret-0123456789abcdef\n");
                file.appendReplacement(text, Matcher.quoteReplacement("\"" + f + "\""));
            }
            file.appendTail(text);
            Path toml = dir.resolve("block-" + n + ".toml");
            Files.writeString(toml, text);
            if (text.toString().strip().startsWith("[")) idps = toml;
            else configs.add(toml);
        }
        assertThat(configs).as("LDAP, OpenID Connect, GitHub, SAML, SCIM").hasSize(5);
        for (Path toml : configs) {
            SignInConfig c = Config.parse(new String[] {"--config", toml.toString()}, Map.of()).signIn();
            assertThat(Stream.of(c.ldap(), c.oidc(), c.github(), c.scim(), c.saml().isEmpty() ? null : c.saml()).filter(x -> x != null))
                    .as(Files.readString(toml)).hasSize(1);
        }
        assertThat(idps).isNotNull();
        Path saml = configs.stream().filter(p -> read(p).contains("saml-idp-url")).findFirst().orElseThrow();
        Files.writeString(saml, read(saml) + "\nsaml-idps-file = \"" + idps + "\"\n");
        List<SamlConfig> both = Config.parse(new String[] {"--config", saml.toString()}, Map.of()).signIn().saml();
        assertThat(both).extracting(SamlConfig::idpName).containsExactly("okta", "entra");
        assertThat(both.get(1).attrEmail()).isEqualTo("http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress");

        Files.writeString(idps, read(idps).replace("[entra]", "[okta]"));
        assertThatThrownBy(() -> Config.parse(new String[] {"--config", saml.toString()}, Map.of()))
                .hasMessage("two SAML identity providers are named 'okta'");
        Files.writeString(idps, read(idps).replace("display-name", "colour"));
        assertThatThrownBy(() -> Config.parse(new String[] {"--config", saml.toString()}, Map.of())).hasMessage(idps + ": unknown key 'colour' in [okta]");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path certificate(Path dir) throws Exception {
        Path cert = dir.resolve("made-cert.pem");
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=readme.example.com",
                "-keyout", dir.resolve("made-key.pem").toString(), "-out", cert.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("openssl.log").toFile()).start();
        assertThat(p.waitFor()).as(Files.readString(dir.resolve("openssl.log"))).isZero();
        return cert;
    }
}

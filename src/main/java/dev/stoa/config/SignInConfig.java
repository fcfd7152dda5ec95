package dev.stoa.config;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Which sign-in methods the server offers and their settings (issue 28). Secrets (a bind password, a
 * client secret, the SCIM token) come from their flag, the environment (STOA_*) or, better, a file
 * named by the flag with {@code -file} appended (a mounted secret); they are never printed: a record's
 * toString names them only as set or not.
 */
public record SignInConfig(boolean emailAuth, boolean twoFactor, LdapConfig ldap, OidcConfig oidc, ScimConfig scim, GithubConfig github,
                           List<SamlConfig> saml) {
    public static final String[] NAMES = Stream.concat(Stream.of("email-auth", "two-factor"),
            Stream.of(LdapConfig.NAMES, OidcConfig.NAMES, ScimConfig.NAMES, GithubConfig.NAMES, SamlConfig.NAMES,
            new String[] {"saml-idps-file"}).flatMap(Arrays::stream)).toArray(String[]::new);

    public static SignInConfig defaults() {
        return new SignInConfig(true, false, null, null, null, null, List.of());
    }

    static SignInConfig from(Map<String, String> v) {
        boolean email = bool(v, "email-auth", true);
        // Zulip's TWO_FACTOR_AUTHENTICATION_ENABLED: people may protect their password sign-in with a TOTP app
        return new SignInConfig(email, bool(v, "two-factor", false), LdapConfig.from(v), OidcConfig.from(v), ScimConfig.from(v), GithubConfig.from(v),
                SamlConfig.all(v));
    }

    static boolean bool(Map<String, String> v, String name, boolean dflt) {
        String s = v.get(name);
        if (s == null) return dflt;
        return switch (s.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new Config.ConfigError("--" + name + " must be true or false, got '" + s + "'");
        };
    }

    /** A URL flag's value, with one of {@code schemes} (a regex) and a host, else a ConfigError showing {@code example}. */
    static URI uri(String value, String flag, String schemes, String example) {
        String problem = "--" + flag + " must look like " + example + ", got '" + value + "'";
        URI u;
        try {
            u = URI.create(value.strip());
        } catch (IllegalArgumentException e) {
            throw new Config.ConfigError(problem);
        }
        if (u.getScheme() == null || !u.getScheme().matches(schemes) || u.getHost() == null) throw new Config.ConfigError(problem);
        return u;
    }

    /** A secret: the flag's value, else the contents of the file named by {@code <name>-file}; null when neither. */
    static String secret(Map<String, String> v, String name) {
        String direct = v.get(name);
        if (direct != null && !direct.isEmpty()) return direct;
        String file = v.get(name + "-file");
        if (file == null || file.isEmpty()) return null;
        try {
            return Files.readString(Path.of(file)).strip();
        } catch (IOException e) {
            throw new Config.ConfigError("--" + name + "-file: cannot read " + file); // the path, never the contents
        }
    }

    public SignInConfig withTwoFactor(boolean on) { return new SignInConfig(emailAuth, on, ldap, oidc, scim, github, saml); }

    public SignInConfig withOidc(OidcConfig o) { return new SignInConfig(emailAuth, twoFactor, ldap, o, scim, github, saml); }

    public SignInConfig withLdap(LdapConfig l) { return new SignInConfig(emailAuth, twoFactor, l, oidc, scim, github, saml); }

    public SignInConfig withEmailAuth(boolean on) { return new SignInConfig(on, twoFactor, ldap, oidc, scim, github, saml); }

    public SignInConfig withScim(ScimConfig s) { return new SignInConfig(emailAuth, twoFactor, ldap, oidc, s, github, saml); }

    public SignInConfig withGithub(GithubConfig g) { return new SignInConfig(emailAuth, twoFactor, ldap, oidc, scim, g, saml); }

    /** These SAML identity providers instead of the configured ones. */
    public SignInConfig withSaml(SamlConfig... s) { return new SignInConfig(emailAuth, twoFactor, ldap, oidc, scim, github, List.of(s)); }
}

package dev.stoa;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Which sign-in methods the server offers and their settings (issue 28). Secrets (a bind password, a
 * client secret, the SCIM token) come from their flag, the environment (STOA_*) or, better, a file
 * named by the flag with {@code -file} appended (a mounted secret); they are never printed: a record's
 * toString names them only as set or not.
 */
public record SignInConfig(boolean emailAuth, TwoFactor twoFactor) {
    /** Zulip's TWO_FACTOR_AUTHENTICATION_ENABLED, plus Stoa's per-organization requirement. */
    public enum TwoFactor { OFF, OPTIONAL, REQUIRED }

    static final String[] NAMES = {"email-auth", "two-factor"};

    public static SignInConfig defaults() {
        return new SignInConfig(true, TwoFactor.OFF);
    }

    static SignInConfig from(Map<String, String> v) {
        boolean email = bool(v, "email-auth", true);
        TwoFactor tf = switch (v.getOrDefault("two-factor", "off").strip()) {
            case "off" -> TwoFactor.OFF;
            case "optional" -> TwoFactor.OPTIONAL;
            case "required" -> TwoFactor.REQUIRED;
            default -> throw new Config.ConfigError("--two-factor must be off, optional or required, got '" + v.get("two-factor") + "'");
        };
        return new SignInConfig(email, tf);
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

    public SignInConfig withTwoFactor(TwoFactor t) { return new SignInConfig(emailAuth, t); }

    public SignInConfig withEmailAuth(boolean on) { return new SignInConfig(on, twoFactor); }
}

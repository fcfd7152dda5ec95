package dev.stoa.push;

import java.util.regex.Pattern;

/** Zulip's checks of a device token and an iOS app id. */
final class PushRules {
    static final int MAX_TOKEN_LENGTH = 4096;
    private static final Pattern APP_ID = Pattern.compile("^[.a-zA-Z0-9-]+$");

    private PushRules() {}

    static String checkToken(String token, int kind) {
        if (token.isEmpty() || token.length() > MAX_TOKEN_LENGTH) throw PushErrors.invalidTokenLength();
        if (kind == PushTokenStore.APNS && !decodesAsHex(token)) throw PushErrors.invalidApnsToken();
        return token;
    }

    static String checkAppId(String appId) {
        if (!APP_ID.matcher(appId).matches()) throw PushErrors.invalidAppId();
        return appId;
    }

    /**
     * Zulip's current check of an APNs token (validate_token): it must decode as hex the way Python's
     * bytes.fromhex does: pairs of hex digits, ASCII whitespace allowed between pairs only.
     */
    static boolean decodesAsHex(String s) {
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b) {
                i++;
                continue;
            }
            if (i + 1 >= s.length() || Character.digit(c, 16) < 0 || Character.digit(s.charAt(i + 1), 16) < 0) return false;
            i += 2;
        }
        return true;
    }
}

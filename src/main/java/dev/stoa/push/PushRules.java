package dev.stoa.push;

import dev.stoa.http.ApiError;
import java.util.regex.Pattern;

/** Zulip's checks of a device token and an iOS app id. */
final class PushRules {
    static final int MAX_TOKEN_LENGTH = 4096;
    private static final Pattern APP_ID = Pattern.compile("^[.a-zA-Z0-9-]+$");

    private PushRules() {}

    static String checkToken(String token, int kind) {
        if (token.isEmpty() || token.length() > MAX_TOKEN_LENGTH) throw ApiError.bad("Empty or invalid length token");
        if (kind == PushTokenStore.APNS && !decodesAsPythonBase64(token)) throw ApiError.bad("Invalid APNS token");
        return token;
    }

    static String checkAppId(String appId) {
        if (!APP_ID.matcher(appId).matches()) throw ApiError.bad("appid has invalid format");
        return appId;
    }

    /**
     * Zulip checks an APNs token by decoding it as base64 the lenient way Python's b64decode does:
     * characters outside the alphabet are skipped, and only a broken last group fails (one
     * character too many, or missing "=" padding). Real tokens are hex strings, which pass.
     */
    static boolean decodesAsPythonBase64(String s) {
        int data = 0, pads = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean alphabet = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/';
            if (alphabet && pads == 0) data++;
            else if (c == '=') pads++;
        }
        return switch (data % 4) {
            case 0 -> true;
            case 2 -> pads >= 2;
            case 3 -> pads >= 1;
            default -> false;
        };
    }
}

package dev.stoa.emoji;

import dev.stoa.http.Json;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import dev.stoa.markdown.EmojiCatalog;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The file register's `server_emoji_data_url` names, in Zulip's format (its
 * static/generated/emoji/emoji_api.json): {"code_to_names": {"1f600": ["grinning", ...], ...}},
 * codes without U+FE0F, the canonical name first. Unauthenticated and not under /api/v1, as in Zulip;
 * the mobile apps fetch it after every register and refetch it while it fails.
 */
public final class ServerEmojiData {
    /** The path, at the site root (register's RealmState adds the external URL). */
    public static final String PATH = "/static/generated/emoji/emoji_api.json";

    private volatile byte[] body;

    public Object serve(Request req) {
        byte[] b = body;
        if (b == null) {
            body = b = Json.write(Map.of("code_to_names", EmojiCatalog.get().codeToNames())).getBytes(StandardCharsets.UTF_8);
        }
        // The catalog changes only with a new version of Stoa: a day's caching is safe.
        return new RawResponse(200, "application/json", b, Map.of("Cache-Control", "public, max-age=86400"));
    }
}

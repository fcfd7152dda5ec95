package dev.stoa.users;

import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * POST and DELETE /users/me/avatar; Zulip's avatar redirects GET /avatar/{email_or_id}[/medium]
 * (session or Basic credentials, spectators by id where the organization allows them); and the
 * image files under /user_avatars/, public as Zulip's are (their names cannot be guessed).
 */
public final class AvatarViews {
    private static final Map<String, String> IMMUTABLE = Map.of("Cache-Control", "public, max-age=31536000, immutable");

    private final UserQueries queries;
    private final AvatarActions actions;
    private final AvatarImages images;

    public AvatarViews(UserQueries queries, AvatarActions actions, AvatarImages images) {
        this.queries = queries;
        this.actions = actions;
        this.images = images;
    }

    public Object upload(Request req) {
        return Json.success().put("avatar_url", actions.checkUpload(req.user(), List.copyOf(req.files().values())));
    }

    public Object delete(Request req) {
        return Json.success().put("avatar_url", actions.checkDelete(req.user()));
    }

    /** Zulip's avatar view: a redirect to the user's avatar, passing the query string on. */
    public Object redirect(Request req, boolean medium) {
        String key = req.pathParam("email_or_id");
        Long id = parseId(key);
        User viewer = req.user();
        // Spectators only by id (Zulip: defence in depth, they never see real addresses).
        if (viewer == null && id == null) {
            throw CommonErrors.notLoggedIn();
        }
        String url = queries.avatarUrl(viewer, key, id, medium);
        String query = req.queryString();
        if (!query.isEmpty()) url += (url.contains("?") ? "&" : "?") + query;
        return new RawResponse(302, "text/plain; charset=utf-8", new byte[0], Map.of("Location", url, "Cache-Control", "private, max-age=0"));
    }

    /** Zulip's int(email_or_id): an optional sign and digits, blanks around allowed. */
    private static Long parseId(String key) {
        try {
            return Long.parseLong(key.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** An uploaded avatar's PNG (the original is kept, not served: Zulip serves it only to exports). */
    public Object serve(Request req) {
        return png(images.read(req.pathParam("file")));
    }

    /** A default avatar Stoa draws (Gravatar off). */
    public Object serveDefault(Request req) {
        return png(AvatarImages.generated(req.pathParam("file")));
    }

    /** Drawn on first use: Java2D stays unloaded in a server nobody asks for it. */
    private static final class Unknown {
        static final byte[] PNG = AvatarImages.unknownUser();
    }

    public Object serveUnknownUser(Request req) {
        return png(Optional.of(Unknown.PNG));
    }

    private static Object png(Optional<byte[]> bytes) {
        return new RawResponse(200, "image/png", bytes.orElseThrow(() -> CommonErrors.notFound()), IMMUTABLE);
    }
}

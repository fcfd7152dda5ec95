package dev.stoa.emoji;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import java.util.List;
import java.util.Map;

/** GET /realm/emoji, POST and DELETE /realm/emoji/{emoji_name}, and the image files (root routes). */
public final class EmojiViews {
    private final EmojiQueries queries;
    private final EmojiActions actions;
    private final EmojiImages images;

    public EmojiViews(EmojiQueries queries, EmojiActions actions, EmojiImages images) {
        this.queries = queries;
        this.actions = actions;
        this.images = images;
    }

    /** Image files, outside /api/v1, public as Zulip's /user_avatars are (names are unguessable). */
    public Object list(Request req) {
        ObjectNode out = Json.success();
        out.set("emoji", EmojiState.dict(queries.all()));
        return out;
    }

    public Object upload(Request req) {
        List<byte[]> files = req.files().values().stream().map(f -> f.bytes()).toList();
        actions.checkAdd(req.user(), new EmojiActions.NewEmoji(req.pathParam("emoji_name"), files));
        return Json.success();
    }

    public Object deactivate(Request req) {
        actions.checkDeactivate(req.user(), req.pathParam("emoji_name"));
        return Json.success();
    }

    public Object serve(Request req, boolean still) throws Exception {
        String file = req.pathParam("file");
        byte[] bytes = images.file(file, still).orElseThrow(() -> CommonErrors.notFound());
        return new RawResponse(200, EmojiImages.contentType(file), bytes,
                Map.of("Cache-Control", "public, max-age=31536000, immutable"));
    }
}

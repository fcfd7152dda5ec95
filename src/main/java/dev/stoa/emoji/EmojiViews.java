package dev.stoa.emoji;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.groups.GroupResolver;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import dev.stoa.markdown.EmojiCatalog;
import dev.stoa.realm.RealmHolder;
import dev.stoa.identity.User;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

/** GET /realm/emoji, POST and DELETE /realm/emoji/{emoji_name}, and the image files (root routes). */
public final class EmojiViews {
    private static final Pattern VALID = Pattern.compile("[0-9a-z_-]*[0-9a-z]");
    private static final Pattern ALLOWED_CHARS = Pattern.compile("[0-9a-z_-]+");

    private final Db db;
    private final EmojiStore store;
    private final EmojiActions actions;
    private final EmojiImages images;
    private final RealmHolder realm;
    private final GroupResolver groups;

    public EmojiViews(Db db, EmojiStore store, EmojiActions actions, EmojiImages images, RealmHolder realm, GroupResolver groups) {
        this.db = db;
        this.store = store;
        this.actions = actions;
        this.images = images;
        this.realm = realm;
        this.groups = groups;
    }

    /** Image files, outside /api/v1, public as Zulip's /user_avatars are (names are unguessable). */
    public Object list(Request req) {
        ObjectNode out = Json.success();
        out.set("emoji", EmojiState.dict(db.read(store::all)));
        return out;
    }

    public Object upload(Request req) throws Exception {
        User me = req.user();
        String name = req.pathParam("emoji_name").strip().replace(' ', '_');
        checkName(name);
        boolean allowed = db.read(h -> groups.isMember(h, me.id(), realm.get().get("can_add_custom_emoji_group")));
        if (!allowed) throw ApiError.unauthorizedAction();
        if (db.read(h -> store.activeByName(h, name)).isPresent()) throw EmojiActions.exists();
        if (req.files().size() != 1) throw ApiError.bad("You must upload exactly one file.");
        if (EmojiCatalog.get().codeForName(name).isPresent() && !me.isAdmin()) {
            throw ApiError.bad("Only administrators can override default emoji.");
        }
        byte[] bytes = req.files().values().iterator().next().bytes();
        String ext = EmojiImages.check(bytes);
        actions.doAdd(name, images.store(bytes, ext), me.id());
        return Json.success();
    }

    static void checkName(String name) {
        if (name.isEmpty()) throw ApiError.bad("Emoji name is missing");
        if (VALID.matcher(name).matches()) return;
        if (ALLOWED_CHARS.matcher(name).matches()) throw ApiError.bad("Emoji names must end with either a letter or digit.");
        throw ApiError.bad("Emoji names must contain only lowercase alphanumeric characters, dashes, and underscores.");
    }

    public Object deactivate(Request req) {
        User me = req.user();
        String name = req.pathParam("emoji_name");
        EmojiRow emoji = db.read(h -> store.activeByName(h, name)).orElseThrow(() -> EmojiActions.notFound(name));
        if (!me.isAdmin() && (emoji.authorId() == null || emoji.authorId() != me.id())) {
            throw ApiError.bad("Must be an organization administrator or emoji author");
        }
        actions.doDeactivate(emoji);
        return Json.success();
    }

    public Object serve(Request req, boolean still) throws Exception {
        String file = req.pathParam("file");
        Path p = images.file(file, still).orElseThrow(() -> ApiError.of(ErrorCode.BAD_REQUEST, 404, "Not Found"));
        return new RawResponse(200, EmojiImages.contentType(file), Files.readAllBytes(p),
                Map.of("Cache-Control", "public, max-age=31536000, immutable"));
    }
}

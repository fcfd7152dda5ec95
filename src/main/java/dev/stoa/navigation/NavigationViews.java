package dev.stoa.navigation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.http.Router;
import dev.stoa.users.User;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * GET/POST /navigation_views, PATCH/DELETE /navigation_views/{fragment}. Fragments are path-like
 * ("narrow/is/starred"): the path parameter may arrive percent-encoded or as several segments.
 */
public final class NavigationViews {
    static final Set<String> BUILT_IN = Set.of("inbox", "recent", "feed", "drafts", "narrow/has/reaction/sender/me",
            "narrow/is/mentioned", "narrow/is/starred", "scheduled", "reminders");
    /** Most segments a fragment given unencoded in the path may have. */
    private static final int MAX_SEGMENTS = 12;

    private final Db db;
    private final NavigationStore store;
    private final NavigationActions actions;

    public NavigationViews(Db db, NavigationStore store, NavigationActions actions) {
        this.db = db;
        this.store = store;
        this.actions = actions;
    }

    public void routes(Router r) {
        r.get("/navigation_views", Router.Auth.USER, this::list);
        r.post("/navigation_views", Router.Auth.USER, this::add);
        StringBuilder template = new StringBuilder("/navigation_views");
        for (int i = 0; i < MAX_SEGMENTS; i++) {
            template.append("/{fragment").append(i == 0 ? "" : String.valueOf(i)).append('}');
            r.patch(template.toString(), Router.Auth.USER, this::update);
            r.delete(template.toString(), Router.Auth.USER, this::remove);
        }
    }

    private Object list(Request req) {
        User me = req.user();
        ObjectNode out = Json.success();
        out.set("navigation_views", Json.tree(db.read(h -> store.all(h, me.id()))));
        return out;
    }

    private Object add(Request req) {
        User me = req.user();
        String fragment = nonBlank(req.str("fragment"), "fragment");
        boolean pinned = req.optBool("is_pinned").orElseThrow(() -> ApiError.missing("is_pinned"));
        String name = req.optStr("name").map(n -> nonBlank(n, "name")).orElse(null);
        if (BUILT_IN.contains(fragment)) {
            if (name != null) throw ApiError.bad("Built-in views cannot have a custom name.");
        } else if (name == null) {
            throw ApiError.bad("Custom views must have a valid name.");
        }
        actions.doAdd(me.id(), fragment, pinned, name);
        return Json.success();
    }

    private Object update(Request req) {
        User me = req.user();
        String fragment = fragment(req);
        Boolean pinned = req.optBool("is_pinned").orElse(null);
        String name = req.optStr("name").map(n -> nonBlank(n, "name")).orElse(null);
        if (BUILT_IN.contains(fragment) && name != null) throw ApiError.bad("Built-in views cannot have a custom name.");
        actions.doUpdate(me.id(), fragment, pinned, name);
        return Json.success();
    }

    private Object remove(Request req) {
        User me = req.user();
        actions.doRemove(me.id(), fragment(req));
        return Json.success();
    }

    private static String fragment(Request req) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < MAX_SEGMENTS; i++) {
            String p = req.pathParam(i == 0 ? "fragment" : "fragment" + i);
            if (p == null) break;
            parts.add(p);
        }
        String raw = String.join("/", parts);
        try {
            return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8).strip();
        } catch (IllegalArgumentException e) {
            throw NavigationActions.notFound();
        }
    }

    private static String nonBlank(String s, String name) {
        String t = s.strip();
        if (t.isEmpty()) throw ApiError.bad(name + " cannot be blank");
        if (t.indexOf('\0') >= 0) throw ApiError.bad(name + " must not contain null bytes");
        return t;
    }
}

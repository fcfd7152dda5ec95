package dev.stoa.navigation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.util.Set;

/**
 * GET/POST /navigation_views, PATCH/DELETE /navigation_views/{fragment}. Fragments are path-like
 * ("narrow/is/starred"): the path parameter may arrive percent-encoded or as several segments.
 */
public final class NavigationViews {
    static final Set<String> BUILT_IN = Set.of("inbox", "recent", "feed", "drafts", "narrow/has/reaction/sender/me",
            "narrow/is/mentioned", "narrow/is/starred", "scheduled", "reminders");

    private final NavigationQueries queries;
    private final NavigationActions actions;

    public NavigationViews(NavigationQueries queries, NavigationActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    public Object list(Request req) {
        User me = req.user();
        ObjectNode out = Json.success();
        out.set("navigation_views", queries.all(me.id()));
        return out;
    }

    public Object add(Request req) {
        User me = req.user();
        String fragment = nonBlank(req.str("fragment"), "fragment");
        boolean pinned = req.optBool("is_pinned").orElseThrow(() -> ApiError.missing("is_pinned"));
        String name = req.optStr("name").map(n -> nonBlank(n, "name")).orElse(null);
        if (BUILT_IN.contains(fragment)) {
            if (name != null) throw ApiError.bad("Built-in views cannot have a custom name.");
        } else if (name == null) {
            throw ApiError.bad("Custom views must have a valid name.");
        }
        actions.checkAdd(me, new NavigationActions.View(fragment, pinned, name));
        return Json.success();
    }

    public Object update(Request req) {
        User me = req.user();
        String fragment = fragment(req);
        Boolean pinned = req.optBool("is_pinned").orElse(null);
        String name = req.optStr("name").map(n -> nonBlank(n, "name")).orElse(null);
        if (BUILT_IN.contains(fragment) && name != null) throw ApiError.bad("Built-in views cannot have a custom name.");
        actions.checkUpdate(me, new NavigationActions.View(fragment, pinned, name));
        return Json.success();
    }

    public Object remove(Request req) {
        User me = req.user();
        actions.checkRemove(me, fragment(req));
        return Json.success();
    }

    private static String fragment(Request req) {
        String f = req.pathParam("fragment").strip();
        if (f.indexOf('\0') >= 0) throw NavigationActions.notFound();
        return f;
    }

    private static String nonBlank(String s, String name) {
        String t = s.strip();
        if (t.isEmpty()) throw ApiError.bad(name + " cannot be blank");
        if (t.indexOf('\0') >= 0) throw ApiError.bad(name + " must not contain null bytes");
        return t;
    }
}

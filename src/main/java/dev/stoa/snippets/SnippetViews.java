package dev.stoa.snippets;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;

/** GET/POST /saved_snippets, PATCH/DELETE /saved_snippets/{saved_snippet_id}. */
public final class SnippetViews {
    static final int MAX_TITLE_LENGTH = 60;

    private final SnippetQueries queries;
    private final SnippetActions actions;

    public SnippetViews(SnippetQueries queries, SnippetActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    public Object list(Request req) {
        User me = req.user();
        ObjectNode out = Json.success();
        out.set("saved_snippets", queries.all(me.id()));
        return out;
    }

    public Object create(Request req) {
        User me = req.user();
        String title = title(req.str("title"));
        String content = content(req.str("content"));
        long id = actions.checkCreate(me, new SnippetActions.Snippet(title, content));
        return Json.success().put("saved_snippet_id", id);
    }

    public Object edit(Request req) {
        User me = req.user();
        long id = id(req);
        String title = req.optStr("title").map(SnippetViews::title).orElse(null);
        String content = req.optStr("content").map(SnippetViews::content).orElse(null);
        if (title == null && content == null) throw ApiError.bad("Nothing to update.");
        actions.checkEdit(me, id, new SnippetActions.Snippet(title, content));
        return Json.success();
    }

    public Object delete(Request req) {
        User me = req.user();
        actions.checkDelete(me, id(req));
        return Json.success();
    }

    private static long id(Request req) {
        try {
            return Long.parseLong(req.pathParam("saved_snippet_id"));
        } catch (NumberFormatException e) {
            throw SnippetActions.notFound();
        }
    }

    private static String title(String t) {
        String s = t.strip();
        if (s.isEmpty()) throw ApiError.bad("Title cannot be empty.");
        if (s.codePointCount(0, s.length()) > MAX_TITLE_LENGTH) throw ApiError.bad("title is too long (limit: " + MAX_TITLE_LENGTH + " characters)");
        if (s.indexOf('\0') >= 0) throw ApiError.bad("title must not contain null bytes");
        return s;
    }

    private static String content(String c) {
        if (c.strip().isEmpty()) throw ApiError.bad("Content cannot be empty.");
        if (c.indexOf('\0') >= 0) throw ApiError.bad("content must not contain null bytes");
        return c;
    }
}

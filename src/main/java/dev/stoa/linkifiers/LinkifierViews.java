package dev.stoa.linkifiers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.util.List;

/** GET /realm/linkifiers, POST /realm/filters, PATCH/DELETE /realm/filters/{filter_id}, PATCH /realm/linkifiers. */
public final class LinkifierViews {
    private final LinkifierQueries queries;
    private final LinkifierActions actions;

    public LinkifierViews(LinkifierQueries queries, LinkifierActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    public Object list(Request req) {
        ObjectNode out = Json.success();
        var list = Json.array();
        queries.all().forEach(l -> list.add(l.toJson()));
        out.set("linkifiers", list);
        return out;
    }

    public Object add(Request req) {
        requireAdmin(req);
        ObjectNode out = Json.success();
        out.put("id", actions.checkAdd(parse(req)));
        return out;
    }

    public Object update(Request req) {
        requireAdmin(req);
        long id = req.pathLong("filter_id");
        actions.checkUpdate(id, parse(req));
        return Json.success();
    }

    public Object remove(Request req) {
        requireAdmin(req);
        actions.doRemove(req.pathLong("filter_id"));
        return Json.success();
    }

    public Object reorder(Request req) {
        requireAdmin(req);
        List<Long> ids = req.longList("ordered_linkifier_ids");
        if (ids == null) throw ApiError.missing("ordered_linkifier_ids");
        actions.doReorder(ids);
        return Json.success();
    }

    /** The request's fields; an optional text field is null when absent, "" when reset (empty or JSON null). */
    private static LinkifierActions.Fields parse(Request req) {
        String pattern = req.str("pattern").strip();
        String url = req.str("url_template").strip();
        String example = optionalText(req, "example_input");
        String reverse = optionalText(req, "reverse_template");
        List<String> alts = req.stringList("alternative_url_templates");
        return new LinkifierActions.Fields(pattern, url, example, reverse, alts == null ? null : alts.stream().map(String::strip).toList());
    }

    private static String optionalText(Request req, String name) {
        if (!req.has(name)) return null;
        String v = req.raw(name);
        return "null".equals(v) ? "" : v;
    }

    static void requireAdmin(Request req) {
        User me = req.user();
        if (!me.isAdmin()) throw CommonErrors.mustBeOrganizationAdministrator();
    }
}

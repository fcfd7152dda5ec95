package dev.stoa.linkifiers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.util.List;

/** GET /realm/linkifiers, POST /realm/filters, PATCH/DELETE /realm/filters/{filter_id}, PATCH /realm/linkifiers. */
public final class LinkifierViews {
    private final Db db;
    private final LinkifierStore store;
    private final LinkifierActions actions;

    public LinkifierViews(Db db, LinkifierStore store, LinkifierActions actions) {
        this.db = db;
        this.store = store;
        this.actions = actions;
    }

    public Object list(Request req) {
        ObjectNode out = Json.success();
        var list = Json.array();
        db.read(h -> store.all(h)).forEach(l -> list.add(l.toJson()));
        out.set("linkifiers", list);
        return out;
    }

    public Object add(Request req) {
        requireAdmin(req);
        Linkifier l = parse(req, 0, null);
        ObjectNode out = Json.success();
        out.put("id", actions.doAdd(l));
        return out;
    }

    public Object update(Request req) {
        requireAdmin(req);
        long id = req.pathLong("filter_id");
        Linkifier current = db.read(h -> store.byId(h, id)).orElseThrow(LinkifierActions::notFound);
        actions.doUpdate(parse(req, id, current));
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

    /** The request's fields; on update, absent optional fields keep their current value. */
    private static Linkifier parse(Request req, long id, Linkifier current) {
        String pattern = req.str("pattern").strip();
        String url = req.str("url_template").strip();
        String example = optionalText(req, "example_input", current == null ? null : current.exampleInput());
        String reverse = optionalText(req, "reverse_template", current == null ? null : current.reverseTemplate());
        List<String> alts = req.stringList("alternative_url_templates");
        if (alts == null) alts = current == null ? List.of() : current.alternativeUrlTemplates();
        alts = alts.stream().map(String::strip).toList();
        LinkifierRules.validate(pattern, url, example, reverse, alts);
        return new Linkifier(id, pattern, url, example, reverse, alts, current == null ? 0 : current.order());
    }

    /** A string field where the empty string (or JSON null) resets to null. */
    private static String optionalText(Request req, String name, String dflt) {
        if (!req.has(name)) return dflt;
        String v = req.raw(name);
        return v.isEmpty() || "null".equals(v) ? null : v;
    }

    static void requireAdmin(Request req) {
        User me = req.user();
        if (!me.isAdmin()) throw ApiError.of(ErrorCode.UNAUTHORIZED_PRINCIPAL, "Must be an organization administrator");
    }
}

package dev.stoa.alertwords;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** GET/POST/DELETE /users/me/alert_words, and register's alert_words. */
public final class AlertWordViews {
    static final int MAX_LENGTH = 100;

    private final AlertWordQueries queries;
    private final AlertWordActions actions;

    public AlertWordViews(AlertWordQueries queries, AlertWordActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    public Object list(Request req) {
        User me = req.user();
        return answer(queries.words(me.id()));
    }

    public Object change(Request req, boolean add) {
        User me = req.user();
        List<String> raw = req.stringList("alert_words");
        if (raw == null) throw ApiError.missing("alert_words");
        List<String> words = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            String w = raw.get(i);
            if (w.codePointCount(0, w.length()) > MAX_LENGTH) {
                throw AlertWordErrors.alertWordTooLong(i, MAX_LENGTH);
            }
            if (w.indexOf('\0') >= 0) throw AlertWordErrors.alertWordContainsNull(i);
            String t = w.strip();
            if (!t.isEmpty()) words.add(t);
        }
        return answer(actions.checkChange(me, new AlertWordActions.Change(words, add)));
    }

    private static ObjectNode answer(List<String> words) {
        ObjectNode out = Json.success();
        out.set("alert_words", Json.tree(words));
        return out;
    }
}

package dev.stoa.drafts;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.List;

/** A saved draft as the API's Draft object (GET /drafts, register's drafts, the drafts events). */
final class DraftJson {
    private DraftJson() {}

    static ObjectNode of(DraftStore.Saved d) {
        DraftStore.Row r = d.row();
        ObjectNode o = Json.object().put("id", d.id()).put("type", r.type());
        o.set("to", Json.tree(r.to()));
        return o.put("topic", r.topic()).put("content", r.content()).put("timestamp", r.timestamp());
    }

    static ArrayNode all(List<DraftStore.Saved> drafts) {
        ArrayNode out = Json.array();
        drafts.forEach(d -> out.add(of(d)));
        return out;
    }
}
